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
const { default: HotStandby } = await import('../HotStandby.tsx');

const detail = {
  enabled: 1,
  role: 'master',
  interface: 'eth0',
  virtual_ip: '192.168.77.10/24',
  vrid: 51,
  priority: null,
  advert_int: 1,
  auth_pass: '',
  peer_ip: '192.168.77.2',
  preempt: 1,
  sync_config: 0,
  state: 'MASTER',
  state_at: '2026-03-01 10:00:00',
  priority_effective: 150,
  interfaces: ['eth0', 'eth1'],
  keepalived_installed: true,
  apply_enabled: false,
  peer_url: '',
  sync_key: '',
  secret_set: { auth_pass: true, sync_key: true },
  sync_push: false,
  sync_target: 'http://192.168.77.2:8080',
  sync: {
    version: 0,
    changed_at: '',
    pushed_version: 0,
    pushed_at: '',
    last_push: null,
    held_version: 0,
    held_at: '',
  },
};

afterEach(cleanup);

describe('HotStandby page', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    requestEnvelope.mockReset();
  });

  it('shows the reported state, the host interfaces and the peer check', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:hot_standby:edit']) });
    request.mockImplementation(async (_p: string, body: { method: string }) =>
      body.method === 'check'
        ? {
            peer_ip: '192.168.77.2',
            tcp: { port: 8080, ok: false, ms: null, error: 'ECONNREFUSED' },
            ping: { ran: false, ok: false, output: 'ping is not installed on this host' },
          }
        : detail,
    );
    render(
      <Providers>
        <HotStandby />
      </Providers>,
    );
    expect(await screen.findByText('MASTER')).toBeTruthy();
    expect(screen.getByText('Interfaces on this host: eth0, eth1')).toBeTruthy();
    expect(screen.getByText('Priority in effect: 150')).toBeTruthy();
    expect(screen.getByText(/IGS_APPLY is not 1/)).toBeTruthy();
    // No switchover without its key.
    expect(screen.queryByRole('button', { name: 'Switch over' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check the peer' }));
    expect(await screen.findByText('Console port 8080 does not answer: ECONNREFUSED')).toBeTruthy();
    expect(screen.getByText('Ping not run: ping is not installed on this host')).toBeTruthy();
  });

  it('switches over after confirmation, with its key', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:hot_standby:switchover']) });
    request.mockResolvedValue({ ...detail, state: 'unknown', state_at: '', keepalived_installed: false });
    requestEnvelope.mockResolvedValue({
      code: 200,
      msg: 'Not applied on this host',
      data: { applied: false },
    });
    render(
      <Providers>
        <HotStandby />
      </Providers>,
    );
    expect(await screen.findByText('Unknown (keepalived has reported nothing)')).toBeTruthy();
    expect(screen.getByText(/keepalived is not installed on this host/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch over' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(requestEnvelope).toHaveBeenCalledWith('/admin.php/system/hot_standby', { method: 'switchover' }),
    );
  });

  it('shows both sides of the configuration sync, the last push and its reason, and pushes now', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:hot_standby:edit']) });
    const synced = {
      ...detail,
      sync_config: 1,
      sync_push: true,
      sync: {
        ...detail.sync,
        version: 42,
        changed_at: '2026-03-01 10:00:00',
        pushed_version: 40,
        pushed_at: '2026-03-01 09:00:00',
        last_push: {
          ok: false,
          at: '2026-03-01 10:00:10',
          version: 42,
          reason: 'refused_key',
          detail: 'the sync signature is missing or wrong',
        },
      },
    };
    request.mockImplementation(async (_p: string, body: { method: string }) =>
      body.method === 'sync_state'
        ? {
            local: synced.sync,
            peer: { role: 'backup', version: 40, held_version: 40, held_at: '2026-03-01 09:00:01' },
            peer_error: '',
          }
        : synced,
    );
    requestEnvelope.mockResolvedValue({
      code: 200,
      msg: 'Configuration version 42 is on the peer',
      data: { ...synced.sync, last_push: { ...synced.sync.last_push, ok: true, reason: '' } },
    });
    render(
      <Providers>
        <HotStandby />
      </Providers>,
    );
    expect(await screen.findByText('Configuration sync')).toBeTruthy();
    expect(
      screen.getByText(
        'configuration version 42 (2026-03-01 10:00:00); pushed version 40 (2026-03-01 09:00:00)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('the peer refused the sync key (not the same on both gateways)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Ask the peer's state" }));
    expect(await screen.findByText('backup, holds version 40 (2026-03-01 09:00:01)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(requestEnvelope).toHaveBeenCalledWith('/admin.php/system/hot_standby', { method: 'sync_now' }),
    );
  });

  it('reads the sync in Chinese too', async () => {
    setLanguage('zh_CN');
    usePermissionStore.setState({ buttons: new Set() });
    request.mockResolvedValue({
      ...detail,
      sync_config: 1,
      role: 'backup',
      sync: { ...detail.sync, held_version: 7, held_at: '2026-03-01 09:00:01' },
    });
    render(
      <Providers>
        <HotStandby />
      </Providers>,
    );
    expect(await screen.findByText('配置同步')).toBeTruthy();
    expect(screen.getByText('持有版本7（2026-03-01 09:00:01）')).toBeTruthy();
    // A backup does not push, and without the key nobody pushes.
    expect(screen.queryByRole('button', { name: '立即同步' })).toBeNull();
  });
});
