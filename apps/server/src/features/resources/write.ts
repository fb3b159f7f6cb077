import { Code, type Lang, texts } from '@igs/contract';
import { defaultsOf, type ResourceDef, recordSchema, resourceByName } from '@igs/contract/resources';
import { validationError } from '../../http/dispatch.ts';
import { ApiError, invalidField } from '../../http/errors.ts';
import { encode } from './codec.ts';
import { runWriteHooks } from './hooks.ts';
import type { AnyDb } from './queries.ts';
import { refScope } from './scope.ts';

/**
 * The write path of the resource framework: validation by the contract's schema, storage
 * encoding (which also cleans rich text), unique and reference checks, then the insert. The
 * `add` call and the demo data both go through `insertRecord`, so neither can store a record the
 * other would refuse.
 */

export interface WriteTarget {
  /** The database, or a transaction on it. */
  db: AnyDb;
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
      let q = conn.selectFrom(def.table).select('id').where('site_id', '=', site).where(f.name, '=', v);
      if (selfId) q = q.where('id', '!=', selfId);
      if (await q.executeTakeFirst()) {
        const both = texts('resources.alreadyExists', { label: f.label, value: String(v) });
        throw new ApiError(Code.conflict, both, { errors: [{ field: f.name, msg: both[lang] }] });
      }
    }
    if ((f.type === 'ref' || f.type === 'refs') && f.ref && v !== undefined && v !== null) {
      const target = resourceByName(f.ref)!;
      const ids = [...new Set(f.type === 'ref' ? [Number(v)] : (JSON.parse(String(v)) as number[]))];
      if (!ids.length) continue;
      const found = await conn
        .selectFrom(target.table)
        .select('id')
        .where('site_id', 'in', refScope(target, [site])!)
        .where('id', 'in', ids)
        .execute();
      const missing = ids.filter((id) => !found.some((r) => Number(r.id) === id));
      if (missing.length)
        throw invalidField(
          f.name,
          texts('resources.refMissing', { label: f.label, kind: target.title, ids: missing.join(', #') }),
        );
    }
  }
  // Rules of other features across resources (the voice numbering plan).
  await runWriteHooks({ conn, lang, now, def, values, site, selfId });
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
  const row = await w.db
    .insertInto(def.table)
    .values({ ...values, site_id: site, created_at: w.now, updated_at: w.now })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((e) => rethrowConflict(e, def));
  return Number(row.id);
}
