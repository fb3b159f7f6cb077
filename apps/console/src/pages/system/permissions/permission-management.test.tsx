import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../request/index.ts', () => import('../../../test/request-mock.ts'));
const { request } = await import('../../../test/request-mock.ts');

const { setLanguage } = await import('../../../i18n/index.ts');
const { usePermissionStore } = await import('../../../stores/permission.ts');
const { Providers } = await import('../../../features/resource/test-support.tsx');
const { default: PermissionManagement } = await import('../PermissionManagement.tsx');

const menu = (id: number, title: string, buttons: string[] = [], children?: unknown[]) => ({
  id,
  name: title,
  path: title,
  component: 'x',
  meta: { title },
  buttons,
  ...(children ? { children } : {}),
});
const systemMenu = {
  full: [menu(10, 'System', [], [menu(11, 'Logging', ['system:logging:del']), menu(12, 'Dhcp')])],
  operations: [menu(50, 'Tasks', ['system:timed_task:run_now'])],
};
const admin = {
  id: 1,
  name: 'admin',
  description: 'Everything',
  mode: 'full',
  menu_ids: [10, 11, 12, 50],
  button_keys: ['system:logging:del', 'system:timed_task:run_now'],
  site_ids: [],
  all_sites: 0,
  enabled: 1,
  builtin: 1,
  is_admin: 1,
  user_count: 1,
  created_at: '2026-11-01 00:00:00',
};

describe('PermissionManagement', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (path: string, body: { method?: string }) => {
      if (path.endsWith('system_menu')) return systemMenu;
      if (body.method === 'list') return { list: [admin], total: 1 };
      return { id: 2 };
    });
  });
  afterEach(cleanup);

  it('hides add, edit and delete without their keys; the built-in role has no delete', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:authority:del']) });
    render(<PermissionManagement />, { wrapper: Providers });
    expect(await screen.findByText('Built-in')).toBeTruthy();
    expect(screen.getByText('4 menus, 2 buttons')).toBeTruthy();
    for (const name of ['Add role', 'Edit role', 'Delete'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('a new role is saved with the menus and buttons checked in the tree', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:authority:add']) });
    render(<PermissionManagement />, { wrapper: Providers });
    fireEvent.click(await screen.findByRole('button', { name: /Add role/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('Role name'), { target: { value: 'log keepers' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Expand all' }));
    const delButton = await within(drawer).findByText('Delete (system:logging:del)');
    // Checking a button checks its menu and the group above it.
    fireEvent.click(delButton.closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!);
    expect(within(drawer).getByText('2 menus, 1 buttons')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/system/authority',
        {
          method: 'add',
          name: 'log keepers',
          description: '',
          mode: 'full',
          site_ids: [],
          all_sites: 0,
          enabled: 1,
          menu_ids: [10, 11],
          button_keys: ['system:logging:del'],
        },
        undefined,
      ),
    );
  });
});
