import { type Registration, resourceVerb } from '../../platform/feature.ts';
import type { VerbCall } from '../../platform/resources/verbs.ts';
import { orderLines, returnStock } from './order-stock.ts';

/**
 * DOMAIN 2.8 smart/MallManagement Order verbs, a state machine whose steps are the contract's
 * `when`: accept (pending), deliver (accepted), complete (accepted or delivering: a pickup or
 * service order has no delivery), cancel {reason} (any state before completed). Each records who
 * handled the order; cancel gives the goods' stock back in the same transaction.
 */
const TABLE = 'shop_order';

async function move(call: VerbCall, state: string, extra: Record<string, unknown> = {}) {
  const order = call.records[0]!;
  await call.db
    .updateTable(TABLE)
    .set({ state, handled_by: call.ctx.caller.user.username, updated_at: call.ctx.app.now(), ...extra })
    .where('id', '=', Number(order.id))
    .execute();
  return { state };
}

const orderAcceptVerb = resourceVerb('shop:order', 'accept', (call) => move(call, 'accepted'));
const orderDeliverVerb = resourceVerb('shop:order', 'deliver', (call) => move(call, 'delivering'));
const orderCompleteVerb = resourceVerb('shop:order', 'complete', (call) => move(call, 'completed'));

const orderCancelVerb = resourceVerb('shop:order', 'cancel', async (call) => {
  const order = call.records[0]!;
  const reason = String(call.input.reason);
  // Items were checked when the order was written; a stored list this reading refuses would
  // answer 422 here and cancel nothing.
  const lines = orderLines(JSON.stringify(order.items ?? null), call.ctx.lang);
  await returnStock(call.db, Number(order.site_id), lines, call.ctx.app.now());
  call.ctx.logDetail = `shop:order cancel #${order.id}: ${reason}`;
  return move(call, 'cancelled', { cancel_reason: reason });
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const orderVerbs: readonly Registration[] = [
  orderAcceptVerb,
  orderDeliverVerb,
  orderCompleteVerb,
  orderCancelVerb,
];
