import type { ServiceRow } from '@igs/contract/extras';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
const requestEnvelope = vi.fn();
vi.mock('../../../request/index.ts', () => ({
  request,
  requestEnvelope,
  bindSession: vi.fn(),
  isRequestError: () => false,
}));

const { setLanguage } = await import('../../../i18n/index.ts');
const { usePermissionStore } = await import('../../../stores/permission.ts');
const { Providers } = await import('../../../features/resource/test-support.tsx');
const { editBody, parsePorts, verbsFor } = await import('./service-config-logic.ts');
const { default: ServiceConfig } = await import('../ServiceConfig.tsx');

const base = {
  version: null,
  unit: '',
  binary: null,
  status_source: 'proc',
  detail: '',
  ports_owner: null,
} as const;
const rows: ServiceRow[] = [
  {
    ...base,
    key: 'web',
    title: 'Web console',
    enabled: 1,
    auto_start: 1,
    ports: [8080],
    status: 'running',
    status_source: 'self',
    version: '0.1.0',
    ports_owner: 'the deployment (PORT)',
  },
  {
    ...base,
    key: 'dhcp_dns',
    title: 'DHCP and DNS (dnsmasq)',
    enabled: 1,
    auto_start: 1,
    ports: [53, 67],
    status: 'stopped',
    unit: 'dnsmasq',
    binary: '/usr/sbin/dnsmasq',
    version: '2.89',
    ports_owner: 'System > DNS',
  },
  {
    ...base,
    key: 'ssh',
    title: 'SSH',
    enabled: 1,
    auto_start: 1,
    ports: [22],
    status: 'running',
    unit: 'ssh',
  },
  {
    ...base,
    key: 'snmp',
    title: 'SNMP agent',
    enabled: 0,
    auto_start: 0,
    ports: [161],
    status: 'not_installed',
    unit: 'snmpd',
  },
  {
    ...base,
    key: 'gb28181',
    title: 'GB28181 SIP agent',
    enabled: 1,
    auto_start: 1,
    ports: [15060],
    status: 'not_installed',
    server_id: '34020000002000000001',
    domain: '3402000000',
    port: 15060,
    password: '',
    secret_set: { password: true },
  },
];

afterEach(cleanup);

describe('service config rules', () => {
  it('reads ports typed as tags and refuses bad or repeated ones', () => {
    expect(parsePorts(['80', ' 443 ', 8443])).toEqual([80, 443, 8443]);
    expect(parsePorts([])).toEqual([]);
    expect(parsePorts(['0'])).toBeNull();
    expect(parsePorts(['65536'])).toBeNull();
    expect(parsePorts(['80', '80'])).toBeNull();
    expect(parsePorts(['http'])).toBeNull();
  });

  it('sends ports only where this page owns them, and keeps an empty password out', () => {
    const ssh = rows[2]!;
    expect(editBody(ssh, { enabled: true, auto_start: false, ports: ['2222'] })).toEqual({
      ok: true,
      body: { method: 'edit', key: 'ssh', enabled: 1, auto_start: 0, ports: [2222] },
    });
    const dns = rows[1]!;
    const r = editBody(dns, { enabled: true, auto_start: true, ports: ['5353'] });
    expect(r.ok && 'ports' in r.body).toBe(false);
    const gb = rows[4]!;
    const g = editBody(gb, {
      enabled: true,
      auto_start: true,
      ports: [],
      server_id: '44010200492000000001',
      domain: '4401020049',
      port: 15061,
      password: '',
    });
    expect(g).toEqual({
      ok: true,
      body: {
        method: 'edit',
        key: 'gb28181',
        enabled: 1,
        auto_start: 1,
        server_id: '44010200492000000001',
        domain: '4401020049',
        port: 15061,
      },
    });
    expect(
      editBody(gb, {
        enabled: true,
        auto_start: true,
        ports: [],
        server_id: '123',
        domain: '4401020049',
        port: 1,
      }),
    ).toMatchObject({
      ok: false,
      field: 'server_id',
    });
  });

  it('offers verbs by state: none for the console itself or a missing program', () => {
    expect(verbsFor(rows[0]!)).toEqual([]);
    expect(verbsFor(rows[1]!)).toEqual(['start']);
    expect(verbsFor(rows[2]!)).toEqual(['restart', 'stop']);
    expect(verbsFor(rows[3]!)).toEqual([]);
    // The GB28181 agent runs inside the server: no verbs even while it runs.
    expect(verbsFor({ ...rows.find((r) => r.key === 'gb28181')!, status: 'running' })).toEqual([]);
  });

  it('sends the unknown-device choice of the gb28181 row', () => {
    const r = editBody(rows.find((x) => x.key === 'gb28181')!, {
      enabled: true,
      auto_start: true,
      ports: [],
      server_id: '34020000002000000001',
      domain: '3402000000',
      port: 15060,
      register_unknown: 'add',
    });
    expect(r).toMatchObject({ ok: true, body: { register_unknown: 'add' } });
  });
});

describe('ServiceConfig page', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    requestEnvelope.mockReset();
    request.mockResolvedValue({ list: rows, total: rows.length });
  });

  it('shows each service with its live status; verbs and edit only with their keys', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:service_config:restart']) });
    render(
      <Providers>
        <ServiceConfig />
      </Providers>,
    );
    expect(await screen.findByText('DHCP and DNS (dnsmasq)')).toBeTruthy();
    expect(screen.getAllByText('Not installed').length).toBe(2);
    expect(screen.getByText('2.89')).toBeTruthy();
    expect(screen.getByText('53, 67')).toBeTruthy();
    // Only ssh runs and may be restarted; no edit and no stop without their keys.
    expect(screen.getAllByRole('button', { name: 'Restart' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByText('You can view the services but not change them.')).toBeTruthy();
  });

  it('edits a service, sending the row settings', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:service_config:edit']) });
    requestEnvelope.mockResolvedValue({
      code: 200,
      msg: 'Not applied on this host',
      data: { applied: false, note: 'x', commands: [] },
    });
    render(
      <Providers>
        <ServiceConfig />
      </Providers>,
    );
    await screen.findByText('SSH');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[2]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestEnvelope).toHaveBeenCalled());
    expect(requestEnvelope.mock.calls[0]![1]).toEqual({
      method: 'edit',
      key: 'ssh',
      enabled: 1,
      auto_start: 1,
      ports: [22],
    });
  });
});
