import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import type { AnyAction } from '../../platform/http/action.ts';
import { aroundResourceWrites } from '../../platform/resources/after-writes.ts';
import { inCallTransaction } from '../../platform/resources/transaction.ts';
import { keyFields } from './stream-key.ts';

/**
 * Media values the server sets around the generic writes, in the same transaction as the write: a
 * new broadcast room gets its stream key and addresses (they need the host the operator reached
 * the console at, which a write rule does not see). EPG rows of an XMLTV guide are written with
 * source `xmltv` by the guide's own writer (epg-import.ts).
 */

const broadcast = resourceByName('media:broadcast');
const endpointsOf = (def: ResourceDef) => [def.endpoint, ...(def.opsEndpoint ? [def.opsEndpoint] : [])];

export function withMediaWrites(actions: readonly AnyAction[]): AnyAction[] {
  return aroundResourceWrites(actions, endpointsOf(broadcast), (ctx, write, action) => {
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
