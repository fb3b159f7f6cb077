import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../request/index.ts', () => import('../../../test/request-mock.ts'));
const { request } = await import('../../../test/request-mock.ts');

const { setLanguage } = await import('../../../i18n/index.ts');
const { usePermissionStore } = await import('../../../stores/permission.ts');
const { Providers } = await import('../../../features/resource/test-support.tsx');
const { BlockedAddresses } = await import('./blocked-addresses.tsx');

const blocked = {
  ip: '10.0.0.7',
  level: 2,
  username: 'admin',
  locked_at: '2026-11-20 10:00:00',
  blocked_until: '2026-11-20 10:23:00',
  minutes_left: 23,
};

describe('blocked addresses (manage settings)', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method: string }) =>
      body.method === 'lockouts' ? { list: [blocked], total: 1 } : { ip: blocked.ip },
    );
  });
  afterEach(cleanup);

  it('lists the blocked addresses and unlocks one after confirmation', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:administrator:unlock']) });
    render(<BlockedAddresses />, { wrapper: Providers });
    expect(await screen.findByText('10.0.0.7')).toBeTruthy();
    expect(screen.getByText('2026-11-20 10:23:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/system/web_set',
        { method: 'unlock_address', ip: '10.0.0.7' },
        undefined,
      ),
    );
  });

  it('shows no unlock button without its key, and reads in Chinese', async () => {
    setLanguage('zh_CN');
    usePermissionStore.setState({ buttons: new Set() });
    render(<BlockedAddresses />, { wrapper: Providers });
    expect(await screen.findByText('10.0.0.7')).toBeTruthy();
    expect(screen.getByText('尝试的账号')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '解锁' })).toBeNull();
  });
});
