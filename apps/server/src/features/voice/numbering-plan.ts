import { randomBytes } from 'node:crypto';
import {
  Code,
  type Lang,
  type Localized,
  say,
  texts,
  VOICE_ADVANCED_LABELS,
  VOICE_FEATURE_CODES,
  type VoiceAdvanced,
} from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import type { AnyDb } from '../../platform/resources/queries.ts';
import { loadAdvanced, loadBasic } from './settings-store.ts';

/**
 * DOMAIN section 2.2: every dialable number (extensions, meeting rooms, IVRs, queues, paging
 * groups, feature codes) belongs to one numbering plan per site; a number already taken answers
 * 409 naming its owner, and nothing is stored. Runs from the generic resource writes (add, edit,
 * import) through the hook of platform/resources/hooks.ts.
 */

interface Numbered {
  resource: string;
  field: string;
  what: Record<Lang, string>;
}

export const NUMBERED: readonly Numbered[] = [
  { resource: 'voice:extension', field: 'extension', what: texts('voice.extension') },
  { resource: 'voice:conference', field: 'number', what: texts('voice.meetingRoom') },
  { resource: 'voice:ivr', field: 'number', what: { en: 'IVR', zh_CN: 'IVR' } },
  { resource: 'voice:queue', field: 'number', what: texts('voice.queue') },
  { resource: 'voice:paging', field: 'number', what: texts('voice.pagingGroup') },
];

export interface NumberOwner {
  what: Record<Lang, string>;
  /** The owner's name, when it has one (a feature code's, in both languages). */
  name: string | Localized;
  resource: string;
  id?: number;
}

/** Who holds `number` in the site's plan, leaving out the record being edited. */
export async function numberOwner(
  conn: AnyDb,
  site: number,
  number: string,
  except?: { resource: string; id?: number },
  advanced?: VoiceAdvanced,
): Promise<NumberOwner | null> {
  for (const n of NUMBERED) {
    const def = resourceByName(n.resource)!;
    let q = conn
      .selectFrom(def.table)
      .select(['id', 'name'])
      .where('site_id', '=', site)
      .where(n.field, '=', number);
    if (except?.resource === n.resource && except.id) q = q.where('id', '!=', except.id);
    const row = await q.executeTakeFirst();
    if (row) return { what: n.what, name: String(row.name ?? ''), resource: n.resource, id: Number(row.id) };
  }
  const codes = advanced ?? (await loadAdvanced(conn));
  if (except?.resource !== 'voice:advanced') {
    for (const k of VOICE_FEATURE_CODES)
      if (codes[k] === number)
        return {
          what: texts('voice.featureCode'),
          name: VOICE_ADVANCED_LABELS[k]!,
          resource: 'voice:advanced',
        };
  }
  return null;
}

export function collisionError(field: string, number: string, owner: NumberOwner, lang: Lang): ApiError {
  const msg = owner.name
    ? say(lang, 'voice.numberAlreadyUsedNamed', { number, what: owner.what, name: owner.name })
    : say(lang, 'voice.numberAlreadyUsedAll', { number, what: owner.what });
  return new ApiError(Code.conflict, msg, {
    errors: [{ field, msg }],
    owner: { resource: owner.resource, id: owner.id },
  });
}

/** A SIP password for an extension added without one (DOMAIN: generated when empty). */
export function generateSecret(): string {
  return randomBytes(12).toString('base64url');
}

async function numberingPlanHook({ conn, lang, def, values, site, selfId }: WriteHookArgs): Promise<void> {
  const spec = NUMBERED.find((n) => n.resource === def.name);
  if (!spec) return;
  const number = values[spec.field];
  if (def.name === 'voice:extension') {
    if (selfId === undefined && !values.secret) values.secret = generateSecret();
    if (number !== undefined && number !== null) {
      const { ext_length } = await loadBasic(conn);
      if (String(number).length !== ext_length) {
        const msg = say(lang, 'voice.extensionNumberMustDigits', { ext_length });
        throw new ApiError(Code.invalid, msg, { errors: [{ field: spec.field, msg }] });
      }
    }
  }
  if (number === undefined || number === null || number === '') return;
  const owner = await numberOwner(conn, site, String(number), { resource: def.name, id: selfId });
  if (owner) throw collisionError(spec.field, String(number), owner, lang);
}

/** The plan on the writes of every numbered resource (listed by the voice feature). */
export const numberingPlanRules: readonly Registration[] = NUMBERED.map((n) =>
  writeRule(n.resource, numberingPlanHook),
);
