import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { itmsConfig } from '../../platform/settings/itms-config.ts';
import { noteOnTask, refreshPendingCounts, TASKS, taskArgs } from '../device-tasks/index.ts';
import { FILE_TOKEN_MS, issueFileUrl } from './files.ts';
import { forgetParameters, storeParameters } from './parameters.ts';
import {
  acsFault,
  autonomousTransferCompleteResponse,
  type CpeMessage,
  envelope,
  getRpcMethodsResponse,
  informResponse,
  type ParamValue,
  parseCpeMessage,
  SoapError,
  taskRpc,
  transferCompleteResponse,
} from './soap.ts';

/**
 * The ACS side of a CWMP session (DOMAIN 2.5): the CPE opens it with an Inform, which creates or
 * updates its tr069_device row; then on each empty POST or RPC response it gets its next pending
 * task of `device_tasks` as the matching RPC, and the response (…Response or Fault) settles that
 * task as done or failed. 204 ends the session when nothing is left.
 *
 * A Download the CPE answers with Status 1 (transfer not finished) stays `sent` until the CPE's
 * TransferComplete, whose CommandKey (`task-<id>`) names the task: a FaultStruct with a FaultCode
 * other than 0 fails it with the CPE's code and string, FaultCode 0 (or none) makes it done.
 *
 * The session is a cookie naming an in-memory entry (device, task in flight): a CWMP session is a
 * few seconds on one TCP connection, so a restart costs at most one session, whose task stays
 * pending and goes out at the next inform.
 */

export interface CwmpReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Session {
  deviceId: number;
  ns: string;
  /** The task whose RPC the CPE has and has not answered yet. */
  inflight: number | null;
  expires: number;
}

const SESSION_MS = 120_000;
const COOKIE = 'igs_cwmp';
const DEVICE = 'tr069_device';

function sessions(app: AppContext): Map<string, Session> {
  let m = app.caches.get('cwmp-sessions') as Map<string, Session> | undefined;
  if (!m) {
    m = new Map();
    app.caches.set('cwmp-sessions', m);
  }
  return m;
}

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

/** What an Inform's (or GetParameterValuesResponse's) parameters say about the description's fields. */
export function reportedFields(params: readonly ParamValue[]): Record<string, string> {
  const out: Record<string, string> = {};
  const leaf: Record<string, string> = {
    'DeviceInfo.Manufacturer': 'manufacturer',
    'DeviceInfo.ModelName': 'model',
    'DeviceInfo.SoftwareVersion': 'software_version',
    'DeviceInfo.HardwareVersion': 'hardware_version',
    'ManagementServer.ConnectionRequestURL': 'connection_request_url',
  };
  for (const p of params) {
    const rest = p.name.replace(/^(InternetGatewayDevice|Device)\./, '');
    const field = leaf[rest];
    if (field) out[field] = p.value;
    else if (/\.ExternalIPAddress$/.test(p.name) && p.value && !out.ip) out.ip = p.value;
    else if (
      /\.MACAddress$/.test(p.name) &&
      /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/.test(p.value) &&
      !out.mac
    )
      out.mac = p.value.replace(/-/g, ':').toLowerCase();
  }
  if (out.ip && !/^(\d{1,3}\.){3}\d{1,3}$/.test(out.ip)) delete out.ip;
  // Column widths of the description: a CPE's long strings are cut, never refused.
  for (const k of Object.keys(out)) out[k] = out[k]!.slice(0, k === 'connection_request_url' ? 512 : 255);
  return out;
}

