import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/app-context.ts';
import { countCwmp } from '../../platform/observability/index.ts';
import { itmsConfig } from '../../platform/settings/itms-config.ts';
import { noteOnTask, TASKS, taskArgs } from '../device-tasks/index.ts';
import { informDevice, reportedFields } from './devices.ts';
import { FILE_TOKEN_MS, issueFileUrl } from './files.ts';
import { storeParameters } from './parameters.ts';
import {
  type CwmpSession,
  claimNext,
  findSession,
  inflightOf,
  openSession,
  settleInflight,
  settleRebooted,
  settleTask,
} from './sessions.ts';
import { siteForNewCpe } from './site-rules.ts';
import {
  acsFault,
  autonomousTransferCompleteResponse,
  type CpeMessage,
  envelope,
  getRpcMethodsResponse,
  informResponse,
  parseCpeMessage,
  SoapError,
  taskRpc,
  transferCompleteResponse,
} from './soap.ts';

/**
 * The ACS side of a CWMP session (DOMAIN 2.5): the CPE opens it with an Inform, which creates or
 * updates its tr069_device row (devices.ts; a new CPE's site comes from the ACS URL's path,
 * site-rules.ts); then on each empty POST or RPC response it gets its next pending task of
 * `device_tasks` as the matching RPC, and the response (…Response or Fault) settles that task as
 * done or failed. 204 ends the session when nothing is left.
 *
 * A Download the CPE answers with Status 1 (transfer not finished) stays `sent` until the CPE's
 * TransferComplete, whose CommandKey (`task-<id>`) names the task: a FaultStruct with a FaultCode
 * other than 0 fails it with the CPE's code and string, FaultCode 0 (or none) makes it done.
 *
 * The session is a cookie naming a row of cwmp_sessions (sessions.ts): several instances behind a
 * load balancer share it, so each message of a session may reach any of them (no sticky sessions),
 * and a task goes out to one session of one instance only.
 */

export interface CwmpReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const COOKIE = 'igs_cwmp';
const DEVICE = 'tr069_device';
/** Tasks a session may fail in a row for having no RPC before it answers 204 (a bound, not a rule). */
const MAX_SKIPPED = 100;

const db = (app: AppContext) => app.db.kysely;
const xml = (status: number, body: string, headers: Record<string, string> = {}): CwmpReply => ({
  status,
  headers: { 'content-type': 'text/xml; charset="utf-8"', ...headers },
  body,
});
const plain = (status: number, body: string, headers: Record<string, string> = {}): CwmpReply => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  body,
});

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** HTTP Basic credentials against the ITMS acs_username/acs_password (none set: open ACS). */
function authorised(cfg: Record<string, unknown>, header: string | undefined): boolean {
  const user = String(cfg.acs_username ?? '');
  const pass = String(cfg.acs_password ?? '');
  if (!user && !pass) return true;
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return false;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i >= 0 && sameSecret(decoded.slice(0, i), user) && sameSecret(decoded.slice(i + 1), pass);
}

/**
 * A Download the CPE took (Status 1) but whose TransferComplete never came (the CPE lost it, or
 * was replaced) would stay `sent` for ever: once its file token has been dead for as long again
 * as it lived, the CPE's next Inform fails it, saying so.
 */
async function failLostTransfers(app: AppContext, deviceId: number): Promise<void> {
  const sent = await db(app)
    .selectFrom(TASKS)
    .select(['id', 'args'])
    .where('domain', '=', 'tr069')
    .where('device_id', '=', deviceId)
    .where('state', '=', 'sent')
    .execute();
  for (const t of sent) {
    const token = (taskArgs(t.args).fileToken ?? {}) as { expires?: number };
    if (Number(token.expires ?? 0) + FILE_TOKEN_MS < app.now())
      await settleTask(
        db(app),
        app.now(),
        deviceId,
        Number(t.id),
        'failed',
        '',
        'the CPE never reported the end of the transfer (TransferComplete)',
      );
  }
}

/** A FaultStruct's code: '' and '0' mean the transfer succeeded. */
const transferFailed = (code: string) => code.trim() !== '' && code.trim() !== '0';

/** A transfer the CPE made on its own, kept in its task list as a settled `autonomousTransfer`. */
async function logAutonomousTransfer(
  app: AppContext,
  deviceId: number,
  msg: Extract<CpeMessage, { kind: 'AutonomousTransferComplete' }>,
): Promise<void> {
  const failed = transferFailed(msg.faultCode);
  const now = app.now();
  const device = await db(app)
    .selectFrom(DEVICE)
    .select('site_id')
    .where('id', '=', deviceId)
    .executeTakeFirst();
  await db(app)
    .insertInto(TASKS)
    .values({
      site_id: Number(device?.site_id ?? 0),
      domain: 'tr069',
      device_id: deviceId,
      name: 'autonomousTransfer',
      args: JSON.stringify({
        url: msg.url.slice(0, 1024),
        fileType: msg.fileType.slice(0, 64),
        fileSize: msg.fileSize,
        isDownload: msg.isDownload,
      }),
      state: failed ? 'failed' : 'done',
      fault_code: failed ? msg.faultCode.slice(0, 32) : '',
      fault_string: failed ? msg.faultString.slice(0, 1000) : '',
      created_by: 'CPE',
      created_at: now,
      not_before: now,
      done_at: now,
    })
    .execute();
}

