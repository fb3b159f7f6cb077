import type { MessageKey } from '@igs/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/schema.ts';

/**
 * Credentials ended by an event (issue 12, item 8): the ids of sessions and the hashes of
 * developer keys, with why, in `ended_sessions`. A token or key that is no longer live answers
 * 1005 with the reason instead of 1002 (unknown), and an ended key is not counted as a guess by
 * the lockout. Kept as long as a session could have lived (SESSION_MAX_H), then forgotten.
 */
export const END_REASONS = {
  password: 'sessionEndedPassword',
  restore: 'sessionEndedRestore',
  everywhere: 'sessionEndedEverywhere',
  disabled: 'sessionEndedDisabled',
  deleted: 'sessionEndedDeleted',
  kicked: 'sessionEndedKicked',
  key_ended: 'developerKeyEnded',
  key_expired: 'developerKeyExpired',
} as const satisfies Record<string, MessageKey>;
export type EndReason = keyof typeof END_REASONS;

/** Records these ids as ended for a reason, and forgets records older than a session's life. */
export async function markEnded(
  app: AppContext,
  db: Kysely<Database>,
  ids: string[],
  reason: EndReason,
): Promise<void> {
  if (!ids.length) return;
  const now = app.now();
  const sessionMaxHours = await sessionMaxHoursIn(app, db);
  await db
    .deleteFrom('ended_sessions')
    .where('at', '<', now - sessionMaxHours * 3_600_000)
    .execute();
  // Chunks keep each statement well under SQLite's and PostgreSQL's parameter limits.
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('ended_sessions')
      .values(ids.slice(i, i + 500).map((id) => ({ id, reason, at: now })))
      .onConflict((oc) => oc.column('id').doUpdateSet({ reason, at: now }))
      .execute();
  }
}

/** The message key saying why this session id or key hash ended, or null when it never was. */
export async function endedReason(app: AppContext, id: string): Promise<MessageKey | null> {
  const row = await app.db.kysely
    .selectFrom('ended_sessions')
    .select('reason')
    .where('id', '=', id)
    .executeTakeFirst();
  return (row && END_REASONS[row.reason as EndReason]) || null;
}

/**
 * The longest a session may live (web setting session_max_h, else SESSION_MAX_H), read through
 * the given database or transaction: callers run inside transactions, and on SQLite a read on
 * another connection would wait for that transaction to end.
 */
async function sessionMaxHoursIn(app: AppContext, db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'session_max_h')
    .executeTakeFirst();
  const n = Number(row?.value ?? '');
  return Number.isInteger(n) && n > 0 ? n : app.config.sessionMaxHours;
}
