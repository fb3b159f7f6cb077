import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/schema.ts';
import { tokenId } from '../lib/tokens.ts';
import { type EndReason, markEnded } from './ended-credentials.ts';

/**
 * Developer-mode keys (issue 12, item 2): a credential an integrator sends as `IGS-Key` instead of
 * a session. Only the SHA-256 of the key is stored (as sessions, lib/tokens.ts), so the key is
 * shown once, when made, and never again: afterwards only its last characters. A key ends after
 * DEVELOPER_KEY_DAYS (default 90), and with its account's password, sessions ("sign out
 * everywhere"), disabling or deleting (see endDeveloperKeys' callers).
 */

export const DEFAULT_DEVELOPER_KEY_DAYS = 90;
const DAY_MS = 86_400_000;
const HINT_CHARS = 4;

export interface DeveloperKeyInfo {
  hint: string;
  createdAt: number;
  expiresAt: number;
}

export function developerKeyDays(app: AppContext): number {
  return app.config.developerKeyDays ?? DEFAULT_DEVELOPER_KEY_DAYS;
}

/** Makes a new key for the account, replacing any it had. The only time the key exists in clear. */
export async function issueDeveloperKey(
  app: AppContext,
  userId: number,
): Promise<DeveloperKeyInfo & { key: string }> {
  const key = randomBytes(24).toString('hex');
  const createdAt = app.now();
  const row = {
    user_id: userId,
    key_hash: tokenId(key),
    key_hint: key.slice(-HINT_CHARS),
    created_at: createdAt,
    expires_at: createdAt + developerKeyDays(app) * DAY_MS,
  };
  await app.db.kysely.transaction().execute(async (trx) => {
    await endDeveloperKeys(app, trx, [userId]);
    await trx.insertInto('developer_keys').values(row).execute();
    await trx
      .updateTable('users')
      .set({ developer_status: 1, updated_at: createdAt })
      .where('id', '=', userId)
      .execute();
  });
  return { key, hint: row.key_hint, createdAt, expiresAt: row.expires_at };
}

/** The account's live key (never the key itself), or null when it has none or it has expired. */
export async function developerKeyOf(app: AppContext, userId: number): Promise<DeveloperKeyInfo | null> {
  const row = await app.db.kysely
    .selectFrom('developer_keys')
    .select(['key_hint', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  if (Number(row.expires_at) <= app.now()) {
    await endDeveloperKeys(app, app.db.kysely, [userId], 'key_expired');
    return null;
  }
  return { hint: row.key_hint, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) };
}

/** The key's row and its account, by the key presented; null when no key has that hash. */
export async function findDeveloperKey(app: AppContext, key: string) {
  return app.db.kysely
    .selectFrom('developer_keys')
    .innerJoin('users', 'users.id', 'developer_keys.user_id')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .selectAll('users')
    .select(['developer_keys.expires_at as k_expires', 'roles.all_sites as r_all'])
    .where('developer_keys.key_hash', '=', tokenId(key))
    .executeTakeFirst();
}

/**
 * Ends the developer keys of these accounts (developer mode goes off); an ended key then answers
 * 1005 saying so (auth/ended-credentials.ts). Takes the database or a transaction, so it ends
 * with the change that ends it.
 */
export async function endDeveloperKeys(
  app: AppContext,
  db: Kysely<Database>,
  userIds: number[],
  reason: EndReason = 'key_ended',
): Promise<void> {
  if (!userIds.length) return;
  const ended = await db
    .selectFrom('developer_keys')
    .select('key_hash')
    .where('user_id', 'in', userIds)
    .execute();
  await markEnded(
    app,
    db,
    ended.map((r) => r.key_hash),
    reason,
  );
  await db.deleteFrom('developer_keys').where('user_id', 'in', userIds).execute();
  await db
    .updateTable('users')
    .set({ developer_status: 0 })
    .where('id', 'in', userIds)
    .where('developer_status', '!=', 0)
    .execute();
}
