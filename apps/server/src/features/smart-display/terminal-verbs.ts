import { Code, say } from '@igs/contract';
import { type Registration, resourceVerb, writeRule } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { countRows, licenceStatus } from '../../platform/licence/licence.ts';
import type { VerbCall } from '../../platform/resources/verbs.ts';

/**
 * DOMAIN 2.8 smart/TerminalAuthorization verbs: `authorize` (a batch), `reject`, `disable`.
 * Which states each applies to is the contract's `when`. Authorising beyond the licence's
 * terminal limit answers 1006: the limit counts authorised terminals of every site (the licence
 * is the gateway's), and a batch that would pass it authorises none.
 */
const TABLE = 'smart_terminal';

async function setState(call: VerbCall, state: string): Promise<{ updated: number }> {
  const r = await call.db
    .updateTable(TABLE)
    .set({ state, updated_at: call.ctx.app.now() })
    .where(
      'id',
      'in',
      call.records.map((x) => Number(x.id)),
    )
    .executeTakeFirst();
  return { updated: Number(r.numUpdatedRows) };
}

const appListAuthorizeVerb = resourceVerb('index:app_list', 'authorize', async (call) => {
  const { ctx, db, records } = call;
  const status = await licenceStatus(ctx.app);
  const max = status.state === 'valid' ? status.licence?.limits.terminals : null;
  if (max !== null && max !== undefined) {
    const used = (await countRows(ctx.app, 'terminals', db)) ?? 0;
    // `when` already keeps authorised terminals out of the batch.
    if (used + records.length > max)
      throw new ApiError(
        Code.licenceRefused,
        say(ctx.lang, 'smart.licenceAllowsTerminalsAuthorized', { max, used, more: records.length }),
        { limit: 'terminals', max, used },
      );
  }
  return setState(call, 'authorized');
});

const appListRejectVerb = resourceVerb('index:app_list', 'reject', (call) => setState(call, 'rejected'));
const appListDisableVerb = resourceVerb('index:app_list', 'disable', (call) => setState(call, 'disabled'));

// `state` is read-only to clients, and the generic add fills only writable fields' defaults: a
// terminal added by hand starts pending, as one the heartbeat creates.
const appListRule = writeRule('index:app_list', async ({ values, selfId }) => {
  if (selfId === undefined && (values.state === undefined || values.state === null)) values.state = 'pending';
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const appListRegistrations: readonly Registration[] = [
  appListAuthorizeVerb,
  appListRejectVerb,
  appListDisableVerb,
  appListRule,
];
