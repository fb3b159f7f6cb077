import type { AppContext } from '../app-context.ts';
import { loginRules } from '../features/settings/login-rules.ts';

/**
 * Lockout after N failed sign-ins per account and, separately, per client address within a
 * window (defaults 5 and 15 minutes). A success clears the account's count. Returns the minutes
 * left when locked, else 0.
 */
export async function lockedMinutes(app: AppContext, username: string, ip: string): Promise<number> {
  const rules = await loginRules(app);
  const windowMs = rules.lockoutMinutes * 60_000;
  const since = app.now() - windowMs;
  const db = app.db.kysely;
  const lastSuccess = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('username', '=', username)
    .where('success', '=', 1)
    .executeTakeFirst();
  const accountSince = Math.max(since, Number(lastSuccess?.at ?? 0) + 1);
  const [byAccount, byIp] = await Promise.all([
    failures(app, 'username', username, accountSince, rules.lockoutAttempts),
    failures(app, 'ip', ip, since, rules.lockoutAttempts),
  ]);
  const limit = rules.lockoutAttempts;
  let until = 0;
  for (const list of [byAccount, byIp]) {
    // Locked while the Nth most recent failure is inside the window; it ends a window after that.
    if (list.length >= limit) until = Math.max(until, list[limit - 1]! + windowMs);
  }
  const left = until - app.now();
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

async function failures(
  app: AppContext,
  column: 'username' | 'ip',
  value: string,
  since: number,
  limit: number,
): Promise<number[]> {
  const rows = await app.db.kysely
    .selectFrom('login_attempts')
    .select('at')
    .where(column, '=', value)
    .where('success', '=', 0)
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.at));
}

export async function recordAttempt(
  app: AppContext,
  username: string,
  ip: string,
  success: boolean,
): Promise<void> {
  await app.db.kysely
    .insertInto('login_attempts')
    .values({ username, ip, success: success ? 1 : 0, at: app.now() })
    .execute();
}

/**
 * When the account's own lock-out (failures by username, not by address) ends, in epoch ms;
 * 0 when it is not locked. Shown as `locked_until` in the account list.
 */
export async function accountLockedUntil(app: AppContext, username: string): Promise<number> {
  const rules = await loginRules(app);
  const windowMs = rules.lockoutMinutes * 60_000;
  const lastSuccess = await app.db.kysely
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('username', '=', username)
    .where('success', '=', 1)
    .executeTakeFirst();
  const since = Math.max(app.now() - windowMs, Number(lastSuccess?.at ?? 0) + 1);
  const list = await failures(app, 'username', username, since, rules.lockoutAttempts);
  if (list.length < rules.lockoutAttempts) return 0;
  const until = list[rules.lockoutAttempts - 1]! + windowMs;
  return until > app.now() ? until : 0;
}

/** Ends an account's lock-out: its failed attempts stop counting (verb `unlock`). */
export async function unlockAccount(app: AppContext, username: string): Promise<void> {
  await app.db.kysely
    .deleteFrom('login_attempts')
    .where('username', '=', username)
    .where('success', '=', 0)
    .execute();
}
