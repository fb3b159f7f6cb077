import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { SqliteDialect } from 'kysely';

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface. node:sqlite (built into Node 24, no
 * native build) differs only in calling style, so this thin adapter bridges the two.
 * `reader` tells Kysely whether a statement returns rows (SELECT, or anything with RETURNING).
 */
export function nodeSqliteDialect(db: DatabaseSync): SqliteDialect {
  const adapter = {
    close: () => db.close(),
    prepare(sql: string) {
      const stmt = db.prepare(sql);
      const reader = stmt.columns().length > 0;
      return {
        reader,
        all: (params: readonly unknown[]) => stmt.all(...(params as SQLInputValue[])),
        run: (params: readonly unknown[]) => {
          const r = stmt.run(...(params as SQLInputValue[]));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (params: readonly unknown[]) => stmt.iterate(...(params as SQLInputValue[])),
      };
    },
  };
  // biome-ignore lint/suspicious/noExplicitAny: structural bridge to Kysely's better-sqlite3 shape
  return new SqliteDialect({ database: adapter as any });
}
