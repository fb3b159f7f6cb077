import { type Kysely, sql } from 'kysely';
import type { ActionContext } from '../http/action.ts';

/**
 * Transactions for the generic resource calls when a feature runs a whole call inside one
 * (after-writes.ts `aroundResourceWrites`): the call then sees a transaction where it would see
 * the database, and a call that opens a transaction of its own gets a savepoint of it, provided
 * it opens it with `inTransaction` (import does; Kysely refuses `transaction()` on a transaction).
 */

let savepoints = 0;

/**
 * `fn` in a transaction of its own, or, when `conn` already is a transaction, in a savepoint of
 * it: Kysely cannot nest transactions, and an import's "all or nothing" must still undo only its
 * own rows when it runs inside a caller's transaction.
 */
export async function inTransaction<DB, T>(
  conn: Kysely<DB>,
  fn: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (!conn.isTransaction) return conn.transaction().execute(fn);
  const name = sql.raw(`igs_nested_${++savepoints}`);
  await sql`savepoint ${name}`.execute(conn);
  try {
    const out = await fn(conn);
    await sql`release savepoint ${name}`.execute(conn);
    return out;
  } catch (e) {
    await sql`rollback to savepoint ${name}`.execute(conn);
    await sql`release savepoint ${name}`.execute(conn);
    throw e;
  }
}

/**
 * Runs `fn` with a copy of `ctx` whose database is one transaction, committed when `fn` resolves
 * and rolled back when it (or the commit) throws. What `fn` sets on its context for the reply and
 * the operation log (msg, logDetail) is carried back to `ctx`.
 *
 * On SQLite the single connection is held until the end: `fn` must reach the database only
 * through the context it is given, or it waits for itself.
 */
export async function inCallTransaction<C extends ActionContext, T>(
  ctx: C,
  fn: (tctx: C) => Promise<T>,
): Promise<T> {
  const trx = await ctx.app.db.kysely.startTransaction().execute();
  const tctx: C = { ...ctx, app: { ...ctx.app, db: { ...ctx.app.db, kysely: trx } } };
  try {
    const out = await fn(tctx);
    await trx.commit().execute();
    return out;
  } catch (e) {
    // A failed rollback (a dead connection) is logged; the caller hears why the call failed.
    if (!trx.isCommitted)
      await trx
        .rollback()
        .execute()
        .catch((err: unknown) => ctx.app.log.error({ err }, 'rollback failed'));
    throw e;
  } finally {
    ctx.msg = tctx.msg;
    ctx.logDetail = tctx.logDetail;
  }
}
