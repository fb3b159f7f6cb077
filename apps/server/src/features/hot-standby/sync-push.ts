import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { HOT_STANDBY_SYNC_REASONS, HotStandbySyncPeer, type HotStandbySyncReason } from '@igs/contract/calls';
import { SystemServicePaths } from '@igs/contract/extras';
import type { AppContext } from '../../platform/app-context.ts';
import { writeArchive } from '../backup/index.ts';
import { signRequest } from './sync-auth.ts';
import { pushes, SYNC_KEY_MIN, type SyncSettings, syncSettings } from './sync-settings.ts';
import { configVersion, readSync, type SyncRecord, updateSync } from './sync-state.ts';

/**
 * The master's side of the configuration sync: a snapshot of the configuration, made and checked
 * exactly as a backup is (the backup feature's archive), posted to the backup's console.
 *
 * The snapshot holds the database (every table a backup holds: never the device secrets, sessions
 * or backup records) and the generated configuration (DATA_DIR/etc); not the uploads, which a
 * backup holds by default but which are files, not settings, and can be large. The licence is a
 * file of its own outside both. The archive is encrypted with the sync key: the backup accepts an
 * archive made by another gateway only when encrypted, its passphrase authenticating it.
 */

export const SNAPSHOT_PARTS = ['db', 'configs'] as const;

/** Bounds of one push, from the environment so that tests (and odd sites) can change them. */
export function pushLimits() {
  const num = (name: string, fallback: number) => {
    const v = Number(process.env[name]);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return {
    /** The largest snapshot posted (and accepted by the backup). */
    maxBytes: num('IGS_HS_SYNC_MAX_BYTES', 256 * 1024 * 1024),
    /** One attempt's time: connecting, sending and the backup applying it. */
    timeoutMs: num('IGS_HS_SYNC_TIMEOUT_MS', 120_000),
    /** Attempts after the first, waiting backoffMs, then twice that, and so on. */
    retries: num('IGS_HS_SYNC_RETRIES', 3),
    backoffMs: num('IGS_HS_SYNC_BACKOFF_MS', 5_000),
  };
}

/** A failed attempt: why, in the words of HOT_STANDBY_SYNC_REASONS, and whether trying again may help. */
class PushFailure extends Error {
  readonly reason: HotStandbySyncReason;
  readonly detail: string;
  readonly retry: boolean;
  constructor(reason: HotStandbySyncReason, detail: string, retry: boolean) {
    super(`${reason}: ${detail}`);
    this.reason = reason;
    this.detail = detail;
    this.retry = retry;
  }
}

const KNOWN_REASONS = new Set<string>(HOT_STANDBY_SYNC_REASONS);

/** Reads a peer's reply envelope, at most 64 KB of it. */
async function readEnvelope(
  res: Response,
): Promise<{ code: number; msg: string; data: Record<string, unknown> }> {
  const text = (await res.text()).slice(0, 64 * 1024);
  try {
    const e = JSON.parse(text) as { code?: unknown; msg?: unknown; data?: unknown };
    return {
      code: Number(e.code),
      msg: String(e.msg ?? ''),
      data: (e.data && typeof e.data === 'object' ? e.data : {}) as Record<string, unknown>,
    };
  } catch {
    throw new PushFailure('bad_reply', `HTTP ${res.status}: not the console's answer`, true);
  }
}

/** One signed POST to the peer; network trouble becomes a PushFailure worth retrying. */
async function post(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  timeoutMs: number,
  stop: AbortSignal | undefined,
) {
  const signal = stop
    ? AbortSignal.any([stop, AbortSignal.timeout(timeoutMs)])
    : AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(body),
      signal,
      redirect: 'error',
    });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    if (err.name === 'TimeoutError')
      throw new PushFailure('timeout', `no answer within ${timeoutMs / 1000} s`, true);
    throw new PushFailure('unreachable', err.cause?.code ?? err.cause?.message ?? err.message, true);
  }
  return readEnvelope(res);
}

