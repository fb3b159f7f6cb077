import { Code, texts } from '@igs/contract';
import { verbCall } from '@igs/contract/calls';
import {
  type ResourceDef,
  resourceByName,
  resources,
  type VerbDef,
  verbApplies,
} from '@igs/contract/resources';
import { z } from 'zod';
import type { Conn } from '../db/schema.ts';
import { type AnyAction, defineAction, type SignedInContext } from '../http/action.ts';
import { ApiError } from '../http/errors.ts';
import { toRecord } from './codec.ts';
import { untyped } from './queries.ts';
import { isRecordId } from './record-id.ts';
import { scoped } from './scope.ts';
import { inCallTransaction } from './transaction.ts';
import { validate } from './write.ts';

/**
 * The resources' own actions (DOMAIN "Verbs:", declared as `verbs` in the descriptions): one
 * generic call per declared verb on the resource's endpoints, which checks what every verb needs
 * (the records exist in the caller's site, the verb applies to their state, the verb's fields are
 * valid) and runs the feature's handler inside one transaction. The dispatcher checks the button
 * key `<resource>:<verb>` and writes the operation log.
 */

/** A verb's call; `Table` is the resource's table where the verb is registered by its name (feature.ts). */
export interface VerbCall<Table extends string = string> {
  /** The call's context; its database is the call's transaction. */
  ctx: SignedInContext;
  /** The transaction: every read and write of the verb goes through it. */
  db: Conn;
  def: ResourceDef<Table>;
  verb: VerbDef;
  /** The records the verb acts on, decoded, in the order of the ids sent (none for page verbs). */
  records: Record<string, unknown>[];
  /** The verb's own fields, validated, with their defaults. */
  input: Record<string, unknown>;
  /** The site the call writes to (0 in full mode). */
  site: number;
}

/** What a verb answers (an object; nothing means `{ done: n }`), checked by its call's schema. */
export type VerbHandler<Table extends string = string> = (
  call: VerbCall<Table>,
) => Promise<object | undefined>;

const handlers = new Map<string, VerbHandler>();

function verbOf(resource: string, verb: string): { def: ResourceDef; verb: VerbDef } {
  const def = resourceByName(resource);
  const v = def?.verbs?.find((x) => x.name === verb);
  if (!def || !v) throw new Error(`${resource} declares no verb ${verb} (packages/contract resources)`);
  return { def, verb: v };
}

/** Registers how a declared verb is carried out; a verb not declared in the contract is refused. */
export function onResourceVerb(resource: string, verb: string, handler: VerbHandler): void {
  verbOf(resource, verb);
  const key = `${resource}:${verb}`;
  if (handlers.has(key)) throw new Error(`verb ${key} is implemented twice`);
  handlers.set(key, handler);
}

/** Declared verbs that no feature implements (a test keeps this empty). */
export function unimplementedVerbs(): string[] {
  return resources.flatMap((def) =>
    (def.verbs ?? []).map((v) => `${def.name}:${v.name}`).filter((key) => !handlers.has(key)),
  );
}

const ids = z.array(z.coerce.number().int().positive()).min(1, 'ids is required').max(500);

function inputOf(verb: VerbDef) {
  const base = z.object({ method: z.literal(verb.name) });
  if (verb.scope === 'row')
    return base
      .extend({ id: z.coerce.number({ error: 'id is required' }).int().positive('id is required') })
      .loose();
  if (verb.scope === 'batch') return base.extend({ ids }).loose();
  if (verb.scope === 'records')
    return base
      .extend({ ids: ids.optional(), id: z.coerce.number().int().positive().optional() })
      .loose()
      .refine((b) => b.ids !== undefined || b.id !== undefined, {
        message: 'ids is required',
        path: ['ids'],
      });
  return base.loose();
}

function verbAction(def: ResourceDef, verb: VerbDef, endpoint: string): AnyAction {
  return defineAction({
    path: endpoint,
    method: verb.name,
    summary: `${def.title.en}: ${verb.label.en}${verb.scope === 'row' ? ' (id)' : verb.scope === 'page' ? '' : ' (ids)'}${verb.fields?.length ? `; ${verb.fields.map((f) => f.name).join(', ')}` : ''}`,
    access: 'module',
    input: inputOf(verb),
    output: verbCall(endpoint, verb).output,
    async handler(ctx, body: Record<string, unknown>) {
      const handler = handlers.get(`${def.name}:${verb.name}`);
      if (!handler) throw new ApiError(Code.badRequest, `Unknown method ${verb.name}`);
      const input = verb.fields?.length
        ? validate({ ...def, fields: verb.fields }, 'add', body, ctx.lang)
        : {};
      const site = ctx.scope.writeSite();
      const wanted =
        verb.scope === 'row'
          ? [Number(body.id)]
          : verb.scope === 'page'
            ? []
            : [...new Set((body.ids as number[] | undefined) ?? [Number(body.id)])];
      return inCallTransaction(ctx, async (tctx) => {
        const db = untyped(tctx.app.db.kysely);
        const records = wanted.length ? await recordsInScope(tctx, def, wanted) : [];
        for (const r of records) {
          if (!verbApplies(verb, r)) {
            // Named as the operator reads them: the field's label and the value's words.
            const field = def.fields.find((f) => f.name === verb.when!.field);
            const raw = r[verb.when!.field];
            const label = field?.label ?? { en: verb.when!.field, zh_CN: verb.when!.field };
            const lower = { en: label.en.toLowerCase(), zh_CN: label.zh_CN };
            const words = field?.optionLabels?.[String(raw)] ?? {
              en: String(raw ?? ''),
              zh_CN: String(raw ?? ''),
            };
            throw new ApiError(
              Code.conflict,
              verb.when!.filled || raw === null || raw === undefined || raw === ''
                ? texts('resources.verbWithout', { id: Number(r.id), verb: verb.label, field: lower })
                : texts('resources.verbWhile', {
                    id: Number(r.id),
                    verb: verb.label,
                    field: lower,
                    value: { en: words.en, zh_CN: words.zh_CN },
                  }),
            );
          }
        }
        tctx.logDetail = `${def.name} ${verb.name}${records.length ? ` #${records.map((r) => r.id).join(', #')}` : ''}`;
        const out = await handler({ ctx: tctx, db, def, verb, records, input, site });
        return out ?? { done: records.length };
      });
    },
  });
}

/** The records of these ids in the call's site, in the order asked; 404 when one is not there. */
async function recordsInScope(
  ctx: SignedInContext,
  def: ResourceDef,
  wanted: number[],
): Promise<Record<string, unknown>[]> {
  // Ids past the column's range name no record (and would make PostgreSQL refuse the query).
  const possible = wanted.filter(isRecordId);
  const rows = !possible.length
    ? []
    : await scoped(ctx)
        .selectFrom(def.table, ctx.scope.write)
        .selectAll()
        .where('id', 'in', possible)
        .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), toRecord(def, r)]));
  const missing = wanted.filter((id) => !byId.has(id));
  if (missing.length)
    throw new ApiError(Code.notFound, texts('resources.noSuchRecord', { ids: missing.join(', #') }));
  return wanted.map((id) => byId.get(id)!);
}

/** Every declared verb on the resource's full-mode endpoint and its operations twin. */
export function allVerbActions(): AnyAction[] {
  return resources.flatMap((def) =>
    (def.verbs ?? []).flatMap((verb) => [
      verbAction(def, verb, def.endpoint),
      ...(def.opsEndpoint ? [verbAction(def, verb, def.opsEndpoint)] : []),
    ]),
  );
}
