// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Asterisk dialplan text, where ${...} is Asterisk's own variable syntax
import { type Localized, texts, VOICE_FEATURE_CODES } from '@igs/contract';
import {
  asArray,
  asObject,
  dialText,
  extensionIndex,
  hasPatternChars,
  header,
  iniValue,
  isDialable,
  isPatternBody,
  memberExtensions,
  secret,
} from './conf-text.ts';
import {
  type Extension,
  type GenerateOptions,
  PERMISSIONS,
  type Permission,
  type Problems,
  type VoiceModel,
} from './model.ts';
import { extensionContext, transportNames, trunkSection } from './pjsip.ts';

/**
 * extensions_igs.conf, included from extensions.conf: the dialplan of DOMAIN section 2.2.
 * - `[globals]`: ring time, recording, music class, feature codes (voice/AdvancedSettings).
 * - `from-internal-<permission>`: the context of each extension; it reaches the feature codes,
 *   every local number, and the outbound routes its call permission allows, in route order.
 * - `igs-local`: extensions (hint and dial), meeting rooms, queues, paging groups, IVR numbers.
 * - `from-trunk`: inbound routes by DID and caller, with office hours.
 * - `igs-outrt-<id>`: one context per outbound route (as FreePBX's outrt-N), so includes keep
 *   the route order that Asterisk's pattern sorting would otherwise lose.
 */

const LEVEL_RANK: Record<Permission, number> = { internal: 0, local: 1, national: 2, international: 3 };

/** `exten => N,1,App` followed by `same => n,App` lines; a step may carry a label. */
interface Step {
  app: string;
  label?: string;
}

function exten(name: string, steps: readonly Step[]): string[] {
  return steps.map((s, i) => {
    const prio = i === 0 ? '1' : 'n';
    const label = s.label ? `(${s.label})` : '';
    return i === 0 ? `exten => ${name},${prio}${label},${s.app}` : ` same => ${prio}${label},${s.app}`;
  });
}

function context(name: string, lines: readonly string[], comment?: string): string {
  return `${comment ? `; ${iniValue(comment)}\n` : ''}[${name}]\n${lines.join('\n')}\n`;
}

const s = (app: string, label?: string): Step => (label ? { app, label } : { app });

/** The steps that send a call to a Dest (DOMAIN section 0); an unusable one hangs up, reported. */
export function destSteps(dest: unknown, model: VoiceModel, problems: Problems, where: Localized): Step[] {
  const d = asObject(dest);
  if (!d || d.type === undefined || d.type === null || d.type === '' || d.type === 'hangup')
    return [s('Hangup()')];
  const target = d.target;
  const byNumberOrId = <T extends { id: number; number?: string | null }>(list: T[]) =>
    list.find((x) => x.number !== null && x.number !== undefined && String(x.number) === String(target)) ??
    list.find((x) => x.id === Number(target));
  const { byNumber, byId } = extensionIndex(model);
  const missing = (): Step[] => {
    problems.error(
      'extensions_igs.conf',
      texts('voiceConfig.destinationMissing', { where, type: String(d.type), target: String(target ?? '') }),
    );
    return [s('Hangup()')];
  };
  switch (d.type) {
    case 'extension':
    case 'voicemail': {
      const e = byNumber.get(String(target)) ?? byId.get(Number(target));
      if (!e) return missing();
      return d.type === 'extension'
        ? [s(`Goto(igs-local,${e.extension},1)`)]
        : [s(`VoiceMail(${e.extension}@default,u)`), s('Hangup()')];
    }
    case 'ivr': {
      const ivr = byNumberOrId(model.ivrs);
      return ivr ? [s(`Goto(igs-ivr-${ivr.id},s,1)`)] : missing();
    }
    case 'queue':
    case 'conference':
    case 'paging': {
      const list =
        d.type === 'queue' ? model.queues : d.type === 'conference' ? model.conferences : model.paging;
      const found = byNumberOrId<{ id: number; number: string }>(list);
      return found ? [s(`Goto(igs-local,${found.number},1)`)] : missing();
    }
    case 'external':
      return isDialable(target) ? [s(`Goto(from-internal-international,${target},1)`)] : missing();
    default:
      return missing();
  }
}

