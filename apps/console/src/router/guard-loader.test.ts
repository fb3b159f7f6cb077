import { beforeEach, describe, expect, it, vi } from 'vitest';

const loadSession = vi.fn();
vi.mock('./session.ts', () => ({ loadSession }));

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
