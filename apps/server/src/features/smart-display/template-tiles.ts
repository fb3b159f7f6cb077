import { type Localized, say, texts } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { invalidField } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { storedList, storedValues } from './stored-values.ts';

/**
 * DOMAIN 2.8 smart/EasyTemplate: `tiles` {slot, app_menu_id}[] — the count must equal the
 * layout's slots, else 422. The launcher draws one app menu per slot, so a missing tile is a hole
 * and an extra one is never shown. Each tile names a slot of the layout once and an app menu of
 * the template's site. A list layout has no fixed slots (up to LIST_MAX rows); a template without
 * a layout yet (saved by name first, as the scene editor does) may not have tiles.
 */
export const LAYOUT_SLOTS: Readonly<Record<string, number>> = {
  banner_4: 4,
  banner_6: 6,
  grid_3x2: 6,
  grid_4x2: 8,
};
const LIST_MAX = 50;

export async function tilesFitLayout(args: WriteHookArgs): Promise<void> {
  const { conn, lang, site, values, selfId } = args;
  if (selfId !== undefined && !('layout' in values) && !('tiles' in values)) return;
  const stored = await storedValues(args, ['layout', 'tiles']);
  const layout = stored.layout === null ? null : String(stored.layout);
  const tiles = storedList(stored.tiles);
  const refuse = (problem: Localized) =>
    invalidField('tiles', say(lang, 'common.fieldProblem', { field: texts('smart.tiles'), problem }));
  if (tiles === 'bad') throw refuse(texts('smart.mustBeListOf', { shape: '{slot, app_menu_id}' }));
  const list = tiles ?? [];
  if (layout === null) {
    if (list.length) throw refuse(texts('smart.chooseLayoutFirst'));
    return;
  }
  const slots = LAYOUT_SLOTS[layout];
  if (slots !== undefined && list.length !== slots)
    throw refuse(texts('smart.layoutSlotsSoNeeds', { layout, slots, n: list.length }));
  const max = slots ?? LIST_MAX;
  if (list.length > max) throw refuse(texts('smart.mostLayout', { max, layout }));
  const seen = new Set<number>();
  const menuIds = new Set<number>();
  for (const [i, tile] of list.entries()) {
    const t = (tile ?? {}) as { slot?: unknown; app_menu_id?: unknown };
    const slot = Number(t.slot);
    const menu = Number(t.app_menu_id);
    if (!Number.isInteger(slot) || slot < 1 || slot > max)
      throw refuse(texts('smart.tileSlotMustWhole', { value: i + 1, max }));
    if (seen.has(slot)) throw refuse(texts('smart.slotUsedTwice', { slot }));
    seen.add(slot);
    if (!Number.isInteger(menu) || menu < 1) throw refuse(texts('smart.tileAppMenuId', { value: i + 1 }));
    menuIds.add(menu);
  }
  if (!menuIds.size) return;
  const found = await conn
    .selectFrom('smart_app_menu')
    .select('id')
    .where('site_id', '=', site)
    .where('id', 'in', [...menuIds])
    .execute();
  const missing = [...menuIds].filter((id) => !found.some((r) => Number(r.id) === id));
  if (missing.length) throw refuse(texts('smart.appMenuDoesNot', { missing: missing.join(', #') }));
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const templateTileRules: readonly Registration[] = [writeRule('smart:easy_template', tilesFitLayout)];
