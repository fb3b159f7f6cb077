import type { ResourceDef } from '@igs/contract/resources';
import { type Expression, sql } from 'kysely';
import type { DialectKind } from '../db/database.ts';
import { invalidField } from '../http/errors.ts';
import { type AnyDb, type AnyEb, type AnySelect, EXACT_TOTAL_UP_TO } from './queries.ts';
import { sortableFields } from './storage.ts';

/**
 * A page of a resource list in SQL that costs about the same whatever the page and whatever the
 * planner believes of a keyword (issue 17 point 7, docs/performance.md "Fleet", points 4 and 5):
 *
 * - **A deep page** (offset > 0) picks the page's ids first, from an index only where one serves
 *   (the primary key; `(site_id, id)` for named sites, storage.ts), then reads those rows: the rows
 *   before the page are never fetched (page 200 of every site read 4,000 rows for 20).
 * - **A keyword search on PostgreSQL** takes the matches first, through the keyword's trigram
 *   indexes, bounded as the total is (`EXACT_TOTAL_UP_TO` + 1) and materialized, and sorts those;
 *   only when there are more (a common word) does it walk the list's order instead, where the
 *   matches are dense. A query ordered by the id and limited to a page let the planner walk the
 *   primary key whenever its sample overestimated the matches (59,000 rows read for 33 matches in
 *   the fleet bench); the bounded set has no order to walk, and which branch runs is decided by the
 *   count of what was found, not by the statistics.
 *
 * The rows and their order are those of `ordered(...).limit(limit).offset(offset)`: the same
 * order keys, ending with the id (unique), so every page is the same slice.
 */
export function listPage(
  db: AnyDb,
  kind: DialectKind,
  def: ResourceDef,
  /** The list's query, scoped and filtered (applyFilters), nothing selected. */
  q: AnySelect,
  opts: {
    sort?: string;
    order?: 'asc' | 'desc';
    keyword: string;
    page: number;
    limit: number;
  },
  bound = EXACT_TOTAL_UP_TO,
): AnySelect {
  const keys = orderKeys(def, opts.sort, opts.order);
  const offset = (opts.page - 1) * opts.limit;
  const searched = isSearched(def, opts.keyword);
  // The page's ids, then its rows: sorted again by an expression of the id, so that this read of
  // ≤ limit rows can only look the ids up, never walk the primary key testing each row.
  const rowsOf = (from: Pick<AnyDb, 'selectFrom'>, ids: (eb: AnyEb) => Expression<unknown>) =>
    byKeys(from.selectFrom(def.table).selectAll().where('id', 'in', ids), keys, true);
  const slice = (ids: AnySelect) => byKeys(ids, keys, false).limit(opts.limit).offset(offset);

  if (kind === 'postgres' && searched) {
    // How many matches, counted up to bound + 1: the scan below stops there (a CTE is read only as
    // far as it is asked), but is planned as if read to the end, so the planner never chooses a
    // scan for stopping early (a sequential scan when it believes a keyword common).
    const found = sql<number>`(select count(*) from (select 1 from ${sql.table('m')} limit ${bound + 1}) as c)`;
    const matches = q.select([...new Set(keys.map((k) => k.column))]);
    return rowsOf(
      db.with(
        (cte) => cte('m').materialized(),
        () => matches,
      ),
      (eb) =>
        eb
          // Up to the bound: the page of the matches found, sorted.
          .selectFrom(slice(eb.selectFrom('m').select('id').where(found, '<=', bound)).as('few'))
          .select('id')
          // Past it (a common word): the list's order walked, testing each row.
          .unionAll(eb.selectFrom(slice(q.select('id').where(found, '>', bound)).as('many')).select('id')),
    );
  }
  if (offset === 0) return byKeys(q.selectAll(), keys, false).limit(opts.limit);
  return rowsOf(db, () => slice(q.select('id')));
}

/** Whether `keyword` searches this list (applyFilters applies it: a word, and keyword fields). */
export function isSearched(def: ResourceDef, keyword: string): boolean {
  return keyword.trim() !== '' && def.fields.some((f) => f.keyword);
}

interface OrderKey {
  column: string;
  direction: 'asc' | 'desc';
}

/**
 * A list's order (DOMAIN section 0): the `sort` asked for (a sortable field), else the resource's
 * default sort, else its `sort` field ascending; then newest first (the id, unique).
 */
export function orderKeys(def: ResourceDef, sort?: string, order?: 'asc' | 'desc'): OrderKey[] {
  const newest: OrderKey = { column: 'id', direction: 'desc' };
  if (sort) {
    if (!sortableFields(def).includes(sort))
      throw invalidField('sort', `sort must be one of: ${sortableFields(def).join(', ')}`);
    return sort === 'id'
      ? [{ column: 'id', direction: order ?? 'asc' }]
      : [{ column: sort, direction: order ?? 'asc' }, newest];
  }
  if (def.defaultSort) return [{ column: def.defaultSort.field, direction: def.defaultSort.order }, newest];
  if (def.fields.some((f) => f.name === 'sort')) return [{ column: 'sort', direction: 'asc' }, newest];
  return [newest];
}

/** `q` ordered by `keys`; with `idAsExpression`, the id as `id + 0` (no walk of the primary key). */
function byKeys(q: AnySelect, keys: OrderKey[], idAsExpression: boolean): AnySelect {
  for (const k of keys)
    q = q.orderBy(
      k.column === 'id' && idAsExpression ? sql`${sql.ref('id')} + 0` : sql.ref(k.column),
      k.direction,
    );
  return q;
}

/** `q` (selecting what it needs) in the list's order: the export, a select's options. */
export function ordered(
  def: ResourceDef,
  q: AnySelect,
  sort: string | undefined,
  order: 'asc' | 'desc' | undefined,
): AnySelect {
  return byKeys(q, orderKeys(def, sort, order), false);
}
