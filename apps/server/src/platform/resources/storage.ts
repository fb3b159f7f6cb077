import type { FieldDef, ResourceDef } from '@igs/contract/resources';
import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../db/database.ts';

/**
 * Resource tables are declared by their descriptions in the contract and brought in line at
 * start-up: a missing table is created, a missing column added, a missing index built. This is
 * additive only; renaming or dropping a column needs a written migration.
 */
export function columnType(f: FieldDef, kind: DialectKind): 'integer' | 'real' | 'double precision' | 'text' {
  if (f.type === 'int' || f.type === 'bool' || f.type === 'ref') return 'integer';
  if (f.type === 'num') return kind === 'postgres' ? 'double precision' : 'real';
  return 'text';
}

/** Fields stored as JSON text. */
export function isJsonField(f: FieldDef): boolean {
  return f.type === 'refs' || f.type === 'enums' || f.type === 'json';
}

/** Fields a list may be sorted by (DOMAIN section 0: int or date list columns, and sort). */
export function sortableFields(def: ResourceDef): string[] {
  const sortable = def.fields.filter(
    (f) => f.name === 'sort' || (f.list && ['int', 'num', 'date', 'dt', 'time'].includes(f.type)),
  );
  return ['id', 'created_at', 'updated_at', ...sortable.map((f) => f.name)];
}

/**
 * Whether PostgreSQL's pg_trgm extension is there, created here when this role may (it is a
 * trusted extension since PostgreSQL 13: a database owner may create it). Without it the keyword
 * search still works, reading the table (docs/deployment.md says how to add it).
 */
// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
async function trigramsAvailable(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export async function syncResourceTables(
  // biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
  db: Kysely<any>,
  kind: DialectKind,
  defs: readonly ResourceDef[],
): Promise<void> {
  const tables = new Map(
    (await db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]),
  );
  // The indexes there, read once: an instance starting on a database already in line runs no
  // statement (each `create index if not exists` was a round trip, some 450 of them on every start).
  const indexes = new Set(await indexNames(db, kind));
  // biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
  const steps: Array<(trx: Kysely<any>) => Promise<unknown>> = [];
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  let trigrams: boolean | undefined;
  for (const def of defs) {
    const existing = tables.get(def.table);
    if (!existing) {
      steps.push((trx) => {
        let create = trx.schema
          .createTable(def.table)
          .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (c) =>
            kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('updated_at', time, (c) => c.notNull());
        for (const f of def.fields) create = create.addColumn(f.name, columnType(f, kind));
        return create.execute();
      });
    } else {
      for (const f of def.fields) {
        if (!existing.has(f.name))
          steps.push((trx) =>
            trx.schema.alterTable(def.table).addColumn(f.name, columnType(f, kind)).execute(),
          );
      }
    }
    const index = (
      name: string,
      columns: string[],
      opts: { unique?: boolean; where?: [string, unknown] } = {},
    ) => {
      if (indexes.has(name)) return;
      steps.push((trx) => {
        let create = trx.schema.createIndex(name).ifNotExists().on(def.table).columns(columns);
        if (opts.unique) create = create.unique();
        if (opts.where) create = create.where(opts.where[0], '=', opts.where[1]);
        return create.execute();
      });
    };
    index(`${def.table}_site_created_idx`, ['site_id', 'created_at']);
    // A list of named sites in its default order (newest first), and a deep page's ids read from
    // this index alone (list-page.ts): one site's page 1 walked the primary key past the other
    // sites' rows, 50 sites' page 200 read 2,162 table pages for 20 rows (docs/performance.md, Fleet).
    index(`${def.table}_site_newest_idx`, ['site_id', 'id']);
    for (const f of def.fields) {
      if (f.unique) {
        // NULLs never collide, so optional unique fields store "empty" as NULL.
        index(`${def.table}_${f.name}_uq`, ['site_id', f.name], { unique: true });
      } else if ((f.filter || sortableFields(def).includes(f.name)) && !isJsonField(f)) {
        index(`${def.table}_${f.name}_idx`, ['site_id', f.name]);
      }
    }
    for (const extra of def.indexes ?? []) {
      const name = `${def.table}_${extra.name}_idx`;
      if (extra.method !== 'trigram') {
        index(name, [...extra.columns], extra.where && { where: [extra.where.field, extra.where.equals] });
        continue;
      }
      if (kind !== 'postgres' || indexes.has(name)) continue;
      // Asked outside the transaction: a refused CREATE EXTENSION would abort it.
      trigrams ??= await trigramsAvailable(db);
      if (trigrams)
        steps.push((trx) =>
          sql`create index if not exists ${sql.id(name)} on ${sql.id(def.table)} using gin (${sql.join(
            extra.columns.map((c) => sql`${sql.id(c)} gin_trgm_ops`),
          )})`.execute(trx),
        );
    }
  }
  if (steps.length === 0) return;
  // One transaction: each statement committed on its own cost PostgreSQL a flush of its log every
  // time (a fresh database's synchronisation took 1.7 s, 1.2 s in one transaction).
  await db.transaction().execute(async (trx) => {
    for (const step of steps) await step(trx);
  });
}

/** The names of the database's indexes (of the current schema on PostgreSQL). */
// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
export async function indexNames(db: Kysely<any>, kind: DialectKind): Promise<string[]> {
  const { rows } =
    kind === 'postgres'
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db);
  return rows.map((r) => r.name);
}
