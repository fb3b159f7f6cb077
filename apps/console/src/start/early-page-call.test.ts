import { Code, Cookies as CookieNames, Headers } from '@igs/contract';
import { QueryClient } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractFirstCalls, contractMenuPages, type PageFirstCalls } from '../../build/page-preloads.ts';
import { prefetchResourceModule } from '../features/resource/resource-module-page.tsx';
import { homeQuery } from '../pages/dashboard/home-query.ts';
import { prefetch as prefetchOperationLog } from '../pages/system/OperationLog.tsx';
import { handBuiltFirstCalls } from '../router/page-first-calls.ts';
import { useUserStore } from '../stores/user.ts';
import { rememberSessionMode, SESSION_MODE_KEY } from './early.ts';
import { earlyStart } from './early-script.ts';
import { earlyConfig } from './prerender.tsx';

/*
 * A page's first data call sent by the served page (start/early-script.ts, point 7) and taken by
 * the request layer (start/early.ts `takeEarlyCall`): with the build's real table of the contract's
 * record pages, it must be exactly the call the page's own prefetch sends (address, body, headers),
 * or it is never used.
 */

let CALLS: PageFirstCalls;
beforeAll(async () => {
  CALLS = contractFirstCalls(
    `${import.meta.dirname}/../../`,
    await contractMenuPages(),
    handBuiltFirstCalls(),
  );
});

/** The route of a record module in the contract's menus. */
function routeOf(tabKeys: string[]): string {
  const found = Object.entries(CALLS).find(([, tabs]) => tabs.map((t) => t[0]).join() === tabKeys.join());
  if (!found) throw new Error(`no record page with tabs ${tabKeys.join()}`);
  return found[0];
}

/** What one fetch sent, in a form that compares whatever the headers' container. */
function sent(args: unknown[]) {
  const [url, init] = args as [string, RequestInit];
  return { url, method: init.method, body: init.body, headers: { ...(init.headers as object) } };
}

const ROWS = { list: [{ id: 7, name: 'Lobby' }], total: 1 };

function serverReply(url: string): Response {
  const data = url.endsWith('/credentials') ? { detail: { is_operations: 0, c_id: 0 }, lang: [] } : ROWS;
  return new Response(JSON.stringify({ code: Code.ok, msg: '', data }));
}

/** The record page's prefetch as the guard starts it (router/page-prefetch.ts). */
function prefetch(component: string, search: string, isOperations: 0 | 1, sites: string | null) {
  const client = new QueryClient();
  return prefetchResourceModule(component, { client, search, isOperations, sites }).then(() => client);
}

function cachedRows(client: QueryClient) {
  return client
    .getQueryCache()
    .getAll()
    .map((q) => q.state.data);
}

