import { type Localized, say, texts } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { invalidField } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';

/**
 * DOMAIN 2.8 smart/AppMenu: `parent_id` (two levels). The launcher shows top items and one row of
 * sub-items under each; a deeper item would never be drawn. So a parent must be a top item, an
 * item is never its own parent, and an item with sub-items stays on top. With two levels at most
 * no cycle can form (A under B needs B on top, and B on top cannot be under A).
 */
export async function twoLevelAppMenus({ conn, lang, def, values, selfId }: WriteHookArgs<'smart_app_menu'>) {
  if (!('parent_id' in values) || values.parent_id === null || values.parent_id === undefined) return;
  const parentId = Number(values.parent_id);
  const refuse = (problem: Localized) =>
    invalidField(
      'parent_id',
      say(lang, 'common.fieldProblem', { field: texts('smart.parentMenu'), problem }),
    );
  if (selfId !== undefined && parentId === selfId) throw refuse(texts('smart.itemCannotOwnParent'));
  const parent = await conn
    .selectFrom(def.table)
    .select(['name', 'parent_id'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  // A missing parent is refused by the reference check.
  if (parent && parent.parent_id !== null)
    throw refuse(texts('smart.itselfSubItemMenus', { name: String(parent.name) }));
  if (selfId === undefined) return;
  const child = await conn
    .selectFrom(def.table)
    .select('name')
    .where('parent_id', '=', selfId)
    .executeTakeFirst();
  if (child) throw refuse(texts('smart.itemSubItemsSuch', { name: String(child.name) }));
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const appMenuTreeRules: readonly Registration[] = [writeRule('index:app_menu', twoLevelAppMenus)];
