import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../platform/app-context.ts';
import type { GbAgent } from './agent.ts';
import { digestResponse } from './digest.ts';
import { DeviceRefused, Unreachable } from './errors.ts';
import { buildNotify, type CatalogItem, type Charset, catalogBody, charsetOf } from './manscdp.ts';
import { header, type SipMessage } from './message.ts';
import type { Peer } from './transport.ts';

/**
 * Cascade (GB/T 28181 §9.1, wvp's "国标级联"): this server as a lower platform of a parent one.
 * `register` sends REGISTER to the parent and answers its digest challenge as a client; `pushCatalog`
 * sends the shared channels as Response/Catalog MESSAGEs (SumNum the total, a few items each).
 * While a registration holds (status ON), `cascadeTick` keeps it: a keepalive every keepalive_s,
 * a new REGISTER at 80 % of expires; three failures in a row set the status OFF.
 */

export interface ParentPlatform {
  server_gb_id: string;
  server_gb_domain: string;
  server_ip: string;
  server_port: number;
  device_gb_id: string;
  username: string;
  password: string;
  expires: number;
  transport: 'UDP' | 'TCP';
  charset: Charset;
}

/** Channels per catalogue MESSAGE: small enough for a UDP datagram with long names. */
const ITEMS_PER_MESSAGE = 20;
/** The most channels pushed at once (a platform shares a selection, not a city). */
export const MAX_PUSHED = 2000;

const rand = (n = 8) => randomBytes(n).toString('hex');
const peerOf = (p: ParentPlatform): Peer => ({
  transport: p.transport,
  address: p.server_ip,
  port: p.server_port,
});

/** The parameters of a WWW-Authenticate: Digest challenge. */
function challengeParams(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([a-zA-Z-]+)\s*=\s*(?:"([^"]{0,512})"|([^\s,]{0,512}))/g;
  let m: RegExpExecArray | null;
  let n = 0;
  // biome-ignore lint/suspicious/noAssignInExpressions: the usual regexp scan, bounded by n.
  while ((m = re.exec((value ?? '').replace(/^Digest\s+/i, ''))) && n++ < 20)
    out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? '';
  return out;
}

/** REGISTER to the parent (Expires 0 unregisters); resolves when it is accepted, else DeviceRefused. */
export async function registerUpward(agent: GbAgent, p: ParentPlatform, expires = p.expires): Promise<void> {
  const peer = peerOf(p);
  const uri = `sip:${p.server_gb_id}@${p.server_gb_domain}`;
  const me = `<sip:${p.device_gb_id}@${p.server_gb_domain}>`;
  const callId = `${rand()}@${agent.self}`;
  const tag = rand(4);
  const headers = (cseq: number): [string, string][] => [
    ['from', `${me};tag=${tag}`],
    ['to', me],
    ['call-id', callId],
    ['cseq', `${cseq} REGISTER`],
    ['contact', `<sip:${p.device_gb_id}@${agent.self}:${agent.port}>`],
    ['max-forwards', '70'],
    ['user-agent', 'IGS-GB28181'],
    ['expires', String(expires)],
  ];
  let res = await agent.requestTo(peer, 'REGISTER', uri, headers(1));
  const challenged = res.status === 401 || res.status === 407;
  if (challenged) {
    const c = challengeParams(header(res, res.status === 401 ? 'www-authenticate' : 'proxy-authenticate'));
    const username = p.username || p.device_gb_id;
    const qop = /(^|,)\s*auth\s*(,|$)/.test(c.qop ?? '') ? 'auth' : undefined;
    const cnonce = rand(8);
    const nc = '00000001';
    const response = digestResponse({
      username,
      realm: c.realm ?? '',
      password: p.password,
      method: 'REGISTER',
      uri,
      nonce: c.nonce ?? '',
      qop,
      nc,
      cnonce,
    });
    const auth = [
      `Digest username="${username}"`,
      `realm="${c.realm ?? ''}"`,
      `nonce="${c.nonce ?? ''}"`,
      `uri="${uri}"`,
      `response="${response}"`,
      'algorithm=MD5',
      ...(qop ? [`qop=${qop}`, `nc=${nc}`, `cnonce="${cnonce}"`] : []),
      ...(c.opaque ? [`opaque="${c.opaque}"`] : []),
    ].join(', ');
    res = await agent.requestTo(peer, 'REGISTER', uri, [
      ...headers(2),
      [res.status === 401 ? 'authorization' : 'proxy-authorization', auth],
    ]);
  }
  if ((res.status ?? 0) >= 300) throw new DeviceRefused(res.status ?? 0, challenged);
}

