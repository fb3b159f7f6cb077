import type { AppContext } from '../app-context.ts';

/**
 * Lockout after N failed sign-ins per account and, separately, per client address within a
 * window (defaults 5 and 15 minutes). A success clears the account's count. Returns the minutes
 * left when locked, else 0.
 */
export async function lockedMinutes(app: AppContext, username: string, ip: string): Promise<number> {
  const windowMs = app.config.lockoutMinutes * 60_000;
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
    failures(app, 'username', username, accountSince),
    failures(app, 'ip', ip, since),
  ]);
  const limit = app.config.lockoutAttempts;
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
): Promise<number[]> {
  const rows = await app.db.kysely
    .selectFrom('login_attempts')
    .select('at')
    .where(column, '=', value)
    .where('success', '=', 0)
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .limit(app.config.lockoutAttempts)
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
