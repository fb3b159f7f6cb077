import { Code, type Lang, texts } from '@igs/contract';
import {
  defaultsOf,
  type FieldDef,
  isLookup,
  LOOKUPS,
  type LookupName,
  type ResourceDef,
  refByResource,
  resourceByName,
} from '@igs/contract/resources';
import { recordSchema } from '@igs/contract/resources/validation';
import type { Conn } from '../db/schema.ts';
import { validationError } from '../http/dispatch.ts';
import { ApiError, invalidField } from '../http/errors.ts';
import { uploadsOfOtherSites } from '../uploads/site.ts';
import { decode, encode } from './codec.ts';
import { fileIds } from './file-ids.ts';
import { runWriteHooks } from './hooks.ts';
import { LOOKUP_SOURCES } from './lookups.ts';
import { untyped } from './queries.ts';
import { refScope } from './scope.ts';

/**
 * The write path of the resource framework: validation by the contract's schema, storage
 * encoding (which also cleans rich text), unique and reference checks, then the insert. The
 * `add` call and the demo data both go through `insertRecord`, so neither can store a record the
 * other would refuse.
 */

export interface WriteTarget {
  /** The database, or a transaction on it. */
  db: Conn;
  lang: Lang;
  now: number;
}

export function validate(
  def: ResourceDef,
  mode: 'add' | 'edit',
  body: unknown,
  lang: Lang,
): Record<string, unknown> {
  const parsed = recordSchema(def, mode, lang).safeParse(body);
  // Resource messages already carry the field's label.
  if (!parsed.success) throw validationError(parsed.error, lang, false);
  return parsed.data as Record<string, unknown>;
}

export function encodeAll(def: ResourceDef, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields)
    if (f.name in data && data[f.name] !== undefined) out[f.name] = encode(f, data[f.name]);
  return out;
}

/**
 * The description as the system itself writes it: read-only fields (state, counters, what a
 * device reported) are accepted, and checked by the same rules as any other field.
 */
export function asSystem(def: ResourceDef): ResourceDef {
  return {
    ...def,
    readonly: false,
    fields: def.fields.map((f) => (f.readonly ? { ...f, readonly: false } : f)),
  };
}

/** Unique fields and references checked before writing, so conflicts get clear messages. */
export async function checkIntegrity(
  w: WriteTarget,
  def: ResourceDef,
  values: Record<string, unknown>,
  site: number,
  selfId?: number,
): Promise<void> {
  const { db: conn, lang, now } = w;
  for (const f of def.fields) {
    const v = values[f.name];
    if (f.unique && v !== undefined && v !== null) {
      let q = untyped(conn)
        .selectFrom(def.table)
        .select('id')
        .where('site_id', '=', site)
        .where(f.name, '=', v);
      if (selfId) q = q.where('id', '!=', selfId);
      if (await q.executeTakeFirst()) {
        const both = texts('resources.alreadyExists', { label: f.label, value: String(v) });
        throw new ApiError(Code.conflict, both, { errors: [{ field: f.name, msg: both[lang] }] });
      }
    }
    if ((f.type === 'ref' || f.type === 'refs') && f.ref && v !== undefined && v !== null) {
      const ids = [...new Set(f.type === 'ref' ? [Number(v)] : (JSON.parse(String(v)) as number[]))];
      await checkIdsExist(conn, f, f.ref, ids, site);
    }
    if (f.refBy) await checkNamedByKind(w, def, f, values, site, selfId);
  }
  await checkUploadSites(conn, def, values, site);
  // Rules of other features across resources (the voice numbering plan).
  await runWriteHooks({ conn, lang, now, def, values, site, selfId });
}

/**
 * 422 on the first file field (or json field with file parts) that names an upload of another site
 * than the record's (uploads/site.ts: its own site's and the gateway's are in reach): a list of the
 * record's site would sign a link to it. An id no upload has is left alone (an import from another
 * gateway names uploads this one never had; a list links nothing for it).
 */
