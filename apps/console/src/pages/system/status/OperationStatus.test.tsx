import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActiveTabContext } from '../../../features/keep-alive/active-tab.ts';

const request = vi.fn();
vi.mock('../../../request/index.ts', () => ({ request, bindSession: () => {} }));
// The chart itself needs a canvas; its data is what this page computes.
vi.mock('./live-chart.tsx', () => ({
  LiveChart: ({ series }: { series: { name: string; data: unknown[] }[] }) => (
    <div data-testid="chart">{series.map((s) => `${s.name}:${s.data.join(',')}`).join('|')}</div>
  ),
}));
vi.mock('./operation-status-data.ts', async (orig) => ({
  ...(await orig<typeof import('./operation-status-data.ts')>()),
  REFRESH_MS: 60,
}));

const { setLanguage } = await import('../../../i18n/index.ts');
const { default: OperationStatus } = await import('../OperationStatus.tsx');

let tick = 0;
function sample() {
  tick += 1;
  return {
    generated_at: 1_700_000_000_000 + tick * 5000,
    host: {
      hostname: 'gw-a',
      os: { pretty_name: 'Debian GNU/Linux 12 (bookworm)', name: 'Debian', version_id: '12', id: 'debian' },
      kernel: '6.1.0',
      kernel_build: '',
      arch: 'x64',
      uptime_s: 90061,
      boot_time: 1_700_000_000_000,
    },
    cpu: {
      model: 'AMD EPYC',
      cores: 2,
      physical_cores: 2,
      mhz: 2596,
      load: [0.1, 0.2, 0.3],
      usage_pct: 10 * tick,
      per_core: [],
      interval_ms: 5000,
    },
    memory: { total: 1000, used: 400, free: 600, used_pct: 40 },
    swap: { total: 0, used: 0, free: 0, used_pct: 0 },
    disks: [
      { device: '/dev/vda', mountpoint: '/', fstype: 'ext4', total: 100, used: 50, avail: 50, used_pct: 50 },
    ],
    network: {
      interfaces: [
        {
          iface: 'eth0',
          rx_bytes: 1,
          tx_bytes: 1,
          rx_errors: 0,
          tx_errors: 0,
          rx_dropped: 0,
          tx_dropped: 0,
          rx_rate: 2048,
          tx_rate: 1024,
        },
      ],
      interval_ms: 5000,
    },
    temperatures: [],
    versions: [
      { key: 'server', installed: true, version: '0.1.0', detail: '' },
      { key: 'asterisk', installed: false, version: null, detail: 'not installed' },
    ],
    services: [{ key: 'dnsmasq', running: true, pids: [42], rss_bytes: 2048 }],
  };
}

function renderPage(active = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ActiveTabContext.Provider value={active}>
        <OperationStatus />
      </ActiveTabContext.Provider>
    </QueryClientProvider>,
  );
}

describe('Operation status page', () => {
  beforeEach(() => {
    setLanguage('en');
    tick = 0;
    request.mockReset();
    request.mockImplementation(async () => sample());
  });
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('shows the figures, "not installed", no sensors, and charts the readings as they come', async () => {
    renderPage();
    expect(await screen.findByText('Debian GNU/Linux 12 (bookworm)')).toBeTruthy();
    expect(screen.getByText('not installed')).toBeTruthy();
    expect(screen.getByText('This host exposes no temperature sensors')).toBeTruthy();
    expect(screen.getByText('1 d 1 h 1 min')).toBeTruthy();
    expect(screen.getAllByText('2 KB/s').length).toBeGreaterThan(0);
    await waitFor(() => expect(request.mock.calls.length).toBeGreaterThanOrEqual(3));
    await waitFor(() => expect(screen.getAllByTestId('chart')[0]!.textContent).toMatch(/CPU:10,20,30/));
    expect(request).toHaveBeenCalledWith('/admin.php/system/running', {}, { loading: false, sites: null });
  });

  it('stops refreshing while its tag tab is not the shown one', async () => {
    renderPage(false);
    await screen.findByText('gw-a', { selector: 'h4' });
    const calls = request.mock.calls.length;
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(request.mock.calls.length).toBe(calls);
    expect(screen.getByText(/Paused while the page is hidden/)).toBeTruthy();
  });

  it('stops refreshing while the browser tab is hidden, and resumes when shown', async () => {
    renderPage();
    await screen.findByText('gw-a', { selector: 'h4' });
    act(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(() => new Promise((r) => setTimeout(r, 100)));
    const calls = request.mock.calls.length;
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(request.mock.calls.length).toBe(calls);
    act(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(request.mock.calls.length).toBeGreaterThan(calls));
  });
});
