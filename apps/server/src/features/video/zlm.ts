import { Code, type Lang, say } from '@igs/contract';
import { sql } from 'kysely';
import type { Conn } from '../../platform/db/schema.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';

/**
 * The media server's HTTP API as ZLMediaKit serves it (DOMAIN 2.3 MediaServer, modelled on wvp,
 * which drives ZLMediaKit): `GET http://<ip>:<http_port>/index/api/<name>?secret=…&…`, answering
 * JSON `{code, msg, data}` where code 0 is success and -100 a refused secret. Every call has a short
 * time-out; a failure says what went wrong and never counts as done.
 */

export const DEFAULT_VHOST = '__defaultVhost__';
const TIMEOUT_MS = 3000;
/** ZLMediaKit's API code for a wrong secret (ApiErr::AuthFailed). */
const AUTH_FAILED = -100;

/** A media server row as stored (the secret included: for this server's own calls only). */
export interface MediaServerRow {
  id: number;
  server_id: string;
  ip: string;
  http_port: number;
  rtmp_port: number;
  rtsp_port: number;
  stream_ip: string;
  secret: string;
}

export type MediaFailure = 'unreachable' | 'http' | 'protocol' | 'auth' | 'refused';

export class MediaServerError extends Error {
  readonly kind: MediaFailure;
  constructor(kind: MediaFailure, message: string) {
    super(message);
    this.kind = kind;
  }
}

function host(ip: string): string {
  return ip.includes(':') ? `[${ip}]` : ip;
}

/** The API address, without the secret (it is what messages and the log may show). */
export function apiBase(ms: MediaServerRow): string {
  return `http://${host(ms.ip)}:${ms.http_port}`;
}

function toRow(r: Record<string, unknown>): MediaServerRow {
  return {
    id: Number(r.id),
    server_id: String(r.server_id ?? ''),
    ip: String(r.ip ?? ''),
    http_port: Number(r.http_port ?? 80) || 80,
    rtmp_port: Number(r.rtmp_port ?? 1935) || 1935,
    rtsp_port: Number(r.rtsp_port ?? 554) || 554,
    stream_ip: String(r.stream_ip ?? ''),
    secret: String(r.secret ?? ''),
  };
}

/**
 * The media server a record uses: its own `media_server_id` when set, else the site's default
 * (then the first). Null when the site has none.
 */
export async function mediaServerFor(
  db: Conn,
  site: number,
  id?: number | null,
): Promise<MediaServerRow | null> {
  let q = db.selectFrom('video_media_server').selectAll().where('site_id', '=', site);
  if (id) q = q.where('id', '=', id);
  // NULL counts as "not the default" on both databases (PostgreSQL sorts NULLs first when descending).
  const row = await q.orderBy(sql`coalesce(is_default, 0)`, 'desc').orderBy('id').limit(1).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** One API call; resolves to `data` of a code-0 answer, else throws a MediaServerError. */
export async function zlmApi(
  ms: MediaServerRow,
  api: string,
  params: Record<string, string | number> = {},
  timeoutMs = TIMEOUT_MS,
): Promise<{ data: unknown; body: Record<string, unknown> }> {
  const url = new URL(`${apiBase(ms)}/index/api/${api}`);
  url.searchParams.set('secret', ms.secret);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (err.name === 'TimeoutError')
      throw new MediaServerError('unreachable', `no answer within ${timeoutMs / 1000} s`);
    throw new MediaServerError(
      'unreachable',
      err.cause?.code ?? err.cause?.message ?? err.message ?? 'connection failed',
    );
  }
  const text = await res.text().catch(() => '');
  if (res.status !== 200) throw new MediaServerError('http', `HTTP ${res.status}`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new MediaServerError('protocol', 'the answer is not JSON: not a ZLMediaKit API');
  }
  if (typeof body?.code !== 'number')
    throw new MediaServerError('protocol', 'the answer has no code: not a ZLMediaKit API');
  if (body.code === AUTH_FAILED) throw new MediaServerError('auth', String(body.msg ?? 'secret refused'));
  if (body.code !== 0) throw new MediaServerError('refused', `${String(body.msg ?? '')} (code ${body.code})`);
  return { data: body.data, body };
}

/** A failed call as the answer of a verb: 422 for a refused secret, 503 otherwise. */
export function mediaServerFailure(lang: Lang, ms: MediaServerRow, api: string, e: unknown): ApiError {
  if (!(e instanceof MediaServerError)) throw e;
  const where = `${ms.server_id} (${apiBase(ms)})`;
  if (e.kind === 'auth')
    return invalidField('secret', say(lang, 'video.mediaServerRefusedApi', { where, message: e.message }));
  if (e.kind === 'refused')
    return new ApiError(
      Code.unavailable,
      say(lang, 'video.mediaServerRefused', { where, api, message: e.message }),
      { api, reason: e.message },
    );
  return new ApiError(
    Code.unavailable,
    say(lang, 'video.mediaServerNotAvailable', { where, message: e.message }),
    { api, reason: e.message },
  );
}

/** The 503 of a verb that needs a media server when the site has none. */
export function noMediaServer(lang: Lang): ApiError {
  return new ApiError(Code.unavailable, say(lang, 'video.noMediaServerConfigured'));
}

/** Calls the API and turns a failure into the verb's answer. */
export async function callMediaServer(
  lang: Lang,
  ms: MediaServerRow,
  api: string,
  params: Record<string, string | number> = {},
): Promise<unknown> {
  try {
    return (await zlmApi(ms, api, params)).data;
  } catch (e) {
    throw mediaServerFailure(lang, ms, api, e);
  }
}

/** Where players reach a stream on the media server. */
export function playUrls(ms: MediaServerRow, app: string, stream: string) {
  const h = host(ms.stream_ip || ms.ip);
  const path = `${encodeURIComponent(app)}/${encodeURIComponent(stream)}`;
  return {
    rtsp: `rtsp://${h}:${ms.rtsp_port}/${path}`,
    rtmp: `rtmp://${h}:${ms.rtmp_port}/${path}`,
    flv: `http://${h}:${ms.http_port}/${path}.live.flv`,
    hls: `http://${h}:${ms.http_port}/${path}/hls.m3u8`,
  };
}
