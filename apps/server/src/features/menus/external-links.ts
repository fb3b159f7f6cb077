import type { Lang, MenuNode } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../../platform/app-context.ts';
import type { AnyAction } from '../../platform/http/action.ts';
import { afterResourceWrites } from '../../platform/resources/after-writes.ts';

/**
 * DOMAIN 2.9 system/ExternalLinks: enabled links join the menu tree of `System/auth_menu` as
 * external items (path = the URL, which the console opens in a new tab): under their `parent`
 * group when the caller sees that group, else at the top; only for the roles in `role_ids` when
 * it is set. Full mode only: the operations view has no sidebar to hold them.
 *
 * The icon field holds an upload id (a picture); the sidebar draws icon names only, so a picture
 * is not passed on as `meta.icon`.
 */

const UPLOAD_ID = /^[0-9a-f-]{36}$/i;
export const externalLink = resourceByName('system:external_link');

interface LinkRow {
  id: number;
  title: string;
  title_en: string | null;
  url: string;
  icon: string | null;
  parent: string | null;
  role_ids: string | null;
}

function roleIds(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

/** `/system/` and `system` both name the group at `/system`. */
function normalRoute(route: string): string {
  const r = `/${route.trim().replace(/^\/+|\/+$/g, '')}`;
  return r === '/' ? '' : r;
}

function findGroup(nodes: MenuNode[], route: string, base = ''): MenuNode | undefined {
  for (const n of nodes) {
    const full = n.path.startsWith('/') ? n.path.replace(/\/+$/, '') : `${base}/${n.path}`;
    if (full === route && n.children) return n;
    const inner = n.children ? findGroup(n.children, route, full) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** The tree with the role's enabled external links added (the tree is the caller's own copy). */
export async function withExternalLinks(
  app: AppContext,
  tree: MenuNode[],
  roleId: number,
  lang: Lang,
): Promise<MenuNode[]> {
  const rows = (await app.db.kysely
    .selectFrom(externalLink.table)
    .select(['id', 'title', 'title_en', 'url', 'icon', 'parent', 'role_ids'])
    .where('site_id', '=', 0)
    .where('enabled', '=', 1)
    .orderBy('sort', 'asc')
    .orderBy('id', 'desc')
    .execute()) as LinkRow[];
  for (const l of rows) {
    const roles = roleIds(l.role_ids);
    if (roles.length && !roles.includes(roleId)) continue;
    // Only http(s) links reach the tree, whatever an older row holds (DOMAIN: http(s) only).
    if (!/^https?:\/\//i.test(l.url)) continue;
    const node: MenuNode = {
      path: l.url,
      component: '',
      name: `ExternalLink${l.id}`,
      meta: { title: lang === 'en' && l.title_en ? l.title_en : l.title },
    };
    if (l.icon && !UPLOAD_ID.test(l.icon)) node.meta.icon = l.icon;
    const route = l.parent ? normalRoute(l.parent) : '';
    const group = route ? findGroup(tree, route) : undefined;
    if (group) group.children!.push(node);
    else tree.push(node);
  }
  return tree;
}

/** A link added, changed or deleted: the cached menu trees are built again at the next call. */
export function withExternalLinkFollowers(actions: readonly AnyAction[]): AnyAction[] {
  return afterResourceWrites(
    actions,
    [externalLink.endpoint],
    (app) => app.caches.get('grants')?.clear(),
    'menu cache refresh',
  );
}
