import { keepText } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/resources/transaction.ts';
import { refreshPendingCounts, TASKS } from '../device-tasks/index.ts';

/**
 * How an AP upgrade operation (ac:upgrade) ends. Its `upgrade` command goes to the AP agent at a
 * poll (agent.ts, which notes the time here); the agent's acknowledgement settles it:
 * - success, naming the firmware it now runs: the operation succeeds (100 %) and the AP's
 *   firmware (`os`) becomes that version;
 * - failure, with the agent's reason: the operation fails with it.
 * An operation is never left in progress for ever (expireUpgrades, run by the presence sweep):
 * - handed out and not answered within UPGRADE_ANSWER_MS: failed, the command too;
 * - never taken, the AP not polling within UPGRADE_PICKUP_MS: failed, its command cancelled, so
 *   the AP does not install it days later unasked.
 * The result is kept as a catalogue key (`result`), read in the reader's language; the log gets a
 * line. Every change is a compare-and-set on the command's state first, and only the call that
 * moved the command settles the operation: of an acknowledgement and a sweep (of any instance
 * over one database) exactly one wins.
 */

const OPERATIONS = resourceByName('ac:upgrade').table;
/** How long an agent has to report an upgrade it took: flashing and rebooting take minutes. */
export const UPGRADE_ANSWER_MS = 30 * 60_000;
/** How long an upgrade waits for its AP's next poll. */
export const UPGRADE_PICKUP_MS = 24 * 3_600_000;
/** Operations settled per sweep pass; the next pass takes the rest. */
const SWEEP_BATCH = 200;
const LOG_CHARS = 5000;

/**
 * Adds a line to an operation still in progress and sets `set` on it; false when it is no longer
 * in progress (cancelled, or settled by another call).
 */
async function settleOperation(
  db: Conn,
  id: number,
  now: number,
  line: string,
  set: Record<string, unknown>,
): Promise<boolean> {
  const op = await db
    .selectFrom(OPERATIONS)
    .select('log')
    .where('id', '=', id)
    .where('state', '=', 'in-progress')
    .executeTakeFirst();
  if (!op) return false;
  const r = await db
    .updateTable(OPERATIONS)
    .set({
      ...set,
      log: `${String(op.log ?? '')}\n${formatDateTime(now)} ${line}`.trim().slice(-LOG_CHARS),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('state', '=', 'in-progress')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The agent took the operation's command at a poll: the answer is awaited from now. */
export async function upgradeHandedOut(db: Conn, operationId: number, now: number): Promise<void> {
  await settleOperation(db, operationId, now, "handed to the AP agent: waiting for the agent's report", {});
}

/** The printable first line of an agent's text, shortened for the result. */
const brief = (s: string) => s.split('\n')[0]!.trim().slice(0, 200);

/**
 * Settles an upgrade from the agent's acknowledgement, after the command itself was settled (by
 * the caller, in the same transaction): the AP's firmware on success, the operation either way.
 */
export async function settleUpgradeFromAgent(
  db: Conn,
  a: { apId: number; operationId: number | null; ok: boolean; version: string; output: string; now: number },
): Promise<void> {
  if (a.ok)
    await db
      .updateTable('ac_ap')
      .set({ os: a.version, updated_at: a.now })
      .where('id', '=', a.apId)
      .execute();
  if (a.operationId === null) return;
  const reason = brief(a.output);
  await settleOperation(
    db,
    a.operationId,
    a.now,
    a.ok
      ? `the agent reports success: now runs ${a.version}${reason ? ` (${reason})` : ''}`
      : `the agent reports a failure: ${reason || 'no reason given'}`,
    a.ok
      ? { state: 'success', progress: 100, result: keepText('ac.upgradeSucceeded', { version: a.version }) }
      : {
          state: 'failed',
          result: reason
            ? keepText('ac.upgradeFailedReason', { reason })
            : keepText('ac.upgradeFailedNoReason'),
        },
  );
}

interface Stale {
  task_id: number;
  device_id: number;
  operation_id: number;
}

async function staleOnes(
  db: Conn,
  taskState: 'sent' | 'pending',
  column: 'updated_at' | 'created_at',
  cutoff: number,
) {
  const rows = await db
    .selectFrom(`${TASKS} as t`)
    .innerJoin(`${OPERATIONS} as o`, 'o.id', 't.operation_id')
    .select(['t.id as task_id', 't.device_id as device_id', 'o.id as operation_id'])
    .where('t.domain', '=', 'ac')
    .where('t.name', '=', 'upgrade')
    .where('t.state', '=', taskState)
    .where('o.state', '=', 'in-progress')
    .where(`o.${column}`, '<', cutoff)
    .orderBy('t.id')
    .limit(SWEEP_BATCH)
    .execute();
  return rows.map(
    (r): Stale => ({
      task_id: Number(r.task_id),
      device_id: Number(r.device_id),
      operation_id: Number(r.operation_id),
    }),
  );
}

/**
 * Fails the upgrades nobody will answer any more (see the top of this file). Returns how many of
 * each kind this call settled; safe to run on every instance at once.
 */
export async function expireUpgrades(app: AppContext): Promise<{ unanswered: number; untaken: number }> {
  const db = app.db.kysely;
  const now = app.now();
  const out = { unanswered: 0, untaken: 0 };
  const minutes = UPGRADE_ANSWER_MS / 60_000;
  const hours = UPGRADE_PICKUP_MS / 3_600_000;
  // Handed out: the operation's updated_at is when the agent took it (upgradeHandedOut).
  for (const s of await staleOnes(db, 'sent', 'updated_at', now - UPGRADE_ANSWER_MS)) {
    const won = await inTransaction(db, async (trx) => {
      const r = await trx
        .updateTable(TASKS)
        .set({ state: 'failed', done_at: now })
        .where('id', '=', s.task_id)
        .where('state', '=', 'sent')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await settleOperation(
        trx,
        s.operation_id,
        now,
        `no report from the AP agent within ${minutes} minutes`,
        {
          state: 'failed',
          result: keepText('ac.upgradeNoAnswer', { minutes }),
        },
      );
      return true;
    });
    if (won) out.unanswered++;
  }
  const untaken: number[] = [];
  for (const s of await staleOnes(db, 'pending', 'created_at', now - UPGRADE_PICKUP_MS)) {
    const won = await inTransaction(db, async (trx) => {
      const r = await trx
        .updateTable(TASKS)
        .set({ state: 'cancelled', done_at: now })
        .where('id', '=', s.task_id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await settleOperation(trx, s.operation_id, now, `the AP did not poll within ${hours} hours: not sent`, {
        state: 'failed',
        result: keepText('ac.upgradeNeverTaken', { hours }),
      });
      return true;
    });
    if (won) untaken.push(s.device_id);
  }
  if (untaken.length) await refreshPendingCounts(db, 'ac', untaken);
  out.untaken = untaken.length;
  return out;
}
