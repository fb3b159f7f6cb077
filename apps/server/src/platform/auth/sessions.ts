import { Code, Headers, say, texts } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import type { CompiledQuery, Kysely } from 'kysely';
import type { AppContext } from '../app-context.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import type { Database, Session, User } from '../db/schema.ts';
import type { Caller } from '../http/action.ts';
import { ApiError, apiError } from '../http/errors.ts';
import { requestIp, requestLang } from '../http/request-info.ts';
import { newToken, tokenId } from '../lib/tokens.ts';
import { appCache } from '../lib/ttl-cache.ts';
import { type LoginRules, loginRules } from '../settings/login-rules.ts';
import { suspendedCustomer } from '../sites/registry.ts';
import { endDeveloperKeys, findDeveloperKey } from './developer-keys.ts';
import { type EndReason, endedReason, markEnded } from './ended-credentials.ts';
import { addressBlockedMinutes, recordAttempt } from './lockout.ts';
import { callerSites } from './sites.ts';

/** Touching a session on every call would turn each read into a write; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  app: AppContext,
  user: User,
  opts: { isOperations: 0 | 1; ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  const now = app.now();
  try {
    await app.db.kysely
      .insertInto('sessions')
      .values({
        id: tokenId(token),
        user_id: user.id,
        is_operations: opts.isOperations,
        created_at: now,
        last_seen_at: now,
        ip: opts.ip,
        user_agent: opts.userAgent,
      })
      .execute();
  } catch (e) {
    // The account row went away between the password check and here: a restore (or a hot-standby
    // sync) replaced the accounts. Not a server fault: the caller is told to sign in again.
    if (isForeignKeyViolation(e)) throw new ApiError(Code.unavailable, texts('auth.accountsBeingReplaced'));
    throw e;
  }
  return token;
}

/** PostgreSQL's 23503 or SQLite's "FOREIGN KEY constraint failed". */
function isForeignKeyViolation(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown };
  return err?.code === '23503' || /FOREIGN KEY constraint failed/i.test(String(err?.message ?? ''));
}

export function sessionExpired(
  app: AppContext,
  s: Pick<Session, 'created_at' | 'last_seen_at'>,
  rules: Pick<LoginRules, 'sessionIdleMin' | 'sessionMaxHours'> = app.config,
): boolean {
  const now = app.now();
  return (
    now - s.last_seen_at > rules.sessionIdleMin * 60_000 ||
    now - s.created_at > rules.sessionMaxHours * 3_600_000
  );
}

/** The session with its user and role: run on every call, so compiled once (db/compiled-once.ts). */
function callerQuery(app: AppContext, sessionId: string) {
  const build = () =>
    app.db.kysely
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .selectAll('users')
      .select([
        'sessions.id as s_id',
        'sessions.is_operations as s_ops',
        'sessions.created_at as s_created',
        'sessions.last_seen_at as s_seen',
        'sessions.ip as s_ip',
        'sessions.user_agent as s_ua',
        'sessions.user_id as s_user',
        'roles.all_sites as r_all',
        'roles.mode as r_mode',
      ])
      .where('sessions.id', '=', sessionId);
  return compiledOnce(app.db.kysely, 'caller-of-session', build, [sessionId]);
}

/** The tables a caller is read from: a write to any of them by this process drops every cached caller. */
const CALLER_TABLES = ['sessions', 'users', 'roles'] as const;
/**
 * How long a caller read from the database serves the same session's next calls. This process's
 * own writes (sign-out, a disabled account, a role change) are seen at once through the write
 * count; another instance on the same PostgreSQL sees them at most this late.
 */
const CALLER_TTL_MS = 1000;

type CallerRowOf = ReturnType<typeof callerQuery> extends CompiledQuery<infer R> ? R : never;

/**
 * The session's row with its user and role, from a short cache: every call needs it, and on
 * PostgreSQL the round trip to ask cost more than serving a cached menu.
 */
