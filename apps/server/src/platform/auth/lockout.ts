import { Code, type Lang, say } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ApiError } from '../http/errors.ts';
import { writeOperationLog } from '../logging/operation-log.ts';
import { loginRules } from '../settings/login-rules.ts';
import { addressKey } from './address-key.ts';

/**
 * Sign-in guards (issue 12, item 3), all kept in the database so that every instance on the
 * same PostgreSQL shares them:
 * - per client address, a block: after `lockoutAttempts` failures within `lockoutMinutes` the
 *   address is refused for `lockoutMinutes`, each further block of the same address lasting 1.5
 *   times the previous (after pfSense), up to a day. A block is an operation-log entry.
 * - per account, only a slowdown: past the same number of failures its password is checked at
 *   most once per growing delay (1 s, 2 s, 4 s… up to 5 minutes) and the captcha is asked even if
 *   the settings turned it off. A hard account lock would let anyone on the network lock `admin`
 *   out; a remembered device (auth/device-tokens.ts) is not slowed at all.
 * Each attempt is reserved (a `login_attempts` row inserted) BEFORE the password hash is
 * computed, then counted: the k-th committed reservation sees at least k rows, so however many
 * attempts run in parallel, at most the limit of them reach the hash. Only failures that are
 * settled block the address: checks still running refuse the attempts beyond the limit (429, try
 * again in a second) without counting them, so that operators behind one address (a front desk's
 * NAT) signing in at the same moment are not locked out for the block's time.
 *
 * `login_attempts.success`: 0 failed, 1 succeeded, 2 refused unchecked, 3 still being checked,
 * 4 put off unchecked while the address's other checks ran (not a failure).
 */

const FAILED = 0;
const SUCCEEDED = 1;
const REFUSED = 2;
const PENDING = 3;
const DEFERRED = 4;
/** A check still pending after this long died with its instance: it counts as a failure. */
const STALE_PENDING_MS = 60_000;

/** A block of the same address lasts this many times the previous one. */
export const BLOCK_GROWTH = 1.5;
/** Blocks never last longer than this. */
const MAX_BLOCK_MS = 24 * 3_600_000;
/** An address whose last block ended longer ago than this starts again at the base time. */
const LEVEL_MEMORY_MS = 24 * 3_600_000;
/** The account slowdown's first delay and its cap. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 5 * 60_000;

/** How long the `level`-th block of an address lasts (level 1 is the configured time). */
export function blockDuration(baseMinutes: number, level: number): number {
  return Math.min(MAX_BLOCK_MS, Math.round(baseMinutes * 60_000 * BLOCK_GROWTH ** Math.max(0, level - 1)));
}

/** The wait before an account's next password check, `over` failures past the limit. */
export function accountDelay(over: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, over - 1));
}

export function slowedMessage(seconds: number, lang: Lang): string {
  return say(lang, 'auth.slowed', { seconds });
}

async function addressRow(app: AppContext, ip: string) {
  return app.db.kysely.selectFrom('address_lockouts').selectAll().where('ip', '=', ip).executeTakeFirst();
}

