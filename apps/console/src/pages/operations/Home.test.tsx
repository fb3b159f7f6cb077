import type { MenuNode } from '@igs/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../request/index.ts', () => ({
  request,
  requestEnvelope: request,
  bindSession: () => {},
  isRequestError: () => false,
}));

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { Providers } = await import('../../features/resource/test-support.tsx');
const { default: OperationsHome } = await import('./Home.tsx');

const node = (path: string, component: string, name: string, children?: MenuNode[]): MenuNode => ({
  path,
  component,
  name,
  meta: { title: name },
  ...(children ? { children } : {}),
});
const MENUS: MenuNode[] = [
  node('/operations', 'Layout', 'OperationsGroup', [
    node('', 'operations/Home', 'OperationsHome'),
    node('mall', 'operations/MallManagement', 'OperationsMall'),
    node('terminal-auth', 'operations/TerminalAuthorization', 'OperationsTerminalAuth'),
  ]),
];
const SYSTEM = {
  hostname: 'gw',
  uptime_s: 60,
  load: [0, 0, 0],
  cpu_count: 2,
  cpu_percent: 1,
  memory: { total: 100, used: 50 },
  disk: { path: '/d', mountpoint: '/', total: 100, used: 10, avail: 80, used_pct: 11.1 },
};
const site = (id: number, online: number, total: number, orders: number, name?: string) => ({
  site_id: id,
  ...(name === undefined ? {} : { name }),
  cards: [
    { key: 'terminals_online', area: 'terminals', value: online, total },
    { key: 'pending_orders', area: 'mall', value: orders },
  ],
});

type Site = ReturnType<typeof site>;
const figureOf = (s: Site, key: string) =>
  key === 'site' ? s.site_id : (s.cards.find((c) => c.key === key)?.value ?? Number.NEGATIVE_INFINITY);

/** The server's part: the totals of every site, and the page asked for, sorted as asked. */
function reply(sites: Site[], body: { page?: number; limit?: number; sort?: string; order?: string }) {
  const sign = body.order === 'desc' ? -1 : 1;
  const sort = body.sort ?? 'site';
  const ordered = [...sites].sort(
    (a, b) => sign * (figureOf(a, sort) - figureOf(b, sort) || 0) || a.site_id - b.site_id,
  );
  const page = body.page ?? 1;
  const limit = body.limit ?? sites.length;
  const sum = (key: string, part: 'value' | 'total') =>
    sites.reduce((n, s) => n + (s.cards.find((c) => c.key === key)?.[part] ?? 0), 0);
  return {
    sites: ordered.slice((page - 1) * limit, page * limit),
    totals: [
      {
        key: 'terminals_online',
        area: 'terminals',
        value: sum('terminals_online', 'value'),
        total: sum('terminals_online', 'total'),
      },
      { key: 'pending_orders', area: 'mall', value: sum('pending_orders', 'value') },
    ],
    total: sites.length,
    page,
    limit,
    system: SYSTEM,
    generated_at: '2026-11-26 17:00:05',
    figures_at: '2026-11-26 17:00:00',
  };
}

function show(path: string, sites: Site[]) {
  request.mockImplementation(async (_path: string, body: Parameters<typeof reply>[1]) => reply(sites, body));
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <OperationsHome />
      </MemoryRouter>
    </Providers>,
  );
}

const siteColumn = () =>
  [...document.querySelectorAll('.ops-sites tbody tr.ant-table-row')].map(
    (r) => r.querySelector('td')!.textContent,
  );

