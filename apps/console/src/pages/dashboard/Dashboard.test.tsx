import { Cookies as CookieNames, type MenuNode, Paths } from '@igs/contract';
import { render, screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../request/index.ts', () => ({
  request,
  requestEnvelope: request,
  bindSession: () => {},
  isRequestError: () => false,
}));
// The charts draw on a canvas jsdom lacks: a stand-in names what it would draw.
vi.mock('./trend-chart.tsx', () => ({
  TrendChart: ({ label, option }: { label: string; option: { series: { data: unknown[] }[] } }) => (
    <div
      data-testid="chart"
      data-label={label}
      data-series={JSON.stringify(option.series.map((s) => s.data))}
    />
  ),
}));

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../../features/resource/test-support.tsx');
const { default: Dashboard } = await import('./Dashboard.tsx');
const { FigureCards } = await import('./figure-cards.tsx');
const { takeEarlySessionReply } = await import('../../start/early.ts');

const node = (path: string, component: string, children?: MenuNode[]): MenuNode => ({
  path,
  component,
  name: component.replace('/', ''),
  meta: { title: component },
  ...(children ? { children } : {}),
});
const MENUS: MenuNode[] = [
  node('/dashboard', 'dashboard/Dashboard'),
  node('/voice', 'Layout', [node('extension', 'voice/Extension'), node('cdr', 'voice/CallRecords')]),
  node('/smart', 'Layout', [node('terminal-auth', 'smart/TerminalAuthorization')]),
  node('/system', 'Layout', [node('status', 'system/OperationStatus'), node('disk', 'system/Disk')]),
];

const day = (i: number) => `2026-11-${String(20 + i).padStart(2, '0')}`;
const HOME = {
  cards: [
    { key: 'terminals_online', area: 'terminals', value: 19, total: 21 },
    { key: 'terminals_total', area: 'terminals', value: 22 },
    { key: 'terminals_pending', area: 'terminals', value: 1 },
    {
      key: 'extensions_registered',
      area: 'voice',
      value: null,
      total: 40,
      unknown: 'asterisk_not_installed',
    },
    { key: 'active_calls', area: 'voice', value: null, unknown: 'asterisk_not_installed' },
    { key: 'calls_today', area: 'voice', value: 12 },
    { key: 'open_alarms', area: 'alarms', value: 2 },
  ],
  trends: {
    calls: Array.from({ length: 7 }, (_, i) => ({ date: day(i), total: i, answered: i, missed: 0 })),
    terminals_online: Array.from({ length: 7 }, (_, i) => ({ date: day(i), value: i < 5 ? null : 18 + i })),
  },
  system: {
    hostname: 'gw',
    uptime_s: 3600,
    load: [0.1, 0.2, 0.3],
    cpu_count: 2,
    cpu_percent: 12.5,
    memory: { total: 8 * 2 ** 30, used: 2 * 2 ** 30 },
    disk: {
      path: '/var/lib/igs',
      mountpoint: '/',
      total: 100 * 2 ** 30,
      used: 24 * 2 ** 30,
      avail: 70 * 2 ** 30,
      used_pct: 25.5,
    },
  },
  generated_at: '2026-11-26 17:00:00',
};

function show(reply: unknown) {
  request.mockResolvedValue(reply);
  return render(
    <Providers>
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>
    </Providers>,
  );
}