/** The next pending task due for the device as an RPC envelope, or 204 when none is left. */
async function nextTask(app: AppContext, s: CwmpSession): Promise<CwmpReply> {
  for (let skipped = 0; skipped < MAX_SKIPPED; skipped++) {
    const task = await claimNext(app, s);
    if (!task) break;
    const args = task.args;
    // A stored CPE file goes out with a URL of its own, whose token only this task's transfer opens.
    if (task.name === 'download' && !args.url)
      args.url = await issueFileUrl(app, task.id, String(args.fileName ?? ''));
    const rpc = taskRpc(task.name, args, `task-${task.id}`);
    if (rpc) return xml(200, envelope(s.ns, `task-${task.id}`, rpc));
    // A task CWMP has no RPC for can never run: it fails instead of blocking the queue.
    await settleInflight(app, s, 'failed', '9000', `no CWMP RPC for task ${task.name}`);
  }
  return { status: 204, headers: {}, body: '' };
}

/** The first Inform of a session: the CPE's row, its parameters, a new session and its cookie. */
async function inform(
  app: AppContext,
  msg: Extract<CpeMessage, { kind: 'Inform' }>,
  req: { authorization?: string; path?: string },
): Promise<CwmpReply> {
  countCwmp(app, 'inform');
  const cfg = await itmsConfig(app);
  if (!authorised(cfg, req.authorization))
    return plain(401, 'ACS credentials required', { 'www-authenticate': 'Basic realm="igs-acs"' });
  const register = Number(cfg.auto_register ?? 1) === 1 ? () => siteForNewCpe(app, req.path ?? '/') : null;
  const device = await informDevice(app, msg, register);
  if (device === null) return plain(403, 'unknown CPE and auto_register is off');
  if ('refused' in device) return plain(404, device.refused);
  await storeParameters(app, device.id, msg.params);
  if (msg.commandKeys['M Reboot']) await settleRebooted(app, device.id, msg.commandKeys['M Reboot']);
  await failLostTransfers(app, device.id);
  const key = await openSession(app, device.id, msg.ns);
  countCwmp(app, 'session');
  return xml(200, envelope(msg.ns, msg.id, informResponse()), {
    'set-cookie': `${COOKIE}=${key}; Path=/; HttpOnly`,
  });
}

/** One HTTP request of a CWMP session; `path` is the request's path (it may name the CPE's site). */
export async function handleCwmp(
  app: AppContext,
  req: { body: string; authorization?: string; cookie?: string; path?: string },
): Promise<CwmpReply> {
  const sid = new RegExp(`(?:^|;\\s*)${COOKIE}=([A-Za-z0-9_-]+)`).exec(req.cookie ?? '')?.[1];
  const current = () => (sid ? findSession(app, sid) : Promise.resolve(null));

  if (!req.body.trim()) {
    // The CPE's empty POST: it has nothing more to say; hand it the next task.
    const session = await current();
    if (!session) return { status: 204, headers: {}, body: '' };
    return nextTask(app, session);
  }
  let msg: CpeMessage;
  try {
    msg = parseCpeMessage(req.body);
  } catch (e) {
    if (e instanceof SoapError) return plain(400, e.message);
    throw e;
  }

  if (msg.kind === 'Inform') return inform(app, msg, req);
  const session = await current();
  if (!session) return plain(400, 'no CWMP session: the session starts with an Inform');
  if (msg.kind === 'Fault') {
    await settleInflight(app, session, 'failed', msg.code, msg.message);
    return nextTask(app, session);
  }
  if (msg.kind === 'TransferComplete') {
    const taskId = /^task-(\d{1,12})$/.exec(msg.commandKey)?.[1];
    if (taskId) {
      const failed = transferFailed(msg.faultCode);
      await settleTask(
        db(app),
        app.now(),
        session.deviceId,
        Number(taskId),
        failed ? 'failed' : 'done',
        failed ? msg.faultCode : '',
        failed ? msg.faultString : '',
      );
    }
    return xml(200, envelope(msg.ns, msg.id, transferCompleteResponse()));
  }
  if (msg.kind === 'AutonomousTransferComplete') {
    await logAutonomousTransfer(app, session.deviceId, msg);
    return xml(200, envelope(msg.ns, msg.id, autonomousTransferCompleteResponse()));
  }
  if (msg.kind === 'GetRPCMethods') return xml(200, envelope(msg.ns, msg.id, getRpcMethodsResponse()));
  if (msg.name.endsWith('Response')) {
    if (msg.name === 'GetRPCMethodsResponse') {
      const inflight = await inflightOf(db(app), session);
      if (inflight !== null)
        await noteOnTask(db(app), inflight, {
          reply: { methods: msg.methods.slice(0, 200).map((m) => m.slice(0, 64)) },
        });
    }
    // Status 1: the CPE has not finished the transfer; its TransferComplete settles the task.
    if (msg.name === 'DownloadResponse' && msg.status === '1') {
      await settleInflight(app, session, 'sent');
      return nextTask(app, session);
    }
    if (msg.name === 'GetParameterValuesResponse') {
      const facts = reportedFields(msg.params);
      if (Object.keys(facts).length)
        await db(app).updateTable(DEVICE).set(facts).where('id', '=', session.deviceId).execute();
      await storeParameters(app, session.deviceId, msg.params);
    }
    await settleInflight(app, session, 'done');
    return nextTask(app, session);
  }
  // A CPE request this ACS does not implement (RequestDownload, Kicked, ...).
  return xml(500, envelope(msg.ns, msg.id, acsFault('8000', `Method not supported: ${msg.name}`)));
}
