import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../request/errors.ts';

const request = vi.fn();
const requestEnvelope = vi.fn();
vi.mock('../../../request/index.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  request,
  requestEnvelope,
}));

const { setLanguage } = await import('../../../i18n/index.ts');
const { usePermissionStore } = await import('../../../stores/permission.ts');
const { InterfacesTab } = await import('./network-interfaces.tsx');
const { Leases } = await import('../dnsmasq/dhcp-leases.tsx');
const { default: NetworkCard } = await import('../NetworkCard.tsx');
const { default: Dhcp } = await import('../Dhcp.tsx');
const { default: Dns } = await import('../Dns.tsx');

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

const live = (name: string, ip: string[]) => ({
  name,
  mac: '02:00:00:00:00:01',
  operstate: 'up',
  carrier: 1,
  speed: 1000,
  mtu: 1500,
  ipv4: ip,
  ipv6: [],
  rx_bytes: 0,
  tx_bytes: 0,
  virtual: false,
  master: null,
});

const iface = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  live: live(name, []),
  configured: 0,
  bond: null,
  role: 'none',
  mode: 'dhcp',
  ip: '',
  gateway: '',
  dns1: '',
  dns2: '',
  pppoe_user: '',
  pppoe_password: '',
  pppoe_password_set: 0,
  vlan_id: 0,
  mtu: 1500,
  mac_clone: '',
  enabled: 1,
  ...extra,
});

describe('Interfaces tab', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    requestEnvelope.mockReset();
    request.mockResolvedValue({
      list: [iface('eth0', { configured: 1, role: 'wan' }), iface('eth1')],
      source: 'ip',
      note: '',
    });
  });

  it('hides Edit without network:net:edit', async () => {
    usePermissionStore.setState({ buttons: new Set() });
    wrap(<InterfacesTab />);
    expect(await screen.findByText('eth1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('edits an interface: static shows the address fields, the payload has the mode’s fields, a 422 lands on its field', async () => {
    usePermissionStore.setState({ buttons: new Set(['network:net:edit']) });
    const user = userEvent.setup();
    wrap(<InterfacesTab />);
    const row = (await screen.findByText('eth1')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByLabelText('IP address/prefix')).toBeNull();
    await user.click(within(drawer).getByText('Static'));
    const ip = await within(drawer).findByLabelText('IP address/prefix');
    await user.type(ip, '192.168.10.1/24');
    await user.type(within(drawer).getByLabelText('Gateway'), '10.0.0.1');
    // Role is required before anything is sent.
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Required')).toBeTruthy();
    expect(requestEnvelope).not.toHaveBeenCalled();

    await user.click(within(drawer).getByLabelText('Role'));
    await user.click(await screen.findByTitle('LAN'));
    requestEnvelope.mockRejectedValueOnce(
      new RequestError(422, 'The gateway 10.0.0.1 is not inside 192.168.10.1/24', {
        errors: [{ field: 'gateway', msg: 'The gateway 10.0.0.1 is not inside 192.168.10.1/24' }],
      }),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestEnvelope).toHaveBeenCalledTimes(1));
    const [path, body] = requestEnvelope.mock.calls[0]!;
    expect(path).toBe('/admin.php/Network/net');
    expect(body).toMatchObject({
      method: 'edit',
      name: 'eth1',
      role: 'lan',
      mode: 'static',
      ip: '192.168.10.1/24',
      gateway: '10.0.0.1',
    });
    expect(body).not.toHaveProperty('pppoe_user');
    expect(
      await within(drawer).findByText('The gateway 10.0.0.1 is not inside 192.168.10.1/24'),
    ).toBeTruthy();
  }, 20_000);
});

describe('DHCP leases', () => {
  const lease = (mac: string, ip: string, isStatic: number) => ({
    expires_at: null,
    expiry: 'never',
    mac,
    ip,
    hostname: 'tv',
    client_id: '',
    static: isStatic,
    static_id: isStatic ? 1 : null,
    static_ip_differs: 0,
  });

  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    requestEnvelope.mockReset();
    request.mockResolvedValue({
      list: [lease('aa:bb:cc:00:00:01', '192.168.10.50', 1), lease('aa:bb:cc:00:00:02', '192.168.10.120', 0)],
      total: 2,
      file: '/data/dnsmasq.leases',
      note: '',
    });
  });

  it('marks static leases and offers Make static for the others, with the key only', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:dhcp_set:make_static']) });
    const user = userEvent.setup();
    wrap(<Leases hostsResource="system:dhcp_host" />);
    const staticRow = (await screen.findByText('192.168.10.50')).closest('tr')!;
    expect(within(staticRow).getByText('static')).toBeTruthy();
    expect(within(staticRow).queryByRole('button', { name: 'Make static' })).toBeNull();
    const dynamicRow = screen.getByText('192.168.10.120').closest('tr')!;
    requestEnvelope.mockResolvedValueOnce({ code: 200, msg: 'Saved', data: {} });
    await user.click(within(dynamicRow).getByRole('button', { name: 'Make static' }));
    await waitFor(() =>
      expect(requestEnvelope).toHaveBeenCalledWith(
        '/admin.php/system/dhcp_set',
        { method: 'make_static', mac: 'aa:bb:cc:00:00:02' },
        undefined,
      ),
    );
  });

  it('shows no Make static without system:dhcp_set:make_static', async () => {
    usePermissionStore.setState({ buttons: new Set() });
    wrap(<Leases hostsResource="system:dhcp_host" />);
    expect(await screen.findByText('192.168.10.120')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make static' })).toBeNull();
  });
});

