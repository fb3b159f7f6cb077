import { Code, texts } from '@igs/contract';
import { resourceCalls } from '@igs/contract/calls';
import {
  isLookup,
  type LookupName,
  type ResourceDef,
  resourceByName,
  resources,
} from '@igs/contract/resources';
import { sql } from 'kysely';
import { reachesWholeFleet } from '../auth/sites.ts';
import { offerDownload } from '../exports/downloads.ts';
import { type AnyAction, defineCallAction, type SignedInContext } from '../http/action.ts';
import { ApiError, invalidField } from '../http/errors.ts';
import { toCsv } from '../lib/csv.ts';
import { toXlsx } from '../lib/xlsx.ts';
import { toRecord } from './codec.ts';
import { exportColumns } from './export-columns.ts';
import { fileLinksOf } from './file-links.ts';
import { exportFormat, exportFormatNames } from './hooks.ts';
import { importAction } from './import.ts';
import { isSearched, listPage, ordered } from './list-page.ts';
import { LOOKUP_SOURCES } from './lookups.ts';
import {
  type AnyEb,
  applyFilters,
  EXACT_TOTAL_UP_TO,
  listTotal,
  referenceCounts,
  untyped,
} from './queries.ts';
import { isRecordId } from './record-id.ts';
import { REGISTRY_SCOPE, refScope, scoped } from './scope.ts';
import { thumbnailAction } from './thumbnail.ts';
import { checkIntegrity, encodeAll, insertRecord, rethrowConflict, validate } from './write.ts';

const db = (ctx: SignedInContext) => untyped(ctx.app.db.kysely);

function labelField(def: ResourceDef): string {
  return (
    def.fields.find((f) => f.name === 'name')?.name ?? def.fields.find((f) => f.type === 'str')?.name ?? 'id'
  );
}

async function findRow(
  ctx: SignedInContext,
  def: ResourceDef,
  id: number,
  scope = ctx.scope.read,
): Promise<Record<string, unknown>> {
  // An id no row can have (past the integer column's range) is simply not found, never a 5000.
  if (!isRecordId(id))
    throw new ApiError(Code.notFound, texts('resources.notFound', { kind: def.title, ids: id }));
  const row = await scoped(ctx)
    .selectFrom(def.table, scope)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.notFound, texts('resources.notFound', { kind: def.title, ids: id }));
  return row;
}

/** `[{value, label}]` of a resource's records in `sites` (null: every site), in list order. */
async function optionRows(
  ctx: SignedInContext,
  def: ResourceDef,
  sites: number[] | null,
  input: { keyword: string; limit: number },
): Promise<{ value: number; label: string }[]> {
  const label = labelField(def);
  // A record with an English name is named by it in the English console (and found by either).
  const english = label === 'name' && def.fields.some((f) => f.name === 'name_en') ? 'name_en' : undefined;
  let q = scoped(ctx).selectFrom(def.table, sites);
  if (input.keyword) {
    const like = ctx.app.db.kind === 'postgres' ? 'ilike' : 'like';
    // A label without text (the id) is matched by its digits; PostgreSQL has no integer ilike.
    const column = label === 'id' ? sql<string>`cast(${sql.ref(label)} as text)` : label;
    const words = `%${input.keyword}%`;
    q = english
      ? q.where((eb: AnyEb) => eb.or([eb(column, like, words), eb(english, like, words)]))
      : q.where(column, like, words);
  }
  // The first page of the matches as the list takes it: on PostgreSQL the matches first, bounded,
  // so that a planner misled about how common the word is cannot walk the primary key (list-page.ts).
  const rows = await listPage(db(ctx), ctx.app.db.kind, def, q, {
    keyword: input.keyword,
    page: 1,
    limit: input.limit,
  }).execute();
  const nameOf = (r: Record<string, unknown>) =>
    (ctx.lang === 'en' && english && r[english] ? r[english] : r[label]) ?? r.id;
  return rows.map((r) => ({ value: Number(r.id), label: String(nameOf(r)) }));
}

/** The LOOKUPS list a reference field of `def` names (roles), if it names one. */
function lookupOf(def: ResourceDef, name: string): LookupName | undefined {
  const f = def.fields.find((x) => x.name === name);
  return f && (f.type === 'ref' || f.type === 'refs') && isLookup(f.ref) ? f.ref : undefined;
}

/** The resource a reference field of `def` names; 422 naming `field` for any other field. */
function refTarget(def: ResourceDef, name: string): ResourceDef {
  const f = def.fields.find((x) => x.name === name);
  const target = f && (f.type === 'ref' || f.type === 'refs') && f.ref ? resourceByName(f.ref) : undefined;
  if (target) return target;
  const refs = def.fields.filter((x) => x.type === 'ref' || x.type === 'refs').map((x) => x.name);
  const known = refs.length ? refs.join(', ') : texts('resources.noRefFields');
  throw invalidField('field', texts('resources.notRefField', { name, kind: def.title, known }));
}