async function callerRow(app: AppContext, sessionId: string) {
  const cache = appCache<string, { row: CallerRowOf; writes: number }>(app, 'callers', {
    ttlMs: CALLER_TTL_MS,
    maxEntries: 10_000,
  });
  // Counted before asking: a write that lands while the query runs makes this row stale at once.
  const writes = app.db.writes.count(CALLER_TABLES);
  const hit = cache.get(sessionId);
  if (hit && hit.writes === writes) return hit.row;
  const row = (await app.db.kysely.executeQuery(callerQuery(app, sessionId))).rows[0];
  if (row) cache.set(sessionId, { row, writes });
  return row;
}

/**
 * Resolves the caller from the IGSAuth token (or a developer-mode key).
 * Unknown token: 1002. Expired (idle or absolute), or ended by an event (endSessions): 1005.
 */
export async function authenticate(app: AppContext, req: FastifyRequest): Promise<Caller> {
  const token = headerValue(req, Headers.token);
  if (!token) {
    const key = headerValue(req, Headers.developerKey);
    if (key) return authenticateKey(app, key, req);
    throw apiError(Code.tokenInvalid, 'tokenInvalid');
  }
  const row = await callerRow(app, tokenId(token));
  if (!row) throw await unknownSession(app, tokenId(token));
  const session: Session = {
    id: row.s_id,
    user_id: row.s_user,
    is_operations: row.s_ops,
    created_at: row.s_created,
    last_seen_at: row.s_seen,
    ip: row.s_ip,
    user_agent: row.s_ua,
  };
  if (sessionExpired(app, session, await loginRules(app))) {
    await app.db.kysely.deleteFrom('sessions').where('id', '=', session.id).execute();
    throw apiError(Code.sessionExpired, 'sessionExpired');
  }
  const { s_id, s_ops, s_created, s_seen, s_ip, s_ua, s_user, r_all, r_mode, ...user } = row;
  if (!user.enabled) {
    await app.db.kysely.deleteFrom('sessions').where('id', '=', session.id).execute();
    throw apiError(Code.sessionExpired, 'accountDisabled');
  }
  // An account of a suspended customer loses its sessions, as a disabled account does.
  const suspended = await suspendedCustomer(app, user.cid);
  if (suspended) {
    await app.db.kysely.deleteFrom('sessions').where('id', '=', session.id).execute();
    throw new ApiError(
      Code.sessionExpired,
      texts('sites.customerSuspendedSession', { customer: suspended.name }),
    );
  }
  const now = app.now();
  if (now - session.last_seen_at > TOUCH_EVERY_MS) {
    await app.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', session.id)
      .execute();
    session.last_seen_at = now;
  }
  const caller: Caller = {
    user: user as User,
    session,
    isOperations: session.is_operations ? 1 : 0,
    roleAllSites: Number(r_all ?? 0),
    roleMode: r_mode ?? '',
  };
  // Only operations calls are scoped by site: full mode is site 0 and pays nothing for grants.
  if (caller.isOperations) caller.sites = await callerSites(app, caller);
  return caller;
}

/** The name a failed key attempt is recorded under (no account is named by a wrong key). */
const KEY_ATTEMPT_NAME = '(developer key)';

/**
 * A developer-mode key (header IGS-Key): full mode, with its account's role and sites, as a
 * session of that account would have. A wrong key counts toward the address's sign-in lockout,
 * and a locked address is refused (423) before any key is looked at.
 */