describe("the served page's first data call of a page", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    document.body.innerHTML = '<div id="app"></div>';
    delete (window as { __igsEarly?: unknown }).__igsEarly;
    localStorage.clear();
    Cookies.set(CookieNames.token, 'T');
    useUserStore.setState({ token: 'T', isOperations: 0, cId: 0 });
    fetchMock = vi.fn(async (url: string) => serverReply(url));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Cookies.remove(CookieNames.token);
    delete (window as { __igsEarly?: unknown }).__igsEarly;
  });

  const served = (address: string) => {
    window.history.replaceState(null, '', address);
    fetchMock.mockClear();
    earlyStart(earlyConfig(undefined, undefined, CALLS));
  };
  const listCalls = () =>
    fetchMock.mock.calls.map(sent).filter((c) => typeof c.body === 'string' && c.body.includes('"list"'));

  it('is the call the page sends itself, and the page takes its reply instead of asking again', async () => {
    const path = routeOf(['contact', 'contact_group']);
    // The page alone: its own call.
    await prefetch('voice/AddressBook', '', 0, null);
    const own = listCalls();
    expect(own).toHaveLength(1);

    rememberSessionMode(0, 0);
    served(path);
    const early = listCalls();
    expect(early).toEqual(own);

    const before = fetchMock.mock.calls.length;
    const client = await prefetch('voice/AddressBook', '', 0, null);
    expect(fetchMock.mock.calls.length).toBe(before);
    expect(cachedRows(client)).toEqual([ROWS]);

    // Taken once: the next load of the list asks the server.
    await prefetch('voice/AddressBook', '', 0, null);
    expect(fetchMock.mock.calls.length).toBe(before + 1);
  });

  it('lists the tab the address names, and in operations mode its sites and customer', async () => {
    const path = routeOf(['contact', 'contact_group']);
    useUserStore.setState({ isOperations: 1, cId: 9 });
    await prefetch('voice/AddressBook', '?tab=contact_group&id=3,4', 1, '3,4');
    const own = listCalls();
    expect(own[0]?.headers).toMatchObject({ [Headers.sites]: '3,4', [Headers.customer]: '9' });

    rememberSessionMode(1, 9);
    served(`${path}?tab=contact_group&id=3,4`);
    expect(listCalls()).toEqual(own);
    const before = fetchMock.mock.calls.length;
    await prefetch('voice/AddressBook', '?tab=contact_group&id=3,4', 1, '3,4');
    expect(fetchMock.mock.calls.length).toBe(before);
  });

  it('is never used when the kept mode no longer holds: the page asks with its own', async () => {
    const path = routeOf(['contact', 'contact_group']);
    // Kept as full mode; the session is now in operations mode for sites 3 and 4.
    rememberSessionMode(0, 0);
    served(`${path}?id=3,4`);
    expect(listCalls()).toHaveLength(1);
    useUserStore.setState({ isOperations: 1, cId: 9 });
    const before = fetchMock.mock.calls.length;
    await prefetch('voice/AddressBook', '?id=3,4', 1, '3,4');
    expect(fetchMock.mock.calls.length).toBe(before + 1);
    expect(listCalls().at(-1)?.headers).toMatchObject({ [Headers.sites]: '3,4' });
  });

  it('is not sent without a kept mode, nor for a page that is no record page', () => {
    served(routeOf(['contact', 'contact_group']));
    expect(listCalls()).toEqual([]);
    rememberSessionMode(0, 0);
    for (const address of ['/system/dhcp', '/voice/not-a-page', '/constructor']) {
      served(address);
      expect([address, listCalls()]).toEqual([address, []]);
    }
    localStorage.setItem(SESSION_MODE_KEY, '{not json');
    served(routeOf(['contact', 'contact_group']));
    expect(listCalls()).toEqual([]);
  });

  it("is the dashboard's figures in full mode, taken by its query, and none in operations mode", async () => {
    await homeQuery.queryFn({ sites: null } as Parameters<typeof homeQuery.queryFn>[0]);
    const own = fetchMock.mock.calls.map(sent).filter((c) => c.url.endsWith('/home'));
    expect(own).toHaveLength(1);

    rememberSessionMode(0, 0);
    served('/dashboard');
    const early = fetchMock.mock.calls.map(sent).filter((c) => c.url.endsWith('/home'));
    expect(early).toEqual(own);
    const before = fetchMock.mock.calls.length;
    await homeQuery.queryFn({ sites: null } as Parameters<typeof homeQuery.queryFn>[0]);
    expect(fetchMock.mock.calls.length).toBe(before);

    rememberSessionMode(1, 9);
    served('/dashboard');
    expect(fetchMock.mock.calls.map(sent).filter((c) => c.url.endsWith('/home'))).toEqual([]);
  });

  it("is the operation log's first page, taken by its route's prefetch, in either mode", async () => {
    for (const [isOperations, search, sites] of [
      [0, '', null],
      [1, '?id=3', '3'],
    ] as const) {
      fetchMock.mockClear();
      useUserStore.setState({ isOperations, cId: isOperations ? 9 : 0 });
      await prefetchOperationLog({ client: new QueryClient(), search, isOperations, sites });
      const own = listCalls();
      expect(own).toHaveLength(1);

      rememberSessionMode(isOperations, isOperations ? 9 : 0);
      served(`/system/log${search}`);
      expect(listCalls()).toEqual(own);
      const before = fetchMock.mock.calls.length;
      await prefetchOperationLog({ client: new QueryClient(), search, isOperations, sites });
      expect(fetchMock.mock.calls.length).toBe(before);
      delete (window as { __igsEarly?: unknown }).__igsEarly;
    }
  });

  it('the session keeps its mode for the next load once its credentials are read, until it ends', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/credentials')
        ? new Response(
            JSON.stringify({
              code: Code.ok,
              msg: '',
              data: { detail: { is_operations: 1, c_id: 5 }, lang: [] },
            }),
          )
        : new Response(
            JSON.stringify({ code: Code.ok, msg: '', data: { title: 'T', home_logo: '', icon: '' } }),
          ),
    );
    await useUserStore.getState().getInfo();
    expect(JSON.parse(localStorage.getItem(SESSION_MODE_KEY) ?? 'null')).toEqual({
      operations: 1,
      customer: '5',
    });
    // Forgotten when the session ends (signed out, or its token refused).
    useUserStore.getState().resetToken();
    expect(localStorage.getItem(SESSION_MODE_KEY)).toBeNull();
  });
});