export interface PushOptions {
  /** Ends the waits and the request when the server stops. */
  signal?: AbortSignal;
}

/**
 * Aborted when the server closes (abortPushes, from the sync watch's stop): every push and peer
 * request of this server ends at once, the watch's as well as one a sync_now call set off, so
 * that closing never waits for a peer that answers slowly or not at all (or for retry waits).
 */
const closing = new WeakMap<AppContext, AbortController>();

function closingSignal(app: AppContext): AbortSignal {
  let c = closing.get(app);
  if (!c) {
    c = new AbortController();
    closing.set(app, c);
  }
  return c.signal;
}

/** Whether this server is closing: its pushes end, and it applies no snapshot pushed to it. */
export function pushesAborted(app: AppContext): boolean {
  return closing.get(app)?.signal.aborted ?? false;
}

/** Ends this server's pushes and peer requests in flight, and any it would start later. */
export function abortPushes(app: AppContext): void {
  const c = closing.get(app) ?? new AbortController();
  closing.set(app, c);
  c.abort();
}

function checkSettings(s: SyncSettings): void {
  if (!pushes(s)) {
    if (s.role !== 'master' || !s.enabled || !s.syncConfig)
      throw new PushFailure('not_master', 'hot standby is off, not master, or sync is off', false);
    if (s.key.length < SYNC_KEY_MIN) throw new PushFailure('no_key', 'no sync key is set', false);
    throw new PushFailure('no_peer', 'no peer address is set', false);
  }
}

/** Makes the snapshot into a scratch file and returns its bytes, bounded. */
async function snapshot(app: AppContext, key: string, version: number, maxBytes: number): Promise<Buffer> {
  const dir = path.join(app.config.dataDir, 'backups');
  await fs.mkdir(dir, { recursive: true });
  // A dot-file: the backup feature sweeps ones an interruption left behind.
  const file = path.join(dir, `.hs-sync-${randomUUID()}.enc`);
  try {
    const made = await writeArchive(
      app,
      { contents: SNAPSHOT_PARTS, passphrase: key, type: 'hot_standby_sync', note: `version ${version}` },
      file,
    ).catch((e: Error) => {
      throw new PushFailure('snapshot_failed', e.message, false);
    });
    if (made.size > maxBytes)
      throw new PushFailure('too_large', `${made.size} bytes, the limit is ${maxBytes}`, false);
    return await fs.readFile(file);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** Pushes once, with its retries; throws the last PushFailure. */
async function pushWithRetries(app: AppContext, s: SyncSettings, version: number, opts: PushOptions) {
  const limits = pushLimits();
  const body = await snapshot(app, s.key, version, limits.maxBytes);
  const url = `${s.target}${SystemServicePaths.hotStandbySync}`;
  for (let attempt = 0; ; attempt++) {
    try {
      // Signed afresh each attempt: the time must fall in the backup's window.
      const headers = signRequest(s.key, 'push', app.now(), version, body);
      const reply = await post(url, headers, body, limits.timeoutMs, opts.signal);
      if (reply.code === 200) return;
      const reason = String(reply.data.reason ?? '');
      // The backup's refusals are answers, not trouble: trying again would be refused again.
      if (KNOWN_REASONS.has(reason))
        throw new PushFailure(reason as HotStandbySyncReason, reply.msg, reason === 'apply_failed');
      throw new PushFailure('bad_reply', `${reply.code} ${reply.msg}`.slice(0, 500), true);
    } catch (e) {
      const f = e instanceof PushFailure ? e : new PushFailure('unreachable', (e as Error).message, true);
      if (!f.retry || attempt >= limits.retries || opts.signal?.aborted) throw f;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, limits.backoffMs * 2 ** attempt);
        opts.signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(t);
            resolve();
          },
          { once: true },
        );
      });
    }
  }
}

