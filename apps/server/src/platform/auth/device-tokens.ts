import { DEVICE_TOKEN_PATTERN } from '@igs/contract/calls';
import type { AppContext } from '../app-context.ts';
import type { User } from '../db/schema.ts';
import { newToken, tokenId } from '../lib/tokens.ts';

/**
 * "Remember me" (spec section 5: the saved-password cookie is sent as is at the next sign-in).
 * The cookie holds a device token the server issued, never the password's hash: a hash would
 * sign in wherever it is copied, for as long as the password lasts. A device token
 * - is stored only as its SHA-256 (a leaked database signs nobody in),
 * - signs in only the account it was issued to,
 * - is single use: each sign-in with it ends it and, when "remember" is still ticked, issues the
 *   next one (a copied cookie works once, and then the owner's next sign-in fails and tells),
 * - lasts as long as the console's cookie (spec section 9: one week),
 * - ends with the account's password: it carries a tag of the password's stored hash and is
 *   refused once that changed, whichever code path changed it (own change, administrator's
 *   reset, restore); endDeviceTokens ends them all at once too.
 * A remembered device is not slowed by the account's failures (auth/lockout.ts).
 */

export const DEVICE_TOKEN_PREFIX = 'dt.';
export const DEVICE_TOKEN_DAYS = 7;
const LIFETIME_MS = DEVICE_TOKEN_DAYS * 24 * 3_600_000;

export function isDeviceToken(value: string): boolean {
  return DEVICE_TOKEN_PATTERN.test(value);
}

/** Ties a token to the password in force: any change of the stored hash ends it. */
function passwordTag(passwordHash: string): string {
  return tokenId(passwordHash);
}

export async function issueDeviceToken(
  app: AppContext,
  user: Pick<User, 'id' | 'password_hash'>,
): Promise<string> {
  const userId = user.id;
  const token = DEVICE_TOKEN_PREFIX + newToken();
  const now = app.now();
  const db = app.db.kysely;
  // Housekeeping: this account's expired tokens are worthless.
  await db.deleteFrom('device_tokens').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
  await db
    .insertInto('device_tokens')
    .values({
      id: tokenId(token),
      user_id: userId,
      password_tag: passwordTag(user.password_hash),
      created_at: now,
      expires_at: now + LIFETIME_MS,
      last_used_at: now,
    })
    .execute();
  return token;
}

/**
 * The account a device token signs in, consuming the token; undefined when it is unknown,
 * expired, already used, issued before the password changed, or issued to another account
 * (then it is left as it was).
 */
export async function redeemDeviceToken(
  app: AppContext,
  token: string,
  username: string,
): Promise<User | undefined> {
  const db = app.db.kysely;
  const id = tokenId(token);
  const user = await db
    .selectFrom('device_tokens')
    .innerJoin('users', 'users.id', 'device_tokens.user_id')
    .selectAll('users')
    .select('device_tokens.password_tag')
    .where('device_tokens.id', '=', id)
    .where('device_tokens.expires_at', '>', app.now())
    .where('users.username', '=', username)
    .executeTakeFirst();
  if (!user) return undefined;
  const { password_tag, ...account } = user;
  if (password_tag !== passwordTag(account.password_hash)) {
    await db.deleteFrom('device_tokens').where('id', '=', id).execute();
    return undefined;
  }
  // Of two sign-ins racing with the same token, only the one whose delete lands gets in.
  const r = await db.deleteFrom('device_tokens').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0 ? account : undefined;
}

/** Ends every remembered device of an account (its password changed or was reset). */
export async function endDeviceTokens(app: AppContext, userId: number): Promise<void> {
  await app.db.kysely.deleteFrom('device_tokens').where('user_id', '=', userId).execute();
}
