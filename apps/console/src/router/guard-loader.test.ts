import { beforeEach, describe, expect, it, vi } from 'vitest';

const loadSession = vi.fn();
vi.mock('./session.ts', () => ({ loadSession }));
const prefetchPageAt = vi.fn(async () => {});
vi.mock('./page-prefetch.ts', () => ({ prefetchPageAt }));

const { guardLoader } = await import('./index.tsx');
const { useUserStore } = await import('../stores/user.ts');

const load = (path: string) =>
  guardLoader({ request: new Request(`http://localhost${path}`), params: {}, context: undefined } as never);

describe('the guard when the session cannot be loaded', () => {
  beforeEach(() => {
    loadSession.mockReset();
    useUserStore.getState().acceptToken('a-session-token');
    window.dispatchEvent(new Event('pageshow'));
  });

  it('signs out and sends to the sign-in page, back to the address asked', async () => {
    loadSession.mockRejectedValue(new TypeError('Failed to fetch'));
    const answer = await load('/system/dhcp').then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe('/login?redirect=%2Fsystem%2Fdhcp');
    expect(useUserStore.getState().token).toBe('');
  });

  it('keeps the session when the page is being left (a reload cut the calls short)', async () => {
    loadSession.mockImplementation(async () => {
      window.dispatchEvent(new Event('pagehide'));
      throw new TypeError('Failed to fetch');
    });
    await expect(load('/system/dhcp')).resolves.toBeNull();
    expect(useUserStore.getState().token).toBe('a-session-token');
  });
});

describe('the guard when the session is loaded', () => {
  it("starts the page's first data call at once, with the session's routes, address and mode (issue 18)", async () => {
    useUserStore.getState().acceptToken('a-session-token');
    useUserStore.setState({ name: '', isOperations: 1 });
    const routes = [{ path: 'media/access', handle: { component: 'media/Access' } }];
    loadSession.mockImplementation(async () => {
      // Not before the session is known: the mode and the routes come from it.
      expect(prefetchPageAt).not.toHaveBeenCalled();
      return routes;
    });
    const answer = await load('/media/access?id=3').then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    // The guard still navigates again so the new routes are matched.
    expect((answer as Response).headers.get('Location')).toBe('/media/access?id=3');
    // (Making the router here in jsdom runs the guard once more for jsdom's own address, `/`.)
    const calls = (prefetchPageAt.mock.calls as unknown as [unknown, URL, { isOperations: number }][]).filter(
      ([, url]) => url.pathname === '/media/access',
    );
    expect(calls).toHaveLength(1);
    const [givenRoutes, url, session] = calls[0]!;
    expect(givenRoutes).toBe(routes);
    expect(`${url.pathname}${url.search}`).toBe('/media/access?id=3');
    expect(session.isOperations).toBe(1);
  });
});
