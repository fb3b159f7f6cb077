import { sql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Work that one instance of a fleet does for all (a periodic sweep over every site): on
 * PostgreSQL it runs in a transaction that first takes a transaction-scoped advisory lock with
 * `pg_try_advisory_xact_lock`; an instance that does not get it skips this pass (another is doing
 * it), and the lock ends with the transaction, so an instance that dies leaves nothing held. On
 * SQLite, one instance by design, the work simply runs in a transaction.
 */

export async function asLeader<T>(
  db: Db,
  key: number,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.kind === 'postgres') {
      const got = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${key}) as got`.execute(trx);
      if (!got.rows[0]?.got) return { ran: false as const };
    }
    return { ran: true as const, result: await work(trx) };
  });
}