async function upsertDevice(
  app: AppContext,
  msg: Extract<CpeMessage, { kind: 'Inform' }>,
  autoRegister: boolean,
): Promise<number | null> {
  const { oui, productClass, serialNumber, manufacturer } = msg.deviceId;
  const now = app.now();
  const facts = {
    ...(manufacturer ? { manufacturer: manufacturer.slice(0, 255) } : {}),
    ...reportedFields(msg.params),
    last_inform: formatDateTime(now),
    online: 1,
    updated_at: now,
  };
  const existing = await db(app)
    .selectFrom(DEVICE)
    .select('id')
    .where('oui', '=', oui)
    .where('product_class', '=', productClass)
    .where('serial_number', '=', serialNumber)
    .executeTakeFirst();
  if (existing) {
    await db(app).updateTable(DEVICE).set(facts).where('id', '=', existing.id).execute();
    return Number(existing.id);
  }
  if (!autoRegister) return null;
  const row = await db(app)
    .insertInto(DEVICE)
    .values({
      device_id: [oui, productClass, serialNumber].filter(Boolean).join('-').slice(0, 255),
      oui: oui.slice(0, 255),
      product_class: productClass.slice(0, 255),
      serial_number: serialNumber.slice(0, 255),
      pending_tasks: 0,
      site_id: 0,
      created_at: now,
      ...facts,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await forgetParameters(app, Number(row.id));
  return Number(row.id);
}

type Outcome = 'done' | 'failed' | 'sent';

/** Ends (or, `sent`, parks until its TransferComplete) one of the device's unsettled tasks. */
async function settleTask(
  app: AppContext,
  deviceId: number,
  taskId: number,
  state: Outcome,
  code = '',
  message = '',
): Promise<boolean> {
  const r = await db(app)
    .updateTable(TASKS)
    .set({
      state,
      fault_code: code.slice(0, 32),
      fault_string: message.slice(0, 1000),
      done_at: state === 'sent' ? null : app.now(),
    })
    .where('id', '=', taskId)
    .where('domain', '=', 'tr069')
    .where('device_id', '=', deviceId)
    .where('state', 'in', ['pending', 'sent'])
    .executeTakeFirst();
  await refreshPendingCounts(db(app), 'tr069', [deviceId]);
  return Number(r.numUpdatedRows ?? 0) > 0;
}

async function settle(app: AppContext, s: Session, state: Outcome, code = '', message = '') {
  if (s.inflight === null) return;
  const id = s.inflight;
  s.inflight = null;
  await settleTask(app, s.deviceId, id, state, code, message);
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
        app,
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
async function nextTask(app: AppContext, s: Session): Promise<CwmpReply> {
  for (;;) {
    const task = await db(app)
      .selectFrom(TASKS)
      .select(['id', 'name', 'args'])
      .where('domain', '=', 'tr069')
      .where('device_id', '=', s.deviceId)
      .where('state', '=', 'pending')
      .where('not_before', '<=', app.now())
      .orderBy('id')
      .executeTakeFirst();
    if (!task) return { status: 204, headers: {}, body: '' };
    let args: Record<string, unknown> = {};
    try {
      args = JSON.parse(String(task.args)) as Record<string, unknown>;
    } catch {}
    // A stored CPE file goes out with a URL of its own, whose token only this task's transfer opens.
    if (task.name === 'download' && !args.url)
      args.url = await issueFileUrl(app, Number(task.id), String(args.fileName ?? ''));
    const rpc = taskRpc(String(task.name), args, `task-${task.id}`);
    s.inflight = Number(task.id);
    if (rpc) return xml(200, envelope(s.ns, `task-${task.id}`, rpc));
    // A task CWMP has no RPC for can never run: it fails instead of blocking the queue.
    await settle(app, s, 'failed', '9000', `no CWMP RPC for task ${task.name}`);
  }
}

/** One HTTP request of a CWMP session. */
export async function handleCwmp(
  app: AppContext,
  req: { body: string; authorization?: string; cookie?: string },
): Promise<CwmpReply> {
  const all = sessions(app);
  const now = app.now();
  for (const [k, v] of all) if (v.expires < now) all.delete(k);
  const sid = new RegExp(`(?:^|;\\s*)${COOKIE}=([A-Za-z0-9_-]+)`).exec(req.cookie ?? '')?.[1];
  const session = sid ? all.get(sid) : undefined;

  if (!req.body.trim()) {
    // The CPE's empty POST: it has nothing more to say; hand it the next task.
    if (!session) return { status: 204, headers: {}, body: '' };
    session.expires = now + SESSION_MS;
    return nextTask(app, session);
  }
  let msg: CpeMessage;
  try {
    msg = parseCpeMessage(req.body);
  } catch (e) {
    if (e instanceof SoapError) return plain(400, e.message);
    throw e;
  }

  if (msg.kind === 'Inform') {
    const cfg = await itmsConfig(app);
    if (!authorised(cfg, req.authorization))
      return plain(401, 'ACS credentials required', { 'www-authenticate': 'Basic realm="igs-acs"' });
    const deviceId = await upsertDevice(app, msg, Number(cfg.auto_register ?? 1) === 1);
    if (deviceId === null) return plain(403, 'unknown CPE and auto_register is off');
    await storeParameters(app, deviceId, msg.params);
    await failLostTransfers(app, deviceId);
    const key = randomBytes(18).toString('base64url');
    all.set(key, { deviceId, ns: msg.ns, inflight: null, expires: now + SESSION_MS });
    return xml(200, envelope(msg.ns, msg.id, informResponse()), {
      'set-cookie': `${COOKIE}=${key}; Path=/; HttpOnly`,
    });
  }
  if (!session) return plain(400, 'no CWMP session: the session starts with an Inform');
  session.expires = now + SESSION_MS;
  if (msg.kind === 'Fault') {
    await settle(app, session, 'failed', msg.code, msg.message);
    return nextTask(app, session);
  }
  if (msg.kind === 'TransferComplete') {
    const taskId = /^task-(\d{1,12})$/.exec(msg.commandKey)?.[1];
    if (taskId) {
      const failed = transferFailed(msg.faultCode);
      await settleTask(
        app,
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
    if (msg.name === 'GetRPCMethodsResponse' && session.inflight !== null)
      await noteOnTask(db(app), session.inflight, {
        reply: { methods: msg.methods.slice(0, 200).map((m) => m.slice(0, 64)) },
      });
    // Status 1: the CPE has not finished the transfer; its TransferComplete settles the task.
    if (msg.name === 'DownloadResponse' && msg.status === '1') {
      await settle(app, session, 'sent');
      return nextTask(app, session);
    }
    if (msg.name === 'GetParameterValuesResponse') {
      const facts = reportedFields(msg.params);
      if (Object.keys(facts).length)
        await db(app).updateTable(DEVICE).set(facts).where('id', '=', session.deviceId).execute();
      await storeParameters(app, session.deviceId, msg.params);
    }
    await settle(app, session, 'done');
    return nextTask(app, session);
  }
  // A CPE request this ACS does not implement (RequestDownload, Kicked, ...).
  return xml(500, envelope(msg.ns, msg.id, acsFault('8000', `Method not supported: ${msg.name}`)));
}
