import { Code } from '@igs/contract';
import { deviceCalls } from '@igs/contract/calls';
import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { scoped } from '../../platform/resources/scope.ts';
import type { ParamValue } from './soap.ts';

/**
 * A CPE's parameters (DOMAIN 2.5 TerminalList, the "parameters" sub-view): every parameter an
 * Inform or a GetParameterValues answer (the `refresh` verb) carried is kept per device and path
 * with its type and the time of the report, the latest value winning. `status` on tr069/device
 * (a read under the page's menu item) lists them; a secret's value (a Wi-Fi key, a password) is
 * never repeated, only whether the CPE reported one.
 */

const TABLE = 'tr069_parameters' as const;
const cpe = resourceByName('tr069:device') as ResourceDef;
const CHUNK = 200;
/** A report larger than this keeps its first parameters: a whole data model is a few thousand. */
export const MAX_PARAMETERS = 20_000;
const SECRET = /(password|passphrase|presharedkey|wepkey|secret)/i;

const PATH = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_-]+)*\.?$/;

/** Keeps what a CPE reported; paths that are no parameter name are skipped. */
export async function storeParameters(
  app: AppContext,
  deviceId: number,
  params: readonly ParamValue[],
): Promise<number> {
  const now = app.now();
  const byPath = new Map<
    string,
    { device_id: number; path: string; value: string; type: string; updated_at: number }
  >();
  for (const p of params.slice(0, MAX_PARAMETERS)) {
    if (!PATH.test(p.name) || p.name.length > 512) continue;
    byPath.set(p.name, {
      device_id: deviceId,
      path: p.name,
      value: p.value.slice(0, 4096),
      type: (p.type || 'xsd:string').slice(0, 32),
      updated_at: now,
    });
  }
  const rows = [...byPath.values()];
  for (let i = 0; i < rows.length; i += CHUNK)
    await app.db.kysely
      .insertInto(TABLE)
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['device_id', 'path']).doUpdateSet({
          value: (eb) => eb.ref('excluded.value'),
          type: (eb) => eb.ref('excluded.type'),
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        }),
      )
      .execute();
  return rows.length;
}

/** A new CPE row starts without parameters (a reused id must not show another device's). */
export async function forgetParameters(app: AppContext, deviceId: number): Promise<void> {
  await app.db.kysely.deleteFrom(TABLE).where('device_id', '=', deviceId).execute();
}

export const cpeParametersAction = defineCallAction(deviceCalls.cpeParameters, {
  summary: "A CPE's reported parameters (path, value, type, time of the report), by path; secrets unsaid",
  access: 'module',
  async handler(ctx, input) {
    const device = await scoped(ctx)
      .selectFrom(cpe.table)
      .select('id')
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!device) throw new ApiError(Code.notFound, `${cpe.title[ctx.lang]} #${input.id} was not found`);
    let mine = ctx.app.db.kysely.selectFrom(TABLE).where('device_id', '=', input.id);
    if (input.keyword) {
      const like = ctx.app.db.kind === 'postgres' ? 'ilike' : 'like';
      // The keyword is matched literally: % and _ in it are not wildcards.
      const escaped = input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
      mine = mine.where(sql<boolean>`${sql.ref('path')} ${sql.raw(like)} ${`%${escaped}%`} escape '\\'`);
    }
    const [rows, count] = await Promise.all([
      mine
        .select(['path', 'value', 'type', 'updated_at'])
        .orderBy('path', 'asc')
        .limit(input.limit)
        .offset((input.page - 1) * input.limit)
        .execute(),
      mine
        .select([sql<number>`count(*)`.as('n'), sql<number>`max(${sql.ref('updated_at')})`.as('at')])
        .executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => {
        const secret = SECRET.test(String(r.path)) && String(r.value) !== '';
        return {
          path: String(r.path),
          value: secret ? null : String(r.value),
          secret,
          type: String(r.type),
          updated_at: formatDateTime(Number(r.updated_at)),
        };
      }),
      total: Number(count.n),
      reported_at: count.at === null || count.at === undefined ? '' : formatDateTime(Number(count.at)),
    };
  },
});
