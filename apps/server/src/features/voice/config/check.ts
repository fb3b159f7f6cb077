import { texts } from '@igs/contract';
import {
  type ConfSection,
  type ParsedConf,
  parseConf,
  patternMatches,
  settingOf,
  settingsOf,
} from './conf-parser.ts';
import { type Problem, type Text, VOICE_FILES, type VoiceFile } from './model.ts';

/**
 * The check of DOMAIN's real-effect policy 2 for the voice files, which have no checker of their
 * own short of a running Asterisk: each file is parsed back and held against the key sets of the
 * upstream samples (pjsip.conf.sample, queues.conf.sample, confbridge.conf.sample, ...), with
 * duplicate sections, required keys and every cross-reference (auth, aor, transport, context,
 * queue, bridge profile, mailbox, Goto label) resolved.
 */

export interface FileCheck {
  file: VoiceFile;
  /** No error at all: neither in the text nor a record left out while generating. */
  ok: boolean;
  /**
   * The text itself passes (Asterisk would read it as meant). Records left out while generating
   * make a file not ok but still valid: the rest of the configuration can be applied.
   */
  valid: boolean;
  sections: number;
  lines: number;
  bytes: number;
  errors: Text[];
  warnings: Text[];
}

class Findings {
  errors: Text[] = [];
  warnings: Text[] = [];
  error(text: Text) {
    if (this.errors.length < 200) this.errors.push(text);
  }
  warn(text: Text) {
    if (this.warnings.length < 200) this.warnings.push(text);
  }
}

const PJSIP_KEYS: Record<string, readonly string[]> = {
  global: [
    'type',
    'user_agent',
    'endpoint_identifier_order',
    'max_forwards',
    'default_outbound_endpoint',
    'debug',
    'keep_alive_interval',
  ],
  transport: [
    'type',
    'protocol',
    'bind',
    'external_media_address',
    'external_signaling_address',
    'external_signaling_port',
    'local_net',
    'cert_file',
    'priv_key_file',
    'ca_list_file',
    'method',
    'verify_client',
    'verify_server',
    'tos',
    'cos',
    'allow_reload',
  ],
  endpoint: [
    'type',
    'context',
    'disallow',
    'allow',
    'dtmf_mode',
    'language',
    'auth',
    'outbound_auth',
    'aors',
    'callerid',
    'direct_media',
    'moh_suggest',
    'device_state_busy_at',
    'rtp_symmetric',
    'force_rport',
    'rewrite_contact',
    'mailboxes',
    'call_group',
    'pickup_group',
    'named_call_group',
    'named_pickup_group',
    'set_var',
    'webrtc',
    'dtls_auto_generate_cert',
    'transport',
    'from_user',
    'from_domain',
    'send_pai',
    'send_rpid',
    'trust_id_inbound',
    'trust_id_outbound',
    'timers',
    'media_encryption',
    'ice_support',
    'use_avpf',
    'rtcp_mux',
    'identify_by',
    'accountcode',
  ],
  auth: ['type', 'auth_type', 'username', 'password', 'realm', 'md5_cred'],
  aor: [
    'type',
    'contact',
    'max_contacts',
    'remove_existing',
    'qualify_frequency',
    'qualify_timeout',
    'default_expiration',
    'maximum_expiration',
    'minimum_expiration',
  ],
  registration: [
    'type',
    'transport',
    'outbound_auth',
    'server_uri',
    'client_uri',
    'contact_user',
    'retry_interval',
    'forbidden_retry_interval',
    'fatal_retry_interval',
    'expiration',
    'line',
    'endpoint',
    'auth_rejection_permanent',
    'max_retries',
    'outbound_proxy',
  ],
  identify: ['type', 'endpoint', 'match', 'match_header', 'srv_lookups'],
};

const PJSIP_REQUIRED: Record<string, readonly string[]> = {
  transport: ['protocol', 'bind'],
  endpoint: ['context', 'aors', 'allow'],
  auth: ['auth_type', 'username', 'password'],
  registration: ['server_uri', 'client_uri'],
  identify: ['endpoint', 'match'],
};

function parseErrors(p: ParsedConf, f: Findings): void {
  for (const e of p.errors) f.error(texts('voiceConfig.line', { line: e.line, text: e.text }));
}

