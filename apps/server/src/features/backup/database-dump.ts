import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import readline from 'node:readline';
import { finished } from 'node:stream/promises';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import type { DialectKind } from '../../platform/db/database.ts';
import { type AnyDb, untyped } from '../../platform/resources/queries.ts';

/**
 * The database as dialect-neutral JSON lines, one file per table, and back.
 *
 * A table file's first line is the array of its column names; each further line is one row as
 * an array of values in that order. Values are JSON numbers, strings and null as both databases
 * return them (times are epoch milliseconds, flags 0/1); bytes are `{"b64": …}`, dates ISO
 * strings, and JSON objects their text, so a SQLite backup restores into PostgreSQL and back.
 */

/**
 * Tables never written to a backup nor touched by a restore: sessions and single-use tokens are
 * this server's live state; backup records and upgrade packages describe files of this machine;
 * device secrets are this gateway's keys, which an archive must never carry to another or bring in.
 * (Kysely's own migration tables are left out by the introspection.)
 */
export const EXCLUDED_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  // Live credentials and markers of this server (developer keys are hashes of secrets; restored
  // keys could speak for accounts the archive replaced).
  'developer_keys',
  'ended_sessions',
  'device_secrets',
  // sign-in guards and remembered devices (migration 022): live state and credentials
  'address_lockouts',
  'account_throttles',
  'device_tokens',
  'handoff_codes',
  'captchas',
  'downloads',
  'backups',
  'upgrade_packages',
  // The file store's own tables (migration 032): uploads go in the archive's uploads part, and
  // backups and packages must not be replaced by a restore.
  'file_objects',
  'file_chunks',
  // The instances running now and their machines (migration 035): each instance writes its own.
  'server_instances',
]);

export interface TableInfo {
  name: string;
  columns: string[];
}

export interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
}

/** Backup and restore go over every table by name, as the database lists them. */
const any = (app: AppContext) => untyped(app.db.kysely);

