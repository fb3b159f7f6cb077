import { Code, type Lang, listText, say } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import { type Registration, referenceCounter, writeRule } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { valuesAfterWrite } from '../../platform/resources/after-write-values.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { refScope } from '../../platform/resources/scope.ts';

/**
 * Advertising rules a field description cannot say (DOMAIN 0 Sched and 2.7): every ad's schedule
 * ends after it starts and its weekdays are 1–7; a homepage ad holds 1 to 10 items, each naming an
 * existing material; and a material an item still names cannot be deleted (the items are a json
 * field, so the generic reference count does not see them).
 */

function invalid(field: string, msg: string): ApiError {
  return new ApiError(Code.invalid, msg, { errors: [{ field, msg }] });
}

const SCHEDULED = ['advertising:boot', 'advertising:main', 'advertising:live', 'advertising:text'];
const MATERIAL = 'advertising:resource';
export const MAX_HOMEPAGE_ITEMS = 10;
export const LINK_TYPES = ['none', 'live', 'film', 'intro', 'goods', 'url', 'app'] as const;

function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

async function scheduleRule({ conn, lang, def, values, selfId }: WriteHookArgs): Promise<void> {
  const after = await valuesAfterWrite(conn, def, values, selfId);
  const start = after.start_at == null ? '' : String(after.start_at);
  const end = after.end_at == null ? '' : String(after.end_at);
  // `dt` values are `YYYY-MM-DD HH:mm:ss`, so text order is time order.
  if (start && end && end <= start)
    throw invalid('end_at', say(lang, 'advert.endsMustAfterStarts', { end, start }));
  if (values.weekdays !== undefined && values.weekdays !== null) {
    const days = parseJson(values.weekdays);
    const ok =
      Array.isArray(days) &&
      days.length > 0 &&
      days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7) &&
      new Set(days).size === days.length;
    if (!ok) throw invalid('weekdays', say(lang, 'advert.weekdaysMustListDistinct'));
  }
}

interface HomepageItem {
  material_id: number;
  duration_s: number;
  link_type: (typeof LINK_TYPES)[number];
  link_target: string;
}

/** The items of a homepage ad, checked and with their defaults, or the reason they are refused. */
export function readHomepageItems(raw: unknown, lang: Lang): HomepageItem[] | string {
  const list = parseJson(raw);
  if (!Array.isArray(list) || list.length === 0) return say(lang, 'advert.itemsLeastOneItem');
  if (list.length > MAX_HOMEPAGE_ITEMS)
    return say(lang, 'advert.itemsMostGot', { max: MAX_HOMEPAGE_ITEMS, n: list.length });
  const out: HomepageItem[] = [];
  for (const [i, item] of list.entries()) {
    const n = i + 1;
    if (!item || typeof item !== 'object' || Array.isArray(item))
      return say(lang, 'advert.itemsItemNotObject', { n });
    const it = item as Record<string, unknown>;
    const material = Number(it.material_id);
    if (!Number.isInteger(material) || material <= 0)
      return say(lang, 'advert.itemsItemNeedsMaterial', { n });
    const duration = it.duration_s === undefined || it.duration_s === null ? 5 : Number(it.duration_s);
    if (!Number.isInteger(duration) || duration < 1 || duration > 3600)
      return say(lang, 'advert.itemsItemDurationS', { n });
    const linkType = it.link_type === undefined || it.link_type === null ? 'none' : String(it.link_type);
    if (!(LINK_TYPES as readonly string[]).includes(linkType))
      return say(lang, 'advert.itemsItemLinkType', { n, options: listText(LINK_TYPES) });
    const target = it.link_target === undefined || it.link_target === null ? '' : String(it.link_target);
    if (target.length > 255) return say(lang, 'advert.itemsItemLinkTarget', { n });
    out.push({
      material_id: material,
      duration_s: duration,
      link_type: linkType as HomepageItem['link_type'],
      link_target: target,
    });
  }
  return out;
}

async function homepageItemsRule({ conn, lang, values, site }: WriteHookArgs): Promise<void> {
  if (values.items === undefined || values.items === null) return;
  const items = readHomepageItems(values.items, lang);
  if (typeof items === 'string') throw invalid('items', items);
  const material = resourceByName(MATERIAL)!;
  const ids = [...new Set(items.map((i) => i.material_id))];
  const found = await conn
    .selectFrom(material.table)
    .select('id')
    .where('site_id', 'in', refScope(material, [site])!)
    .where('id', 'in', ids)
    .execute();
  const missing = ids.filter((id) => !found.some((r) => Number(r.id) === id));
  if (missing.length)
    throw invalid(
      'items',
      say(lang, 'advert.itemsDoesNotExist', { title: material.title, missing: missing.join(', #') }),
    );
  // Stored with the defaults filled in, as the terminals will read them.
  values.items = JSON.stringify(items);
}

/** Homepage ads whose items name any of these materials (a delete of them gets 409). */
async function homepageUses(
  conn: WriteHookArgs['conn'],
  ids: readonly number[],
  lang: Lang,
): Promise<{ entity: string; count: number }[]> {
  const homepage = resourceByName('advertising:main');
  const wanted = new Set(ids);
  const rows = await conn.selectFrom(homepage.table).select(['id', 'items']).execute();
  const count = rows.filter((r) => {
    const items = parseJson(r.items);
    return (
      Array.isArray(items) &&
      items.some(
        (i) => i && typeof i === 'object' && wanted.has(Number((i as { material_id?: unknown }).material_id)),
      )
    );
  }).length;
  return count ? [{ entity: homepage.title[lang], count }] : [];
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const advertRules: readonly Registration[] = [
  ...SCHEDULED.map((name) => writeRule(name, scheduleRule)),
  writeRule('advertising:main', homepageItemsRule),
  referenceCounter(MATERIAL, homepageUses),
];
