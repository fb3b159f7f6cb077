import { Code, type Lang, type Localized, listText, say, texts } from '@igs/contract';
import type { Conn } from '../../platform/db/schema.ts';
// The add/edit rules of the TR069 resources (template pair, tags, reboot-plan targets).
import { type Registration, resourceVerb } from '../../platform/feature.ts';
import type { ActionContext } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { itmsConfig } from '../../platform/settings/itms-config.ts';
import {
  cancelDeviceTasks,
  noTargets,
  noteOnTask,
  queueTasks,
  runPlan,
  targetList,
} from '../device-tasks/index.ts';
import { connectionRequest, UnreachableError } from './connection-request.ts';
import { type Knock, knockOnce, wakeQueueOf } from './wake-queue.ts';

/**
 * DOMAIN 2.5 tr069/TerminalList verbs. Each queues a CWMP task (genieacs/genieacs task names) that
 * the CPE receives in its next session, then knocks with a connection request where the CPE has
 * reported where to (a CPE that cannot be reached still takes the task at its periodic inform).
 * `summon` is the connection request alone; `tag` and `untag` change the record.
 */

const ids = (records: Record<string, unknown>[]) => records.map((r) => Number(r.id));
const username = (ctx: ActionContext) => ctx.caller?.user.username ?? '';

/**
 * Wakes the CPEs of freshly queued tasks: as many at once as the ITMS pace allows (their outcome
 * is in the verb's answer), the others through the paced queue (wake-queue.ts). Each
 * attempt's outcome is noted on the task (`wake`).
 */
async function knock(
  ctx: ActionContext,
  db: Conn,
  tasks: { taskId: number; record: Record<string, unknown> }[],
): Promise<Knock[]> {
  const cfg = await itmsConfig(ctx.app);
  const user = String(cfg.cr_username ?? '');
  const pass = String(cfg.cr_password ?? '');
  const queue = wakeQueueOf(ctx.app);
  queue?.setRate(Number(cfg.cr_per_second ?? 10));
  // Who can be woken at all, then how many of them the pace lets go now (in the batch's order).
  const out: Knock[] = tasks.map(({ record: r }) => {
    const device_id = String(r.device_id ?? r.id);
    // No attempt without a URL and credentials: the CPE takes the task at its next inform.
    if (!/^https?:\/\/\S+$/i.test(String(r.connection_request_url ?? '')))
      return { device_id, sent: false, reason: 'no connection request URL reported yet' };
    if (!user || !pass)
      return { device_id, sent: false, reason: 'no connection request credentials in ITMS' };
    return { device_id, sent: false, queued: true };
  });
  const wakeable = tasks
    .map((t, i) => ({
      taskId: t.taskId,
      deviceId: out[i]!.device_id,
      url: String(t.record.connection_request_url),
      i,
    }))
    .filter((w) => out[w.i]!.queued);
  const now = queue ? queue.take(wakeable.length) : wakeable.length;
  await Promise.all(
    wakeable.slice(0, now).map(async (w) => {
      const outcome = await knockOnce(w.url, user, pass);
      await noteOnTask(db, w.taskId, { wake: { at: ctx.app.now(), ...outcome } });
      out[w.i] = { device_id: w.deviceId, ...outcome };
    }),
  );
  const later = wakeable.slice(now);
  if (queue && later.length) {
    const left = queue.enqueue(later);
    for (const l of left as typeof later) {
      const reason = 'left to the periodic inform (connection request queue full)';
      out[l.i] = { device_id: l.deviceId, sent: false, reason };
      await noteOnTask(db, l.taskId, { wake: { at: ctx.app.now(), sent: false, reason } });
    }
  }
  return out;
}

async function queueAndKnock(
  ctx: ActionContext,
  db: Conn,
  records: Record<string, unknown>[],
  name: string,
  args: Record<string, unknown> = {},
  opts: { skipPending?: boolean } = {},
) {
  const r = await queueTasks(db, {
    domain: 'tr069',
    site: Number(records[0]?.site_id ?? 0),
    deviceIds: ids(records),
    name,
    args,
    by: username(ctx),
    now: ctx.app.now(),
    skipPending: opts.skipPending,
  });
  const byId = new Map(records.map((x) => [Number(x.id), x]));
  const knocks = await knock(
    ctx,
    db,
    r.tasks.map((t) => ({ taskId: t.taskId, record: byId.get(t.deviceId)! })),
  );
  const reached = knocks.filter((k) => k.sent).length;
  const waking = knocks.filter((k) => k.queued).length;
  const rate = Number((await itmsConfig(ctx.app)).cr_per_second ?? 10);
  ctx.msg =
    say(ctx.lang, 'tr069.taskQueued', {
      task: name,
      n: r.queued.length,
      already: r.already.length ? texts('tr069.alreadyHadItPending', { n: r.already.length }) : '',
      reached,
    }) + (waking ? say(ctx.lang, 'tr069.wakingPaced', { n: waking, rate }) : '');
  return {
    task: name,
    queued: r.queued.length,
    already_pending: r.already.length,
    connection_requests: knocks,
  };
}

