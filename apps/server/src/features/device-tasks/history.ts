import { Code } from '@igs/contract';
import { type CallArgs, type DeviceTaskHistory, deviceCalls, type TaskDetail } from '@igs/contract/calls';
import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import { defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { scoped } from '../../platform/resources/scope.ts';
import { type DeviceDomain, TASKS, taskArgs } from './queue.ts';

/**
 * `history` {id, limit} on tr069/device and ac/ap (a read under the page's menu item): what was
 * queued for one device and how it ended, newest first — the tasks and faults sub-views of DOMAIN
 * 2.5 TerminalList and the command log of 2.4 (in progress, success or failed). A task's arguments
 * are given as what an operator reads about it (the parameter paths set, the file or build sent),
 * never as stored: a password sent to an AP is not repeated, nor a value set on a secret parameter.
 */

const DEVICES: Record<DeviceDomain, ResourceDef> = {
  tr069: resourceByName('tr069:device') as ResourceDef,
  ac: resourceByName('ac:ap'),
};

/** Parameter names whose values are secrets (Wi-Fi keys, passwords): shown as set, not shown. */
const SECRET_PARAM = /(password|passphrase|presharedkey|wepkey|secret)/i;

/** What came of a task beside its state: the connection request that woke the device, the file served. */
function outcomes(args: Record<string, unknown>): TaskDetail {
  const out: TaskDetail = {};
  const wake = args.wake as Record<string, unknown> | undefined;
  if (wake && typeof wake === 'object')
    out.wake = {
      sent: wake.sent === true,
      ...(typeof wake.http_status === 'number' ? { http_status: wake.http_status } : {}),
      ...(typeof wake.reason === 'string' ? { reason: wake.reason } : {}),
    };
  const t = args.transfer as Record<string, unknown> | undefined;
  if (t && typeof t === 'object')
    out.transfer = {
      bytes: Number(t.bytes ?? 0),
      result: String(t.result ?? ''),
      at: typeof t.at === 'number' ? formatDateTime(t.at) : '',
    };
  return out;
}

/** What a task's stored arguments say, in the words the list shows; nothing else (never a token). */
export function taskDetail(name: string, raw: unknown): TaskDetail {
  const args = taskArgs(raw);
  return { ...argumentsOf(name, args), ...outcomes(args) };
}

function argumentsOf(name: string, args: Record<string, unknown>): TaskDetail {
  switch (name) {
    case 'refreshObject':
      return { paths: [String(args.objectName ?? '')] };
    case 'setParameterValues': {
      const list = Array.isArray(args.parameterValues) ? args.parameterValues : [];
      return {
        values: list
          .filter((p): p is unknown[] => Array.isArray(p) && typeof p[0] === 'string')
          .map(([path, value]) => [
            String(path),
            SECRET_PARAM.test(String(path)) ? null : String(value ?? ''),
          ]),
      };
    }
    case 'download':
      return {
        file: String(args.fileName ?? ''),
        ...(args.version ? { version: String(args.version) } : {}),
      };
    case 'getRPCMethods': {
      const reply = (args.reply ?? {}) as { methods?: unknown };
      return Array.isArray(reply.methods) ? { methods: reply.methods.map(String) } : {};
    }
    case 'autonomousTransfer':
      // The CPE's own transfer: the URL it reported, with any credentials in it cut out.
      return { url: String(args.url ?? '').replace(/\/\/[^/@]*@/, '//') };
    case 'upgrade':
      return { version: String(args.version ?? '') };
    case 'locate':
      return typeof args.seconds === 'number' ? { seconds: args.seconds } : {};
    default:
      // reboot, factoryReset, apply, change_password (whose password stays unsaid).
      return {};
  }
}

async function history(
  ctx: SignedInContext,
  domain: DeviceDomain,
  input: CallArgs<typeof deviceCalls.cpeHistory>,
): Promise<DeviceTaskHistory> {
  const def = DEVICES[domain];
  const db = ctx.app.db.kysely;
  const device = await scoped(ctx)
    .selectFrom(def.table)
    .select('id')
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!device) throw new ApiError(Code.notFound, `${def.title[ctx.lang]} #${input.id} was not found`);
  const mine = db.selectFrom(TASKS).where('domain', '=', domain).where('device_id', '=', input.id);
  const [rows, counts] = await Promise.all([
    mine
      .select([
        'id',
        'name',
        'args',
        'state',
        'fault_code',
        'fault_string',
        'created_by',
        'created_at',
        'not_before',
        'done_at',
      ])
      .orderBy('id', 'desc')
      .limit(input.limit)
      .execute(),
    mine
      .select(['state', (eb) => eb.fn.countAll().as('n')])
      .groupBy('state')
      .execute(),
  ]);
  const byState = Object.fromEntries(counts.map((r) => [String(r.state), Number(r.n)]));
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      detail: taskDetail(String(r.name), r.args),
      state: String(r.state),
      fault_code: String(r.fault_code ?? ''),
      fault_string: String(r.fault_string ?? ''),
      created_by: String(r.created_by ?? ''),
      created_at: formatDateTime(Number(r.created_at)),
      // A timed reboot spread over its stagger waits until then.
      not_before: Number(r.not_before) > Number(r.created_at) ? formatDateTime(Number(r.not_before)) : '',
      done_at: r.done_at === null || r.done_at === undefined ? '' : formatDateTime(Number(r.done_at)),
    })),
    total: Object.values(byState).reduce((a, b) => a + b, 0),
    by_state: byState,
  };
}

export const deviceHistoryActions = (['tr069', 'ac'] as const).map((domain) =>
  defineCallAction(domain === 'tr069' ? deviceCalls.cpeHistory : deviceCalls.apHistory, {
    summary:
      domain === 'tr069'
        ? "A CPE's queued CWMP tasks, newest first, with their state and fault (code and text)"
        : "An AP's queued agent commands, newest first, with their state and the agent's answer",
    access: 'module',
    handler: (ctx, input) => history(ctx, domain, input),
  }),
);
