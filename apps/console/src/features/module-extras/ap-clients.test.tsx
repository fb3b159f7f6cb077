import { resourceByName } from '@igs/contract/resources';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
const { setLanguage } = await import('../../i18n/index.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { Providers } = await import('../resource/test-support.tsx');
const { RecordDrawer } = await import('../resource/record-drawer.tsx');
const { extrasOf } = await import('./registry.tsx');
const { ApClients, signalOf } = await import('./ap-clients.tsx');
const { AP_CLIENT_TEXTS } = await import('./ap-clients-texts.ts');

/** An AP's clients in its detail drawer (issue 13): words an operator reads, no raw codes. */

const ap = resourceByName('ac:ap')!;
const DAY = '2026-11-26';
type Body = Record<string, unknown>;

const record = {
  id: 4,
  name: 'AP-LOBBY',
  mac: '02:1a:2b:3c:00:01',
  category_id: 1,
  management_ip: '192.168.40.1',
  online: 1,
  clients: 2,
  created_at: `${DAY} 08:00:00`,
  updated_at: `${DAY} 10:00:00`,
};
const stations = [
  {
    mac: 'da:01:00:25:03:b9',
    ip: '10.100.1.20',
    hostname: 'iPhone',
    ssid: 'Lakeside-Guest',
    band: '5g',
    rssi: -52,
    connected_since: `${DAY} 09:30:00`,
    rx_bytes: 300 * 1024,
    tx_bytes: 1.5 * 1024 * 1024,
  },
  {
    mac: '6e:01:01:2c:50:d6',
    ip: '',
    hostname: '',
    ssid: 'Lakeside-IoT',
    band: '2g',
    rssi: -78,
    connected_since: '2026-11-25 22:00:00',
    rx_bytes: 512,
    tx_bytes: 3 * 1024 ** 3,
  },
];

function serve(status: (body: Body) => unknown) {
  request.mockImplementation(async (endpoint: string, body: Body) => {
    if (endpoint === ap.endpoint && body.method === 'status') return status(body);
    if (endpoint === ap.endpoint && body.method === 'detail') return record;
    if (endpoint === ap.endpoint && body.method === 'history') return { list: [], total: 0, by_state: {} };
    if (body.method === 'list') return { list: [], total: 0 };
    if (body.method === 'options') return [];
    throw new Error(`unexpected call ${endpoint} ${String(body.method)}`);
  });
}

const reply = (more: Body = {}) => ({
  list: stations,
  total: 2,
  clients: 2,
  online: 1,
  reported_at: `${DAY} 10:00:00`,
  ...more,
});

describe("an AP's clients", () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    useUserStore.setState({ isOperations: 0 });
  });
  afterEach(cleanup);

  it('texts exist in both languages', () => {
    for (const [key, v] of Object.entries(AP_CLIENT_TEXTS)) {
      expect(v.en, key).toBeTruthy();
      expect(v.zh_CN, key).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("show in the AP's drawer, asked of the AP's status, beside its commands", async () => {
    const bodies: Body[] = [];
    serve((body) => {
      bodies.push(body);
      return reply();
    });
    render(
      <Providers>
        <RecordDrawer def={ap} id={4} onClose={() => {}} related={extrasOf('ac:ap')!.related} />
      </Providers>,
    );
    const drawer = await screen.findByRole('dialog');
    // The extra's code is loaded when the drawer first draws it (registry.tsx).
    const section = (await within(drawer).findByText('Connected clients', {}, { timeout: 5_000 })).closest(
      'section',
    )!;
    expect(bodies[0]).toEqual({ method: 'status', id: 4 });
    expect(await within(section as HTMLElement).findByText('iPhone')).toBeTruthy();
    expect(within(drawer).getByText('Commands')).toBeTruthy();
  });

  it('read as an operator knows them: names, bands in GHz, signal in words, bytes and times', async () => {
    serve(() => reply());
    const { container } = render(
      <Providers>
        <ApClients id={4} />
      </Providers>,
    );
    expect(await screen.findByText('iPhone')).toBeTruthy();
    const text = () => container.textContent ?? '';
    expect(text()).toContain('(2)');
    expect(text()).toContain('last report 2026-11-26 10:00:00');
    // The MAC under the name; a device that gives no name says so.
    expect(screen.getByText('da:01:00:25:03:b9')).toBeTruthy();
    expect(screen.getByText('No name given')).toBeTruthy();
    expect(screen.getByText('10.100.1.20')).toBeTruthy();
    expect(screen.getByText('Lakeside-IoT')).toBeTruthy();
    expect(screen.getByText('5 GHz')).toBeTruthy();
    expect(screen.getByText('2.4 GHz')).toBeTruthy();
    expect(text()).toContain('-52 dBm');
    expect(screen.getByText('Strong')).toBeTruthy();
    expect(screen.getByText('Weak')).toBeTruthy();
    // Bytes as the contract writes them: downloaded is what the AP sent.
    expect(screen.getByText('1.5 MB')).toBeTruthy();
    expect(screen.getByText('300 KB')).toBeTruthy();
    expect(screen.getByText('3 GB')).toBeTruthy();
    expect(screen.getByText('512 B')).toBeTruthy();
    // Since: the time on the report's day, the date too on another.
    expect(screen.getByText('09:30:00')).toBeTruthy();
    expect(screen.getByText('2026-11-25 22:00')).toBeTruthy();
    // No raw codes or field names.
    expect(text()).not.toMatch(/\b[25]g\b|rx_bytes|tx_bytes|rssi|connected_since/);
  });

  it('in Chinese too', async () => {
    setLanguage('zh_CN');
    serve(() => reply());
    render(
      <Providers>
        <ApClients id={4} />
      </Providers>,
    );
    expect(await screen.findByText('2.4 GHz频段')).toBeTruthy();
    expect(screen.getByText('接入终端')).toBeTruthy();
    expect(screen.getByText('5 GHz频段')).toBeTruthy();
    expect(screen.getAllByText('信号强度').length).toBeGreaterThan(0);
    expect(screen.getByText('强')).toBeTruthy();
    expect(screen.getByText('未提供名称')).toBeTruthy();
  });

  it('an empty list says why: nobody connected, the AP offline, or a count without details', async () => {
    for (const [more, words] of [
      [{ list: [], total: 0, clients: 0 }, 'No clients are connected to this AP'],
      [
        { list: [], total: 0, clients: 0, online: 0, reported_at: '' },
        'The AP is offline, so no clients are known',
      ],
      [{ list: [], total: 0, clients: 4 }, 'The AP reports 4 clients but not who they are'],
    ] as const) {
      serve(() => reply(more));
      render(
        <Providers>
          <ApClients id={4} />
        </Providers>,
      );
      expect(await screen.findByText(words)).toBeTruthy();
      cleanup();
    }
  });

  it('a refused read shows nothing', async () => {
    request.mockRejectedValue(new Error('403'));
    const { container } = render(
      <Providers>
        <ApClients id={4} />
      </Providers>,
    );
    await waitFor(() => expect(request).toHaveBeenCalled());
    await waitFor(() => expect(container.textContent).toBe(''));
  });

  it('words for a signal: strong from -60 dBm, fair to -70 dBm, weak below', () => {
    expect([-40, -60, -61, -70, -71, -95].map((r) => signalOf(r).key)).toEqual([
      'strong',
      'strong',
      'fair',
      'fair',
      'weak',
      'weak',
    ]);
  });
});