function withLabel(steps: Step[], label: string): Step[] {
  return steps.map((x, i) => (i === 0 ? { ...x, label } : x));
}

function dialOptions(model: VoiceModel): string {
  const a = model.advanced;
  let opts = 'tT';
  if (a.record_policy === 'on_demand') opts += 'xX';
  if (a.max_call_s > 0) opts += `S(${a.max_call_s})`;
  return opts;
}

function globals(model: VoiceModel): string {
  const a = model.advanced;
  const lines = [
    `RINGTIME=${a.ring_timeout}`,
    `MAXCALL=${a.max_call_s}`,
    `RECORD_POLICY=${a.record_policy}`,
    `MOH_CLASS=${a.moh_class}`,
    `LANGUAGE=${model.basic.language}`,
    `DIALOPTS=${dialOptions(model)}`,
    ...VOICE_FEATURE_CODES.map((k) => `${k.toUpperCase()}=${a[k]}`),
  ];
  return context('globals', lines, 'Voice advanced settings');
}

/** Routes an extension of this permission may use, in route order (emergency routes: all). */
export function routesFor(model: VoiceModel, perm: Permission) {
  return [...model.outboundRoutes]
    .filter((r) => r.enabled)
    .sort((x, y) => (x.seq ?? 0) - (y.seq ?? 0) || x.id - y.id)
    .filter((r) => r.emergency || LEVEL_RANK[perm] >= LEVEL_RANK[r.level]);
}

function internalContexts(model: VoiceModel, usable: Set<number>): string[] {
  return PERMISSIONS.map((perm) =>
    context(
      `from-internal-${perm}`,
      [
        'include => igs-features',
        'include => igs-local',
        ...routesFor(model, perm)
          .filter((r) => usable.has(r.id))
          .map((r) => `include => igs-outrt-${r.id}`),
      ],
      `Extensions with call permission "${perm}"`,
    ),
  );
}

function featureCodes(model: VoiceModel): string {
  const a = model.advanced;
  const me = '${CALLERID(num)}';
  const lines = [
    ...exten(a.fc_pickup, [s('Pickup()'), s('Hangup()')]),
    ...exten(a.fc_dnd_on, [
      s('Answer()'),
      s(`Set(DB(DND/${me})=1)`),
      s('Playback(do-not-disturb&activated)'),
      s('Hangup()'),
    ]),
    ...exten(a.fc_dnd_off, [
      s('Answer()'),
      s(`NoOp(\${DB_DELETE(DND/${me})})`),
      s('Playback(do-not-disturb&de-activated)'),
      s('Hangup()'),
    ]),
    ...exten(a.fc_cf_on, [
      s('Answer()'),
      s('Read(IGS_CF,call-fwd-unconditional,16,,2,10)'),
      s('Set(IGS_CF=${FILTER(0123456789*#+,${IGS_CF})})'),
      s('GotoIf($["${IGS_CF}" = ""]?fail)'),
      s(`Set(DB(CF/${me})=\${IGS_CF})`),
      s('Playback(call-fwd-unconditional&activated)'),
      s('Hangup()'),
      s('Playback(invalid)', 'fail'),
      s('Hangup()'),
    ]),
    // The code followed by the number forwards at once: *72 8001.
    ...exten(`_${a.fc_cf_on}X.`, [
      s(`Set(DB(CF/${me})=\${EXTEN:${a.fc_cf_on.length}})`),
      s('Playback(call-fwd-unconditional&activated)'),
      s('Hangup()'),
    ]),
    ...exten(a.fc_cf_off, [
      s('Answer()'),
      s(`NoOp(\${DB_DELETE(CF/${me})})`),
      s('Playback(call-fwd-unconditional&de-activated)'),
      s('Hangup()'),
    ]),
    // Wake-up: the caller keys HHMM; the server's wake-up service reads the event and the AstDB key.
    ...exten(a.fc_wakeup, [
      s('Answer()'),
      s('Read(IGS_WAKE,beep,4,,2,10)'),
      s('GotoIf($[${REGEX("^([01][0-9]|2[0-3])[0-5][0-9]$" ${IGS_WAKE})} = 0]?fail)'),
      s(`Set(DB(WAKEUP/${me})=\${IGS_WAKE})`),
      s(`UserEvent(IgsWakeup,Extension: ${me},Time: \${IGS_WAKE})`),
      s('Playback(auth-thankyou)'),
      s('Hangup()'),
      s('Playback(invalid)', 'fail'),
      s('Hangup()'),
    ]),
  ];
  return context('igs-features', lines, 'Feature codes (advanced settings)');
}

