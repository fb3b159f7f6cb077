import { keepPreviousData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { keptAt } = await import('../../test/kept-page.tsx');
const { scopedKey, sitesOfKey, useScopedQuery } = await import('./scoped-query.ts');

const PAGE = '/operations/terminal-auth';

/** A list page reading its rows through the wrapper, as every console page does. */
function Rows() {
  const { data, isPending } = useScopedQuery({
    queryKey: ['rows', 'list'],
    queryFn: async ({ sites }): Promise<string[]> =>
      request('/operations/index/app_list', { method: 'list' }, { loading: false, sites }),
    placeholderData: keepPreviousData,
  });
  if (isPending) return <p data-testid="rows">loading</p>;
  return <p data-testid="rows">{data?.join(',')}</p>;
}

/** The page as the shell's keep-alive container holds it: kept by its path, shown there. */
const KeptPage = keptAt(PAGE, () => <Rows />);

function mount(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', Component: KeptPage }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, go: (to: string) => act(() => router.navigate(to)) };
}

const rows = () => screen.getByTestId('rows').textContent;
const sitesAsked = () => request.mock.calls.map((call) => (call[2] as { sites?: unknown }).sites);

describe('useScopedQuery', () => {
  beforeEach(() => {
    useUserStore.setState({ isOperations: 1 });
    request.mockReset();
    // Each site has its own rows.
    request.mockImplementation(async (_path: string, _body: unknown, opts: { sites: string | null }) => [
      `row of site ${opts.sites}`,
    ]);
  });

  it('appends the sites to the key and hands them to the call', async () => {
    const { client } = mount(`${PAGE}?id=7`);
    await waitFor(() => expect(rows()).toBe('row of site 7'));
    expect(request).toHaveBeenCalledWith(
      '/operations/index/app_list',
      { method: 'list' },
      { loading: false, sites: '7' },
    );
    const keys = client
      .getQueryCache()
      .findAll()
      .map((q) => q.queryKey);
    expect(keys).toEqual([['rows', 'list', { sites: '7' }]]);
    // Prefix invalidation (a write refreshing its resource) still reaches the scoped key.
    expect(client.getQueryCache().findAll({ queryKey: ['rows'] })).toHaveLength(1);
  });

  it("reopened on another site, reads that site's rows and never shows the old site's", async () => {
    const page = mount(`${PAGE}?id=7`);
    await waitFor(() => expect(rows()).toBe('row of site 7'));
    // Another page, on site 8 (the operations home), then this page again with `?id=8`.
    await page.go('/operations?id=8');
    expect(sitesAsked()).toEqual(['7']);
    let release: () => void = () => {};
    request.mockImplementationOnce(
      (_path: string, _body: unknown, opts: { sites: string | null }) =>
        new Promise((resolve) => {
          release = () => resolve([`row of site ${opts.sites}`]);
        }),
    );
    await page.go(`${PAGE}?id=8`);
    // While site 8 loads, site 7's rows are not kept on screen as a placeholder.
    expect(rows()).toBe('loading');
    await act(async () => release());
    await waitFor(() => expect(rows()).toBe('row of site 8'));
    expect(sitesAsked()).toEqual(['7', '8']);
    // Back to site 7: its own rows again.
    await page.go(`${PAGE}?id=7`);
    await waitFor(() => expect(rows()).toBe('row of site 7'));
  });

  it("a hidden page never refetches for the shown page's site", async () => {
    const page = mount(`${PAGE}?id=7`);
    await waitFor(() => expect(rows()).toBe('row of site 7'));
    await page.go('/operations/mall?id=9');
    await page.go('/operations/user-package?id=10');
    expect(sitesAsked()).toEqual(['7']);
    expect(rows()).toBe('row of site 7');
  });

  it('keys and sites: helpers', () => {
    expect(scopedKey(['a', 1], '3,4')).toEqual(['a', 1, { sites: '3,4' }]);
    expect(sitesOfKey(['a', { sites: null }])).toBeNull();
    expect(sitesOfKey(['a', { sites: '5' }])).toBe('5');
    expect(sitesOfKey(['a'])).toBeUndefined();
  });
});
