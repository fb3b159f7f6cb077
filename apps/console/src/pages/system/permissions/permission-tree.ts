import type { PermissionMenu } from '@igs/contract/calls';

/**
 * The permission tree of a role (DOMAIN system/PermissionManagement): menus of the role's mode,
 * with their button keys as leaves. Node keys: `m:<menu id>` for menus, `b:<menu id>:<key>` for
 * buttons. The tree is checked node by node (antd `checkStrictly`) with these rules, so that a
 * menu can be granted without all of its buttons, and a button never without its menu:
 * - checking a menu checks it, its ancestors and everything under it;
 * - checking a button checks it, its menu and the menu's ancestors;
 * - unchecking a node unchecks everything under it, and ancestors left with nothing checked.
 */

export interface PermissionNode {
  key: string;
  title: string;
  /** Button leaves carry their key. */
  button?: string;
  children?: PermissionNode[];
}

export interface Grants {
  menu_ids: number[];
  button_keys: string[];
}

export const menuKey = (id: number) => `m:${id}`;
export const buttonNodeKey = (menuId: number, key: string) => `b:${menuId}:${key}`;

/** Builds the tree; `title` turns a menu's title key and a button key into display text. */
export function buildPermissionTree(
  menus: readonly PermissionMenu[],
  title: { menu(titleKey: string): string; button(key: string): string },
): PermissionNode[] {
  return menus.map((m) => {
    const buttons: PermissionNode[] = m.buttons.map((b) => ({
      key: buttonNodeKey(m.id, b),
      title: title.button(b),
      button: b,
    }));
    const children = [...buttons, ...buildPermissionTree(m.children ?? [], title)];
    return { key: menuKey(m.id), title: title.menu(m.meta.title), ...(children.length ? { children } : {}) };
  });
}

interface Index {
  parent: Map<string, string>;
  descendants: Map<string, string[]>;
  nodes: Map<string, PermissionNode>;
}

function indexTree(tree: readonly PermissionNode[]): Index {
  const parent = new Map<string, string>();
  const descendants = new Map<string, string[]>();
  const nodes = new Map<string, PermissionNode>();
  const walk = (list: readonly PermissionNode[], up: string | undefined): string[] => {
    const all: string[] = [];
    for (const n of list) {
      nodes.set(n.key, n);
      if (up) parent.set(n.key, up);
      const below = walk(n.children ?? [], n.key);
      descendants.set(n.key, below);
      all.push(n.key, ...below);
    }
    return all;
  };
  walk(tree, undefined);
  return { parent, descendants, nodes };
}

/** The checked node keys after one node was checked or unchecked. */
export function toggleNode(
  tree: readonly PermissionNode[],
  checked: readonly string[],
  key: string,
  on: boolean,
): string[] {
  const { parent, descendants, nodes } = indexTree(tree);
  const set = new Set(checked);
  const below = descendants.get(key) ?? [];
  if (on) {
    set.add(key);
    if (key.startsWith('m:')) for (const k of below) set.add(k);
    for (let p = parent.get(key); p; p = parent.get(p)) set.add(p);
  } else {
    set.delete(key);
    for (const k of below) set.delete(k);
    // A menu stays granted while any of its buttons or sub-menus is; groups follow their children.
    for (let p = parent.get(key); p; p = parent.get(p)) {
      const anyLeft = (descendants.get(p) ?? []).some((k) => set.has(k));
      if (!anyLeft && isGroup(nodes.get(p))) set.delete(p);
      else break;
    }
  }
  return [...set];
}

/** A menu node whose children are menus only (a Layout group): it exists only through them. */
function isGroup(node: PermissionNode | undefined): boolean {
  return Boolean(node?.children?.length) && node!.children!.every((c) => !c.button);
}

/** A role's grants as checked node keys of this tree (grants of the other mode are not in it). */
export function grantsToKeys(tree: readonly PermissionNode[], grants: Grants): string[] {
  const { nodes, parent } = indexTree(tree);
  const menus = new Set(grants.menu_ids.map(menuKey));
  const buttons = new Set(grants.button_keys);
  const out: string[] = [];
  for (const [key, node] of nodes) {
    if (node.button) {
      const menu = parent.get(key);
      if (menu && menus.has(menu) && buttons.has(node.button)) out.push(key);
    } else if (menus.has(key)) out.push(key);
  }
  return out;
}

/** The grants a set of checked node keys stands for. */
export function keysToGrants(tree: readonly PermissionNode[], checked: readonly string[]): Grants {
  const { nodes } = indexTree(tree);
  const menu_ids: number[] = [];
  const buttons = new Set<string>();
  for (const key of checked) {
    const node = nodes.get(key);
    if (!node) continue;
    if (node.button) buttons.add(node.button);
    else menu_ids.push(Number(key.slice(2)));
  }
  return { menu_ids: menu_ids.sort((a, b) => a - b), button_keys: [...buttons].sort() };
}

/** Every node key, to expand or check all. */
export function allKeys(tree: readonly PermissionNode[]): string[] {
  return [...indexTree(tree).nodes.keys()];
}
