import type { MenuNode } from '@igs/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
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
const site = (id: number, online: number, total: number, orders: number) => ({
  site_id: id,
  cards: [
    { key: 'terminals_online', area: 'terminals', value: online, total },
    { key: 'pending_orders', area: 'mall', value: orders },
  ],
});

function show(path: string, sites: unknown[]) {
  request.mockResolvedValue({ sites, system: SYSTEM, generated_at: '2026-11-26 17:00:00' });
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
    show('/operations', [site(0, 3, 5, 0), site(2, 9, 9, 4), site(7, 1, 2, 1)]);
    expect(await screen.findByText('Site 2')).toBeTruthy();
    expect(siteColumn()).toEqual(['Site 0', 'Site 2', 'Site 7']);
    const row = screen.getByText('Site 2').closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Open site 2' }).getAttribute('href')).toBe(
      '/operations?id=2',
    );
    expect(within(row).getByRole('link', { name: '9 / 9' }).getAttribute('href')).toBe(
      '/operations/terminal-auth?id=2',
    );
    expect(within(row).getByRole('link', { name: '4' }).getAttribute('href')).toBe(
      '/operations/mall?id=2&tab=order',
    );
    // Sorting by pending orders, descending after two clicks.
    const header = screen.getByRole('columnheader', { name: /Pending orders/ });
    fireEvent.click(header);
    expect(siteColumn()).toEqual(['Site 0', 'Site 7', 'Site 2']);
    fireEvent.click(header);
    expect(siteColumn()).toEqual(['Site 2', 'Site 7', 'Site 0']);
  });

  it('one site named: its figure cards, modules opening on it, and the way back to all sites', async () => {
    show('/operations?id=2', [site(2, 9, 9, 4)]);
    expect(await screen.findByText('Figures of site 2')).toBeTruthy();
    expect(request).toHaveBeenCalledWith(expect.any(String), {}, { loading: false, sites: '2' });
    expect(document.querySelector('.ops-sites')).toBeNull();
    expect(document.querySelector('[data-card="pending_orders"]')!.getAttribute('href')).toBe(
      '/operations/mall?id=2&tab=order',
    );
    expect(screen.getByRole('link', { name: 'All sites' }).getAttribute('href')).toBe('/operations');
  });

  it('no site yet: says so', async () => {
    setLanguage('zh_CN');
    show('/operations', []);
    expect(await screen.findByText('暂无站点数据')).toBeTruthy();
  });
});