function dialableOrEmpty(v: string | null, problems: Problems, what: Localized): string {
  if (!v) return '';
  if (isDialable(v)) return v;
  problems.warn('extensions_igs.conf', texts('voiceConfig.notNumberLeftOut', { what, v }));
  return '';
}

function extensionLines(e: Extension, problems: Problems): string[] {
  const forward = (kind: Localized) => texts('voiceConfig.whereForward', { extension: e.extension, kind });
  const args = [
    e.extension,
    e.ring_timeout || 0,
    dialableOrEmpty(e.cf_always, problems, forward(texts('voiceConfig.forwardAlways'))),
    dialableOrEmpty(e.cf_busy, problems, forward(texts('voiceConfig.forwardBusy'))),
    dialableOrEmpty(e.cf_noanswer, problems, forward(texts('voiceConfig.forwardNoAnswer'))),
    e.voicemail ? 1 : 0,
    e.recording || 'inherit',
    e.dnd ? 1 : 0,
    extensionContext(e),
  ];
  return [
    `exten => ${e.extension},hint,PJSIP/${e.extension}`,
    ...exten(e.extension, [s(`Gosub(igs-dial-ext,s,1(${args.join(',')}))`), s('Hangup()')]),
  ];
}

/** Dials one extension: DND, forwarding (AstDB first, then the record), recording, voicemail. */
function dialExtension(): string {
  const lines = exten('s', [
    s('Set(IGS_T=${IF($[${ARG2} > 0]?${ARG2}:${RINGTIME})})'),
    s('GotoIf($["${ARG8}" = "1" | "${DB(DND/${ARG1})}" = "1"]?dnd)'),
    s('Set(IGS_CFA=${DB(CF/${ARG1})})'),
    s('ExecIf($["${IGS_CFA}" = ""]?Set(IGS_CFA=${ARG3}))'),
    s('GotoIf($["${IGS_CFA}" != ""]?cfa)'),
    s('Set(IGS_R=${IF($["${ARG7}" = "inherit"]?${RECORD_POLICY}:${ARG7})})'),
    s('ExecIf($["${IGS_R}" = "always"]?MixMonitor(${UNIQUEID}.wav))'),
    s('Set(IGS_DIAL=${PJSIP_DIAL_CONTACTS(${ARG1})})'),
    s('ExecIf($["${IGS_DIAL}" = ""]?Set(IGS_DIAL=PJSIP/${ARG1}))'),
    s('Dial(${IGS_DIAL},${IGS_T},${DIALOPTS})'),
    s('GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)'),
    s('GotoIf($["${DIALSTATUS}" = "BUSY"]?busy)'),
    s('GotoIf($["${ARG5}" = ""]?vm)', 'noanswer'),
    s('Dial(Local/${ARG5}@${ARG9},,${DIALOPTS})'),
    s('Goto(done)'),
    s('GotoIf($["${ARG4}" = ""]?vm)', 'busy'),
    s('Dial(Local/${ARG4}@${ARG9},,${DIALOPTS})'),
    s('Goto(done)'),
    s('Dial(Local/${IGS_CFA}@${ARG9},,${DIALOPTS})', 'cfa'),
    s('Goto(done)'),
    s('GotoIf($["${ARG6}" = "1"]?vm)', 'dnd'),
    s('Busy(10)'),
    s('Goto(done)'),
    s('GotoIf($["${ARG6}" != "1"]?done)', 'vm'),
    s('VoiceMail(${ARG1}@default,${IF($["${DIALSTATUS}" = "BUSY"]?b:u)})'),
    s('Return()', 'done'),
  ]);
  return context(
    'igs-dial-ext',
    lines,
    'ARG1 extension, ARG2 ring time (0 = global), ARG3-5 forward always/busy/no answer, ARG6 voicemail, ARG7 recording, ARG8 DND, ARG9 context for forwarding',
  );
}

