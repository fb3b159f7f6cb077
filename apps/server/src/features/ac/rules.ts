import { Code, say } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { checkPlanWrite } from '../device-tasks/index.ts';

/**
 * DOMAIN 2.4 rules the field descriptions cannot say:
 * - Build: `version` is unique per category (a pair; the same version may exist for another
 *   category of hardware), 409;
 * - RebootPlan: target_ids is required unless target_type is all (device-tasks/reboot-plans.ts).
 */

export async function buildVersionPerCategory({
  conn,
  lang,
  def,
  values,
  site,
  selfId,
}: WriteHookArgs<'ac_firmware_build'>): Promise<void> {
  if (selfId !== undefined && !('version' in values) && !('category_id' in values)) return;
  let r: Record<string, unknown> = values;
  if (selfId !== undefined) {
    const current =
      (await conn
        .selectFrom(def.table)
        .select(['version', 'category_id'])
        .where('id', '=', selfId)
        .executeTakeFirst()) ?? {};
    r = { ...current, ...values };
  }
  if (r.version == null || r.category_id == null) return;
  let q = conn
    .selectFrom(def.table)
    .select('id')
    .where('site_id', '=', site)
    .where('category_id', '=', Number(r.category_id))
    .where('version', '=', String(r.version));
  if (selfId !== undefined) q = q.where('id', '!=', selfId);
  const clash = await q.executeTakeFirst();
  if (!clash) return;
  const msg = say(lang, 'ac.versionAlreadyExistsAp', { version: String(r.version), id: clash.id });
  throw new ApiError(Code.conflict, msg, { errors: [{ field: 'version', msg }] });
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const acRules: readonly Registration[] = [
  writeRule('ac:firmware', buildVersionPerCategory),
  writeRule('ac:timed_reboot', (args) => checkPlanWrite('ac', args)),
];
