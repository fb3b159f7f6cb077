import { Code, type Lang, type Localized, say, texts } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { valuesAfterWrite } from '../../platform/resources/after-write-values.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { isDialable, isPatternBody } from './config/conf-text.ts';

/**
 * The cross-field rules of DOMAIN section 2.2 that a field description cannot say, checked on
 * every add, edit and import row (platform/resources/hooks.ts) so a record the generated Asterisk
 * files would have to leave out is refused when it is written: 422 naming the field, or 409 for a
 * duplicate inbound route. Nothing is stored when a rule refuses. Also fills the states a new
 * record starts in (a wake-up call is scheduled, a notification task a draft, a route goes last).
 */

type Row = Record<string, unknown>;

function refuse(field: string, lang: Lang, text: Localized): ApiError {
  return invalidField(field, text[lang]);
}

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

/** A stored JSON column back to its value (the hook sees values as they will be stored). */
function fromJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

function asObject(v: unknown): Row | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : null;
}

/** The record as it will be after the write: the stored row under the values being written. */
function after({ conn, def, values, selfId }: WriteHookArgs): Promise<Row> {
  return valuesAfterWrite(conn, def, values, selfId);
}

/** voice/SipTrunk: a trunk that registers out needs the username it registers as. */
async function trunkRules(a: WriteHookArgs): Promise<void> {
  const r = await after(a);
  if (r.registration === 'send' && isBlank(r.username))
    throw refuse('username', a.lang, texts('voice.usernameRequiredRegistrationSend'));
}

/** voice/MeetingRoom: the host PIN must not also let members in as hosts. */
async function conferenceRules(a: WriteHookArgs): Promise<void> {
  const r = await after(a);
  if (!isBlank(r.user_pin) && String(r.user_pin) === String(r.admin_pin))
    throw refuse('admin_pin', a.lang, texts('voice.hostPinMustDiffer'));
}

/** voice/Ivr: entries {key, dest}[], each key one of 0-9 * #, used once (no dest: hang up). */
async function ivrRules({ values, lang }: WriteHookArgs): Promise<void> {
  if (!('entries' in values)) return;
  const entries = fromJson(values.entries);
  const field = 'entries';
  if (!Array.isArray(entries) || entries.length === 0)
    throw refuse(field, lang, texts('voice.keyEntriesListLeast'));
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const o = asObject(entry);
    const key = String(o?.key ?? '');
    if (!/^[0-9*#]$/.test(key))
      throw refuse(field, lang, texts('voice.keyEntriesEntryKey', { value: i + 1, key }));
    if (seen.has(key)) throw refuse(field, lang, texts('voice.keyEntriesKeyUsed', { key }));
    seen.add(key);
  });
}

/** voice/RoutingList: each pattern as Asterisk reads it; a new route is dialled after the others. */
async function outboundRules({
  conn,
  def,
  values,
  lang,
  site,
  selfId,
}: WriteHookArgs<'voice_outbound_route'>): Promise<void> {
  if ('patterns' in values) {
    const field = 'patterns';
    const patterns = fromJson(values.patterns);
    if (!Array.isArray(patterns) || patterns.length === 0)
      throw refuse(field, lang, texts('voice.dialPatternsListLeast'));
    patterns.forEach((item, i) => {
      const o: Row = asObject(item) ?? { match: item };
      const n = i + 1;
      const match = String(o.match ?? '').replace(/^_/, '');
      if (!isPatternBody(match))
        throw refuse(field, lang, texts('voice.dialPatternsPatternMatch', { n, match }));
      for (const key of ['prepend', 'prefix'] as const) {
        const v = String(o[key] ?? '');
        if (v !== '' && !isDialable(v))
          throw refuse(
            field,
            lang,
            texts('voice.dialPatternDigitsOnly', {
              n,
              part: key === 'prefix' ? texts('voice.patternPrefix') : texts('voice.patternPrepend'),
              value: v,
            }),
          );
      }
      const cid = String(o.cid ?? '').replace(/^_/, '');
      if (cid !== '' && !isPatternBody(cid))
        throw refuse(field, lang, texts('voice.dialPatternsPatternCaller', { n, cid }));
    });
  }
  if (selfId === undefined && isBlank(values.seq)) {
    const row = await conn
      .selectFrom(def.table)
      .select((eb) => eb.fn.max('seq').as('last'))
      .where('site_id', '=', site)
      .executeTakeFirst();
    values.seq = Number(row?.last ?? 0) + 1;
  }
}