/** Dials a number on one trunk; returns to try the next when the trunk is full or unavailable. */
function dialTrunk(): string {
  const lines = exten('s', [
    s('GotoIf($[${ARG4} > 0 & ${GROUP_COUNT(${ARG1}@igs-trunks)} >= ${ARG4}]?full)'),
    s('Set(GROUP(igs-trunks)=${ARG1})'),
    s('ExecIf($["${IGS_CID}" = ""]?Set(IGS_CID=${IGS_OUTCID}))'),
    s('ExecIf($["${IGS_CID}" = ""]?Set(IGS_CID=${ARG5}))'),
    s('ExecIf($["${IGS_CID}" != ""]?Set(CALLERID(num)=${IGS_CID}))'),
    s('Set(IGS_R=${IF($["${IGS_REC}" = ""]?${RECORD_POLICY}:${IGS_REC})})'),
    s('ExecIf($["${IGS_R}" = "always"]?MixMonitor(${UNIQUEID}.wav))'),
    s('Dial(PJSIP/${ARG3}${ARG2}@${ARG1},,${DIALOPTS})'),
    s('GotoIf($["${DIALSTATUS}" = "CHANUNAVAIL" | "${DIALSTATUS}" = "CONGESTION"]?next)'),
    s('Hangup()'),
    s('NoOp(Trunk ${ARG1} is at its channel limit)', 'full'),
    s('Return()', 'next'),
  ]);
  return context(
    'igs-dial-trunk',
    lines,
    'ARG1 trunk endpoint, ARG2 number, ARG3 dial prefix, ARG4 channel limit (0 = none), ARG5 trunk caller id',
  );
}

function pageAutoAnswer(): string {
  return context(
    'igs-page-autoanswer',
    exten('s', [
      s('Set(PJSIP_HEADER(add,Alert-Info)=<http://localhost>\\;info=alert-autoanswer\\;delay=0)'),
      s('Set(PJSIP_HEADER(add,Call-Info)=<sip:localhost>\\;answer-after=0)'),
      s('Return()'),
    ]),
    'Auto-answer headers for paging (predial handler on each paged phone)',
  );
}

function conferenceLines(model: VoiceModel, opts: GenerateOptions): string[] {
  const out: string[] = [];
  for (const c of model.conferences) {
    const bridge = `ConfBridge(${c.number},igs-bridge-${c.id}`;
    const user = s(`${bridge},igs-user-${c.id},igs-user-menu)`, 'user');
    const admin = s(`${bridge},igs-admin-${c.id},igs-admin-menu)`, 'admin');
    const steps: Step[] = [s('Answer()')];
    if (!c.user_pin && !c.admin_pin) {
      steps.push(s(user.app), s('Hangup()'));
    } else {
      steps.push(s('Set(IGS_TRIES=0)'), s('Read(IGS_PIN,conf-getpin,16,,1,10)', 'pin'));
      if (c.admin_pin) steps.push(s(`GotoIf($["\${IGS_PIN}" = "${secret(c.admin_pin, opts)}"]?admin)`));
      if (c.user_pin) {
        steps.push(
          s(`GotoIf($["\${IGS_PIN}" = "${secret(c.user_pin, opts)}"]?user)`),
          s('Set(IGS_TRIES=$[${IGS_TRIES} + 1])'),
          s('Playback(conf-invalidpin)'),
          s('GotoIf($[${IGS_TRIES} < 3]?pin)'),
          s('Hangup()'),
        );
      } else steps.push(s('Goto(user)'));
      steps.push(user, s('Hangup()'));
      if (c.admin_pin) steps.push(admin, s('Hangup()'));
    }
    out.push(`; Meeting room ${c.number} ${iniValue(c.name)}`, ...exten(c.number, steps));
  }
  return out;
}

