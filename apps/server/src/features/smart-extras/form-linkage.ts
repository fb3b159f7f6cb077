import { Code, type Localized, say, texts } from '@igs/contract';
import { formLinkageCalls } from '@igs/contract/calls';
import type { FORM_LINKAGE_TYPES, LinkageNode } from '@igs/contract/extras';
import { resourceByName } from '@igs/contract/resources';
import { picksResource } from '../../platform/auth/record-kinds.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { scoped } from '../../platform/resources/scope.ts';

/**
 * `index/form_linkage` (spec 7, DOMAIN 1.2 "cascading options"): the tree-shaped records as
 * nested {value, label, children} for cascaders: areas (building/floor/room/bed), film classes
 * and app menus, each by `parent_id`, scoped to the caller's sites, and only to a caller whose role
 * holds the type's own page or the page of a record that references it (a film's class picker
 * needs the films page); any other caller is refused with 403 naming the type.
 */

/** Each type's resource: its table, and the pages that may pick its records (auth/record-kinds.ts). */
const RESOURCES: Record<(typeof FORM_LINKAGE_TYPES)[number], string> = {
  area: 'system:region',
  film_class: 'media:video_type',
  app_menu: 'index:app_menu',
};
const LABELS: Record<(typeof FORM_LINKAGE_TYPES)[number], Localized> = {
  area: texts('smart.linkArea'),
  film_class: texts('smart.linkFilmClass'),
  app_menu: texts('smart.linkAppMenu'),
};
const MAX_ROWS = 5000;

type AccessLevel = 'session' | 'module';

/** Rows into a forest; a parent that is missing or part of a loop makes its child a root. */
export function toTree(rows: { id: number; parent_id: number | null; name: string }[]): LinkageNode[] {
  const nodes = new Map<number, LinkageNode & { parent: number | null }>();
  for (const r of rows) nodes.set(r.id, { value: r.id, label: r.name, parent: r.parent_id });
  const roots: LinkageNode[] = [];
  const reachesSelf = (id: number) => {
    const seen = new Set<number>();
    for (let p = nodes.get(id)?.parent ?? null; p !== null && nodes.has(p); p = nodes.get(p)!.parent) {
      if (p === id || seen.has(p)) return true;
      seen.add(p);
    }
    return false;
  };
  for (const node of nodes.values()) {
    const parent = node.parent !== null ? nodes.get(node.parent) : undefined;
    if (parent && !reachesSelf(node.value)) {
      parent.children ??= [];
      parent.children.push(node);
    } else roots.push(node);
  }
  const clean = (list: LinkageNode[]): LinkageNode[] =>
    list.map((n) => ({
      value: n.value,
      label: n.label,
      ...(n.children ? { children: clean(n.children) } : {}),
    }));
  return clean(roots);
}

function linkageAction(call: (typeof formLinkageCalls)['full'], access: AccessLevel) {
  return defineCallAction(call, {
    summary: 'Cascading options: {type: area|film_class|app_menu} as a tree of {value, label, children}',
    access,
    mutates: false,
    async handler(ctx, input) {
      const resource = RESOURCES[input.type];
      if (!(await picksResource(ctx.app, ctx.caller, resource))) {
        throw new ApiError(Code.forbidden, say(ctx.lang, 'smart.noPageUses', { what: LABELS[input.type] }));
      }
      const q = scoped(ctx)
        .selectFrom(resourceByName(resource)!.table)
        .select(['id', 'parent_id', 'name'])
        .orderBy('sort', 'asc')
        .orderBy('id', 'asc')
        .limit(MAX_ROWS);
      const rows = await q.execute();
      return toTree(
        rows.map((r) => ({
          id: Number(r.id),
          parent_id: r.parent_id === null ? null : Number(r.parent_id),
          name: String(r.name ?? r.id),
        })),
      );
    },
  });
}

// Full mode has no menu for the pickers, so any signed-in caller may read them; the operations
// path is granted with the operations home item.
export const formLinkageActions = [
  linkageAction(formLinkageCalls.full, 'session'),
  linkageAction(formLinkageCalls.operations, 'module'),
];