describe('Operations home', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    usePermissionStore.setState({ menus: MENUS });
    useUserStore.setState({ isOperations: 1 });
  });

  it('a table of the sites with their figures, each linking into that site, sortable', async () => {
    // A site by its registered name; one the registry does not name (site 0, '') by its number.
    show('/operations', [site(0, 3, 5, 0, ''), site(2, 9, 9, 4, 'Lakeside West Lake'), site(7, 1, 2, 1)]);
    expect(await screen.findByText('Lakeside West Lake')).toBeTruthy();
    expect(siteColumn()).toEqual(['Site 0', 'Lakeside West Lake', 'Site 7']);
    const row = screen.getByText('Lakeside West Lake').closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Open Lakeside West Lake' }).getAttribute('href')).toBe(
      '/operations?id=2',
    );
    expect(within(row).getByRole('link', { name: '9 / 9' }).getAttribute('href')).toBe(
      '/operations/terminal-auth?id=2',
    );
    expect(within(row).getByRole('link', { name: '4' }).getAttribute('href')).toBe(
      '/operations/mall?id=2&tab=order',
    );
    // Sorting by pending orders (by the server), descending after two clicks.
    const header = screen.getByRole('columnheader', { name: /Pending orders/ });
    fireEvent.click(header);
    await waitFor(() => expect(siteColumn()).toEqual(['Site 0', 'Site 7', 'Lakeside West Lake']));
    expect(request).toHaveBeenLastCalledWith(
      expect.any(String),
      { page: 1, limit: 20, sort: 'pending_orders', order: 'asc' },
      { loading: false, sites: null },
    );
    fireEvent.click(header);
    await waitFor(() => expect(siteColumn()).toEqual(['Lakeside West Lake', 'Site 7', 'Site 0']));
  });

  it('one site named: its figure cards, modules opening on it, and the way back to all sites', async () => {
    show('/operations?id=2', [site(2, 9, 9, 4)]);
    expect(await screen.findByText('Figures of Site 2')).toBeTruthy();
    expect(request).toHaveBeenCalledWith(
      expect.any(String),
      { page: 1, limit: 20, sort: 'site', order: 'asc' },
      { loading: false, sites: '2' },
    );
    // One site: its cards, no separate totals.
    expect(document.querySelector('.ops-totals')).toBeNull();
    expect(screen.getByText('Figures as of 2026-11-26 17:00:00')).toBeTruthy();
    expect(document.querySelector('.ops-sites')).toBeNull();
    expect(document.querySelector('[data-card="pending_orders"]')!.getAttribute('href')).toBe(
      '/operations/mall?id=2&tab=order',
    );
    expect(screen.getByRole('link', { name: 'All sites' }).getAttribute('href')).toBe('/operations');
  });

  it('many sites: the totals of all of them on top, then the sites a page at a time', async () => {
    const fleet = Array.from({ length: 45 }, (_, i) => site(i + 1, i % 3, 3, i === 44 ? 7 : 0));
    show('/operations', fleet);
    expect(await screen.findByText('Totals of 45 sites')).toBeTruthy();
    const totals = document.querySelector('.ops-totals')!;
    // 0+1+2 online of 3, fifteen times; the one site with orders is on the last page.
    expect(totals.querySelector('[data-card="terminals_online"]')!.textContent).toContain('45');
    expect(totals.querySelector('[data-card="terminals_online"]')!.textContent).toContain('135');
    expect(totals.querySelector('[data-card="pending_orders"]')!.textContent).toContain('7');
    expect(screen.getByText('Figures as of 2026-11-26 17:00:00')).toBeTruthy();
    expect(siteColumn()).toHaveLength(20);
    expect(siteColumn()[0]).toBe('Site 1');
    expect(screen.getByText('45 sites')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(siteColumn()).toEqual(['Site 41', 'Site 42', 'Site 43', 'Site 44', 'Site 45']),
    );
    expect(request).toHaveBeenLastCalledWith(
      expect.any(String),
      { page: 3, limit: 20, sort: 'site', order: 'asc' },
      { loading: false, sites: null },
    );
    // Sorted by another column: its first page again.
    fireEvent.click(screen.getByRole('columnheader', { name: /Pending orders/ }));
    await waitFor(() => expect(siteColumn()[0]).toBe('Site 1'));
    expect(request).toHaveBeenLastCalledWith(
      expect.any(String),
      { page: 1, limit: 20, sort: 'pending_orders', order: 'asc' },
      { loading: false, sites: null },
    );
  });

  it('in Chinese: the totals, the count of sites and the time of the figures', async () => {
    setLanguage('zh_CN');
    show(
      '/operations',
      Array.from({ length: 21 }, (_, i) => site(i + 1, 1, 1, 0)),
    );
    expect(await screen.findByText('21 个站点合计')).toBeTruthy();
    expect(screen.getByText('共 21 个站点')).toBeTruthy();
    expect(screen.getByText('数据统计于 2026-11-26 17:00:00')).toBeTruthy();
  });

  it('no site yet: says so', async () => {
    setLanguage('zh_CN');
    show('/operations', []);
    expect(await screen.findByText('暂无站点数据')).toBeTruthy();
  });
});