/** Sends the channels to the parent as Response/Catalog MESSAGEs; resolves with how many were sent. */
export async function pushCatalog(
  agent: GbAgent,
  p: ParentPlatform,
  items: CatalogItem[],
  sn: number,
): Promise<number> {
  const list = items.slice(0, MAX_PUSHED);
  for (let i = 0; i < list.length || i === 0; i += ITEMS_PER_MESSAGE) {
    const part = list.slice(i, i + ITEMS_PER_MESSAGE);
    await messageUpward(agent, p, catalogBody(sn, p.device_gb_id, list.length, part, p.charset));
    if (list.length === 0) break;
  }
  return list.length;
}

/** A platform row as the cascade needs it (`password` read from the row: records carry it blank). */
export function parentOf(r: Record<string, unknown>, password: string): ParentPlatform {
  return {
    server_gb_id: String(r.server_gb_id ?? ''),
    server_gb_domain: String(r.server_gb_domain ?? ''),
    server_ip: String(r.server_ip ?? ''),
    server_port: Number(r.server_port) || 5060,
    device_gb_id: String(r.device_gb_id ?? ''),
    username: String(r.username ?? ''),
    password,
    expires: Number(r.expires) || 3600,
    transport: r.transport === 'TCP' ? 'TCP' : 'UDP',
    charset: charsetOf(r.charset),
  };
}

/** A Notify/Keepalive to the parent; resolves when it is accepted. */
export async function keepaliveUpward(agent: GbAgent, p: ParentPlatform, sn: number): Promise<void> {
  await messageUpward(agent, p, buildNotify('Keepalive', sn, p.device_gb_id, p.charset, [['Status', 'OK']]));
}

/** A MANSCDP MESSAGE from this gateway (as the parent's device) to the parent; throws when refused. */
async function messageUpward(agent: GbAgent, p: ParentPlatform, body: Buffer): Promise<void> {
  const res: SipMessage = await agent.requestTo(
    peerOf(p),
    'MESSAGE',
    `sip:${p.server_gb_id}@${p.server_gb_domain}`,
    [
      ['from', `<sip:${p.device_gb_id}@${p.server_gb_domain}>;tag=${rand(4)}`],
      ['to', `<sip:${p.server_gb_id}@${p.server_gb_domain}>`],
      ['call-id', `${rand()}@${agent.self}`],
      ['cseq', '1 MESSAGE'],
      ['max-forwards', '70'],
      ['content-type', 'Application/MANSCDP+xml'],
    ],
    body,
  );
  if ((res.status ?? 0) >= 300) throw new DeviceRefused(res.status ?? 0);
}

interface Upward {
  registeredAt: number;
  keepaliveAt: number;
  failures: number;
}
/** Per agent, per platform id: when it last registered and sent a keepalive. */
const upward = new WeakMap<GbAgent, Map<number, Upward>>();
const statesOf = (agent: GbAgent) => {
  let m = upward.get(agent);
  if (!m) {
    m = new Map();
    upward.set(agent, m);
  }
  return m;
};

/** The register verb succeeded: the next re-REGISTER and keepalive count from now. */
export function noteRegistered(agent: GbAgent, platformId: number, now: number): void {
  statesOf(agent).set(platformId, { registeredAt: now, keepaliveAt: now, failures: 0 });
}

/**
 * Why an exchange with a parent failed, as the platform's `last_error` (its labels in the contract):
 * 403 to our first REGISTER is a refusal, 401/403 to our digest wrong credentials, another final
 * status a rejection, a TCP connection refused unreachable, no final answer within Timer F no
 * answer (over UDP an unreachable parent looks the same: no answer).
 */
