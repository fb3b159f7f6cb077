import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../app-context.ts';

/**
 * Secrets that belong to this gateway rather than to its data: the key that authenticates the
 * backups it makes (`backup-archives`), the key of signed file links (`file-links`), … Each is 32
 * random bytes made on first use and kept in `device_secrets`, a table that backups leave out and
 * restores never touch, so an archive made elsewhere cannot bring its keys along. Instances on one
 * PostgreSQL share the row: the first to insert wins and every other reads what it wrote.
 */

export type SecretName = 'backup-archives' | 'file-links';

const CACHE = new WeakMap<AppContext, Map<SecretName, Buffer>>();

export async function deviceSecret(app: AppContext, name: SecretName): Promise<Buffer> {
  const mine = CACHE.get(app) ?? new Map<SecretName, Buffer>();
  CACHE.set(app, mine);
  const known = mine.get(name);
  if (known) return known;
  const db = app.db.kysely;
  const read = () =>
    db.selectFrom('device_secrets').select('secret').where('name', '=', name).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('device_secrets')
      .values({ name, secret: randomBytes(32).toString('hex'), created_at: app.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error(`device secret ${name} could not be stored`);
  const secret = Buffer.from(row.secret, 'hex');
  mine.set(name, secret);
  return secret;
}

/**
 * A public name of this gateway, derived from its backup key: archives carry it so that a restore
 * can tell "made by another gateway" from "altered", without revealing the key.
 */
export async function gatewayId(app: AppContext): Promise<string> {
  const key = await deviceSecret(app, 'backup-archives');
  return createHash('sha256').update('igs-gateway-id:').update(key).digest('hex').slice(0, 16);
}