const deviceRebootVerb = resourceVerb('tr069:device', 'reboot', async ({ ctx, db, records }) =>
  queueAndKnock(ctx, db, records, 'reboot', {}, { skipPending: true }),
);

const deviceFactoryResetVerb = resourceVerb('tr069:device', 'factory_reset', async ({ ctx, db, records }) =>
  queueAndKnock(ctx, db, records, 'factoryReset', {}, { skipPending: true }),
);

const deviceRpcMethodsVerb = resourceVerb('tr069:device', 'get_rpc_methods', async ({ ctx, db, records }) =>
  queueAndKnock(ctx, db, records, 'getRPCMethods', {}, { skipPending: true }),
);

/** Cancels pending tasks (one, by `task_id`, or all of each CPE); taken ones stay as they are. */
const deviceCancelTasksVerb = resourceVerb(
  'tr069:device',
  'cancel_tasks',
  async ({ ctx, db, records, input }) => {
    const one = input.task_id === undefined || input.task_id === null ? undefined : [Number(input.task_id)];
    const cancelled = await cancelDeviceTasks(db, 'tr069', ids(records), ctx.app.now(), one);
    ctx.msg = say(ctx.lang, 'tr069.tasksCancelled', { n: cancelled.length });
    ctx.logDetail = `tr069:device cancel_tasks #${ids(records).join(', #')}: task #${cancelled.join(', #') || '-'}`;
    return { cancelled: cancelled.length, task_ids: cancelled };
  },
);

const deviceRefreshVerb = resourceVerb('tr069:device', 'refresh', async ({ ctx, db, records, input }) =>
  queueAndKnock(ctx, db, records, 'refreshObject', { objectName: String(input.path ?? '') }),
);

// ---- set_params ---------------------------------------------------------------------------------

const XSD_TYPES = ['xsd:string', 'xsd:int', 'xsd:unsignedInt', 'xsd:boolean', 'xsd:dateTime'] as const;
const PARAM_PATH = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;
const MAX_PARAMS = 50;

/**
 * `params` as genieacs' parameterValues: `[[path, value, type], …]`, from that shape or
 * `[{path, value, type}, …]`; the type defaults to xsd:string and the value must fit it.
 */
export function parseParams(raw: unknown, lang: Lang): [string, string, string][] {
  const fail = (text: Localized) => invalidField('params', text[lang]);
  const list = targetList(raw);
  if (list === null || !list.length) throw fail(texts('tr069.parametersMustNonEmpty'));
  if (list.length > MAX_PARAMS) throw fail(texts('tr069.mostParameters', { max: MAX_PARAMS }));
  return list.map((item, i) => {
    const n = i + 1;
    const [path, value, type] = Array.isArray(item)
      ? item
      : item && typeof item === 'object'
        ? [
            (item as Record<string, unknown>).path,
            (item as Record<string, unknown>).value,
            (item as Record<string, unknown>).type,
          ]
        : [undefined, undefined, undefined];
    if (typeof path !== 'string' || !PARAM_PATH.test(path))
      throw fail(texts('tr069.pathMustParameterSuch', { n }));
    const t = type === undefined || type === null || type === '' ? 'xsd:string' : String(type);
    const xsd = t.startsWith('xsd:') ? t : `xsd:${t}`;
    if (!(XSD_TYPES as readonly string[]).includes(xsd))
      throw fail(texts('tr069.typeMustOne', { n, options: listText(XSD_TYPES) }));
    if (value === undefined || value === null || typeof value === 'object')
      throw fail(texts('tr069.valueRequired', { n }));
    const v = String(value);
    const ok =
      xsd === 'xsd:int'
        ? /^-?\d+$/.test(v) && Math.abs(Number(v)) <= 2_147_483_648 && Number(v) <= 2_147_483_647
        : xsd === 'xsd:unsignedInt'
          ? /^\d+$/.test(v) && Number(v) <= 4_294_967_295
          : xsd === 'xsd:boolean'
            ? ['true', 'false', '0', '1'].includes(v)
            : xsd === 'xsd:dateTime'
              ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v))
              : v.length <= 1024;
    if (!ok) throw fail(texts('tr069.notValid', { n, v: v.slice(0, 64), xsd }));
    return [path, v, xsd];
  });
}

const deviceSetParamsVerb = resourceVerb(
  'tr069:device',
  'set_params',
  async ({ ctx, db, records, input }) => {
    const parameterValues = parseParams(input.params, ctx.lang);
    return queueAndKnock(ctx, db, records, 'setParameterValues', { parameterValues });
  },
);