function queueLines(model: VoiceModel, problems: Problems): string[] {
  const out: string[] = [];
  for (const q of model.queues) {
    const args = q.maxwait > 0 ? `${q.number},t,,,${q.maxwait}` : `${q.number},t`;
    out.push(
      `; Queue ${q.number} ${iniValue(q.name)}`,
      ...exten(q.number, [
        s('Answer()'),
        s(`Queue(${args})`),
        ...destSteps(
          q.fail_dest,
          model,
          problems,
          texts('voiceConfig.whereQueueFailover', { number: q.number }),
        ),
      ]),
    );
  }
  return out;
}

function pagingLines(model: VoiceModel, problems: Problems): string[] {
  const out: string[] = [];
  for (const p of model.paging) {
    const { found, unknown } = memberExtensions(p.members, model);
    if (unknown.length) {
      problems.warn(
        'extensions_igs.conf',
        texts('voiceConfig.pagingMembersNotExtensions', {
          number: p.number,
          members: { en: unknown.join(', '), zh_CN: unknown.join('、') },
        }),
      );
    }
    if (!found.length) {
      problems.error(
        'extensions_igs.conf',
        texts('voiceConfig.pagingGroupNoExtension', { number: p.number }),
      );
      continue;
    }
    let opts = 'i';
    if (p.duplex) opts += 'd';
    if (!p.force) opts += 's';
    opts += 'b(igs-page-autoanswer^s^1)';
    if (p.announcement) opts += `A(igs/${dialText(p.announcement, 64)})`;
    out.push(
      `; Paging group ${p.number} ${iniValue(p.name)}`,
      ...exten(p.number, [
        s(`Page(${found.map((e) => `PJSIP/${e.extension}`).join('&')},${opts},60)`),
        s('Hangup()'),
      ]),
    );
  }
  return out;
}

function ivrNumberLines(model: VoiceModel): string[] {
  return model.ivrs
    .filter((i) => i.number)
    .flatMap((i) => exten(String(i.number), [s(`Goto(igs-ivr-${i.id},s,1)`)]));
}

function localContexts(model: VoiceModel, problems: Problems, opts: GenerateOptions): string[] {
  const exts = [...model.extensions]
    .filter((e) => /^\d{1,16}$/.test(e.extension))
    .sort((x, y) => x.extension.localeCompare(y.extension));
  return [
    context(
      'igs-extensions',
      exts.flatMap((e) => extensionLines(e, problems)),
      'Extensions',
    ),
    context(
      'igs-local',
      [
        'include => igs-extensions',
        ...conferenceLines(model, opts),
        ...queueLines(model, problems),
        ...pagingLines(model, problems),
        ...ivrNumberLines(model),
      ],
      'Every internal number of the numbering plan',
    ),
  ];
}

