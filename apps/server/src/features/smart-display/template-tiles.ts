import { invalidField } from '../../http/errors.ts';
import { onResourceWrite, type WriteHookArgs } from '../resources/hooks.ts';
import { say, storedList, storedValues } from './stored-values.ts';

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
  const refuse = (en: string, zh: string) => invalidField('tiles', say(lang, `Tiles: ${en}`, `磁贴：${zh}`));
  if (tiles === 'bad') throw refuse('must be a list of {slot, app_menu_id}', '须为 {slot, app_menu_id} 列表');
  const list = tiles ?? [];
  if (layout === null) {
    if (list.length) throw refuse('choose a layout first', '请先选择布局');
    return;
  }
  const slots = LAYOUT_SLOTS[layout];
  if (slots !== undefined && list.length !== slots)
    throw refuse(
      `the ${layout} layout has ${slots} slots, so it needs ${slots} tiles, not ${list.length}`,
      `布局 ${layout} 有 ${slots} 个位置，须有 ${slots} 个磁贴，当前 ${list.length} 个`,
    );
  const max = slots ?? LIST_MAX;
  if (list.length > max)
    throw refuse(`at most ${max} for the ${layout} layout`, `布局 ${layout} 最多 ${max} 个`);
  const seen = new Set<number>();
  const menuIds = new Set<number>();
  for (const [i, tile] of list.entries()) {
    const t = (tile ?? {}) as { slot?: unknown; app_menu_id?: unknown };
    const slot = Number(t.slot);
    const menu = Number(t.app_menu_id);
    if (!Number.isInteger(slot) || slot < 1 || slot > max)
      throw refuse(
        `tile ${i + 1}: slot must be a whole number from 1 to ${max}`,
        `第 ${i + 1} 个：slot 须为 1–${max} 的整数`,
      );
    if (seen.has(slot)) throw refuse(`slot ${slot} is used twice`, `位置 ${slot} 重复`);
    seen.add(slot);
    if (!Number.isInteger(menu) || menu < 1)
      throw refuse(
        `tile ${i + 1}: app_menu_id must name an app menu`,
        `第 ${i + 1} 个：app_menu_id 须为应用菜单`,
      );
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
  if (missing.length)
    throw refuse(
      `app menu #${missing.join(', #')} does not exist`,
      `应用菜单 #${missing.join(', #')} 不存在`,
    );
}

onResourceWrite('smart:easy_template', tilesFitLayout);
