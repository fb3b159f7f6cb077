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

/**
 * The advisory lock keys of periodic work: one per job, the same on every instance, in the order
 * of their numbers (the next job takes the next one). Most are taken by `asLeader` below; the file
 * prune holds its key as a session lock on a connection of its own for the whole pass (its pass
 * waits on the file store, which no pool connection should), prune.ts.
 */
export const LEADER_KEYS = {
  /** features/terminal-api/presence.ts: terminals that stopped heartbeating go offline. */
  terminalOffline: 0x7e_0f_f1_01,
  /** features/home/site-figures.ts: the operations home's per-site figures are refreshed. */
  homeFigures: 0x7e_0f_f1_02,
  /** platform/files/prune.ts: expired exports and abandoned uploads leave the file store. */
  filePrune: 0x7e_0f_f1_03,
} as const;

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