describe('Dashboard', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    usePermissionStore.setState({ menus: MENUS });
  });

  it('draws every figure sent, each linking to its page, unknown ones saying why', async () => {
    show(HOME);
    const online = (await screen.findByText('Terminals online')).closest('[data-card]')!;
    expect(online.getAttribute('href')).toBe('/smart/terminal-auth');
    expect(within(online as HTMLElement).getByText('19')).toBeTruthy();
    expect(within(online as HTMLElement).getByText('of 21')).toBeTruthy();
    const ext = document.querySelector('[data-card="extensions_registered"]') as HTMLElement;
    expect(ext.getAttribute('href')).toBe('/voice/extension');
    expect(within(ext).getByText('Unknown')).toBeTruthy();
    expect(within(ext).getByText('Asterisk is not installed')).toBeTruthy();
    expect(within(ext).queryByText('0')).toBeNull();
    // No page of its own in this role's menus: the card is drawn without a link.
    const calls = document.querySelector('[data-card="active_calls"]')!;
    expect(calls.tagName).toBe('DIV');
    expect(document.querySelector('[data-card="calls_today"]')!.getAttribute('href')).toBe('/voice/cdr');
    // 7 cards, 4 fit: rows of 4 and 3, each row spanning the whole grid (60 columns).
    const spans = [...document.querySelectorAll<HTMLElement>('[data-card]')].map(
      (c) => (c.parentElement as HTMLElement).style.gridColumn,
    );
    expect(spans).toEqual([...Array(4).fill('span 15'), ...Array(3).fill('span 20')]);
  });

  it('takes the figures the sign-in that led here asked for, once, and asks itself after', async () => {
    const early = Promise.resolve({ status: 200, body: { code: 200, msg: '', data: HOME } });
    Cookies.set(CookieNames.token, 'T7');
    (window as { __igsEarly?: unknown }).__igsEarly = { token: 'T7', session: { [Paths.home]: early } };
    try {
      show(HOME);
      await screen.findAllByTestId('chart');
      const homeCalls = request.mock.calls.filter(([path]) => path === Paths.home);
      expect(homeCalls).toHaveLength(1);
      expect(homeCalls[0]![2]).toMatchObject({ reply: early });
      // Handed over once: the next reading of the figures is the page's own call.
      expect(takeEarlySessionReply(Paths.home)).toBeUndefined();
    } finally {
      Cookies.remove(CookieNames.token);
      delete (window as { __igsEarly?: unknown }).__igsEarly;
    }
  });

  it('shows the 7-day trends and the host figures with the server’s disk percentage', async () => {
    show(HOME);
    const charts = await screen.findAllByTestId('chart');
    expect(charts.map((c) => c.getAttribute('data-label'))).toEqual([
      'Calls per day',
      'Terminals online per day',
    ]);
    expect(JSON.parse(charts[1]!.getAttribute('data-series')!)).toEqual([
      [null, null, null, null, null, 23, 24],
    ]);
    expect(screen.getByRole('link', { name: 'Calls per day' }).getAttribute('href')).toBe('/voice/cdr');
    expect(screen.getByText('Sampled since 2026-11-25; the days before have no data')).toBeTruthy();
    const disk = document.querySelector('[data-gauge="disk"]')!;
    expect(disk.getAttribute('href')).toBe('/system/disk');
    expect(disk.textContent).toContain('Disk (/)');
    expect(disk.textContent).toContain('25.5%');
    expect(document.querySelector('[data-gauge="cpu"]')!.getAttribute('href')).toBe('/system/status');
  });

  it('a role without those pages gets no trend section, and Chinese texts', async () => {
    setLanguage('zh_CN');
    show({ ...HOME, cards: [HOME.cards[3]], trends: {} });
    expect(await screen.findByText('已注册分机')).toBeTruthy();
    expect(screen.getByText('未知')).toBeTruthy();
    expect(screen.getByText('未安装 Asterisk')).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();
    expect(screen.queryByText('近 7 天趋势')).toBeNull();
  });

  it('says so when no day was sampled yet instead of drawing an empty chart', async () => {
    show({
      ...HOME,
      trends: { terminals_online: HOME.trends.terminals_online.map((d) => ({ ...d, value: null })) },
    });
    expect(await screen.findByText(/No day sampled yet/)).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();
  });
});

describe('FigureCards', () => {
  it('one card spans the whole row; 17 cards where 5 fit are rows of 5, 4, 4, 4', () => {
    const cards = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ key: `k${i}`, area: 'system', value: i }));
    const { unmount } = render(
      <MemoryRouter>
        <FigureCards cards={cards(1)} linkOf={() => undefined} perRow={5} />
      </MemoryRouter>,
    );
    expect((document.querySelector('[data-card]')!.parentElement as HTMLElement).style.gridColumn).toBe(
      'span 60',
    );
    unmount();
    render(
      <MemoryRouter>
        <FigureCards cards={cards(17)} linkOf={() => undefined} perRow={5} />
      </MemoryRouter>,
    );
    const spans = [...document.querySelectorAll<HTMLElement>('[data-card]')].map(
      (c) => (c.parentElement as HTMLElement).style.gridColumn,
    );
    expect(spans.filter((s) => s === 'span 12')).toHaveLength(5);
    expect(spans.filter((s) => s === 'span 15')).toHaveLength(12);
  });
});
