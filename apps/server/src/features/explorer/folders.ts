import type { Kysely, Selectable } from 'kysely';
import type { Database, ExplorerFoldersTable } from '../../platform/db/schema.ts';

export type Folder = Selectable<ExplorerFoldersTable>;

/** Folders nest at most this deep, so a path stays readable in the picker's breadcrumb. */
export const MAX_DEPTH = 8;

/** A folder of one of `sites` (null: any site), or undefined. */
export async function folderIn(
  db: Kysely<Database>,
  id: number,
  sites: readonly number[] | null,
): Promise<Folder | undefined> {
  let q = db.selectFrom('explorer_folders').selectAll().where('id', '=', id);
  if (sites) q = q.where('site_id', 'in', sites);
  return q.executeTakeFirst();
}

/** The folders from the top down to `folder`, itself included. */
export async function pathOf(db: Kysely<Database>, folder: Folder): Promise<Folder[]> {
  const out: Folder[] = [folder];
  let parent = folder.parent_id;
  // Bounded: a parent chain is never longer than MAX_DEPTH, even if the data were damaged.
  for (let i = 0; parent !== 0 && i < MAX_DEPTH + 2; i++) {
    const row = await db
      .selectFrom('explorer_folders')
      .selectAll()
      .where('id', '=', parent)
      .where('site_id', '=', folder.site_id)
      .executeTakeFirst();
    if (!row) break;
    out.unshift(row);
    parent = row.parent_id;
  }
  return out;
}

/** A sibling with the same name, compared without case (Photos and photos would confuse). */
export async function siblingNamed(
  db: Kysely<Database>,
  site: number,
  parentId: number,
  name: string,
  exceptId = 0,
): Promise<Folder | undefined> {
  const rows = await db
    .selectFrom('explorer_folders')
    .selectAll()
    .where('site_id', '=', site)
    .where('parent_id', '=', parentId)
    .where('id', '!=', exceptId)
    .execute();
  const wanted = name.toLocaleLowerCase();
  return rows.find((r) => r.name.toLocaleLowerCase() === wanted);
}

export interface TreeNode {
  id: number;
  name: string;
  parent_id: number;
  site_id: number;
  children: TreeNode[];
}

/** The folders as a tree, each level sorted by name. */
export function buildTree(rows: readonly Folder[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  for (const r of rows)
    nodes.set(r.id, { id: r.id, name: r.name, parent_id: r.parent_id, site_id: r.site_id, children: [] });
  const roots: TreeNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parent_id ? nodes.get(n.parent_id) : undefined;
    // A folder whose parent is out of sight (another site) would be lost: show it at the top.
    (parent && parent.site_id === n.site_id ? parent.children : roots).push(n);
  }
  const byName = (a: TreeNode, b: TreeNode) => a.name.localeCompare(b.name) || a.id - b.id;
  const sort = (list: TreeNode[]) => {
    list.sort(byName);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}
