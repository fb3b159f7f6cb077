import { Code, type Lang, say } from '@igs/contract';
import type { Conn } from '../../platform/db/schema.ts';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { storedList } from './stored-values.ts';

/**
 * DOMAIN 2.8 smart/MallManagement: "stock is decremented in the order's transaction". A new
 * order takes the quantity of each of its goods whose stock is limited (−1 = unlimited), in the
 * same write as the order, and is refused (409, nothing taken) when one has too little left; a
 * cancelled order gives it back (order-verbs.ts). Goods no longer in the catalogue have no stock
 * to keep: the order's items are a snapshot (name, price) and stand on their own.
 */
const GOODS = 'shop_goods';

export interface OrderLine {
  goods_id: number;
  qty: number;
}

/** The order's items as {goods_id, qty} per goods (quantities of repeated goods added up). */
export function orderLines(stored: unknown, lang: Lang): OrderLine[] {
  const items = storedList(stored);
  const refuse = () =>
    invalidField('items', say(lang, 'smart.itemsShape', { shape: '{goods_id, name, price, qty}' }));
  if (items === 'bad') throw refuse();
  const byGoods = new Map<number, number>();
  for (const item of items ?? []) {
    const { goods_id, qty } = (item ?? {}) as { goods_id?: unknown; qty?: unknown };
    const id = Number(goods_id);
    const n = Number(qty);
    if (!Number.isInteger(id) || id < 1 || !Number.isInteger(n) || n < 1) throw refuse();
    byGoods.set(id, (byGoods.get(id) ?? 0) + n);
  }
  return [...byGoods].map(([goods_id, qty]) => ({ goods_id, qty }));
}

async function limitedGoods(db: Conn, site: number, lines: readonly OrderLine[]) {
  if (!lines.length) return [];
  const rows = await db
    .selectFrom(GOODS)
    .select(['id', 'name', 'stock'])
    .where('site_id', '=', site)
    .where(
      'id',
      'in',
      lines.map((l) => l.goods_id),
    )
    .execute();
  return rows.filter((g) => g.stock !== null && Number(g.stock) >= 0);
}

export async function takeStock(
  db: Conn,
  site: number,
  lines: readonly OrderLine[],
  lang: Lang,
  now: number,
) {
  for (const g of await limitedGoods(db, site, lines)) {
    const qty = lines.find((l) => l.goods_id === Number(g.id))!.qty;
    // Conditional, so two orders racing for the last items cannot both take them.
    const r = await db
      .updateTable(GOODS)
      .set((eb) => ({ stock: eb('stock', '-', qty), updated_at: now }))
      .where('id', '=', Number(g.id))
      .where('stock', '>=', qty)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) continue;
    const left = Number(g.stock);
    const msg = say(lang, 'smart.itemsOnlyLeftOrdered', { left, name: String(g.name), qty });
    throw new ApiError(Code.conflict, msg, { errors: [{ field: 'items', msg }] });
  }
}

export async function returnStock(db: Conn, site: number, lines: readonly OrderLine[], now: number) {
  for (const g of await limitedGoods(db, site, lines)) {
    const qty = lines.find((l) => l.goods_id === Number(g.id))!.qty;
    await db
      .updateTable(GOODS)
      .set((eb) => ({ stock: eb('stock', '+', qty), updated_at: now }))
      .where('id', '=', Number(g.id))
      .execute();
  }
}

/** A new order (the terminal API, the demo data) takes its stock; edits never change items. */
export async function newOrderTakesStock({ conn, lang, now, values, site, selfId }: WriteHookArgs) {
  if (selfId !== undefined) return;
  // `state` is read-only to clients, whose add fills only writable fields' defaults.
  if (values.state === undefined || values.state === null) values.state = 'pending';
  if (values.state === 'cancelled') return;
  await takeStock(conn, site, orderLines(values.items, lang), lang, now);
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const orderStockRules: readonly Registration[] = [writeRule('shop:order', newOrderTakesStock)];
