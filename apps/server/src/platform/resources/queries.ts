import { Code } from '@igs/contract';
import { type FieldDef, type ResourceDef, referencesTo } from '@igs/contract/resources';
import { CompiledQuery, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DialectKind } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, invalidField } from '../http/errors.ts';
import { extraReferenceCounts } from './hooks.ts';
import { isJsonField } from './storage.ts';

/**
 * The framework's handle on a table it names at run time (a resource's `def.table`), which the
 * type checker cannot know. Features never need it: their tables are typed in `Database`
 * (schema.ts, resource-tables.ts) and reached through `app.db.kysely` or the `conn`/`db` they are given.
 */
// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
export type AnyDb = Kysely<any>;

/** `conn` as the framework's untyped handle, for a query over a table named at run time. */
export function untyped(conn: Kysely<unknown> | Kysely<Database>): AnyDb {
  return conn as AnyDb;
}
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnySelect = SelectQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnyEb = ExpressionBuilder<any, any>;

/** True when the JSON list in `column` holds any of `values` (refs and enums fields). */
export function jsonHasAny(kind: DialectKind, column: string, values: readonly (string | number)[]) {
  const texts = values.map(String);
  return kind === 'postgres'
    ? sql<boolean>`exists (select 1 from jsonb_array_elements_text(${sql.ref(column)}::jsonb) as e(v) where e.v in (${sql.join(texts)}))`
    : sql<boolean>`exists (select 1 from json_each(${sql.ref(column)}) where cast(value as text) in (${sql.join(texts)}))`;
}

type FilterValue = string | number | (string | number)[];

/**
 * The list's `filter` and `keyword` applied in SQL, only over the fields the description marks
 * filterable or keyword (DOMAIN section 3.2): text contains, numbers and dates by value or
 * [from, to], other fields by value or a list of values.
 */
export function applyFilters(
  kind: DialectKind,
  def: ResourceDef,
  q: AnySelect,
  filter: Record<string, unknown>,
  keyword: string,
): AnySelect {
  const like = kind === 'postgres' ? ('ilike' as const) : ('like' as const);
  for (const [name, raw] of Object.entries(filter)) {
    if (raw === undefined || raw === null || raw === '') continue;
    // A reference is always a filter: a record's drawer lists the records that name it.
    const f = def.fields.find((x) => x.name === name && (x.filter || x.type === 'ref' || x.type === 'refs'));
    if (!f) throw invalidField(`filter.${name}`, `${name} is not a filter of this list`);
    q = applyOne(kind, f, q, raw as FilterValue, like);
  }
  const words = keyword.trim();
  if (words) {
    const fields = def.fields.filter((f) => f.keyword);
    if (fields.length) q = q.where((eb: AnyEb) => eb.or(fields.map((f) => eb(f.name, like, `%${words}%`))));
  }
  return q;
}

function applyOne(
  kind: DialectKind,
  f: FieldDef,
  q: AnySelect,
  raw: FilterValue,
  like: 'like' | 'ilike',
): AnySelect {
  const ranged = ['int', 'num', 'date', 'dt', 'time'].includes(f.type);
  if (isJsonField(f)) {
    const values = Array.isArray(raw) ? raw : [raw];
    return q.where(jsonHasAny(kind, f.name, values));
  }
  if (Array.isArray(raw)) {
    if (ranged && raw.length === 2) {
      const [from, to] = raw;
      if (from !== '' && from !== null) q = q.where(f.name, '>=', from);
      if (to !== '' && to !== null) q = q.where(f.name, '<=', to);
      return q;
    }
    if (raw.length === 0) return q;
    return q.where(f.name, 'in', raw);
  }
  if (f.type === 'str' || f.type === 'text' || f.type === 'host' || f.type === 'url')
    return q.where(f.name, like, `%${raw}%`);
  if (f.type === 'mac') return q.where(f.name, '=', String(raw).toLowerCase());
  if (typeof raw === 'object') throw new ApiError(Code.invalid, `filter.${f.name} has a wrong shape`);
  return q.where(f.name, '=', raw);
}

/** How many records of other resources still reference these ids (delete and replace-import refuse while any do). */
export async function referenceCounts(
  conn: AnyDb,
  kind: DialectKind,
  def: ResourceDef,
  ids: readonly number[],
  lang: 'en' | 'zh_CN',
): Promise<{ entity: string; count: number }[]> {
  const refs: { entity: string; count: number }[] = [];
  if (!ids.length) return refs;
  for (const ref of referencesTo(def.name)) {
    let q = conn.selectFrom(ref.resource.table).select((eb) => eb.fn.countAll<number>().as('n'));
    q = ref.many ? q.where(jsonHasAny(kind, ref.field, ids)) : q.where(ref.field, 'in', ids);
    const n = Number((await q.executeTakeFirstOrThrow()).n);
    if (n > 0) refs.push({ entity: ref.resource.title[lang], count: n });
  }
  // References a feature counts itself (ids inside json fields: hooks.ts onReferenceCount).
  refs.push(...(await extraReferenceCounts(conn, def.name, ids, lang)));
  return refs;
}

/**
 * Rows a list counts exactly; past this it gives the planner's estimate instead (PostgreSQL), so
 * a page over a fleet's 100,000 terminals does not read them all to say how many there are.
 * SQLite (one site) keeps counting exactly.
 */
export const EXACT_TOTAL_UP_TO = 10_000;

/**
 * The total of a list's query: exact up to EXACT_TOTAL_UP_TO, else PostgreSQL's estimate.
 * `searched` (a keyword search): the matches are counted as the page takes them (list-page.ts),
 * from a scan planned as if read to the end and stopped at the bound, so that a keyword the
 * statistics believe common is still read through its trigram indexes, not by a sequential scan
 * the planner expects to stop early (on the fleet's 100,000 terminals: 33 matches believed
 * 26,000 read the whole table, 166 ms, against 0.9 ms; docs/performance.md, Fleet, point 4).
 */
export async function listTotal(
  db: AnyDb,
  kind: DialectKind,
  q: AnySelect,
  bound = EXACT_TOTAL_UP_TO,
  searched = false,
): Promise<{ total: number; estimated?: true }> {
  if (kind !== 'postgres') {
    const r = await q.select((eb: AnyEb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { total: Number(r.n) };
  }
  const probe = q.select(sql.lit(1).as('one'));
  const capped = await cappedCount(db, q, bound, searched).executeTakeFirstOrThrow();
  const n = Number(capped.n);
  if (n <= bound) return { total: n };
  // The planner's row estimate of the same query (no rows read): never below what was counted.
  const compiled = probe.compile();
  const explained = await db.executeQuery<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const estimate = Number(explained.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0);
  return { total: Math.max(n, Math.round(estimate)), estimated: true };
}

/** PostgreSQL's count of `q`'s rows up to bound + 1 (listTotal), as a query. */
export function cappedCount(db: AnyDb, q: AnySelect, bound: number, searched: boolean): AnySelect {
  const probe = q.select(sql.lit(1).as('one'));
  return (
    searched
      ? db
          .with(
            (cte) => cte('m').materialized(),
            () => probe,
          )
          .selectFrom((eb: AnyEb) =>
            eb
              .selectFrom('m')
              .select('one')
              .limit(bound + 1)
              .as('matching'),
          )
      : db.selectFrom(probe.limit(bound + 1).as('matching'))
  ).select((eb: AnyEb) => eb.fn.countAll<number>().as('n'));
}
