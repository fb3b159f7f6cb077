import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { SqliteDialect } from 'kysely';

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface. node:sqlite (built into Node 24, no
 * native build) differs only in calling style, so this thin adapter bridges the two.
 * `reader` tells Kysely whether a statement returns rows (SELECT, or anything with RETURNING).
 */
export function nodeSqliteDialect(db: DatabaseSync): SqliteDialect {
  // Preparing costs more than running most of our queries: keep the statements of the texts we
  // have seen (Kysely's SQL is parameterised, so the set stays small). Kysely never streams here,
  // so a cached statement is never reused while an iterate() on it is open.
  // Whether it returns rows is kept with it: `columns()` builds its description anew on each call.
  const statements = new Map<string, { prepared: ReturnType<DatabaseSync['prepare']>; reader: boolean }>();
  const adapter = {
    close: () => db.close(),
    prepare(sql: string) {
      let entry = statements.get(sql);
      if (!entry) {
        const stmt = db.prepare(sql);
        entry = { prepared: stmt, reader: stmt.columns().length > 0 };
        if (statements.size >= 1000) statements.clear();
        statements.set(sql, entry);
      }
      const { prepared, reader } = entry;
      return {
        reader,
        all: (params: readonly unknown[]) => prepared.all(...(params as SQLInputValue[])),
        run: (params: readonly unknown[]) => {
          const r = prepared.run(...(params as SQLInputValue[]));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (params: readonly unknown[]) => prepared.iterate(...(params as SQLInputValue[])),
      };
    },
  };
  // biome-ignore lint/suspicious/noExplicitAny: structural bridge to Kysely's better-sqlite3 shape
  return new SqliteDialect({ database: adapter as any });
}
