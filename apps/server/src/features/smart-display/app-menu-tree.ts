import { invalidField } from '../../http/errors.ts';
import { onResourceWrite, type WriteHookArgs } from '../resources/hooks.ts';
import { say } from './stored-values.ts';

/**
 * DOMAIN 2.8 smart/AppMenu: `parent_id` (two levels). The launcher shows top items and one row of
 * sub-items under each; a deeper item would never be drawn. So a parent must be a top item, an
 * item is never its own parent, and an item with sub-items stays on top. With two levels at most
 * no cycle can form (A under B needs B on top, and B on top cannot be under A).
 */
export async function twoLevelAppMenus({ conn, lang, def, values, selfId }: WriteHookArgs) {
  if (!('parent_id' in values) || values.parent_id === null || values.parent_id === undefined) return;
  const parentId = Number(values.parent_id);
  const refuse = (en: string, zh: string) =>
    invalidField('parent_id', say(lang, `Parent menu: ${en}`, `上级菜单：${zh}`));
  if (selfId !== undefined && parentId === selfId)
    throw refuse('an item cannot be its own parent', '不能以自身为上级');
  const parent = await conn
    .selectFrom(def.table)
    .select(['name', 'parent_id'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  // A missing parent is refused by the reference check.
  if (parent && parent.parent_id !== null)
    throw refuse(
      `"${String(parent.name)}" is itself a sub-item; menus have two levels at most`,
      `“${String(parent.name)}”本身是子菜单，菜单最多两级`,
    );
  if (selfId === undefined) return;
  const child = await conn
    .selectFrom(def.table)
    .select('name')
    .where('parent_id', '=', selfId)
    .executeTakeFirst();
  if (child)
    throw refuse(
      `this item has sub-items (such as "${String(child.name)}"), so it stays a top item`,
      `该菜单有子菜单（如“${String(child.name)}”），只能作为一级菜单`,
    );
}

onResourceWrite('index:app_menu', twoLevelAppMenus);