function ivrContexts(model: VoiceModel, problems: Problems): string[] {
  return model.ivrs.map((ivr) => {
    const where = texts('voiceConfig.whereIvr', { name: ivr.name });
    const lines = [
      ...exten('s', [
        s('Answer()'),
        s('Set(IGS_INVALID=0)'),
        s('Set(IGS_TIMEOUTS=0)'),
        s(
          ivr.announcement ? `Background(igs/${dialText(ivr.announcement, 64)})` : 'NoOp(No announcement)',
          'menu',
        ),
        s(`WaitExten(${ivr.timeout_s || 10})`),
      ]),
    ];
    const seen = new Set<string>();
    for (const entry of asArray(ivr.entries)) {
      const o = asObject(entry);
      const key = String(o?.key ?? '');
      if (!/^[0-9*#]$/.test(key) || seen.has(key)) {
        problems.error('extensions_igs.conf', texts('voiceConfig.keyNotSingleKey', { where, key }));
        continue;
      }
      seen.add(key);
      lines.push(
        ...exten(key, destSteps(o?.dest, model, problems, texts('voiceConfig.whereIvrKey', { where, key }))),
      );
    }
    lines.push(
      ...exten('i', [
        s('Set(IGS_INVALID=$[${IGS_INVALID} + 1])'),
        s(`GotoIf($[\${IGS_INVALID} > ${ivr.invalid_loops}]?fail)`),
        s('Playback(option-is-invalid)'),
        s('Goto(s,menu)'),
        ...withLabel(
          destSteps(ivr.invalid_dest, model, problems, texts('voiceConfig.whereIvrInvalid', { where })),
          'fail',
        ),
      ]),
      ...exten('t', [
        s('Set(IGS_TIMEOUTS=$[${IGS_TIMEOUTS} + 1])'),
        s(`GotoIf($[\${IGS_TIMEOUTS} > ${ivr.timeout_loops}]?fail)`),
        s('Goto(s,menu)'),
        ...withLabel(
          destSteps(ivr.timeout_dest, model, problems, texts('voiceConfig.whereIvrTimeout', { where })),
          'fail',
        ),
      ]),
    );
    if (ivr.direct_dial === 'extensions') lines.push('include => igs-extensions');
    return context(`igs-ivr-${ivr.id}`, lines, where.en);
  });
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

function inboundContext(model: VoiceModel, problems: Problems): string {
  const lines: string[] = [];
  for (const r of model.inboundRoutes.filter((x) => x.enabled)) {
    const where = texts('voiceConfig.whereInbound', { description: r.description });
    const did = r.did ?? '';
    if (did && !/^\d{1,32}$/.test(did)) {
      problems.error('extensions_igs.conf', texts('voiceConfig.didNotDigitsLeft', { where, did }));
      continue;
    }
    let cid = '';
    if (r.cid) {
      const body = r.cid.replace(/^_/, '');
      if (!isPatternBody(body)) {
        problems.error(
          'extensions_igs.conf',
          texts('voiceConfig.callerPatternNotValid', { where, cid: r.cid }),
        );
        continue;
      }
      cid = `/${hasPatternChars(body) ? '_' : ''}${body}`;
    }
    const steps: Step[] = [s(`NoOp(Inbound route: ${dialText(r.description)})`)];
    const days = asArray(r.hours_weekdays)
      .map(Number)
      .filter((d) => d >= 1 && d <= 7)
      .sort();
    const target = destSteps(r.dest, model, problems, where);
    if (r.hours_from && r.hours_to) {
      const dow = days.length && days.length < 7 ? days.map((d) => WEEKDAYS[d - 1]).join('&') : '*';
      steps.push(
        s(`GotoIfTime(${r.hours_from}-${r.hours_to},${dow},*,*?open)`),
        ...destSteps(r.after_hours_dest, model, problems, texts('voiceConfig.whereAfterHours', { where })),
        ...withLabel(target, 'open'),
      );
    } else steps.push(...target);
    const names = did ? [did] : ['_X.', 's'];
    for (const n of names) lines.push(...exten(`${n}${cid}`, steps));
  }
  return context('from-trunk', lines, 'Inbound routes');
}

interface PatternItem {
  prepend: string;
  prefix: string;
  match: string;
  cid: string;
}

function patternItems(v: unknown, problems: Problems, where: Localized): PatternItem[] {
  const out: PatternItem[] = [];
  for (const item of asArray(v)) {
    const o = asObject(item) ?? { match: item };
    const p = {
      prepend: String(o.prepend ?? ''),
      prefix: String(o.prefix ?? ''),
      match: String(o.match ?? '').replace(/^_/, ''),
      cid: String(o.cid ?? '').replace(/^_/, ''),
    };
    const ok =
      (p.prepend === '' || isDialable(p.prepend)) &&
      (p.prefix === '' || isDialable(p.prefix)) &&
      p.match !== '' &&
      isPatternBody(p.match) &&
      (p.cid === '' || isPatternBody(p.cid));
    if (!ok) {
      problems.error(
        'extensions_igs.conf',
        texts('voiceConfig.patternNotValidAsterisk', { where, item: JSON.stringify(item) }),
      );
      continue;
    }
    out.push(p);
  }
  return out;
}

/** Outbound route contexts; returns the ids of routes that can dial (a usable trunk group). */
function outboundContexts(
  model: VoiceModel,
  problems: Problems,
  opts: GenerateOptions,
): { text: string[]; usable: Set<number> } {
  const text: string[] = [];
  const usable = new Set<number>();
  // Only trunks pjsip.conf defines: enabled, on a transport the basic settings turn on.
  const transports = transportNames(model);
  const trunks = new Map(
    model.trunks.filter((t) => t.enabled && transports.has(`transport-${t.transport}`)).map((t) => [t.id, t]),
  );
  for (const r of model.outboundRoutes.filter((x) => x.enabled)) {
    const where = texts('voiceConfig.whereOutbound', { name: r.name });
    const group = model.trunkGroups.find((g) => g.id === r.trunk_group_id);
    const members = (group ? asArray(group.trunk_ids).map(Number) : [])
      .map((id) => trunks.get(id))
      .filter((t) => t !== undefined);
    if (!members.length) {
      problems.error('extensions_igs.conf', texts('voiceConfig.trunkGroupNoUsable', { where }));
      continue;
    }
    const items = patternItems(r.patterns, problems, where);
    if (!items.length) continue;
    const dials = members.map(
      (t) =>
        `Gosub(igs-dial-trunk,s,1(${trunkSection(t)},\${IGS_NUM},${dialableOrEmpty(t.dial_prefix, problems, texts('voiceConfig.whereTrunkPrefix', { name: t.name }))},${t.max_channels || 0},${dialableOrEmpty(t.outcid, problems, texts('voiceConfig.whereTrunkCallerId', { name: t.name }))}))`,
    );
    const hunt: Step[] = [];
    if (group?.strategy === 'round_robin' && dials.length > 1) {
      const v = `IGS_RR_${group.id}`;
      hunt.push(s(`Set(GLOBAL(${v})=$[(0\${${v}} + 1) % ${dials.length}])`), s(`Goto(rr\${${v}})`));
      dials.forEach((_, start) => {
        const order = [...dials.slice(start), ...dials.slice(0, start)];
        order.forEach((app, i) => {
          hunt.push(s(app, i === 0 ? `rr${start}` : undefined));
        });
        hunt.push(s('Congestion(5)'));
      });
    } else {
      hunt.push(...dials.map((app) => s(app)), s('Congestion(5)'));
    }
    const lines: string[] = [];
    for (const p of items) {
      const body = `${p.prefix}${p.match}`;
      const name = `${hasPatternChars(body) ? '_' : ''}${body}${p.cid ? `/${hasPatternChars(p.cid) ? '_' : ''}${p.cid}` : ''}`;
      const steps: Step[] = [s(`NoOp(Outbound route: ${dialText(r.name)})`)];
      if (r.pin) steps.push(s(`Authenticate(${secret(r.pin, opts)})`));
      steps.push(s(`Set(IGS_NUM=${p.prepend}\${EXTEN:${p.prefix.length}})`));
      if (r.outcid && isDialable(r.outcid)) steps.push(s(`Set(IGS_CID=${r.outcid})`));
      lines.push(...exten(name, [...steps, ...hunt]));
    }
    text.push(context(`igs-outrt-${r.id}`, lines, where.en));
    usable.add(r.id);
  }
  return { text, usable };
}

export function dialplanConf(model: VoiceModel, problems: Problems, opts: GenerateOptions = {}): string {
  const outbound = outboundContexts(model, problems, opts);
  return [
    header('extensions_igs.conf'),
    globals(model),
    ...internalContexts(model, outbound.usable),
    featureCodes(model),
    ...localContexts(model, problems, opts),
    dialExtension(),
    dialTrunk(),
    pageAutoAnswer(),
    ...ivrContexts(model, problems),
    inboundContext(model, problems),
    ...outbound.text,
  ].join('\n');
}