/** Every table a backup holds: the current database's tables minus the excluded ones. */
export async function backupTables(db: AnyDb, kind: DialectKind): Promise<TableInfo[]> {
  let schema: string | undefined;
  if (kind === 'postgres') {
    const r = await sql<{ s: string }>`select current_schema() as s`.execute(db);
    schema = r.rows[0]?.s;
  }
  const tables = await db.introspection.getTables();
  return tables
    .filter((t) => !t.isView && (schema === undefined || t.schema === schema))
    .filter((t) => !EXCLUDED_TABLES.has(t.name) && !t.name.startsWith('sqlite_'))
    .map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function foreignKeys(
  db: AnyDb,
  kind: DialectKind,
  tables: readonly string[],
): Promise<ForeignKey[]> {
  const out: ForeignKey[] = [];
  if (kind === 'sqlite') {
    for (const t of tables) {
      const r = await sql<{ table: string; from: string; to: string | null }>`
        select "table", "from", "to" from pragma_foreign_key_list(${t})`.execute(db);
      for (const fk of r.rows)
        out.push({ table: t, column: fk.from, refTable: fk.table, refColumn: fk.to ?? 'id' });
    }
    return out;
  }
  const r = await sql<{ table: string; column: string; ref_table: string; ref_column: string }>`
    select cl.relname as table, a.attname as column, rc.relname as ref_table, ra.attname as ref_column
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_class rc on rc.oid = c.confrelid
    cross join lateral unnest(c.conkey, c.confkey) as k(src, dst)
    join pg_attribute a on a.attrelid = cl.oid and a.attnum = k.src
    join pg_attribute ra on ra.attrelid = rc.oid and ra.attnum = k.dst
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const wanted = new Set(tables);
  for (const fk of r.rows)
    if (wanted.has(fk.table))
      out.push({ table: fk.table, column: fk.column, refTable: fk.ref_table, refColumn: fk.ref_column });
  return out;
}

/** Tables ordered so that every referenced table comes before the tables referring to it. */
export function parentsFirst(tables: readonly string[], fks: readonly ForeignKey[]): string[] {
  const set = new Set(tables);
  const deps = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const fk of fks)
    if (fk.table !== fk.refTable && set.has(fk.refTable)) deps.get(fk.table)?.add(fk.refTable);
  const out: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: string) => {
    if (state.get(t) === 'done') return;
    if (state.get(t) === 'visiting') throw new Error(`Tables refer to each other in a cycle through ${t}`);
    state.set(t, 'visiting');
    for (const d of deps.get(t) ?? []) visit(d);
    state.set(t, 'done');
    out.push(t);
  };
  for (const t of [...tables].sort()) visit(t);
  return out;
}

function encodeValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return { b64: Buffer.from(v).toString('base64') };
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v === 'object') return JSON.stringify(v);
  return v;
}

function decodeValue(v: unknown, kind: DialectKind): unknown {
  if (v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { b64?: unknown }).b64 === 'string')
    return Buffer.from((v as { b64: string }).b64, 'base64');
  if (typeof v === 'boolean' && kind === 'sqlite') return v ? 1 : 0;
  if (v && typeof v === 'object') return JSON.stringify(v);
  return v;
}

export interface DumpedTable {
  name: string;
  columns: string[];
  rows: number;
  size: number;
  sha256: string;
}

const PAGE = 1000;

/** Writes one table to a JSON-lines file, page by page (by id where the table has one). Run it in a transaction. */
export async function dumpTable(
  db: AnyDb,
  kind: DialectKind,
  table: TableInfo,
  file: string,
): Promise<DumpedTable> {
  const out = createWriteStream(file);
  // A write fails after write() returned (a full disk): the stream keeps the error (out.errored),
  // read at the next write and by finished(); without a listener it would crash the process.
  out.on('error', () => {});
  const hash = createHash('sha256');
  let size = 0;
  const write = async (line: string) => {
    // A stream that failed (a full disk) is destroyed: it would never drain, so stop at once.
    if (out.errored) throw out.errored;
    const buf = Buffer.from(`${line}\n`, 'utf8');
    hash.update(buf);
    size += buf.length;
    if (!out.write(buf)) await once(out, 'drain');
  };
  let rows = 0;
  try {
    await write(JSON.stringify(table.columns));
    const hasId = table.columns.includes('id');
    let lastId: unknown = null;
    for (let offset = 0; ; offset += PAGE) {
      let q = db.selectFrom(table.name).select(table.columns.map((c) => sql.ref(c).as(c)));
      if (hasId) {
        if (lastId !== null) q = q.where('id', '>', lastId);
        q = q.orderBy('id').limit(PAGE);
      } else {
        // The physical row order is stable inside the dump's snapshot.
        q = q
          .orderBy(sql.raw(kind === 'postgres' ? 'ctid' : 'rowid'))
          .limit(PAGE)
          .offset(offset);
      }
      const page = (await q.execute()) as Record<string, unknown>[];
      for (const r of page) await write(JSON.stringify(table.columns.map((c) => encodeValue(r[c]))));
      rows += page.length;
      if (page.length < PAGE) break;
      if (hasId) lastId = page[page.length - 1]!.id;
    }
    out.end();
    // Rejects when the last bytes could not be written either.
    await finished(out);
  } catch (e) {
    out.destroy();
    throw e;
  }
  return { name: table.name, columns: table.columns, rows, size, sha256: hash.digest('hex') };
}

/** The rows of a table file, after its header line; checks each line's shape. */
export async function* readTableFile(file: string, columns: readonly string[]): AsyncGenerator<unknown[]> {
  const lines = readline.createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let first = true;
  let n = 0;
  for await (const line of lines) {
    n++;
    if (first) {
      first = false;
      const head = JSON.parse(line) as unknown;
      if (!Array.isArray(head) || head.length !== columns.length || head.some((c, i) => c !== columns[i]))
        throw new Error('its column line does not match the manifest');
      continue;
    }
    if (line === '') continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new Error(`line ${n} is not JSON`);
    }
    if (!Array.isArray(row) || row.length !== columns.length)
      throw new Error(`line ${n} has the wrong number of values`);
    yield row;
  }
  if (first) throw new Error('it is empty');
}

/** Rows of a self-referencing table put parents first, so an immediate foreign key holds. */
function orderSelfReferences(rows: Record<string, unknown>[], fks: ForeignKey[]): Record<string, unknown>[] {
  if (!fks.length) return rows;
  const fk = fks[0]!;
  const byKey = new Map(rows.map((r) => [r[fk.refColumn], r]));
  const done = new Set<Record<string, unknown>>();
  const out: Record<string, unknown>[] = [];
  const visit = (r: Record<string, unknown>, depth: number) => {
    if (done.has(r) || depth > rows.length) return;
    const parent = r[fk.column];
    const p = parent === null || parent === undefined ? undefined : byKey.get(parent);
    if (p && p !== r) visit(p, depth + 1);
    if (!done.has(r)) {
      done.add(r);
      out.push(r);
    }
  };
  for (const r of rows) visit(r, 0);
  return out;
}

export interface RestoreTable {
  name: string;
  columns: string[];
  file: string;
}

/**
 * Replaces the content of every backup table in one transaction: children emptied first, then
 * parents-first inserts, then (PostgreSQL) identity sequences moved past the restored ids.
 * `inside` runs last inside the transaction, so its failure rolls everything back.
 */
export async function restoreDatabase(
  app: AppContext,
  tables: readonly RestoreTable[],
  inside: (trx: Transaction<unknown>) => Promise<void>,
): Promise<void> {
  const kind = app.db.kind;
  const db = any(app);
  const current = (await backupTables(db, kind)).map((t) => t.name);
  const fks = await foreignKeys(db, kind, current);
  const order = parentsFirst(current, fks);
  const byName = new Map(tables.map((t) => [t.name, t]));
  await db.transaction().execute(async (trx) => {
    if (kind === 'sqlite') await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
    for (const t of [...order].reverse()) await trx.deleteFrom(t).execute();
    for (const name of order) {
      const t = byName.get(name);
      if (!t) continue; // a table this backup did not have stays empty
      const selfRefs = fks.filter((f) => f.table === name && f.refTable === name);
      const batchSize = Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, t.columns.length))));
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (batch.length) await trx.insertInto(name).values(batch).execute();
        batch = [];
      };
      const toRecord = (row: unknown[]) =>
        Object.fromEntries(t.columns.map((c, i) => [c, decodeValue(row[i], kind)]));
      if (selfRefs.length) {
        const all: Record<string, unknown>[] = [];
        for await (const row of readTableFile(t.file, t.columns)) all.push(toRecord(row));
        for (const r of orderSelfReferences(all, selfRefs)) {
          batch.push(r);
          if (batch.length >= batchSize) await flush();
        }
      } else {
        for await (const row of readTableFile(t.file, t.columns)) {
          batch.push(toRecord(row));
          if (batch.length >= batchSize) await flush();
        }
      }
      await flush();
    }
    if (kind === 'postgres') {
      for (const name of order) {
        const t = byName.get(name);
        if (!t?.columns.includes('id')) continue;
        const seq = await sql<{
          s: string | null;
        }>`select pg_get_serial_sequence(${`"${name}"`}, 'id') as s`.execute(trx);
        const s = seq.rows[0]?.s;
        if (s)
          await sql`select setval(${s}, coalesce((select max(id) from ${sql.table(name)}), 0) + 1, false)`.execute(
            trx,
          );
      }
    }
    await inside(trx as unknown as Transaction<unknown>);
  });
}