/**
 * Pushes the configuration as it is now to the peer and records the outcome in the database.
 * A peer already holding this version counts as done (another instance of this master may have
 * pushed it a moment before).
 */
export async function pushNow(app: AppContext, opts: PushOptions = {}): Promise<SyncRecord> {
  const s = await syncSettings(app);
  // Read before the snapshot: the snapshot holds at least this version, so never claims too much.
  const { version } = await configVersion(app);
  const at = () => app.now();
  const signal = opts.signal ? AbortSignal.any([opts.signal, closingSignal(app)]) : closingSignal(app);
  try {
    checkSettings(s);
    await pushWithRetries(app, s, version, { signal });
    return updateSync(app, {
      pushed_version: version,
      pushed_at: at(),
      last_push: { ok: true, at: at(), version, reason: '', detail: '' },
    });
  } catch (e) {
    const f = e instanceof PushFailure ? e : new PushFailure('unreachable', (e as Error).message, false);
    if (f.reason === 'already_held')
      return updateSync(app, {
        pushed_version: version,
        pushed_at: at(),
        last_push: { ok: true, at: at(), version, reason: 'already_held', detail: f.detail },
      });
    app.log.warn({ reason: f.reason, detail: f.detail, version }, 'hot standby: configuration push failed');
    return updateSync(app, {
      last_push: { ok: false, at: at(), version, reason: f.reason, detail: f.detail.slice(0, 500) },
    });
  }
}

/**
 * Failures that a later attempt may get past with nothing changed here: the peer or the network
 * was down, slow or busy, or the backup was not ready. The others wait for a change of the
 * settings (a key, a peer, the size limit), which is itself a change and is pushed.
 */
const RETRY_LATER = new Set<HotStandbySyncReason>([
  'unreachable',
  'timeout',
  'bad_reply',
  'apply_failed',
  'refused_off',
  'refused_time',
  'snapshot_failed',
]);

/**
 * Whether the last push failed for a passing reason at least `afterMs` ago and the peer is still
 * behind: the watcher then pushes again, without waiting for the next change or Sync now.
 */
export async function dueForRetry(app: AppContext, afterMs: number): Promise<boolean> {
  const [{ version }, s] = await Promise.all([configVersion(app), readSync(app)]);
  const last = s.last_push;
  return (
    !!last &&
    !last.ok &&
    RETRY_LATER.has(last.reason as HotStandbySyncReason) &&
    app.now() - last.at >= afterMs &&
    version > s.pushed_version
  );
}

/** Whether the newest change is not yet on the peer, as far as this gateway knows. */
export async function behind(app: AppContext): Promise<boolean> {
  const [{ version }, s] = await Promise.all([configVersion(app), readSync(app)]);
  return version > s.pushed_version;
}

/** Asks the peer for its sync state over the authenticated channel. */
export async function peerState(
  app: AppContext,
): Promise<{ peer: HotStandbySyncPeer | null; error: string }> {
  const s = await syncSettings(app);
  if (s.key.length < SYNC_KEY_MIN) return { peer: null, error: 'no_key' };
  if (!s.target) return { peer: null, error: 'no_peer' };
  const body = Buffer.alloc(0);
  try {
    const reply = await post(
      `${s.target}${SystemServicePaths.hotStandbySyncState}`,
      signRequest(s.key, 'state', app.now(), 0, body),
      body,
      5_000,
      closingSignal(app),
    );
    if (reply.code !== 200) {
      const reason = String(reply.data.reason ?? '');
      return { peer: null, error: KNOWN_REASONS.has(reason) ? reason : 'bad_reply' };
    }
    const parsed = HotStandbySyncPeer.safeParse(reply.data);
    return parsed.success ? { peer: parsed.data, error: '' } : { peer: null, error: 'bad_reply' };
  } catch (e) {
    return { peer: null, error: e instanceof PushFailure ? e.reason : 'unreachable' };
  }
}