/** Minutes left of this address's block; 0 when it is not blocked. */
export async function addressBlockedMinutes(app: AppContext, ip: string): Promise<number> {
  const row = await addressRow(app, addressKey(ip));
  const left = Number(row?.blocked_until ?? 0) - app.now();
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/**
 * Kept for the developer-key path (HA): "is this address blocked", in minutes left. Accounts are
 * never locked, so `username` no longer matters.
 */
export async function lockedMinutes(app: AppContext, _username: string, ip: string): Promise<number> {
  return addressBlockedMinutes(app, ip);
}

/**
 * The address's failures within the window (since its last block): with `pending`, the checks
 * still running count too (what caps the parallel checks); without, only settled failures and
 * refusals, and checks pending so long that their instance must have died (what blocks).
 */
async function addressFailures(
  app: AppContext,
  ip: string,
  windowMs: number,
  { pending }: { pending: boolean },
): Promise<number> {
  const row = await addressRow(app, ip);
  const now = app.now();
  const since = Math.max(now - windowMs, Number(row?.counted_from ?? 0));
  const r = await app.db.kysely
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('at', '>', since)
    .where((eb) =>
      pending
        ? eb('success', 'in', [FAILED, REFUSED, PENDING])
        : eb.or([
            eb('success', 'in', [FAILED, REFUSED]),
            eb.and([eb('success', '=', PENDING), eb('at', '<', now - STALE_PENDING_MS)]),
          ]),
    )
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Failed (or still checking) attempts on an account since its last success, within the window. */
async function accountFailures(app: AppContext, username: string, windowMs: number): Promise<number> {
  const db = app.db.kysely;
  const lastSuccess = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('username', '=', username)
    .where('success', '=', SUCCEEDED)
    .executeTakeFirst();
  const since = Math.max(app.now() - windowMs, Number(lastSuccess?.at ?? 0));
  const r = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('username', '=', username)
    .where('success', 'in', [FAILED, PENDING])
    .where('at', '>', since)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export interface LockoutRequest {
  req?: FastifyRequest;
  lang?: Lang;
}

/**
 * Blocks an address, once: of several requests that find it over the limit at the same time,
 * only the one whose conditional write lands makes the block and its operation-log entry.
 */
async function blockAddress(
  app: AppContext,
  ip: string,
  username: string,
  from: LockoutRequest,
): Promise<void> {
  const rules = await loginRules(app);
  const db = app.db.kysely;
  const now = app.now();
  for (let tries = 0; tries < 3; tries++) {
    const row = await addressRow(app, ip);
    if (row && Number(row.blocked_until) > now) return;
    const forgotten = !row || Number(row.blocked_until) < now - LEVEL_MEMORY_MS;
    const level = forgotten ? 1 : row.level + 1;
    const until = now + blockDuration(rules.lockoutMinutes, level);
    const values = { level, blocked_until: until, counted_from: now, locked_at: now, username };
    let won: boolean;
    if (!row) {
      const r = await db
        .insertInto('address_lockouts')
        .values({ ip, ...values })
        .onConflict((oc) => oc.column('ip').doNothing())
        .executeTakeFirst();
      won = Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
    } else {
      // Only if nobody changed the row since it was read.
      const r = await db
        .updateTable('address_lockouts')
        .set(values)
        .where('ip', '=', ip)
        .where('level', '=', row.level)
        .where('blocked_until', '=', row.blocked_until)
        .executeTakeFirst();
      won = Number(r.numUpdatedRows) > 0;
    }
    if (!won) continue;
    const minutes = Math.ceil((until - now) / 60_000);
    await logLockout(app, ip, username, from, `address ${ip} blocked for ${minutes} min (block ${level})`);
    return;
  }
}

async function logLockout(
  app: AppContext,
  ip: string,
  username: string,
  from: LockoutRequest,
  detail: string,
): Promise<void> {
  // The developer-key path may have no request at hand; the entry still names the address.
  const req = from.req ?? ({ url: '', method: 'POST', headers: {} } as unknown as FastifyRequest);
  await writeOperationLog(app, {
    req,
    ip,
    caller: undefined,
    username,
    module: 'login',
    action: 'lockout',
    code: Code.locked,
    detail,
  });
}

/** Whether the account is past the failure limit: it then needs the captcha and is slowed. */
export async function accountSlowed(app: AppContext, username: string): Promise<boolean> {
  const rules = await loginRules(app);
  return (await accountFailures(app, username, rules.lockoutMinutes * 60_000)) >= rules.lockoutAttempts;
}

/** An attempt admitted to the password check; settle it with its outcome. */
export interface Reservation {
  id: number;
  username: string;
  ip: string;
}

function lockedError(minutes: number, lang: Lang | undefined): ApiError {
  return new ApiError(Code.locked, say(lang ?? 'en', 'auth.locked', { minutes }));
}

/**
 * Reserves one password check for `username` from `ip`, before any hash is computed. Refuses
 * (423) a blocked address or one whose settled failures reach the limit (blocking it), (429) one
 * whose checks in flight would pass the limit (put off, not counted), and (429) an account past
 * the limit whose next check is not due yet. Refused reservations are marked so that they do not
 * slow the account further.
 */
export async function reserveAttempt(
  app: AppContext,
  username: string,
  ip: string,
  from: LockoutRequest = {},
): Promise<Reservation> {
  // Counted by its network for IPv6 (auth/address-key.ts).
  const address = addressKey(ip);
  const minutes = await addressBlockedMinutes(app, address);
  if (minutes > 0) throw lockedError(minutes, from.lang);
  const rules = await loginRules(app);
  const windowMs = rules.lockoutMinutes * 60_000;
  const db = app.db.kysely;
  const { id } = await db
    .insertInto('login_attempts')
    .values({ username, ip: address, success: PENDING, at: app.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refuse = async (err: ApiError, as = REFUSED) => {
    await db.updateTable('login_attempts').set({ success: as }).where('id', '=', id).execute();
    return err;
  };
  const byAddress = await addressFailures(app, address, windowMs, { pending: true });
  if (byAddress > rules.lockoutAttempts) {
    if (await blockOnSettledFailures(app, address, username, from))
      throw await refuse(lockedError(await addressBlockedMinutes(app, address), from.lang));
    // Over the limit only with the checks still running: asked to try again, not counted.
    throw await refuse(new ApiError(Code.rateLimited, slowedMessage(1, from.lang ?? 'en')), DEFERRED);
  }
  const over = (await accountFailures(app, username, windowMs)) - rules.lockoutAttempts;
  if (over > 0) {
    const now = app.now();
    // One statement claims the account's next check: of parallel attempts only one gets it.
    const claimed = await db
      .insertInto('account_throttles')
      .values({ username, next_check_at: now + accountDelay(over) })
      .onConflict((oc) =>
        oc
          .column('username')
          .doUpdateSet({ next_check_at: now + accountDelay(over) })
          .where('account_throttles.next_check_at', '<=', now),
      )
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) {
      const row = await db
        .selectFrom('account_throttles')
        .select('next_check_at')
        .where('username', '=', username)
        .executeTakeFirst();
      const seconds = Math.max(1, Math.ceil((Number(row?.next_check_at ?? now) - now) / 1000));
      throw await refuse(new ApiError(Code.rateLimited, slowedMessage(seconds, from.lang ?? 'en')));
    }
  }
  return { id: Number(id), username, ip: address };
}

/** Records the outcome of a reserved check; a failure at the address's limit blocks the address. */
export async function settleAttempt(
  app: AppContext,
  reservation: Reservation,
  ok: boolean,
  from: LockoutRequest = {},
): Promise<void> {
  const db = app.db.kysely;
  await db
    .updateTable('login_attempts')
    .set({ success: ok ? SUCCEEDED : FAILED })
    .where('id', '=', reservation.id)
    .execute();
  if (ok) {
    await db.deleteFrom('account_throttles').where('username', '=', reservation.username).execute();
    return;
  }
  await blockOnSettledFailures(app, reservation.ip, reservation.username, from);
}

/**
 * Blocks the address when its settled failures (and refusals) reach the limit; whether it did.
 * Settled only: other checks of the address still running may well succeed.
 */
async function blockOnSettledFailures(
  app: AppContext,
  address: string,
  username: string,
  from: LockoutRequest,
): Promise<boolean> {
  const rules = await loginRules(app);
  const settled = await addressFailures(app, address, rules.lockoutMinutes * 60_000, { pending: false });
  if (settled < rules.lockoutAttempts) return false;
  await blockAddress(app, address, username, from);
  return true;
}

/**
 * Counts one attempt from an address outside the password sign-in (the developer-key path, a
 * wrong remembered-device token): a failure at the limit blocks the address.
 */
export async function recordAttempt(
  app: AppContext,
  username: string,
  ip: string,
  success: boolean,
  from: LockoutRequest = {},
): Promise<void> {
  // Counted by its network for IPv6 (auth/address-key.ts).
  const address = addressKey(ip);
  await app.db.kysely
    .insertInto('login_attempts')
    .values({ username, ip: address, success: success ? SUCCEEDED : FAILED, at: app.now() })
    .execute();
  if (!success) await blockOnSettledFailures(app, address, username, from);
}

/**
 * When the account's slowdown ends (its next password check is allowed), in epoch ms; 0 when it
 * is not slowed. Shown as `locked_until` in the account list.
 */
export async function accountLockedUntil(app: AppContext, username: string): Promise<number> {
  const row = await app.db.kysely
    .selectFrom('account_throttles')
    .select('next_check_at')
    .where('username', '=', username)
    .executeTakeFirst();
  const until = Number(row?.next_check_at ?? 0);
  return until > app.now() ? until : 0;
}

/** Ends an account's slowdown: its failed attempts stop counting (verb `unlock`). */
export async function unlockAccount(app: AppContext, username: string): Promise<void> {
  await app.db.kysely
    .deleteFrom('login_attempts')
    .where('username', '=', username)
    .where('success', '!=', SUCCEEDED)
    .execute();
  await app.db.kysely.deleteFrom('account_throttles').where('username', '=', username).execute();
}

export interface BlockedAddress {
  ip: string;
  /** How many times the address was blocked (the current block included). */
  level: number;
  locked_at: number;
  blocked_until: number;
  /** The account named by the attempt that caused the block. */
  username: string;
}

/** Addresses blocked now, the most recent first. */
export async function blockedAddresses(app: AppContext): Promise<BlockedAddress[]> {
  const rows = await app.db.kysely
    .selectFrom('address_lockouts')
    .select(['ip', 'level', 'locked_at', 'blocked_until', 'username'])
    .where('blocked_until', '>', app.now())
    .orderBy('locked_at', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    ip: r.ip,
    level: Number(r.level),
    locked_at: Number(r.locked_at),
    blocked_until: Number(r.blocked_until),
    username: r.username,
  }));
}

/**
 * Ends an address's block (an administrator's unlock): its earlier failures stop counting and its
 * next block starts again at the base time. Returns whether it was blocked.
 */
export async function unblockAddress(app: AppContext, ip: string): Promise<boolean> {
  // Counted by its network for IPv6 (auth/address-key.ts).
  const address = addressKey(ip);
  const now = app.now();
  const r = await app.db.kysely
    .updateTable('address_lockouts')
    .set({ blocked_until: 0, level: 0, counted_from: now })
    .where('ip', '=', address)
    .where('blocked_until', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
