import { timingSafeEqual } from 'node:crypto';
import { Code, texts } from '@igs/contract';
import { acAgentCalls, type CallArgs } from '@igs/contract/calls';
import { type ActionContext, type AnyAction, defineCallAction } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/resources/transaction.ts';
import { refreshPendingCounts, TASKS } from '../device-tasks/index.ts';
import { clientIp } from '../terminal-api/index.ts';
import { apClientsAction, checkStations, forgetStations, replaceStations } from './clients.ts';
import { settleUpgradeFromAgent, upgradeHandedOut } from './upgrades.ts';

/**
 * The AP agent's calls (DOMAIN 2.4: the agent polls the gateway; commands are logged in-progress,
 * success or failed as in openwisp_controller/connection). DOMAIN names the configuration
 * checksum poll but not how commands reach the agent, so:
 * - `poll` {mac, key}: marks the AP online (last_seen, last_ip, model, os, clients) and hands out
 *   its pending commands of `device_tasks`, each once: a handed-out command becomes `sent`. It may
 *   carry `stations`, the clients associated now (clients.ts): they replace the AP's list and its
 *   count. A count without them drops the list, which no longer says who is there.
 * - `ack` {mac, key, task_id, ok, output, version}: settles a `sent` command of this AP as done or
 *   failed; for an `upgrade`, a success names the firmware the AP now runs (`version`), and the
 *   upgrade operation and the AP's firmware follow (upgrades.ts).
 * The key is the gateway's AC_AGENT_KEY, shared by all APs; without one set the calls are refused.
 */

export const AC_AGENT = '/api/ac/agent';
/** How often an agent is told to poll; an AP is online while heard within 3 polls (dashboard). */
export const AGENT_POLL_S = 60;
export const AP_ONLINE_WINDOW_S = AGENT_POLL_S * 3;

const db = (ctx: ActionContext) => ctx.app.db.kysely;

/** The AP of a MAC, once the shared key checks; the same refusal for a wrong key and an unknown MAC. */
async function requireAp(ctx: ActionContext, mac: string, key: string): Promise<number> {
  const expected = ctx.app.config.acAgentKey ?? '';
  const a = Buffer.from(key);
  const b = Buffer.from(expected);
  const keyOk = expected !== '' && a.length === b.length && timingSafeEqual(a, b);
  const ap = keyOk
    ? await db(ctx).selectFrom('ac_ap').select('id').where('mac', '=', mac).executeTakeFirst()
    : undefined;
  if (!ap) throw new ApiError(Code.forbidden, texts('ac.unknownAgent'));
  return Number(ap.id);
}

async function poll(ctx: ActionContext, input: CallArgs<typeof acAgentCalls.poll>) {
  const apId = await requireAp(ctx, input.mac, input.key);
  // Before anything is written: a bad report changes nothing.
  if (input.stations) checkStations(input.stations, input.clients);
  const now = ctx.app.now();
  const set: Record<string, unknown> = {
    online: 1,
    last_seen: formatDateTime(now),
    last_ip: clientIp(ctx.ip) || null,
    updated_at: now,
  };
  if (input.model) set.model = input.model;
  if (input.os) set.os = input.os;
  if (input.stations) set.clients = input.stations.length;
  else if (input.clients !== undefined) set.clients = input.clients;
  await inTransaction(db(ctx), async (trx) => {
    // The AP's row first: on PostgreSQL its lock orders two overlapping polls of one AP.
    await trx.updateTable('ac_ap').set(set).where('id', '=', apId).execute();
    if (input.stations) await replaceStations(trx, apId, input.stations, now);
    else if (input.clients !== undefined) await forgetStations(trx, apId);
  });
  const due = await db(ctx)
    .selectFrom(TASKS)
    .select(['id', 'name', 'args', 'operation_id'])
    .where('domain', '=', 'ac')
    .where('device_id', '=', apId)
    .where('state', '=', 'pending')
    .where('not_before', '<=', now)
    .orderBy('id')
    .execute();
  const commands = [];
  for (const t of due) {
    // Compare-and-set: of two overlapping polls only one takes a command. An upgrade's operation
    // notes when it was taken, with it: its answer is awaited from then (upgrades.ts).
    const taken = await inTransaction(db(ctx), async (trx) => {
      const r = await trx
        .updateTable(TASKS)
        .set({ state: 'sent' })
        .where('id', '=', t.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      if (t.name === 'upgrade' && t.operation_id !== null && t.operation_id !== undefined)
        await upgradeHandedOut(trx, Number(t.operation_id), now);
      return true;
    });
    if (!taken) continue;
    let args: unknown = {};
    try {
      args = JSON.parse(String(t.args));
    } catch {}
    commands.push({ task_id: Number(t.id), name: String(t.name), args });
  }
  if (commands.length) await refreshPendingCounts(db(ctx), 'ac', [apId]);
  return { poll_s: AGENT_POLL_S, server_time: formatDateTime(now), commands };
}

async function ack(ctx: ActionContext, input: CallArgs<typeof acAgentCalls.ack>) {
  const apId = await requireAp(ctx, input.mac, input.key);
  const awaiting = () => new ApiError(Code.notFound, texts('ac.noCommandAwaits', { id: input.task_id }));
  const task = await db(ctx)
    .selectFrom(TASKS)
    .select(['name', 'operation_id'])
    .where('id', '=', input.task_id)
    .where('domain', '=', 'ac')
    .where('device_id', '=', apId)
    .where('state', '=', 'sent')
    .executeTakeFirst();
  if (!task) throw awaiting();
  const upgrade = String(task.name) === 'upgrade';
  if (upgrade && input.ok && !input.version) throw invalidField('version', 'ac.upgradeAckNeedsVersion');
  const now = ctx.app.now();
  await inTransaction(db(ctx), async (trx) => {
    const r = await trx
      .updateTable(TASKS)
      .set({ state: input.ok ? 'done' : 'failed', fault_string: input.output.slice(0, 1000), done_at: now })
      .where('id', '=', input.task_id)
      .where('domain', '=', 'ac')
      .where('device_id', '=', apId)
      .where('state', '=', 'sent')
      .executeTakeFirst();
    // Settled meanwhile (another ack, or the sweep gave up on it).
    if (Number(r.numUpdatedRows) !== 1) throw awaiting();
    if (upgrade)
      await settleUpgradeFromAgent(trx, {
        apId,
        operationId:
          task.operation_id === null || task.operation_id === undefined ? null : Number(task.operation_id),
        ok: input.ok,
        version: input.version,
        output: input.output,
        now,
      });
  });
  return { task_id: input.task_id, state: input.ok ? ('done' as const) : ('failed' as const) };
}

export const acAgentActions: AnyAction[] = [
  defineCallAction(acAgentCalls.poll, {
    summary: 'AP agent: marks the AP online and hands out its pending commands (each once)',
    access: 'public',
    mutates: false,
    handler: (ctx, input) => poll(ctx, input),
  }),
  defineCallAction(acAgentCalls.ack, {
    summary: 'AP agent: settles a handed-out command as done or failed',
    access: 'public',
    mutates: false,
    handler: (ctx, input) => ack(ctx, input),
  }),
  // What the agent reported, read by the console (a module read, not an agent call).
  apClientsAction,
];
