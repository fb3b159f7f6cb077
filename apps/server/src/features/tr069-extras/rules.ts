import { say } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { invalidField } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { checkPlanWrite, targetList } from '../device-tasks/index.ts';

/**
 * DOMAIN 2.5 rules the field descriptions cannot say (422 naming the field):
 * - CpeTemplate: firmware_file_id and target_sw_version both or neither (the Download a template
 *   sends needs the file, and the version tells when the CPE has it); match_sw_version is a
 *   regular expression;
 * - Cpe: tags is a list of `[A-Za-z0-9_-]` words (they end up in timed-restart targets);
 * - RebootPlan: target_ids is required unless target_type is all (device-tasks/reboot-plans.ts).
 */

const TAG = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_TAGS = 32;

export async function templateRules({
  conn,
  lang,
  def,
  values,
  selfId,
}: WriteHookArgs<'tr069_template'>): Promise<void> {
  if (typeof values.match_sw_version === 'string' && values.match_sw_version !== '') {
    try {
      new RegExp(values.match_sw_version);
    } catch (e) {
      throw invalidField(
        'match_sw_version',
        say(lang, 'tr069.matchSoftwareVersionNot', { message: (e as Error).message }),
      );
    }
  }
  if (selfId !== undefined && !('firmware_file_id' in values) && !('target_sw_version' in values)) return;
  let r: Record<string, unknown> = values;
  if (selfId !== undefined) {
    const current =
      (await conn
        .selectFrom(def.table)
        .select(['firmware_file_id', 'target_sw_version'])
        .where('id', '=', selfId)
        .executeTakeFirst()) ?? {};
    r = { ...current, ...values };
  }
  const hasFile = r.firmware_file_id !== null && r.firmware_file_id !== undefined;
  const hasVersion = typeof r.target_sw_version === 'string' && r.target_sw_version.trim() !== '';
  if (hasFile && !hasVersion)
    throw invalidField('target_sw_version', say(lang, 'tr069.targetSoftwareVersionRequired'));
  if (hasVersion && !hasFile)
    throw invalidField('firmware_file_id', say(lang, 'tr069.firmwareFileRequiredTarget'));
}

export async function deviceTags({ lang, values }: WriteHookArgs): Promise<void> {
  if (!('tags' in values)) return;
  const list = targetList(values.tags);
  if (list === null) throw invalidField('tags', say(lang, 'tr069.tagsMustList'));
  if (list.length > MAX_TAGS) throw invalidField('tags', say(lang, 'tr069.mostTags', { max: MAX_TAGS }));
  const bad = list.filter((t) => typeof t !== 'string' || !TAG.test(t));
  if (bad.length)
    throw invalidField(
      'tags',
      say(lang, 'tr069.tagMayContainLetters', { map: bad.map((b) => JSON.stringify(b)).join(', ') }),
    );
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const tr069Rules: readonly Registration[] = [
  writeRule('tr069:template', templateRules),
  writeRule('tr069:device', deviceTags),
  writeRule('tr069:timed_reboot', (args) => checkPlanWrite('tr069', args)),
];