/** Sections whose name repeats (pjsip: the same name and type; elsewhere the same name). */
function duplicates(sections: ConfSection[], keyOf: (s: ConfSection) => string, f: Findings): void {
  const seen = new Map<string, number>();
  for (const s of sections) {
    const k = keyOf(s);
    const first = seen.get(k);
    if (first !== undefined)
      f.error(texts('voiceConfig.lineSectionRepeatsOne', { line: s.line, name: s.name, first }));
    else seen.set(k, s.line);
  }
}

function unknownKeys(s: ConfSection, allowed: readonly string[], f: Findings): void {
  for (const e of s.entries)
    if (!allowed.includes(e.key))
      f.error(texts('voiceConfig.lineUnknownKey', { line: e.line, name: s.name, key: e.key }));
}

function checkPort(v: string | undefined, s: ConfSection, f: Findings): number | null {
  const port = Number(v?.split(':').pop());
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    f.error(texts('voiceConfig.invalidPort', { name: s.name, value: v ?? '' }));
    return null;
  }
  return port;
}

function checkPjsip(text: string, ctxNames: Set<string>, mailboxes: Set<string>, f: Findings): number {
  const p = parseConf(text);
  parseErrors(p, f);
  const typeOf = (s: ConfSection) => settingOf(s, 'type') ?? '';
  duplicates(p.sections, (s) => `${s.name}\0${typeOf(s)}`, f);
  const byType = (type: string) => new Set(p.sections.filter((s) => typeOf(s) === type).map((s) => s.name));
  const auths = byType('auth');
  const aors = byType('aor');
  const transports = byType('transport');
  const endpoints = byType('endpoint');
  if (p.sections.filter((s) => typeOf(s) === 'global').length > 1)
    f.error(texts('voiceConfig.moreThanOneGlobal'));
  const tcpPorts = new Map<number, string>();
  for (const s of p.sections) {
    const types = settingsOf(s, 'type');
    if (types.length !== 1) {
      f.error(texts('voiceConfig.lineNeedsExactlyOne', { line: s.line, name: s.name }));
      continue;
    }
    const type = types[0]!;
    const keys = PJSIP_KEYS[type];
    if (!keys) {
      f.error(texts('voiceConfig.lineUnknownType', { line: s.line, name: s.name, type }));
      continue;
    }
    unknownKeys(s, keys, f);
    for (const k of PJSIP_REQUIRED[type] ?? [])
      if (!settingOf(s, k)) f.error(texts('voiceConfig.lacksRequiredKey', { name: s.name, type, k }));
    const ref = (key: string, set: Set<string>, what: string) => {
      for (const v of settingsOf(s, key)
        .flatMap((x) => x.split(','))
        .map((x) => x.trim())
        .filter(Boolean))
        if (!set.has(v)) f.error(texts('voiceConfig.noSectionName', { name: s.name, key, v, what }));
    };
    if (type === 'transport') {
      const protocol = settingOf(s, 'protocol') ?? '';
      if (!['udp', 'tcp', 'tls', 'ws', 'wss'].includes(protocol))
        f.error(texts('voiceConfig.unknownProtocol', { name: s.name, protocol }));
      if (protocol !== 'wss' && protocol !== 'ws') {
        const port = checkPort(settingOf(s, 'bind'), s, f);
        if (port && protocol !== 'udp') {
          const other = tcpPorts.get(port);
          if (other) f.error(texts('voiceConfig.bothListenTcpPort', { name: s.name, other, port }));
          tcpPorts.set(port, s.name);
        }
      }
    }
    if (type === 'endpoint') {
      ref('auth', auths, 'auth');
      ref('outbound_auth', auths, 'auth');
      ref('aors', aors, 'aor');
      ref('transport', transports, 'transport');
      const ctx = settingOf(s, 'context');
      if (ctx && !ctxNames.has(ctx))
        f.error(texts('voiceConfig.contextExtensionsIgsConf', { name: s.name, ctx }));
      for (const box of settingsOf(s, 'mailboxes'))
        if (!mailboxes.has(box))
          f.error(texts('voiceConfig.mailboxesVoicemailConfNo', { name: s.name, box }));
    }
    if (type === 'auth' && settingOf(s, 'auth_type') === 'userpass' && !settingOf(s, 'password'))
      f.error(texts('voiceConfig.emptyPassword', { name: s.name }));
    if (type === 'registration') {
      ref('outbound_auth', auths, 'auth');
      ref('transport', transports, 'transport');
      ref('endpoint', endpoints, 'endpoint');
      for (const k of ['server_uri', 'client_uri'])
        if (settingOf(s, k) && !/^sips?:/.test(settingOf(s, k)!))
          f.error(texts('voiceConfig.notSipUri', { name: s.name, k }));
    }
    if (type === 'identify') ref('endpoint', endpoints, 'endpoint');
  }
  if (!transports.size) f.error(texts('voiceConfig.noTransportDefined'));
  return p.sections.length;
}

