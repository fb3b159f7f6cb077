import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../../request/index.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  request,
}));

const { setLanguage } = await import('../../../i18n/index.ts');
const { usePermissionStore } = await import('../../../stores/permission.ts');
const { Leases } = await import('./dhcp-leases.tsx');

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

const none = { static: 0, static_id: null, static_ip_differs: 0 };
// The rows the server answers for the mixed lease file of its tests (fixtures/dnsmasq/mixed.leases).
const reply = {
  list: [
    {
      family: 'v4',
      expires_at: 1_764_320_318_000,
      expiry: '2025-11-28 16:58:38',
      mac: '3c:a6:2f:81:4e:07',
      ip: '192.168.10.117',
      hostname: 'HUAWEI_HG8245H',
      client_id: '01:3c:a6:2f:81:4e:07',
      duid: '',
      iaid: '',
      temporary: 0,
      ...none,
    },
    {
      family: 'v6',
      expires_at: 1_764_320_318_000,
      expiry: '2025-11-28 16:58:38',
      mac: '',
      ip: 'fd00:10::1c3',
      hostname: 'desktop-room-0805',
      client_id: '',
      duid: '00:01:00:01:2c:1f:a2:7b:f0:18:98:3d:77:ab',
      iaid: '1084233775',
      temporary: 0,
      ...none,
    },
    {
      family: 'v6',
      expires_at: null,
      expiry: 'never',
      mac: '',
      ip: 'fd00:10::8f2a',
      hostname: '',
      client_id: '',
      duid: '00:04:9f:0e:2c:2a:7d:4b:a3:1c:55:e9:1b:04:6b:8a:2d:7e',
      iaid: '3581201',
      temporary: 1,
      ...none,
    },
  ],
  total: 3,
  file: '/data/dnsmasq.leases',
  note: '',
  server_duid: '00:01:00:01:2e:d4:9b:5f:52:54:00:8a:61:3c',
};

describe('DHCP leases: DHCPv4 and DHCPv6', () => {
  beforeEach(() => {
    request.mockReset();
    request.mockResolvedValue(reply);
    usePermissionStore.setState({ buttons: new Set(['system:dhcp_set:make_static']) });
  });

  it('shows v6 rows with their DUID where the MAC is and the IAID, and the server DUID (English)', async () => {
    setLanguage('en');
    wrap(<Leases hostsResource="system:dhcp_host" />);
    const v6 = (await screen.findByText('fd00:10::1c3')).closest('tr')!;
    expect(within(v6).getByText('IPv6')).toBeTruthy();
    expect(within(v6).getByText('DUID 00:01:00:01:2c:1f:a2:7b:f0:18:98:3d:77:ab')).toBeTruthy();
    expect(within(v6).getByText('IAID 1084233775')).toBeTruthy();
    // A DHCPv6 lease is not offered as a static (DHCPv4, by MAC) lease.
    expect(within(v6).queryByRole('button', { name: 'Make static' })).toBeNull();
    const temp = screen.getByText('fd00:10::8f2a').closest('tr')!;
    expect(within(temp).getByText('IAID 3581201 · temporary address')).toBeTruthy();
    expect(within(temp).getByText('never')).toBeTruthy();
    const v4 = screen.getByText('192.168.10.117').closest('tr')!;
    expect(within(v4).getByText('IPv4')).toBeTruthy();
    expect(within(v4).getByText('3c:a6:2f:81:4e:07')).toBeTruthy();
    expect(within(v4).getByRole('button', { name: 'Make static' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'MAC / DUID' })).toBeTruthy();
    expect(screen.getByText(/Server DUID \(DHCPv6\)/)).toBeTruthy();
    expect(screen.getByText('00:01:00:01:2e:d4:9b:5f:52:54:00:8a:61:3c')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/dhcp\.[a-z]/);
  });

  it('reads in Chinese, never showing a raw text key', async () => {
    setLanguage('zh_CN');
    wrap(<Leases hostsResource="system:dhcp_host" />);
    const temp = (await screen.findByText('fd00:10::8f2a')).closest('tr')!;
    expect(within(temp).getByText('身份关联 IAID 3581201 · 临时地址')).toBeTruthy();
    expect(within(temp).getByText('永久')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'MAC地址 / DUID' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '类型' })).toBeTruthy();
    expect(screen.getByText(/服务器DUID（DHCPv6）/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/dhcp\.[a-z]/);
    setLanguage('en');
  });
});