describe('page smoke', () => {
  const config = {
    path: '/data/etc/dnsmasq.d/igs-dhcp.conf',
    written: true,
    pending: true,
    applied: 'stale',
    can_rollback: true,
    test: { ran: true, ok: true, output: 'dnsmasq: syntax check OK.' },
  };
  const dnsmasq = { installed: true, binary: '/usr/sbin/dnsmasq', version: '2.90' };

  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (path: string, body: { method: string }) => {
      if (path === '/admin.php/Network/index')
        return {
          list: [{ ...live('eth0', ['192.0.2.2/24']), loopback: false, role: 'wan' }],
          source: 'ip',
          note: '',
        };
      if (path === '/admin.php/system/dhcp_set' && body.method === 'detail')
        return {
          enabled: 1,
          interface: 'lan',
          range_start: '192.168.10.100',
          range_end: '192.168.10.199',
          lease_time: '12h',
          option60_tags: [],
          authoritative: 1,
          leases_file: '/data/dnsmasq.leases',
          subnet: { ok: true, dev: 'eth1', address: '192.168.10.1/24', source: 'settings' },
          warnings: ['The static lease 192.168.10.50 (aa:bb:cc:00:00:01) is outside eth1 now'],
          config,
          dnsmasq,
        };
      if (path === '/admin.php/system/dns_set')
        return {
          enabled: 1,
          port: 53,
          upstream: ['223.5.5.5'],
          cache_size: 1000,
          no_resolv: 0,
          overrides: [],
          config,
          dnsmasq,
        };
      if (body.method === 'leases')
        return { list: [], total: 0, file: '/data/dnsmasq.leases', note: 'No lease file yet' };
      return { list: [], total: 0 };
    });
  });

  it('network card: the overview tab shows the host’s interfaces; rollback needs its key', async () => {
    usePermissionStore.setState({ buttons: new Set() });
    wrap(<NetworkCard />);
    expect(await screen.findByText('192.0.2.2/24')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Connectivity' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Roll back/ })).toBeNull();
  });

  it('DHCP: settings with the file status, pending apply, warnings, static leases and leases', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:dhcp_set:edit', 'system:dhcp_set:rollback']) });
    wrap(<Dhcp />);
    expect(await screen.findByText('dnsmasq --test passed')).toBeTruthy();
    expect(screen.getByText(/outside eth1 now/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeTruthy();
    expect(screen.getByText(/The file is out of date/)).toBeTruthy();
    expect(screen.getByText('No lease file yet')).toBeTruthy();
    expect(screen.getByText('Static DHCP lease')).toBeTruthy();
    expect((screen.getByLabelText('Range start') as HTMLInputElement).value).toBe('192.168.10.100');
  });

  it('DHCP and DNS: a file up to date offers no Apply and says whether it is in place', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:dhcp_set:edit', 'system:dns_set:edit']) });
    const upToDate = (applied: string) => {
      const inner = request.getMockImplementation()!;
      request.mockImplementation(async (path: string, body: { method: string }) => {
        const r = await inner(path, body);
        return r && typeof r === 'object' && 'config' in r
          ? { ...r, config: { ...config, pending: false, applied } }
          : r;
      });
    };
    upToDate('off');
    const off = wrap(<Dhcp />);
    expect(await screen.findByText('not applied to the system (IGS_APPLY is not 1)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(screen.queryByText(/out of date/)).toBeNull();
    off.unmount();
    upToDate('in_place');
    wrap(<Dns />);
    expect(await screen.findByText('in place in /etc')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('DNS: the upstreams as lines; no save button without the edit key', async () => {
    usePermissionStore.setState({ buttons: new Set() });
    wrap(<Dns />);
    await waitFor(() =>
      expect((screen.getByLabelText('Upstream servers (one per line)') as HTMLTextAreaElement).value).toBe(
        '223.5.5.5',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import hosts file' })).toBeNull();
  });
});
