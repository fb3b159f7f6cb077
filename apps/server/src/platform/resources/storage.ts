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
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  for (const def of defs) {
    const existing = tables.get(def.table);
    if (!existing) {
      let create = db.schema
        .createTable(def.table)
        .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull());
      for (const f of def.fields) create = create.addColumn(f.name, columnType(f, kind));
      await create.execute();
    } else {
      for (const f of def.fields) {
        if (!existing.has(f.name))
          await db.schema.alterTable(def.table).addColumn(f.name, columnType(f, kind)).execute();
      }
    }
    await db.schema
      .createIndex(`${def.table}_site_created_idx`)
      .ifNotExists()
      .on(def.table)
      .columns(['site_id', 'created_at'])
      .execute();
    // A list of named sites in its default order (newest first), and a deep page's ids read from
    // this index alone (list-page.ts): one site's page 1 walked the primary key past the other
    // sites' rows, 50 sites' page 200 read 2,162 table pages for 20 rows (docs/performance.md, Fleet).
    await db.schema
      .createIndex(`${def.table}_site_newest_idx`)
      .ifNotExists()
      .on(def.table)
      .columns(['site_id', 'id'])
      .execute();
    for (const f of def.fields) {
      if (f.unique) {
        // NULLs never collide, so optional unique fields store "empty" as NULL.
        await db.schema
          .createIndex(`${def.table}_${f.name}_uq`)
          .ifNotExists()
          .unique()
          .on(def.table)
          .columns(['site_id', f.name])
          .execute();
      } else if ((f.filter || sortableFields(def).includes(f.name)) && !isJsonField(f)) {
        await db.schema
          .createIndex(`${def.table}_${f.name}_idx`)
          .ifNotExists()
          .on(def.table)
          .columns(['site_id', f.name])
          .execute();
      }
    }
    for (const index of def.indexes ?? []) {
      if (index.method === 'trigram') {
        if (kind === 'postgres' && (await trigramsAvailable(db)))
          await sql`create index if not exists ${sql.id(`${def.table}_${index.name}_idx`)} on ${sql.id(
            def.table,
          )} using gin (${sql.join(index.columns.map((c) => sql`${sql.id(c)} gin_trgm_ops`))})`.execute(db);
        continue;
      }
      let create = db.schema
        .createIndex(`${def.table}_${index.name}_idx`)
        .ifNotExists()
        .on(def.table)
        .columns([...index.columns]);
      if (index.where) create = create.where(index.where.field, '=', index.where.equals);
      await create.execute();
    }
  }
}
