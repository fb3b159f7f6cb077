import { type MenuNode, type MenuSeed, Paths } from '@igs/contract';
import { fullMenus, operationsMenus } from '@igs/contract/menus';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../request/index.ts', () => import('../test/request-mock.ts'));
const { request } = await import('../test/request-mock.ts');

const { setLanguage } = await import('../i18n/index.ts');
const { menusToRoutes } = await import('./menu-routes.tsx');
const { prefetchPageAt } = await import('./page-prefetch.ts');
const { resourceModulePage } = await import('../features/resource/resource-module-page.tsx');
const { useUserStore } = await import('../stores/user.ts');

/** The path of the route that renders `component`, from the routes' handles. */
function pathOf(routes: readonly RouteObject[], component: string): string | undefined {
  for (const route of routes) {
    const handle = route.handle as { component?: string; fullPath?: string } | undefined;
    if (handle?.component === component) return handle.fullPath;
    const found = route.children ? pathOf(route.children, component) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The server's reply form of the built-in menu trees (what the guard's session routes are made of). */
const nodes = (seeds: readonly MenuSeed[]): MenuNode[] =>
  seeds.map(({ path, component, name, hidden, redirect, title, children }) => ({
    path,
    component,
    name,
    hidden,
    redirect,
    meta: { title: title.en },
    children: children && nodes(children),
  }));
const full = menusToRoutes(nodes(fullMenus));
const at = (path: string) => new URL(`http://localhost${path}`);
const listCalls = () =>
  request.mock.calls.filter(([, body]) => (body as { method?: string }).method === 'list');
/** The page as the shell mounts it, on the client the route's prefetch filled. */
function mountPage(client: QueryClient, Page: ComponentType) {
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <Page />
      </AntApp>
    </QueryClientProvider>,
  );
}
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('the page load starts the page first data call (issue 18)', () => {
  beforeEach(() => {
    setLanguage('en');
    useUserStore.setState({ isOperations: 0 });
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method?: string }) =>
      body.method === 'list' ? { list: [{ id: 1, name: 'Prefetched source' }], total: 1 } : [],
    );
  });
  afterEach(cleanup);

  it('sends a record module list call before its page renders, and the page does not send it again', async () => {
    const client = newClient();
    const path = pathOf(full, 'media/Access')!;
    await prefetchPageAt(full, at(path), { client, isOperations: 0 });
    expect(listCalls()).toHaveLength(1);
    const [endpoint, body, opts] = listCalls()[0]!;
    expect(endpoint).toBe('/admin.php/media/source');
    expect(body).toMatchObject({ method: 'list', page: 1, limit: 20, keyword: '' });
    expect(opts).toMatchObject({ sites: null });

    mountPage(client, resourceModulePage('media/Access')!);
    expect(await screen.findByText('Prefetched source')).toBeTruthy();
    // Mounted on the prefetched reply: no second list call.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls()).toHaveLength(1);
    // A write's invalidation still reads the list again.
    await client.invalidateQueries({ queryKey: ['resource', 'media:source'] });
    expect(listCalls()).toHaveLength(2);
  });

  it('asks for the tab the address names, and for the sites of the address in operations mode', async () => {
    const path = pathOf(full, 'voice/AddressBook')!;
    await prefetchPageAt(full, at(`${path}?tab=contact_group`), { client: newClient(), isOperations: 0 });
    expect(listCalls().map(([endpoint]) => endpoint)).toEqual(['/admin.php/voice/contact_group']);

    request.mockClear();
    const ops = menusToRoutes(nodes(operationsMenus));
    const opsPath = pathOf(ops, 'operations/LiveProgram')!;
    expect(opsPath).toBeTruthy();
    const client = newClient();
    await prefetchPageAt(ops, at(`${opsPath}?id=3,4`), { client, isOperations: 1 });
    const [endpoint, , opts] = listCalls()[0]!;
    expect(endpoint).toBe('/operations/media/live');
    expect(opts).toMatchObject({ sites: '3,4' });
    // The key carries the sites, as the page's own (features/sites/scoped-query.ts).
    const keys = client
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey.at(-1));
    expect(keys).toEqual([{ sites: '3,4' }]);
  });

  it("sends a hand-built page's first call when it has a prefetch: the log list, and the page does not send it again", async () => {
    request.mockImplementation(async (_path: string, body: { method?: string }) =>
      body.method === 'list'
        ? {
            list: [{ id: 7, time: '2026-11-20 10:00:00', username: 'prefetched-user', summary: 'S' }],
            total: 1,
          }
        : { list: [], keep_days: 30 },
    );
    const client = newClient();
    await prefetchPageAt(full, at(pathOf(full, 'system/OperationLog')!), { client, isOperations: 0 });
    expect(listCalls()).toHaveLength(1);
    const [endpoint, body, opts] = listCalls()[0]!;
    expect(endpoint).toBe(Paths.logging);
    expect(body).toMatchObject({
      method: 'list',
      page: 1,
      limit: 20,
      sort: 'time',
      order: 'desc',
      keyword: '',
    });
    expect(opts).toMatchObject({ sites: null });

    mountPage(client, (await import('../pages/system/OperationLog.tsx')).default);
    expect(await screen.findByText('prefetched-user')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls()).toHaveLength(1);
  });

  it('sends nothing for a hand-built page without a prefetch, a group or an unknown address', async () => {
    const client = newClient();
    await prefetchPageAt(full, at(pathOf(full, 'voice/VoiceManagement')!), { client, isOperations: 0 });
    await prefetchPageAt(full, at('/media'), { client, isOperations: 0 });
    await prefetchPageAt(full, at('/no/such/page'), { client, isOperations: 0 });
    expect(request).not.toHaveBeenCalled();
  });
});
