import type { Lang, MenuMode, MenuNode } from '@igs/contract';
import type { AppContext } from '../../platform/app-context.ts';
import type { Menu } from '../../platform/db/schema.ts';
import { appCache } from '../../platform/lib/ttl-cache.ts';
import { externalLink, withExternalLinks } from './external-links.ts';

const CACHE = 'menus';

/** All menus of a mode, cached until clear_cache (they change only at start-up). */
async function menusOf(app: AppContext, mode: MenuMode): Promise<Menu[]> {
  let cache = app.caches.get(CACHE) as (Map<MenuMode, Menu[]> & { clear(): void }) | undefined;
  if (!cache) {
    cache = new Map() as Map<MenuMode, Menu[]> & { clear(): void };
    app.caches.set(CACHE, cache);
  }
  const hit = cache.get(mode);
  if (hit) return hit;
  const rows = await app.db.kysely
    .selectFrom('menus')
    .selectAll()
    .where('mode', '=', mode)
    .orderBy('sort')
    .execute();
  cache.set(mode, rows);
  return rows;
}

/**
 * The menu tree a role sees in a mode: the granted menus plus their ancestors (a group shows
 * when any of its children is granted), in seed order.
 */
export async function menuTreeFor(app: AppContext, roleId: number, mode: MenuMode): Promise<MenuNode[]> {
  const [menus, grants] = await Promise.all([
    menusOf(app, mode),
    app.db.kysely
      .selectFrom('role_menus')
      .innerJoin('roles', 'roles.id', 'role_menus.role_id')
      .select('role_menus.menu_id')
      .where('role_menus.role_id', '=', roleId)
      // A disabled role grants nothing.
      .where('roles.enabled', '=', 1)
      .execute(),
  ]);
  const byId = new Map(menus.map((m) => [m.id, m]));
  const visible = new Set<number>();
  for (const { menu_id } of grants) {
    for (
      let m = byId.get(menu_id);
      m && !visible.has(m.id);
      m = m.parent_id === null ? undefined : byId.get(m.parent_id)
    ) {
      visible.add(m.id);
    }
  }
  return buildTree(menus.filter((m) => visible.has(m.id)));
}

export function buildTree(menus: Menu[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const m of menus) nodes.set(m.id, toNode(m));
  const roots: MenuNode[] = [];
  for (const m of menus) {
    const node = nodes.get(m.id)!;
    const parent = m.parent_id === null ? undefined : nodes.get(m.parent_id);
    if (parent) {
      parent.children ??= [];
      parent.children.push(node);
    } else if (m.parent_id === null) roots.push(node);
  }
  return roots;
}

function toNode(m: Menu): MenuNode {
  const node: MenuNode = { path: m.path, component: m.component, name: m.name, meta: { title: m.title_key } };
  if (m.hidden) node.hidden = true;
  if (m.always_show) node.alwaysShow = true;
  if (m.redirect) node.redirect = m.redirect;
  if (m.icon) node.meta.icon = m.icon;
  if (m.active_menu) node.meta.activeMenu = m.active_menu;
  if (m.no_cache) node.meta.noCache = true;
  if (m.affix) node.meta.affix = true;
  return node;
}

export async function buttonsFor(app: AppContext, roleId: number): Promise<string[]> {
  const rows = await app.db.kysely
    .selectFrom('role_buttons')
    .innerJoin('roles', 'roles.id', 'role_buttons.role_id')
    .select('role_buttons.key')
    .where('role_buttons.role_id', '=', roleId)
    .where('roles.enabled', '=', 1)
    .orderBy('role_buttons.key')
    .execute();
  return rows.map((r) => r.key);
}

/**
 * A role's tree and buttons, asked for at every page load: kept for a few seconds per role and
 * mode, and dropped by clear_cache. A permission change empties it on this instance when the
 * change calls clear(), and on the others when they hear of the write (platform/cache/coherence.ts);
 * GRANTS_TTL_MS is the safety net.
 */
const GRANTS_TTL_MS = 5000;

interface Grants {
  tree: MenuNode[];
  buttons: string[];
}

export async function grantsOf(
  app: AppContext,
  roleId: number,
  mode: MenuMode,
  lang: Lang = 'zh_CN',
): Promise<Grants> {
  const cache = appCache<string, Grants>(app, 'grants', {
    ttlMs: GRANTS_TTL_MS,
    tables: ['menus', 'role_menus', 'role_buttons', 'roles', externalLink.table],
  });
  // External links carry a title per language (system/ExternalLinks), so the language is part of the key.
  const key = `${roleId}:${mode}:${lang}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const [menus, buttons] = await Promise.all([menuTreeFor(app, roleId, mode), buttonsFor(app, roleId)]);
  const tree = mode === 'full' ? await withExternalLinks(app, menus, roleId, lang) : menus;
  // A new object per computation: menu-reply.ts keys its encoded replies by this entry.
  return cache.set(key, { tree, buttons });
}