/** The generic calls of DOMAIN section 3.2 for one resource on one endpoint. */
export function resourceActions(def: ResourceDef, endpoint: string) {
  const listQuery = (ctx: SignedInContext, input: { filter: Record<string, unknown>; keyword: string }) =>
    applyFilters(ctx.app.db.kind, def, scoped(ctx).selectFrom(def.table), input.filter, input.keyword);

  const calls = resourceCalls(endpoint);
  const actions = [
    defineCallAction(calls.list, {
      summary: `${def.title.en}: a page of records, filtered and sorted in SQL`,
      access: 'module',
      async handler(ctx, input) {
        const q = listQuery(ctx, input);
        const searched = isSearched(def, input.keyword);
        // The page's query first: it refuses a bad sort (422) as it is built, and a count started
        // before that would run on unawaited, its failure an unhandled rejection.
        const page = listPage(untyped(ctx.app.db.kysely), ctx.app.db.kind, def, q, input);
        const [total, rows] = await Promise.all([
          listTotal(untyped(ctx.app.db.kysely), ctx.app.db.kind, q, EXACT_TOTAL_UP_TO, searched),
          page.execute(),
        ]);
        const list = rows.map((r) => toRecord(def, r, ctx.lang));
        return { ...total, list, files: await fileLinksOf(ctx.app, def, list) };
      },
    }),
    defineCallAction(calls.detail, {
      summary: `${def.title.en}: one record (secrets empty)`,
      access: 'module',
      async handler(ctx, input) {
        return toRecord(def, await findRow(ctx, def, input.id), ctx.lang);
      },
    }),
    defineCallAction(calls.options, {
      summary: `${def.title.en}: [{value, label}] for selects; with field (a reference field), the records it may name`,
      access: 'module',
      async handler(ctx, input) {
        // `field` answers for a referenced resource that has no endpoint in this mode (an
        // operations scene's EasyTemplate), under this resource's own permission and sites.
        if (input.field === undefined) return optionRows(ctx, def, ctx.scope.read, input);
        const lookup = lookupOf(def, input.field);
        if (lookup) return LOOKUP_SOURCES[lookup].options(db(ctx), input);
        const target = refTarget(def, input.field);
        return optionRows(ctx, target, refScope(target, ctx.scope.read), input);
      },
    }),
  ];
  if (!def.readonly) {
    actions.push(
      defineCallAction(calls.add, {
        summary: `${def.title.en}: create a record`,
        access: 'module',
        async handler(ctx, body) {
          const id = await insertRecord(
            { db: db(ctx), lang: ctx.lang, now: ctx.app.now() },
            def,
            body as Record<string, unknown>,
            ctx.scope.writeSite(),
          );
          ctx.logDetail = `${def.name} #${id}`;
          return { id };
        },
      }) as never,
      defineCallAction(calls.edit, {
        summary: `${def.title.en}: change a record; omitted fields and empty secrets stay as they are`,
        access: 'module',
        async handler(ctx, body) {
          const data = validate(def, 'edit', body, ctx.lang);
          const id = Number(data.id);
          const current = await findRow(ctx, def, id, ctx.scope.write);
          // DOMAIN section 0: an empty secret keeps the stored one. The schema turns an explicit
          // empty value into null (which clears other optional fields), so null counts as empty here.
          for (const f of def.fields)
            if (f.type === 'pwd' && (data[f.name] === null || data[f.name] === '')) delete data[f.name];
          const values = encodeAll(def, data);
          await checkIntegrity(
            { db: db(ctx), lang: ctx.lang, now: ctx.app.now() },
            def,
            values,
            Number(current.site_id),
            id,
          );
          await db(ctx)
            .updateTable(def.table)
            .set({ ...values, updated_at: ctx.app.now() })
            .where('id', '=', id)
            .execute()
            .catch((e) => rethrowConflict(e, def));
          ctx.logDetail = `${def.name} #${id}: ${Object.keys(values).join(', ')}`;
          return { id };
        },
      }) as never,
      defineCallAction(calls.del, {
        summary: `${def.title.en}: delete records; 409 with {refs} while they are still referenced, deleting nothing`,
        access: 'module',
        async handler(ctx, input) {
          const scope = ctx.scope.write;
          const rows = await scoped(ctx)
            .selectFrom(def.table, scope)
            .select(['id', 'site_id'])
            .where('id', 'in', input.ids)
            .execute();
          const ids = rows.map((r) => Number(r.id));
          if (ids.length !== input.ids.length) {
            const missing = input.ids.filter((id) => !ids.includes(id));
            throw new ApiError(
              Code.notFound,
              texts('resources.notFound', { kind: def.title, ids: missing.join(', #') }),
            );
          }
          const refs = await referenceCounts(db(ctx), ctx.app.db.kind, def, ids, ctx.lang);
          if (refs.length) {
            const list = refs.map((r) => `${r.count} ${r.entity}`).join(', ');
            throw new ApiError(Code.conflict, texts('resources.stillUsed', { list }), { refs });
          }
          const r = await db(ctx).deleteFrom(def.table).where('id', 'in', ids).executeTakeFirst();
          ctx.logDetail = `${def.name} #${ids.join(', #')}`;
          return { deleted: Number(r.numDeletedRows) };
        },
      }) as never,
    );
  }
  if (!def.readonly && def.fields.some((f) => f.name === 'enabled')) {
    actions.push(
      defineCallAction(calls.state, {
        summary: `${def.title.en}: enable or disable records (ids, enabled 0|1)`,
        access: 'module',
        async handler(ctx, input) {
          const r = await scoped(ctx)
            .selectFrom(def.table, ctx.scope.write)
            .select('id')
            .where('id', 'in', input.ids)
            .execute();
          const ids = r.map((x) => Number(x.id));
          if (!ids.length) return { updated: 0 };
          const u = await db(ctx)
            .updateTable(def.table)
            .set({ enabled: input.enabled, updated_at: ctx.app.now() })
            .where('id', 'in', ids)
            .executeTakeFirst();
          ctx.logDetail = `${def.name} #${ids.join(', #')} enabled=${input.enabled}`;
          return { updated: Number(u.numUpdatedRows) };
        },
      }) as never,
    );
  }
  if (!def.readonly && def.fields.some((f) => f.name === 'sort')) {
    actions.push(
      defineCallAction(calls.sort, {
        summary: `${def.title.en}: store a new order (ids in their new order)`,
        access: 'module',
        async handler(ctx, input) {
          const scope = ctx.scope.write;
          await db(ctx)
            .transaction()
            .execute(async (trx) => {
              for (const [i, id] of input.ids.entries()) {
                await trx
                  .updateTable(def.table)
                  .set({ sort: i, updated_at: ctx.app.now() })
                  .where('id', '=', id)
                  .where('site_id', 'in', scope)
                  .execute();
              }
            });
          return {};
        },
      }) as never,
    );
  }
  if (def.io?.import?.length && !def.readonly) actions.push(importAction(def, endpoint) as never);
  if (def.fields.some((f) => f.thumbnail)) actions.push(thumbnailAction(def, endpoint, findRow) as never);
  if (def.io?.export?.length) {
    actions.push(
      defineCallAction(calls.export, {
        summary: `${def.title.en}: CSV or JSON of the filtered list (or of ids), as a single-use URL`,
        access: 'module',
        async handler(ctx, input) {
          const special = exportFormat(def.name, input.format);
          if (!special && !['csv', 'xlsx', 'json'].includes(input.format))
            throw invalidField(
              'format',
              `format must be one of: csv, xlsx, json${exportFormatNames(def.name)}`,
            );
          let q = listQuery(ctx, input);
          if (input.ids?.length) q = q.where('id', 'in', input.ids);
          const rows = (
            await ordered(def, q.selectAll(), input.sort, input.order).limit(100_000).execute()
          ).map((r) => toRecord(def, r, ctx.lang));
          const stamp = new Date(ctx.app.now()).toISOString().slice(0, 19).replace(/\D/g, '');
          const base = `${def.table}-${stamp}`;
          if (special) {
            const file = await special(rows, ctx);
            return offerDownload(ctx.app, ctx.caller.user.id, `${base}.${file.extension}`, file.data);
          }
          const columns = exportColumns(def, ctx.lang);
          const fields = columns.map((c) => c.header);
          const flat = rows.map((r) => columns.map((c) => c.value(r)));
          const data =
            input.format === 'json'
              ? Buffer.from(JSON.stringify(rows, null, 2))
              : input.format === 'xlsx'
                ? toXlsx(def.title[ctx.lang], fields, flat)
                : Buffer.from(toCsv(fields, flat));
          return offerDownload(ctx.app, ctx.caller.user.id, `${base}.${input.format}`, data);
        },
      }) as never,
    );
  }
  return def.registry ? actions.map(registryAction) : actions;
}

/**
 * A call of the fleet registry (sites, customers): only an account that reaches every site of
 * every customer manages it, and its records are the deployment's (site 0) whatever igs-sids names.
 */
function registryAction<A extends AnyAction>(action: A): A {
  return {
    ...action,
    async handler(ctx: SignedInContext, input: unknown) {
      if (!reachesWholeFleet(ctx.caller)) throw new ApiError(Code.forbidden, texts('sites.wholeFleetOnly'));
      ctx.scope = REGISTRY_SCOPE;
      return action.handler(ctx, input);
    },
  };
}

/** Every resource on its full-mode endpoint and its operations twin (a registry has one endpoint). */
export function allResourceActions() {
  return resources.flatMap((def) => [
    ...resourceActions(def, def.endpoint),
    ...(def.opsEndpoint && def.opsEndpoint !== def.endpoint ? resourceActions(def, def.opsEndpoint) : []),
  ]);
}
