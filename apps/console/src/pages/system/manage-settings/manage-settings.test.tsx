import { hashPassword } from '@igs/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../request/index.ts', () => import('../../../test/request-mock.ts'));
const { request } = await import('../../../test/request-mock.ts');

const { setLanguage } = await import('../../../i18n/index.ts');
const { usePermissionStore } = await import('../../../stores/permission.ts');
const { Providers } = await import('../../../features/resource/test-support.tsx');
const { accountPayload } = await import('./account-payload.ts');
const { default: ManageSettings } = await import('../ManageSettings.tsx');

const alice = {
  id: 2,
  username: 'alice',
  nickname: 'Alice',
  phone: '',
  company_name: '',
  role_id: 3,
  role_name: 'viewer',
  is_operations: 0,
  site_ids: [],
  all_sites: 0,
  cid: 0,
  enabled: 1,
  weak_psw: 0,
  is_admin: 0,
  last_login_at: '2026-11-20 10:00:00',
  last_login_ip: '10.0.0.9',
  locked_until: '2026-11-21 10:15:00',
  created_at: '2026-11-01 10:00:00',
};

describe('account payload', () => {
  it('hashes the password, trims texts, sends flags as 0/1 and sites only in operations mode', () => {
    expect(
      accountPayload({
        username: ' bob ',
        password: 'Aa1!aaaa',
        role_id: 3,
        is_operations: false,
        site_ids: ['4'],
      }),
    ).toEqual({
      method: 'add',
      username: 'bob',
      nickname: '',
      phone: '',
      company_name: '',
      role_id: 3,
      is_operations: 0,
      site_ids: [],
      all_sites: 0,
      cid: 0,
      enabled: 1,
      password: hashPassword('Aa1!aaaa'),
    });
    const edit = accountPayload(
      { username: 'bob', role_id: 5, is_operations: true, site_ids: ['4', 7], enabled: false },
      9,
    );
    expect(edit).toMatchObject({ method: 'edit', id: 9, is_operations: 1, site_ids: [4, 7], enabled: 0 });
    expect(edit).not.toHaveProperty('password');
    // All sites is sent explicitly, and then no list: an empty list would reach no site.
    expect(
      accountPayload(
        { username: 'bob', role_id: 5, is_operations: true, all_sites: true, site_ids: ['4'] },
        9,
      ),
    ).toMatchObject({ all_sites: 1, site_ids: [] });
    expect(
      accountPayload({ username: 'bob', role_id: 5, is_operations: false, all_sites: true }, 9),
    ).toMatchObject({ all_sites: 0, site_ids: [] });
  });
});

describe('ManageSettings accounts', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method: string }) => {
      if (body.method === 'list') return { list: [alice], total: 1 };
      return {};
    });
  });
  afterEach(cleanup);

  it('shows only the actions whose keys are held, and the lock-out', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:administrator:unlock']) });
    render(<ManageSettings />, { wrapper: Providers });
    expect(await screen.findByText('alice')).toBeTruthy();
    expect(screen.getByText('Locked until 2026-11-21 10:15:00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeTruthy();
    for (const name of ['Add account', 'Edit', 'Reset password', 'Sign out', 'Delete'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/system/administrator',
        { method: 'unlock', id: 2 },
        undefined,
      ),
    );
  });

  it('reset password checks the strength rule, then sends the SHA-256 of the new password', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:administrator:reset_password']) });
    render(<ManageSettings />, { wrapper: Providers });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    const [pw, again] = within(dialog).getAllByLabelText(/password/i) as HTMLInputElement[];
    fireEvent.change(pw!, { target: { value: 'weak' } });
    fireEvent.change(again!, { target: { value: 'weak' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Password must be over 8 characters/)).toBeTruthy();
    expect(request).not.toHaveBeenCalledWith(
      '/admin.php/system/administrator',
      expect.objectContaining({ method: 'reset_password' }),
      undefined,
    );
    fireEvent.change(pw!, { target: { value: 'Str0ng!pass' } });
    fireEvent.change(again!, { target: { value: 'Str0ng!pass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/system/administrator',
        {
          method: 'reset_password',
          id: 2,
          password: hashPassword('Str0ng!pass'),
        },
        undefined,
      ),
    );
  });
});