interface DialLine {
  kind: 'exten' | 'same' | 'include';
  ext: string;
  prio: string;
  label?: string;
  app: string;
  line: number;
}

export interface Dialplan {
  contexts: Map<string, { line: number; lines: DialLine[]; includes: string[] }>;
}

const APPS = new Set([
  'Answer',
  'Authenticate',
  'Background',
  'Busy',
  'ConfBridge',
  'Congestion',
  'Dial',
  'ExecIf',
  'Gosub',
  'Goto',
  'GotoIf',
  'GotoIfTime',
  'Hangup',
  'MixMonitor',
  'NoOp',
  'Page',
  'Pickup',
  'Playback',
  'Queue',
  'Read',
  'Return',
  'Set',
  'UserEvent',
  'VoiceMail',
  'WaitExten',
]);

function balanced(s: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', '}': '{', ']': '[' };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '"') {
      // Quoted text (REGEX patterns) may hold any brackets.
      const end = s.indexOf('"', i + 1);
      if (end < 0) return false;
      i = end;
      continue;
    }
    if (c === '(' || c === '{' || c === '[') stack.push(c);
    else if (c in pairs) {
      if (stack.pop() !== pairs[c]) return false;
    }
  }
  return stack.length === 0;
}

function parseDialplan(text: string, f: Findings): Dialplan {
  const p = parseConf(text);
  parseErrors(p, f);
  duplicates(p.sections, (s) => s.name, f);
  const contexts: Dialplan['contexts'] = new Map();
  for (const s of p.sections) {
    const lines: DialLine[] = [];
    const includes: string[] = [];
    let lastExt: string | null = null;
    for (const e of s.entries) {
      if (s.name === 'globals') {
        if (e.arrow || !/^[A-Z][A-Z0-9_]*$/.test(e.key))
          f.error(texts('voiceConfig.lineGlobalsHoldsOnly', { line: e.line }));
        continue;
      }
      if (!e.arrow || !['exten', 'same', 'include'].includes(e.key)) {
        f.error(texts('voiceConfig.lineNotExtenSame', { line: e.line, key: e.key }));
        continue;
      }
      if (e.key === 'include') {
        includes.push(e.value);
        continue;
      }
      const parts = e.value.split(',');
      let ext: string;
      let prioLabel: string;
      let app: string;
      if (e.key === 'exten') {
        ext = parts[0]!.trim();
        prioLabel = (parts[1] ?? '').trim();
        app = parts.slice(2).join(',').trim();
        lastExt = ext;
      } else {
        if (lastExt === null) {
          f.error(texts('voiceConfig.lineSameWithoutExtension', { line: e.line }));
          continue;
        }
        ext = lastExt;
        prioLabel = (parts[0] ?? '').trim();
        app = parts.slice(1).join(',').trim();
      }
      const m = /^(hint|\d+|n)(?:\(([A-Za-z0-9_-]+)\))?$/.exec(prioLabel);
      if (!m) {
        f.error(texts('voiceConfig.linePriorityNotValid', { line: e.line, prioLabel }));
        continue;
      }
      lines.push({ kind: e.key as 'exten' | 'same', ext, prio: m[1]!, label: m[2], app, line: e.line });
    }
    contexts.set(s.name, { line: s.line, lines, includes });
  }
  return { contexts };
}

