import { Code, Cookies as CookieNames, Paths } from '@igs/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSession } from '../router/session.ts';
import { useUserStore } from '../stores/user.ts';
import { earlyStart } from './early-script.ts';
import { earlyConfig } from './prerender.tsx';

/*
 * The served page's session calls handed to the guard (start/early-script.ts, start/early.ts): the
 * guard's first navigation takes their replies instead of asking again, and they are exactly the
 * calls it would have sent itself. Through the real request layer, with fetch faked.
 */

function reply(data: unknown, extra: object = {}) {
  return new Response(JSON.stringify({ code: Code.ok, msg: '', data, ...extra }));
}

function serverReply(url: string): Response {
  switch (url) {
    case Paths.authMenu:
      return reply([], { Button: ['system:log:list'] });
    case Paths.settings:
      return reply({ title: 'Hotel A', weak_psw: 0, home_logo: '', icon: '' });
    case Paths.credentials:
      return reply({ detail: { is_operations: 0, c_id: 0 }, lang: [] });
    default:
      return reply({ title: 'Hotel A', captcha: 0 });
  }
}

/** What one fetch sent, in a form that compares whatever the headers' container. */
function sent(args: unknown[]) {
  const [url, init] = args as [string, RequestInit];
  return { url, method: init.method, body: init.body, headers: { ...(init.headers as object) } };
}

const guardPaths = [Paths.authMenu, Paths.settings, Paths.credentials] as string[];

describe("the served page's session calls", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    document.body.innerHTML = '<div id="app"></div>';
    delete (window as { __igsEarly?: unknown }).__igsEarly;
    window.history.replaceState(null, '', '/system/log');
    Cookies.set(CookieNames.token, 'T');
    useUserStore.setState({ token: 'T', doctitle: '' });
    fetchMock = vi.fn(async (url: string) => serverReply(url));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Cookies.remove(CookieNames.token);
    delete (window as { __igsEarly?: unknown }).__igsEarly;
  });

  it('are the calls the guard sends, and the guard uses their replies instead of asking again', async () => {
    // The guard alone: the calls it sends.
    await loadSession();
    const own = fetchMock.mock.calls.map(sent).filter((c) => guardPaths.includes(c.url));
    expect(own.map((c) => c.url).sort()).toEqual([...guardPaths].sort());

    // The served page first: the same three calls, and the guard sends none of its own.
    fetchMock.mockClear();
    useUserStore.setState({ doctitle: '', btnlist: [] });
    earlyStart(earlyConfig(undefined));
    const early = fetchMock.mock.calls.map(sent).filter((c) => guardPaths.includes(c.url));
    const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);
    expect(early.sort(byUrl)).toEqual(own.sort(byUrl));
    const before = fetchMock.mock.calls.length;
    const routes = await loadSession();
    expect(fetchMock.mock.calls.length).toBe(before);
    expect(routes).toBeInstanceOf(Array);
    expect(useUserStore.getState().doctitle).toBe('Hotel A');
    expect(useUserStore.getState().btnlist).toEqual(['system:log:list']);

    // Taken once: a later session load asks the server.
    await loadSession();
    expect(fetchMock.mock.calls.length).toBe(before + 3);
  });

  it('are not used once the token has changed: the guard asks with the new one', async () => {
    earlyStart(earlyConfig(undefined));
    fetchMock.mockClear();
    useUserStore.setState({ token: 'U' });
    await loadSession();
    const own = fetchMock.mock.calls.map(sent);
    expect(own.map((c) => c.url).sort()).toEqual([...guardPaths].sort());
    for (const call of own) expect(Object.values(call.headers)).toContain('U');
  });

  it("a refused early reply is handled as the guard's own: the menus' failure rejects the session", async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === Paths.authMenu
        ? new Response(JSON.stringify({ code: Code.unexpected, msg: 'menus failed', data: null }))
        : serverReply(url),
    );
    earlyStart(earlyConfig(undefined));
    const before = fetchMock.mock.calls.length;
    await expect(loadSession()).rejects.toThrow('menus failed');
    expect(fetchMock.mock.calls.length).toBe(before);
  });
});
