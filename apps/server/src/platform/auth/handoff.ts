import { Code } from '@igs/contract';
import type { AppContext } from '../app-context.ts';
import type { Caller } from '../http/action.ts';
import { apiError } from '../http/errors.ts';
import { newToken, tokenId } from '../lib/tokens.ts';
import { sessionExpired } from './sessions.ts';

/**
 * The /authh5 hand-off: another system (the H5 portal) signed in as an account asks, with its
 * session, for a code, and opens /authh5?token=<code>; the console exchanges the code for a NEW
 * session of the same account and mode. The code is single use and lasts a minute, so a link that
 * leaks (history, logs, Referer) is worthless, and nobody can plant a session of their choosing
 * in someone else's browser (session fixation): the session token itself never travels in a URL.
 * A code needs a session (a developer key cannot turn itself into one) and is good only while that
 * session lives: whatever ends the session (sign-out, "sign out everywhere", a password change, a
 * restore, expiry) ends its codes too.
 */

export const HANDOFF_LIFETIME_MS = 60_000;

export async function mintHandoffCode(app: AppContext, caller: Caller): Promise<string> {
  if (!caller.session) throw apiError(Code.forbidden, 'sessionRequired');
  const code = newToken();
  const now = app.now();
  const db = app.db.kysely;
  // Housekeeping: expired codes are worthless.
  await db.deleteFrom('handoff_codes').where('expires_at', '<=', now).execute();
  await db
    .insertInto('handoff_codes')
    .values({
      id: tokenId(code),
      user_id: caller.user.id,
      is_operations: caller.isOperations,
      expires_at: now + HANDOFF_LIFETIME_MS,
      session_id: caller.session.id,
    })
    .execute();
  return code;
}

/** The account and mode a code hands over, consuming it; undefined when unknown, used or expired. */
export async function redeemHandoffCode(
  app: AppContext,
  code: string,
): Promise<{ userId: number; isOperations: 0 | 1 } | undefined> {
  // One statement takes the code, so of two exchanges racing with it only one gets a row.
  const row = await app.db.kysely
    .deleteFrom('handoff_codes')
    .where('id', '=', tokenId(code))
    .returningAll()
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= app.now() || !row.session_id) return undefined;
  const maker = await app.db.kysely
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at'])
    .where('id', '=', row.session_id)
    .executeTakeFirst();
  if (!maker || sessionExpired(app, maker)) return undefined;
  return { userId: row.user_id, isOperations: row.is_operations ? 1 : 0 };
}
