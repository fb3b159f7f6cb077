import { Code, say } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';

/**
 * DOMAIN 2.8 smart/ApplicationScene: one default scene per site. The home manifest falls back to
 * the default scene for rooms without one of their own, so two defaults would leave the choice to
 * chance. Making another scene the default is refused (409) while one is set, naming it: the
 * operator clears that one first, a visible step rather than a silent switch.
 */
export async function oneDefaultScene({
  conn,
  lang,
  def,
  values,
  site,
  selfId,
}: WriteHookArgs<'smart_scene'>) {
  if (Number(values.is_default) !== 1) return;
  let q = conn
    .selectFrom(def.table)
    .select(['id', 'name'])
    .where('site_id', '=', site)
    .where('is_default', '=', 1);
  if (selfId !== undefined) q = q.where('id', '!=', selfId);
  const other = await q.executeTakeFirst();
  if (!other) return;
  const msg = say(lang, 'smart.defaultAlreadyDefaultScenario', { name: String(other.name), id: other.id });
  throw new ApiError(Code.conflict, msg, { errors: [{ field: 'is_default', msg }] });
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const sceneDefaultRules: readonly Registration[] = [writeRule('index:scenario', oneDefaultScene)];
