import type { PermissionMenu } from '@igs/contract/calls';
import { describe, expect, it } from 'vitest';
import { buildPermissionTree, grantsToKeys, keysToGrants, toggleNode } from './permission-tree.ts';

const menu = (
  id: number,
  name: string,
  buttons: string[] = [],
  children?: PermissionMenu[],
): PermissionMenu => ({
  id,
  name,
  path: name,
  component: 'x',
  meta: { title: `menu.${name}` },
  buttons,
  ...(children ? { children } : {}),
});

// system (group) > logging (page, 2 buttons), dhcp (page, 1 button); dashboard (page, no buttons)
const menus = [
  menu(1, 'dashboard'),
  menu(
    10,
    'system',
    [],
    [
      menu(11, 'logging', ['system:logging:del', 'system:logging:export']),
      menu(12, 'dhcp', ['system:dhcp_set:edit']),
    ],
  ),
];
const tree = buildPermissionTree(menus, { menu: (k) => k.toUpperCase(), button: (k) => `[${k}]` });

describe('permission tree', () => {
  it('puts buttons as leaves under their menu, before sub-menus, with display titles', () => {
    expect(tree.map((n) => n.key)).toEqual(['m:1', 'm:10']);
    expect(tree[0]!.children).toBeUndefined();
    const logging = tree[1]!.children![0]!;
    expect(logging).toMatchObject({ key: 'm:11', title: 'MENU.LOGGING' });
    expect(logging.children!.map((c) => [c.key, c.title, c.button])).toEqual([
      ['b:11:system:logging:del', '[system:logging:del]', 'system:logging:del'],
      ['b:11:system:logging:export', '[system:logging:export]', 'system:logging:export'],
    ]);
  });

  it('checking a button grants its menu and the group; unchecking it keeps the menu', () => {
    let keys = toggleNode(tree, [], 'b:11:system:logging:del', true);
    expect(keysToGrants(tree, keys)).toEqual({ menu_ids: [10, 11], button_keys: ['system:logging:del'] });
    keys = toggleNode(tree, keys, 'b:11:system:logging:del', false);
    // The page without any button is still granted: a menu alone is a valid grant.
    expect(keysToGrants(tree, keys)).toEqual({ menu_ids: [10, 11], button_keys: [] });
  });

  it('checking a menu checks everything under it; unchecking the last page drops the group', () => {
    let keys = toggleNode(tree, [], 'm:10', true);
    expect(keysToGrants(tree, keys)).toEqual({
      menu_ids: [10, 11, 12],
      button_keys: ['system:dhcp_set:edit', 'system:logging:del', 'system:logging:export'],
    });
    keys = toggleNode(tree, keys, 'm:11', false);
    expect(keysToGrants(tree, keys)).toEqual({ menu_ids: [10, 12], button_keys: ['system:dhcp_set:edit'] });
    keys = toggleNode(tree, keys, 'm:12', false);
    expect(keysToGrants(tree, keys)).toEqual({ menu_ids: [], button_keys: [] });
  });

  it("turns a role's grants into checked keys and back", () => {
    const grants = {
      menu_ids: [1, 10, 11, 999],
      button_keys: ['system:logging:export', 'system:dhcp_set:edit'],
    };
    const keys = grantsToKeys(tree, grants);
    // Menu 999 (the other mode) is not in this tree; a button of an ungranted menu is not checked.
    expect(keys.sort()).toEqual(['b:11:system:logging:export', 'm:1', 'm:10', 'm:11']);
    expect(keysToGrants(tree, keys)).toEqual({
      menu_ids: [1, 10, 11],
      button_keys: ['system:logging:export'],
    });
  });
});
