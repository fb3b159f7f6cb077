import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import type { AnyAction } from '../../platform/http/action.ts';
import { aroundResourceWrites } from '../../platform/resources/after-writes.ts';
import { inCallTransaction } from '../../platform/resources/transaction.ts';
import { xmltvImports } from './epg-import.ts';
import { keyFields } from './stream-key.ts';

/**
 * Media values the server sets around the generic writes, in the same transaction as the write:
 * EPG rows imported from an XMLTV file get source `xmltv` (the write rule gives every other new
 * row `manual`), and a new broadcast room gets its stream key and addresses (they need the host
 * the operator reached the console at, which a write rule does not see).
 */

const epg = resourceByName('media:epg');
const broadcast = resourceByName('media:broadcast');
const endpointsOf = (def: ResourceDef) => [def.endpoint, ...(def.opsEndpoint ? [def.opsEndpoint] : [])];

export function withMediaWrites(actions: readonly AnyAction[]): AnyAction[] {
  const withEpg = aroundResourceWrites(actions, endpointsOf(epg), (ctx, write, action) => {
    if (action.method !== 'import') return write(ctx);
    return inCallTransaction(ctx, async (tctx) => {
      const since = tctx.app.now();
      const reply = await write(tctx);
      if (xmltvImports.has(tctx))
        await tctx.app.db.kysely
          .updateTable(epg.table)
          .set({ source: 'xmltv' })
          .where('created_at', '>=', since)
          .where('source', '=', 'manual')
          .execute();
      return reply;
    });
  });
  return aroundResourceWrites(withEpg, endpointsOf(broadcast), (ctx, write, action) => {
    if (action.method !== 'add') return write(ctx);
    return inCallTransaction(ctx, async (tctx) => {
      const reply = (await write(tctx)) as { id?: number } | undefined;
      if (reply?.id)
        await tctx.app.db.kysely
          .updateTable(broadcast.table)
          .set(keyFields(tctx))
          .where('id', '=', reply.id)
          .execute();
      return reply;
    });
  });
}
