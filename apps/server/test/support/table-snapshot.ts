import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { backupTables } from '../../src/features/backup/database-dump.ts';
import type { TestServer } from './server.ts';

/**
 * A fingerprint of every table's content, for "a refused call changes nothing". Tables that record
 * the refusals themselves (the operation log, sign-in attempts and blocks, request counts) and the
 * sessions' own bookkeeping are left out by name; backups leave out sessions, captchas and the like
 * already (database-dump.ts EXCLUDED_TABLES).
 */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set([
  'operation_log',
  'login_attempts',
  'address_lockouts',
  'account_throttles',
  'rate_limits',
  'refusal_counts',
]);

export async function tableFingerprint(s: TestServer): Promise<Record<string, string>> {
  // biome-ignore lint/suspicious/noExplicitAny: every table
  const db = s.app.db.kysely as unknown as Kysely<any>;
  const out: Record<string, string> = {};
  for (const t of await backupTables(db, s.app.db.kind)) {
    if (BOOKKEEPING_TABLES.has(t.name)) continue;
    const rows = (await db.selectFrom(t.name).selectAll().execute()) as Record<string, unknown>[];
    const texts = rows
      .map((r) =>
        JSON.stringify(
          Object.keys(r)
            .sort()
            .map((k) => [k, r[k]]),
        ),
      )
      .sort();
    out[t.name] =
      `${rows.length}:${createHash('sha256').update(texts.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return out;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

/** How many rows `table` holds now (a refused write must leave the count as it was). */
export async function rowCount(s: TestServer, table: string): Promise<number> {
  const db = s.app.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