/** Every number a context answers, through its includes. */
function answers(plan: Dialplan, ctx: string, number: string, seen = new Set<string>()): boolean {
  if (seen.has(ctx)) return false;
  seen.add(ctx);
  const c = plan.contexts.get(ctx);
  if (!c) return false;
  if (c.lines.some((l) => l.prio === '1' && patternMatches(l.ext, number))) return true;
  return c.includes.some((i) => answers(plan, i, number, seen));
}

interface CrossRefs {
  queues: Set<string>;
  bridges: Set<string>;
  users: Set<string>;
  menus: Set<string>;
  mailboxes: Set<string>;
}

function checkDialplan(plan: Dialplan, refs: CrossRefs, f: Findings): void {
  const ctx = plan.contexts;
  if (!ctx.has('globals')) f.warn(texts('voiceConfig.noGlobalsSection'));
  for (const [name, c] of ctx) {
    for (const inc of c.includes)
      if (!ctx.has(inc)) f.error(texts('voiceConfig.includesDoesNotExist', { name, inc }));
    const byExt = new Map<string, DialLine[]>();
    for (const l of c.lines) byExt.set(l.ext, [...(byExt.get(l.ext) ?? []), l]);
    for (const [ext, lines] of byExt) {
      const steps = lines.filter((l) => l.prio !== 'hint');
      if (lines.filter((l) => l.prio === 'hint').length > 1)
        f.error(texts('voiceConfig.moreThanOneHint', { name, ext }));
      const firsts = steps.filter((l) => l.prio === '1');
      if (steps.length && steps[0]!.prio !== '1')
        f.error(texts('voiceConfig.lineDoesNotStart', { line: steps[0]!.line, name, ext }));
      if (firsts.length > 1)
        f.error(
          texts('voiceConfig.lineExtensionDefinedTwice', {
            line: firsts[1]!.line,
            name,
            ext,
            line2: firsts[0]!.line,
          }),
        );
      const labels = new Set<string>();
      for (const l of steps) {
        if (!l.label) continue;
        if (labels.has(l.label))
          f.error(texts('voiceConfig.lineRepeatsLabel', { line: l.line, name, ext, label: l.label }));
        labels.add(l.label);
      }
      for (const l of steps) checkApp(plan, name, ext, labels, l, refs, f);
    }
  }
}