async function authenticateKey(app: AppContext, key: string, req: FastifyRequest): Promise<Caller> {
  const ip = requestIp(req);
  const lang = requestLang(req);
  const minutes = await addressBlockedMinutes(app, ip);
  if (minutes > 0) throw new ApiError(Code.locked, say(lang, 'auth.locked', { minutes }));
  const row = await findDeveloperKey(app, key);
  if (!row) {
    // A key that ended (password change, expiry…) is not a guess: say why, count nothing.
    const ended = await endedReason(app, tokenId(key));
    if (ended) throw apiError(Code.sessionExpired, ended);
    await recordAttempt(app, KEY_ATTEMPT_NAME, ip, false, { req, lang });
    throw apiError(Code.tokenInvalid, 'tokenInvalid');
  }
  const { k_expires, r_all, ...user } = row;
  if (Number(k_expires) <= app.now()) {
    await endDeveloperKeys(app, app.db.kysely, [user.id], 'key_expired');
    throw apiError(Code.sessionExpired, 'developerKeyExpired');
  }
  if (!user.enabled) throw apiError(Code.sessionExpired, 'accountDisabled');
  const suspended = await suspendedCustomer(app, user.cid);
  if (suspended)
    throw new ApiError(
      Code.sessionExpired,
      texts('sites.customerSuspendedSession', { customer: suspended.name }),
    );
  return { user, session: null, isOperations: 0, roleAllSites: Number(r_all ?? 0) };
}

function headerValue(req: FastifyRequest, name: string): string {
  const v = req.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
}

export async function endSession(app: AppContext, token: string): Promise<void> {
  await app.db.kysely.deleteFrom('sessions').where('id', '=', tokenId(token)).execute();
}

/** The reply to a token with no session: 1005 with the reason when an event ended it, else 1002. */
async function unknownSession(app: AppContext, sessionId: string): Promise<ApiError> {
  const key = await endedReason(app, sessionId);
  return key ? apiError(Code.sessionExpired, key) : apiError(Code.tokenInvalid, 'tokenInvalid');
}

export interface EndScope {
  /** The accounts whose sessions end; omitted: every session. */
  userIds?: number[];
  /** A session that stays (the caller's own, on its own password change). */
  exceptSessionId?: string | null;
  /**
   * Also end the accounts' other credentials, their developer keys and remembered devices
   * (password change, sign out everywhere, disable, delete).
   */
  developerKeys?: boolean;
}

/**
 * Ends sessions (and, when asked, developer keys) for a reason: their tokens answer 1005 from the
 * next call. Takes a transaction when the change that ends them runs in one. Returns how many
 * sessions ended.
 */
export async function endSessions(
  app: AppContext,
  scope: EndScope,
  reason: EndReason,
  db: Kysely<Database> = app.db.kysely,
): Promise<number> {
  const { userIds, exceptSessionId } = scope;
  if (userIds && !userIds.length) return 0;
  let q = db.selectFrom('sessions').select('id');
  if (userIds) q = q.where('user_id', 'in', userIds);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  const ids = (await q.execute()).map((r) => r.id);
  if (ids.length) {
    await markEnded(app, db, ids, reason);
    for (let i = 0; i < ids.length; i += 500)
      await db
        .deleteFrom('sessions')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
  }
  if (scope.developerKeys && userIds) {
    await endDeveloperKeys(app, db, userIds);
    await db.deleteFrom('device_tokens').where('user_id', 'in', userIds).execute();
  }
  return ids.length;
}

/**
 * For a restore (features/backup/backups.ts restoreArchive), called before the database is
 * replaced: records every session but the restorer's as ended by the restore, so their tokens
 * answer 1005 once the replaced users take their sessions with them. Marks only; a restore that
 * fails leaves the sessions working. Developer keys go with their users: they are marked too, so
 * an integrator's key answers 1005 "ended by a restore" rather than counting as a wrong guess.
 */
export async function markSessionsReplaced(
  app: AppContext,
  opts: { exceptSessionId?: string | null; reason?: EndReason } = {},
): Promise<void> {
  let q = app.db.kysely.selectFrom('sessions').select('id');
  if (opts.exceptSessionId) q = q.where('id', '!=', opts.exceptSessionId);
  const ids = (await q.execute()).map((r) => r.id);
  const keys = await app.db.kysely.selectFrom('developer_keys').select('key_hash').execute();
  ids.push(...keys.map((k) => k.key_hash));
  if (ids.length) await markEnded(app, app.db.kysely, ids, opts.reason ?? 'restore');
}

export function tokenFrom(req: FastifyRequest): string {
  return headerValue(req, Headers.token);
}