async function checkUploadSites(
  conn: Conn,
  def: ResourceDef,
  values: Record<string, unknown>,
  site: number,
): Promise<void> {
  const fieldOf = new Map<string, FieldDef>();
  for (const f of def.fields) {
    if (!(f.name in values) || (f.type !== 'file' && f.type !== 'json')) continue;
    const ids = new Set<string>();
    fileIds(f, decode(f, values[f.name]), ids);
    for (const id of ids) if (!fieldOf.has(id)) fieldOf.set(id, f);
  }
  const foreign = await uploadsOfOtherSites(conn, [...fieldOf.keys()], site);
  if (!foreign.length) return;
  const f = fieldOf.get(foreign[0]!)!;
  const ids = foreign.filter((id) => fieldOf.get(id) === f);
  throw invalidField(f.name, texts('resources.fileOfAnotherSite', { label: f.label, ids: ids.join(', ') }));
}

/** 422 naming the ids of `ids` that no record of `ref` (a resource in reach of `site`, or a lookup) has. */
async function checkIdsExist(
  conn: Conn,
  f: FieldDef,
  ref: string,
  ids: number[],
  site: number,
): Promise<void> {
  if (!ids.length) return;
  const target = resourceByName(ref);
  let found: number[];
  if (target) {
    const rows = await untyped(conn)
      .selectFrom(target.table)
      .select('id')
      .where('site_id', 'in', refScope(target, [site])!)
      .where('id', 'in', ids)
      .execute();
    found = rows.map((r) => Number(r.id));
  } else if (isLookup(ref)) found = await LOOKUP_SOURCES[ref].existing(conn, ids);
  else throw new Error(`${f.name} names ${ref}, which is neither a resource nor a lookup`);
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length) {
    const kind = target?.title ?? LOOKUPS[ref as LookupName].title;
    throw invalidField(
      f.name,
      texts('resources.refMissing', { label: f.label, kind, ids: missing.join(', #') }),
    );
  }
}

/**
 * A list whose resource depends on another field (`refBy`): on add and edit, its ids must be
 * records of the resource the record's kind names (the kind as written, or as stored when only
 * the list changes). Words (tags) and kinds that name nothing are left to the module's own rules.
 */
async function checkNamedByKind(
  w: WriteTarget,
  def: ResourceDef,
  f: FieldDef,
  values: Record<string, unknown>,
  site: number,
  selfId: number | undefined,
): Promise<void> {
  const by = f.refBy!.field;
  if (!(f.name in values) && !(by in values)) return;
  let record: Record<string, unknown> = values;
  if (selfId !== undefined && (!(f.name in values) || !(by in values))) {
    const stored = await untyped(w.db)
      .selectFrom(def.table)
      .select([f.name, by])
      .where('id', '=', selfId)
      .executeTakeFirst();
    record = { ...stored, ...values };
  }
  const ref = refByResource(f, record);
  if (!ref) return;
  const raw = record[f.name];
  const list = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  if (!Array.isArray(list)) return;
  const ids = list.map((x) => (typeof x === 'number' ? x : /^\d+$/.test(String(x)) ? Number(x) : Number.NaN));
  const bad = list.filter((_, i) => !Number.isInteger(ids[i]) || ids[i]! <= 0);
  if (bad.length)
    throw invalidField(f.name, texts('resources.refNotIds', { label: f.label, bad: bad.join(', ') }));
  await checkIdsExist(w.db, f, ref, [...new Set(ids)], site);
}

/** A unique violation that raced past the pre-check still answers 409, never 5000. */
export function rethrowConflict(e: unknown, def: ResourceDef): never {
  const text = String((e as Error).message ?? e);
  if (/UNIQUE constraint failed|duplicate key value/i.test(text)) {
    throw new ApiError(Code.conflict, texts('resources.duplicate', { kind: def.title }));
  }
  throw e;
}

/**
 * Validates and stores a new record of `def` in `site`; returns its id. `system` writes (the
 * demo data, and later the device-facing calls) may also set the read-only fields.
 */
export async function insertRecord(
  w: WriteTarget,
  def: ResourceDef,
  body: Record<string, unknown>,
  site: number,
  opts: { system?: boolean } = {},
): Promise<number> {
  const rules = opts.system ? asSystem(def) : def;
  const validated = validate(rules, 'add', body, w.lang);
  const data = {
    ...defaultsOf(rules),
    ...Object.fromEntries(Object.entries(validated).filter(([, v]) => v !== undefined)),
  };
  const values = encodeAll(def, data);
  await checkIntegrity(w, def, values, site);
  const row = await untyped(w.db)
    .insertInto(def.table)
    .values({ ...values, site_id: site, created_at: w.now, updated_at: w.now })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((e) => rethrowConflict(e, def));
  return Number(row.id);
}