export type UpwardFailure = 'refused' | 'wrong_password' | 'rejected' | 'no_answer' | 'unreachable';
export function upwardFailure(err: unknown): UpwardFailure {
  if (err instanceof Unreachable) return 'unreachable';
  if (!(err instanceof DeviceRefused)) return 'no_answer';
  if (err.afterChallenge && [401, 403, 407].includes(err.status)) return 'wrong_password';
  return err.status === 403 ? 'refused' : 'rejected';
}

/**
 * Stores a failed registration upward (FAILED and why). Written with the server's own context,
 * not a verb's: the verb's transaction is rolled back with its error, and on SQLite this write
 * queues behind it, so the state lands once the verb has answered.
 */
export async function markUpwardFailed(app: AppContext, platformId: number, err: unknown): Promise<void> {
  await app.db.kysely
    .updateTable('video_platform')
    .set({ status: 'FAILED', last_error: upwardFailure(err), updated_at: app.now() })
    .where('id', '=', platformId)
    .execute();
}

/** Platforms kept per pass: a gateway cascades to a handful of parents. */
const MAX_PLATFORMS = 100;
const MISSED_UPWARD = 3;

/** One pass over the registered platforms: keepalive or re-REGISTER where due. */
export async function cascadeTick(app: AppContext, agent: GbAgent, sn: () => number): Promise<void> {
  const rows = await app.db.kysely
    .selectFrom('video_platform')
    .selectAll()
    .where('enabled', '=', 1)
    .where('status', '=', 'ON')
    .limit(MAX_PLATFORMS)
    .execute();
  const states = statesOf(agent);
  for (const r of rows) {
    const now = app.now();
    const p = parentOf(r, String(r.password ?? ''));
    const st = states.get(r.id) ?? { registeredAt: now, keepaliveAt: now, failures: 0 };
    states.set(r.id, st);
    try {
      if (now - st.registeredAt >= p.expires * 800) {
        await registerUpward(agent, p);
        st.registeredAt = st.keepaliveAt = now;
      } else if (now - st.keepaliveAt >= (Number(r.keepalive_s) || 60) * 1000) {
        await keepaliveUpward(agent, p, sn());
        st.keepaliveAt = now;
      } else continue;
      st.failures = 0;
    } catch (err) {
      if (++st.failures < MISSED_UPWARD) continue;
      states.delete(r.id);
      await markUpwardFailed(app, r.id, err);
    }
  }
}

/** The shared channels of a platform as catalogue items (custom names where set), at most MAX_PUSHED. */
export async function sharedChannels(app: AppContext, ids: number[]): Promise<CatalogItem[]> {
  if (!ids.length) return [];
  const rows = await app.db.kysely
    .selectFrom('video_gb_channel')
    .selectAll()
    .where('id', 'in', ids.slice(0, MAX_PUSHED))
    .execute();
  const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((c) => ({
    channel_id: String(c.channel_id ?? ''),
    name: String(c.custom_name || c.name || ''),
    civil_code: String(c.civil_code ?? ''),
    address: String(c.address ?? ''),
    parent_id: String(c.parent_id ?? ''),
    status: c.status === 'ON' ? 'ON' : 'OFF',
    ptz_type: numOrNull(c.ptz_type),
    longitude: numOrNull(c.longitude),
    latitude: numOrNull(c.latitude),
  }));
}

/**
 * The shared channel a parent's command names: the channel with that id, or one of the device with
 * that id (an IP camera is both), among the platform's shared ids only.
 */
export async function sharedChannelNamed(app: AppContext, ids: number[], gbId: string) {
  if (!ids.length) return undefined;
  return app.db.kysely
    .selectFrom('video_gb_channel')
    .select(['channel_id', 'device_id'])
    .where('id', 'in', ids.slice(0, MAX_PUSHED))
    .where((eb) => eb.or([eb('channel_id', '=', gbId), eb('device_id', '=', gbId)]))
    .executeTakeFirst();
}

/** The ids of a platform's `channel_ids` (a refs column: JSON text or an array). */
export function sharedIds(raw: unknown): number[] {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  return Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
}

/** The enabled platform a request comes from: its GB id and its address must both match. */
export async function findParent(app: AppContext, gbId: string, address: string) {
  return app.db.kysely
    .selectFrom('video_platform')
    .selectAll()
    .where('server_gb_id', '=', gbId)
    .where('server_ip', '=', address)
    .where('enabled', '=', 1)
    .executeTakeFirst();
}
