import { Code, say } from '@igs/contract';
import { voiceRecordCalls } from '@igs/contract/calls';
import { resourceByName } from '@igs/contract/resources';
import { defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { scoped } from '../../platform/resources/scope.ts';
import { inCallTransaction } from '../../platform/resources/transaction.ts';

const outboundRoute = resourceByName('voice:outbound_route');

/**
 * voice/RoutingList `sort` (DOMAIN 3.2: `ids` in their new order, button key :edit): the order in
 * which an extension's calls try the outbound routes, stored in `seq` (1, 2, …), which the
 * generated dialplan follows. The generic sort serves lists with a `sort` field; the routes keep
 * FreePBX's name for it. Routes left out of `ids` keep their place after the ones sent.
 */
export const outboundRouteOrderAction = defineCallAction(voiceRecordCalls.routeOrder, {
  summary: 'Outbound routes: store the dialling order (ids in their new order) as seq 1, 2, …',
  access: 'module',
  async handler(ctx, input) {
    return inCallTransaction(ctx, async (tctx) => {
      const db = tctx.app.db.kysely;
      const rows = await scoped(tctx)
        .selectFrom(outboundRoute.table, tctx.scope.write)
        .select(['id', 'site_id', 'seq'])
        .execute();
      const mine = new Set(rows.map((r) => Number(r.id)));
      const missing = input.ids.filter((id) => !mine.has(id));
      if (missing.length)
        throw new ApiError(
          Code.notFound,
          say(tctx.lang, 'voice.noSuchRecord', { missing: missing.join(', #') }),
        );
      // The sent ones in their order, then the others of their sites as they were.
      const sent = new Set(input.ids);
      const sites = new Set(rows.filter((r) => sent.has(Number(r.id))).map((r) => Number(r.site_id)));
      const rest = rows
        .filter((r) => !sent.has(Number(r.id)) && sites.has(Number(r.site_id)))
        .sort((a, b) => Number(a.seq ?? 0) - Number(b.seq ?? 0) || Number(a.id) - Number(b.id))
        .map((r) => Number(r.id));
      const now = tctx.app.now();
      for (const [i, id] of [...input.ids, ...rest].entries())
        await db
          .updateTable(outboundRoute.table)
          .set({ seq: i + 1, updated_at: now })
          .where('id', '=', id)
          .execute();
      tctx.logDetail = `voice:outbound_route sort #${input.ids.join(', #')}`;
      return {};
    });
  },
});