/** Literal (no variable) targets of Goto/GotoIf/Gosub/Dial Local/Page b() must exist. */
function checkApp(
  plan: Dialplan,
  ctxName: string,
  ext: string,
  labels: Set<string>,
  l: DialLine,
  refs: CrossRefs,
  f: Findings,
): void {
  const at = texts('voiceConfig.at', { line: l.line, context: ctxName, ext });
  const m = /^([A-Za-z]+)\((.*)\)$/s.exec(l.app);
  if (!m) {
    f.error(texts('voiceConfig.notApplicationCall', { at, app: l.app.slice(0, 50) }));
    return;
  }
  const [, app, args] = m as unknown as [string, string, string];
  if (!APPS.has(app)) f.error(texts('voiceConfig.unknownApplication', { at, app }));
  if (!balanced(l.app)) f.error(texts('voiceConfig.unbalancedBrackets', { at, app }));
  const literal = (v: string) => v !== '' && !v.includes('$');
  const gotoTarget = (target: string) => {
    const parts = target.split(',').map((x) => x.trim());
    if (parts.some((x) => !literal(x))) return;
    if (parts.length === 1) {
      if (!labels.has(parts[0]!) && !/^\d+$/.test(parts[0]!))
        f.error(texts('voiceConfig.gotoLabelDoesNot', { at, parts: parts[0] }));
      return;
    }
    const [c, e, prio] =
      parts.length === 2 ? [ctxName, parts[0]!, parts[1]!] : [parts[0]!, parts[1]!, parts[2]!];
    const target_ = plan.contexts.get(c);
    if (!target_) {
      f.error(texts('voiceConfig.goesContextDoesNot', { at, c }));
      return;
    }
    if (!answers(plan, c, e)) f.error(texts('voiceConfig.noExtension', { at, c, e }));
    else if (!/^\d+$/.test(prio)) {
      const hasLabel = target_.lines.some((x) => x.ext === e && x.label === prio);
      if (!hasLabel) f.error(texts('voiceConfig.noLabel', { at, c, e, prio }));
    }
  };
  if (app === 'Goto') gotoTarget(args);
  if (app === 'GotoIf' || app === 'GotoIfTime') {
    const q = args.lastIndexOf('?');
    if (q < 0) f.error(texts('voiceConfig.without', { at, app }));
    else for (const t of args.slice(q + 1).split(':')) if (t.trim()) gotoTarget(t.trim());
  }
  if (app === 'Gosub') {
    const c = args.split(',')[0]!.trim();
    if (literal(c) && !plan.contexts.has(c)) f.error(texts('voiceConfig.gosubDoesNotExist', { at, c }));
  }
  for (const local of args.matchAll(/Local\/[^@,]*@([A-Za-z0-9_-]+)/g))
    if (!plan.contexts.has(local[1]!))
      f.error(texts('voiceConfig.dialsIntoDoesNot', { at, local: local[1] }));
  for (const pre of args.matchAll(/b\(([A-Za-z0-9_-]+)\^/g))
    if (!plan.contexts.has(pre[1]!)) f.error(texts('voiceConfig.predialHandlerDoesNot', { at, pre: pre[1] }));
  if (app === 'Queue') {
    const q = args.split(',')[0]!.trim();
    if (!refs.queues.has(q)) f.error(texts('voiceConfig.queueNotQueuesConf', { at, q }));
  }
  if (app === 'ConfBridge') {
    const [, bridge, user, menu] = args.split(',').map((x) => x.trim());
    if (bridge && !refs.bridges.has(bridge))
      f.error(texts('voiceConfig.bridgeProfileNotConfbridge', { at, bridge }));
    if (user && !refs.users.has(user)) f.error(texts('voiceConfig.userProfileNotConfbridge', { at, user }));
    if (menu && !refs.menus.has(menu)) f.error(texts('voiceConfig.menuNotConfbridgeConf', { at, menu }));
  }
  if (app === 'VoiceMail') {
    const box = args.split(',')[0]!.trim();
    if (literal(box) && !refs.mailboxes.has(box))
      f.error(texts('voiceConfig.mailboxNotVoicemailConf', { at, box }));
  }
}

const QUEUE_KEYS = [
  'strategy',
  'timeout',
  'retry',
  'wrapuptime',
  'maxlen',
  'joinempty',
  'leavewhenempty',
  'announce-position',
  'announce-frequency',
  'musicclass',
  'ringinuse',
  'periodic-announce',
  'periodic-announce-frequency',
  'monitor-format',
  'member',
  'weight',
  'servicelevel',
  'context',
  'announce-holdtime',
];
const QUEUE_GENERAL = [
  'persistentmembers',
  'autofill',
  'monitor-type',
  'shared_lastcall',
  'updatecdr',
  'log_membername_as_agent',
];
const STRATEGIES = [
  'ringall',
  'leastrecent',
  'fewestcalls',
  'random',
  'rrmemory',
  'rrordered',
  'linear',
  'wrandom',
];

function checkQueues(text: string, f: Findings): { count: number; names: Set<string> } {
  const p = parseConf(text);
  parseErrors(p, f);
  duplicates(p.sections, (s) => s.name, f);
  const names = new Set<string>();
  for (const s of p.sections) {
    if (s.name === 'general') {
      unknownKeys(s, QUEUE_GENERAL, f);
      continue;
    }
    names.add(s.name);
    unknownKeys(s, QUEUE_KEYS, f);
    const strategy = settingOf(s, 'strategy');
    if (!strategy || !STRATEGIES.includes(strategy))
      f.error(texts('voiceConfig.noValidStrategy', { name: s.name }));
    for (const e of s.entries) {
      if (e.key === 'member' && !/^[A-Za-z]+\/[^,]+,\d+(,[^,]*)?(,[A-Za-z]+\/[^,]+)?$/.test(e.value))
        f.error(texts('voiceConfig.lineMemberNotInterface', { line: e.line, value: e.value }));
      if (
        ['timeout', 'retry', 'wrapuptime', 'maxlen', 'announce-frequency'].includes(e.key) &&
        !/^\d+$/.test(e.value)
      )
        f.error(texts('voiceConfig.lineMustNumber', { line: e.line, key: e.key }));
    }
  }
  return { count: p.sections.length, names };
}

const CONFBRIDGE_KEYS: Record<string, readonly string[]> = {
  bridge: [
    'type',
    'max_members',
    'record_conference',
    'language',
    'record_file',
    'mixing_interval',
    'video_mode',
  ],
  user: [
    'type',
    'admin',
    'marked',
    'announce_join_leave',
    'music_on_hold_when_empty',
    'music_on_hold_class',
    'wait_marked',
    'end_marked',
    'dsp_drop_silence',
    'pin',
    'quiet',
    'startmuted',
    'announce_user_count',
    'talk_detection_events',
  ],
};
const MENU_ACTIONS =
  /^(playback_and_continue\([^)]*\)|playback\([^)]*\)|toggle_mute|decrease_listening_volume|increase_listening_volume|decrease_talking_volume|increase_talking_volume|admin_toggle_conference_lock|admin_kick_last|admin_toggle_mute_participants|leave_conference|no_op|participant_count)$/;