/** voice/CallCenter: static agents {extension, penalty 0-10}[]. */
async function queueRules({ values, lang }: WriteHookArgs): Promise<void> {
  if (!('members' in values) || values.members === null) return;
  const members = fromJson(values.members);
  const field = 'members';
  if (!Array.isArray(members))
    throw refuse(field, lang, texts('voice.staticAgentsShape', { shape: '{extension, penalty}' }));
  members.forEach((m, i) => {
    const o: Row = asObject(m) ?? { extension: m };
    const ext = String(o.extension ?? '');
    if (!/^\d{1,16}$/.test(ext))
      throw refuse(field, lang, texts('voice.staticAgentsAgentNeeds', { value: i + 1 }));
    const p = o.penalty;
    if (isBlank(p)) return;
    const n = Number(p);
    if (!Number.isInteger(n) || n < 0 || n > 10)
      throw refuse(field, lang, texts('voice.staticAgentsAgentPenalty', { ext }));
  });
}

/** voice/RoutingSettings: one route per (DID, caller pattern); empty means any. */
async function inboundRules(a: WriteHookArgs<'voice_inbound_route'>): Promise<void> {
  const r = await after(a);
  const did = String(r.did ?? '');
  const cid = String(r.cid ?? '');
  let q = a.conn
    .selectFrom(a.def.table)
    .select(['id', 'description', 'did', 'cid'])
    .where('site_id', '=', a.site);
  if (a.selfId !== undefined) q = q.where('id', '!=', a.selfId);
  const clash = (await q.execute()).find((x) => String(x.did ?? '') === did && String(x.cid ?? '') === cid);
  if (!clash) return;
  const any = texts('voice.anyNumber');
  const msg = say(a.lang, 'voice.inboundRouteAlreadyAnswers', {
    description: String(clash.description ?? ''),
    did: did || any,
    cid: cid || any,
  });
  throw new ApiError(Code.conflict, msg, { errors: [{ field: 'did', msg }] });
}

/** voice/WakeupService: a one-off call needs its day; a new call is scheduled. */
async function wakeupRules(a: WriteHookArgs): Promise<void> {
  const r = await after(a);
  if ((r.repeat ?? 'once') === 'once' && isBlank(r.date))
    throw refuse('date', a.lang, texts('voice.dateRequiredRepeatOnce'));
  if (a.selfId === undefined) {
    if (isBlank(a.values.state)) a.values.state = 'scheduled';
    if (isBlank(a.values.source)) a.values.source = 'manual';
  }
}

/** voice/DoNotDisturb: a schedule must reach someone. */
async function dndRules(a: WriteHookArgs): Promise<void> {
  const r = await after(a);
  const count = (v: unknown) => {
    const list = fromJson(v);
    return Array.isArray(list) ? list.length : 0;
  };
  if (count(r.extension_ids) + count(r.area_ids) === 0)
    throw refuse('extension_ids', a.lang, texts('voice.chooseLeastOneExtension'));
}

/** voice/QueueNotification: a new task is a draft until it is started. */
async function notifyRules({ values, selfId }: WriteHookArgs): Promise<void> {
  if (selfId === undefined && isBlank(values.state)) values.state = 'draft';
}

/** aiso/MultiPartyCall: 2 to 16 extensions or numbers, each once. */
async function multiPartyRules({ values, lang }: WriteHookArgs): Promise<void> {
  if (!('participants' in values)) return;
  const list = fromJson(values.participants);
  const field = 'participants';
  if (!Array.isArray(list) || list.length < 2 || list.length > 16)
    throw refuse(field, lang, texts('voice.participantsListExtensionsNumbers'));
  const seen = new Set<string>();
  for (const p of list) {
    const n = String(p ?? '');
    if (!isDialable(n)) throw refuse(field, lang, texts('voice.participantsNotExtensionNumber', { n }));
    if (seen.has(n)) throw refuse(field, lang, texts('voice.participantsListedTwice', { n }));
    seen.add(n);
  }
}

/** The rules on the generic writes of their resources (listed by the voice feature). */
export const voiceWriteRules: readonly Registration[] = [
  writeRule('voice:trunk', trunkRules),
  writeRule('voice:conference', conferenceRules),
  writeRule('voice:ivr', ivrRules),
  writeRule('voice:outbound_route', outboundRules),
  writeRule('voice:queue', queueRules),
  writeRule('voice:inbound_route', inboundRules),
  writeRule('voice:wakeup', wakeupRules),
  writeRule('voice:dnd', dndRules),
  writeRule('voice:notify', notifyRules),
  writeRule('aiso:multi_party', multiPartyRules),
];