const deviceDownloadVerb = resourceVerb('tr069:device', 'download', async ({ ctx, db, records, input }) => {
  const site = Number(records[0]?.site_id ?? 0);
  const file = await db
    .selectFrom('tr069_file')
    .select(['id', 'name', 'file_type', 'version'])
    .where('id', '=', Number(input.file_id))
    .where('site_id', '=', site)
    .executeTakeFirst();
  if (!file)
    throw invalidField('file_id', say(ctx.lang, 'tr069.cpeFileDoesNot', { file_id: String(input.file_id) }));
  return queueAndKnock(ctx, db, records, 'download', {
    fileId: Number(file.id),
    fileName: String(file.name),
    fileType: String(file.file_type ?? '1 Firmware Upgrade Image'),
    version: String(file.version ?? ''),
  });
});

const deviceSummonVerb = resourceVerb('tr069:device', 'summon', async ({ ctx, records }) => {
  const r = records[0]!;
  const cfg = await itmsConfig(ctx.app);
  if (!cfg.cr_username || !cfg.cr_password)
    throw invalidField('cr_username', say(ctx.lang, 'tr069.setCredentialsFirst'));
  const url = String(r.connection_request_url ?? '');
  if (!/^https?:\/\/\S+$/i.test(url))
    throw new ApiError(
      Code.conflict,
      say(ctx.lang, 'tr069.noConnectionRequestUrl', { device_id: String(r.device_id) }),
    );
  let status: number;
  try {
    status = (await connectionRequest(url, String(cfg.cr_username), String(cfg.cr_password))).status;
  } catch (e) {
    if (!(e instanceof UnreachableError)) throw e;
    throw new ApiError(Code.unavailable, say(ctx.lang, 'tr069.cpeUnreachable', { url, reason: e.reason }), {
      url,
      reason: e.reason,
    });
  }
  if (status === 401) throw invalidField('cr_password', say(ctx.lang, 'tr069.cpeRefusedConnectionRequest'));
  if (status < 200 || status >= 300)
    throw new ApiError(Code.unavailable, say(ctx.lang, 'tr069.cpeAnsweredHttp', { url, status }), {
      url,
      http_status: status,
    });
  ctx.msg = say(ctx.lang, 'tr069.cpeAcceptedConnectionRequest', { status });
  return { url, http_status: status };
});

// ---- tags ---------------------------------------------------------------------------------------

async function retag(
  ctx: ActionContext,
  db: Conn,
  records: Record<string, unknown>[],
  tag: string,
  add: boolean,
) {
  let changed = 0;
  for (const r of records) {
    const tags = (targetList(r.tags) ?? []).map(String);
    const next = add ? (tags.includes(tag) ? tags : [...tags, tag]) : tags.filter((t) => t !== tag);
    if (next.length === tags.length) continue;
    if (next.length > 32) throw invalidField('tag', say(ctx.lang, 'tr069.alreadyTags', { id: String(r.id) }));
    await db
      .updateTable('tr069_device')
      .set({ tags: JSON.stringify(next), updated_at: ctx.app.now() })
      .where('id', '=', Number(r.id))
      .execute();
    changed++;
  }
  ctx.logDetail = `tr069:device ${add ? 'tag' : 'untag'} ${tag} #${ids(records).join(', #')}`;
  return { updated: changed };
}

const deviceTagVerb = resourceVerb('tr069:device', 'tag', async ({ ctx, db, records, input }) =>
  retag(ctx, db, records, String(input.tag), true),
);
const deviceUntagVerb = resourceVerb('tr069:device', 'untag', async ({ ctx, db, records, input }) =>
  retag(ctx, db, records, String(input.tag), false),
);

// ---- TimedRestart -------------------------------------------------------------------------------

const timedRebootRunNowVerb = resourceVerb('tr069:timed_reboot', 'run_now', async ({ ctx, db, records }) => {
  const plan = records[0]!;
  const result = await runPlan(db, 'tr069', plan, { now: ctx.app.now(), by: username(ctx) });
  if (!result.targets) throw noTargets(ctx.lang);
  ctx.msg = say(ctx.lang, 'tr069.rebootQueued', {
    n: result.queued,
    already: result.already ? texts('tr069.alreadyPending', { n: result.already }) : '',
  });
  return result;
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const tr069Verbs: readonly Registration[] = [
  deviceRebootVerb,
  deviceFactoryResetVerb,
  deviceRefreshVerb,
  deviceSetParamsVerb,
  deviceDownloadVerb,
  deviceSummonVerb,
  deviceRpcMethodsVerb,
  deviceCancelTasksVerb,
  deviceTagVerb,
  deviceUntagVerb,
  timedRebootRunNowVerb,
];
