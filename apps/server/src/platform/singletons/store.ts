import type { Lang } from '@igs/contract';
import { singletonCalls } from '@igs/contract/calls';
import type { SingletonDef } from '@igs/contract/extras';
import { defaultsOf } from '@igs/contract/resources';
import { recordSchema } from '@igs/contract/resources/validation';
import type { AppContext } from '../app-context.ts';
import { defineCallAction, type SignedInContext } from '../http/action.ts';
import { validationError } from '../http/dispatch.ts';

/**
 * Per-site singletons (DOMAIN 3.2 `detail`/`form`): one JSON value per name and site in the
 * `singletons` table. Values are validated by the contract's schema of the description, secrets
 * (`pwd`) never leave the server and an empty secret keeps the stored one.
 */

export type Values = Record<string, unknown>;

async function storedValue(app: AppContext, key: string, site: number): Promise<Values | null> {
  const row = await app.db.kysely
    .selectFrom('singletons')
    .select('value')
    .where('name', '=', key)
    .where('site_id', '=', site)
    .executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.value) as Values;
  } catch {
    return null;
  }
}

/** The stored record over the defaults, secrets included: for the server's own use only. */
export async function readSingleton(
  app: AppContext,
  def: SingletonDef,
  site = 0,
  key = def.table,
  defaults: Values = {},
): Promise<Values> {
  const stored = await storedValue(app, key, site);
  return { ...defaultsOf(def), ...defaults, ...(stored ?? {}) };
}

export async function hasStored(app: AppContext, key: string, site: number): Promise<boolean> {
  return (await storedValue(app, key, site)) !== null;
}

const NUMERIC = new Set(['int', 'num', 'bool', 'ref']);

/** What an unset field reads as: null for numbers, "" for text. */
function emptyOf(f: SingletonDef['fields'][number]): string | null {
  return NUMERIC.has(f.type) ? null : '';
}

/** The record as `detail` answers it: secrets empty, `secret_set` says which ones are stored. */
export function publicView(def: SingletonDef, values: Values): Values {
  const out: Values = {};
  const secretSet: Record<string, boolean> = {};
  for (const f of def.fields) {
    if (f.type === 'pwd') {
      out[f.name] = '';
      secretSet[f.name] = typeof values[f.name] === 'string' && values[f.name] !== '';
    } else {
      out[f.name] = values[f.name] ?? emptyOf(f);
    }
  }
  return { ...out, secret_set: secretSet };
}

/**
 * The body merged over the stored record, then validated whole: omitted fields keep their
 * value, an empty secret keeps the stored one, an explicit empty value clears a field.
 */
export function mergeAndValidate(def: SingletonDef, current: Values, body: Values, lang: Lang): Values {
  const incoming: Values = {};
  for (const f of def.fields) {
    if (!(f.name in body) || f.readonly) continue;
    const v = body[f.name];
    if (f.type === 'pwd' && (v === '' || v === null || v === undefined)) continue;
    incoming[f.name] = v;
  }
  const merged = { ...current, ...incoming };
  const parsed = recordSchema(def, 'add', lang).safeParse(merged);
  if (!parsed.success) throw validationError(parsed.error, lang, false);
  const out = parsed.data as Values;
  // A cleared field falls back to its default, else to "nothing" of its kind.
  for (const f of def.fields)
    if (out[f.name] === null || out[f.name] === undefined) out[f.name] = f.default ?? emptyOf(f);
  return out;
}

export async function writeSingleton(
  app: AppContext,
  key: string,
  site: number,
  values: Values,
  username: string,
): Promise<void> {
  const value = JSON.stringify(values);
  const now = app.now();
  await app.db.kysely
    .insertInto('singletons')
    .values({ name: key, site_id: site, value, updated_by: username, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['name', 'site_id']).doUpdateSet({ value, updated_by: username, updated_at: now }),
    )
    .execute();
}

export async function deleteSingleton(app: AppContext, key: string, site: number): Promise<boolean> {
  const r = await app.db.kysely
    .deleteFrom('singletons')
    .where('name', '=', key)
    .where('site_id', '=', site)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Field names whose value changed, for the operation log (never the values: some are secrets). */
export function changedFields(def: SingletonDef, before: Values, after: Values): string[] {
  return def.fields
    .filter((f) => JSON.stringify(before[f.name] ?? '') !== JSON.stringify(after[f.name] ?? ''))
    .map((f) => f.name);
}

export interface SingletonOptions {
  /** Values known only at run time (the LAN address), under the stored ones. */
  defaults?: (ctx: SignedInContext) => Values | Promise<Values>;
  /** Rules across fields or against other records; throw an ApiError to refuse. */
  check?: (ctx: SignedInContext, values: Values, site: number) => void | Promise<void>;
  /** Extra read-only facts beside the record in `detail`. */
  extra?: (ctx: SignedInContext, values: Values, site: number) => Values | Promise<Values>;
}

/**
 * `detail` and `form` of a singleton on its endpoint and its operations twin. In operations mode
 * the call names exactly one site (its record); full mode uses site 0.
 */
export function singletonActions(def: SingletonDef, opts: SingletonOptions = {}) {
  const endpoints = [def.endpoint, ...(def.opsEndpoint ? [def.opsEndpoint] : [])];
  return endpoints.flatMap((endpoint) => {
    const calls = singletonCalls(endpoint);
    return [
      defineCallAction(calls.detail, {
        summary: `${def.title.en}: the settings (secrets empty; secret_set says which are stored)`,
        access: 'module',
        async handler(ctx) {
          const site = ctx.scope.writeSite();
          const defaults = (await opts.defaults?.(ctx)) ?? {};
          const values = await readSingleton(ctx.app, def, site, def.table, defaults);
          return { ...publicView(def, values), ...((await opts.extra?.(ctx, values, site)) ?? {}) };
        },
      }),
      defineCallAction(calls.form, {
        summary: `${def.title.en}: save the settings; omitted fields and empty secrets stay as they are`,
        access: 'module',
        async handler(ctx, body) {
          const site = ctx.scope.writeSite();
          const defaults = (await opts.defaults?.(ctx)) ?? {};
          const current = await readSingleton(ctx.app, def, site, def.table, defaults);
          const values = mergeAndValidate(def, current, body, ctx.lang);
          await opts.check?.(ctx, values, site);
          await writeSingleton(ctx.app, def.table, site, values, ctx.caller.user.username);
          ctx.logDetail = `${def.name}: ${changedFields(def, current, values).join(', ') || 'no change'}`;
          return {};
        },
      }),
    ];
  });
}