function checkConfbridge(
  text: string,
  f: Findings,
): { count: number; bridges: Set<string>; users: Set<string>; menus: Set<string> } {
  const p = parseConf(text);
  parseErrors(p, f);
  duplicates(p.sections, (s) => s.name, f);
  const bridges = new Set<string>();
  const users = new Set<string>();
  const menus = new Set<string>();
  for (const s of p.sections) {
    if (s.name === 'general') {
      unknownKeys(s, [], f);
      continue;
    }
    const type = settingOf(s, 'type');
    if (type === 'menu') {
      menus.add(s.name);
      for (const e of s.entries)
        if (e.key !== 'type' && (!/^[0-9*#]{1,4}$/.test(e.key) || !MENU_ACTIONS.test(e.value)))
          f.error(
            texts('voiceConfig.lineNotMenuKey', { line: e.line, name: s.name, key: e.key, value: e.value }),
          );
      continue;
    }
    const keys = type ? CONFBRIDGE_KEYS[type] : undefined;
    if (!keys) {
      f.error(texts('voiceConfig.lineNeedsTypeBridge', { line: s.line, name: s.name }));
      continue;
    }
    (type === 'bridge' ? bridges : users).add(s.name);
    unknownKeys(s, keys, f);
    const max = settingOf(s, 'max_members');
    if (max !== undefined && !/^\d+$/.test(max))
      f.error(texts('voiceConfig.maxMembersMustNumber', { name: s.name }));
    for (const e of s.entries)
      if (
        e.key !== 'type' &&
        /^(yes|no)$/.test(e.value) === false &&
        ['admin', 'marked', 'wait_marked', 'end_marked', 'record_conference'].includes(e.key)
      )
        f.error(texts('voiceConfig.lineMustYesNo', { line: e.line, key: e.key }));
  }
  return { count: p.sections.length, bridges, users, menus };
}

function checkRtp(text: string, f: Findings): number {
  const p = parseConf(text);
  parseErrors(p, f);
  duplicates(p.sections, (s) => s.name, f);
  const g = p.sections.find((s) => s.name === 'general');
  if (!g) {
    f.error(texts('voiceConfig.rtpConfNoGeneral'));
    return p.sections.length;
  }
  unknownKeys(
    g,
    ['rtpstart', 'rtpend', 'strictrtp', 'rtpchecksums', 'icesupport', 'stunaddr', 'dtmftimeout'],
    f,
  );
  const start = Number(settingOf(g, 'rtpstart'));
  const end = Number(settingOf(g, 'rtpend'));
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1024 || end > 65535 || start >= end)
    f.error(
      texts('voiceConfig.rtpRangeNotValid', {
        start: settingOf(g, 'rtpstart') ?? '',
        end: settingOf(g, 'rtpend') ?? '',
      }),
    );
  return p.sections.length;
}

function checkFeatures(text: string, f: Findings): number {
  const p = parseConf(text);
  parseErrors(p, f);
  duplicates(p.sections, (s) => s.name, f);
  const keys: Record<string, readonly string[]> = {
    general: [
      'transferdigittimeout',
      'featuredigittimeout',
      'atxfernoanswertimeout',
      'pickupexten',
      'pickupsound',
      'pickupfailsound',
    ],
    featuremap: ['blindxfer', 'atxfer', 'disconnect', 'automixmon', 'parkcall'],
    applicationmap: [],
  };
  const codes = new Map<string, string>();
  for (const s of p.sections) {
    const allowed = keys[s.name];
    if (!allowed) {
      f.error(texts('voiceConfig.lineFeaturesConfNo', { line: s.line, name: s.name }));
      continue;
    }
    unknownKeys(s, allowed, f);
    if (s.name === 'featuremap') {
      for (const e of s.entries) {
        if (!/^[0-9*#]{1,8}$/.test(e.value))
          f.error(texts('voiceConfig.lineNotDtmfSequence', { line: e.line, key: e.key, value: e.value }));
        const other = codes.get(e.value);
        if (other) f.error(texts('voiceConfig.useSameKeys', { key: e.key, other, value: e.value }));
        codes.set(e.value, e.key);
      }
    }
  }
  return p.sections.length;
}

function checkVoicemail(text: string, f: Findings): { count: number; boxes: Set<string> } {
  const p = parseConf(text);
  parseErrors(p, f);
  duplicates(p.sections, (s) => s.name, f);
  const boxes = new Set<string>();
  for (const s of p.sections) {
    if (s.name === 'general') {
      unknownKeys(
        s,
        ['format', 'attach', 'maxmsg', 'maxsecs', 'minsecs', 'serveremail', 'emaildateformat'],
        f,
      );
      continue;
    }
    for (const e of s.entries) {
      if (!e.arrow || !/^\d+$/.test(e.key) || !/^\d*,[^,]*/.test(e.value)) {
        f.error(texts('voiceConfig.lineNotMailboxLine', { line: e.line, key: e.key }));
        continue;
      }
      const box = `${e.key}@${s.name}`;
      if (boxes.has(box)) f.error(texts('voiceConfig.lineMailboxDefinedTwice', { line: e.line, box }));
      boxes.add(box);
    }
  }
  return { count: p.sections.length, boxes };
}

/**
 * Checks every file; `problems` from generation (what had to be left out) join the findings of
 * their file. A file is ok when it has no error.
 */
export function checkVoiceFiles(files: Record<VoiceFile, string>, problems: Problem[] = []): FileCheck[] {
  const findings = Object.fromEntries(VOICE_FILES.map((n) => [n, new Findings()])) as Record<
    VoiceFile,
    Findings
  >;
  const count: Partial<Record<VoiceFile, number>> = {};
  const vm = checkVoicemail(files['voicemail.conf'], findings['voicemail.conf']);
  count['voicemail.conf'] = vm.count;
  const q = checkQueues(files['queues.conf'], findings['queues.conf']);
  count['queues.conf'] = q.count;
  const cb = checkConfbridge(files['confbridge.conf'], findings['confbridge.conf']);
  count['confbridge.conf'] = cb.count;
  const plan = parseDialplan(files['extensions_igs.conf'], findings['extensions_igs.conf']);
  count['extensions_igs.conf'] = plan.contexts.size;
  checkDialplan(
    plan,
    { queues: q.names, bridges: cb.bridges, users: cb.users, menus: cb.menus, mailboxes: vm.boxes },
    findings['extensions_igs.conf'],
  );
  count['pjsip.conf'] = checkPjsip(
    files['pjsip.conf'],
    new Set(plan.contexts.keys()),
    vm.boxes,
    findings['pjsip.conf'],
  );
  count['rtp.conf'] = checkRtp(files['rtp.conf'], findings['rtp.conf']);
  count['features.conf'] = checkFeatures(files['features.conf'], findings['features.conf']);
  const structural = Object.fromEntries(VOICE_FILES.map((n) => [n, findings[n].errors.length])) as Record<
    VoiceFile,
    number
  >;
  for (const p of problems) {
    const f = findings[p.file];
    (p.level === 'error' ? f.errors : f.warnings).push(p.msg);
  }
  return VOICE_FILES.map((file) => ({
    file,
    ok: findings[file].errors.length === 0,
    valid: structural[file] === 0,
    sections: count[file] ?? 0,
    lines: files[file].split('\n').length - 1,
    bytes: Buffer.byteLength(files[file]),
    errors: findings[file].errors,
    warnings: findings[file].warnings,
  }));
}
