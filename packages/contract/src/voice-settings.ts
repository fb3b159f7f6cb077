import { z } from 'zod';
import type { Lang } from './messages.ts';

/**
 * The two voice singletons of DOMAIN section 2.2 (voice/BasicSettings, voice/AdvancedSettings):
 * fields, defaults and rules, described once so the server validates at the boundary and the
 * console's forms show the same messages before sending.
 */

export const VOICE_CODECS = ['alaw', 'ulaw', 'g722', 'g729', 'opus', 'h264'] as const;
export const VOICE_DTMF_MODES = ['rfc4733', 'inband', 'info', 'auto'] as const;
export const VOICE_LANGUAGES = ['zh', 'en'] as const;
export const VOICE_RECORD_POLICIES = ['never', 'always', 'on_demand'] as const;
export const VOICE_FEATURE_CODES = [
  'fc_pickup',
  'fc_dnd_on',
  'fc_dnd_off',
  'fc_wakeup',
  'fc_cf_on',
  'fc_cf_off',
] as const;
export type VoiceFeatureCode = (typeof VOICE_FEATURE_CODES)[number];

export interface VoiceBasic {
  sip_udp_port: number;
  sip_tcp: 0 | 1;
  /** 0 = TLS off. */
  sip_tls_port: number;
  rtp_start: number;
  rtp_end: number;
  external_ip: string;
  local_nets: string[];
  codecs: (typeof VOICE_CODECS)[number][];
  dtmf_mode: (typeof VOICE_DTMF_MODES)[number];
  language: (typeof VOICE_LANGUAGES)[number];
  ext_length: number;
}

export interface VoiceAdvanced extends Record<VoiceFeatureCode, string> {
  ring_timeout: number;
  /** 0 = unlimited. */
  max_call_s: number;
  record_policy: (typeof VOICE_RECORD_POLICIES)[number];
  /** Seconds between OPTIONS pings to a registered phone; 0 = off. */
  qualify_frequency: number;
  moh_class: string;
}

/**
 * Defaults of DOMAIN's tables. `local_nets` defaults to "LAN": the server fills in the gateway's
 * own LAN networks, so the stored default here is empty.
 */
export const VOICE_BASIC_DEFAULTS: VoiceBasic = {
  sip_udp_port: 5060,
  sip_tcp: 0,
  sip_tls_port: 0,
  rtp_start: 10000,
  rtp_end: 20000,
  external_ip: '',
  local_nets: [],
  codecs: ['alaw', 'ulaw', 'g722'],
  dtmf_mode: 'rfc4733',
  language: 'zh',
  ext_length: 4,
};

export const VOICE_ADVANCED_DEFAULTS: VoiceAdvanced = {
  ring_timeout: 30,
  max_call_s: 0,
  record_policy: 'never',
  qualify_frequency: 60,
  moh_class: 'default',
  fc_pickup: '*8',
  fc_dnd_on: '*78',
  fc_dnd_off: '*79',
  fc_wakeup: '*68',
  fc_cf_on: '*72',
  fc_cf_off: '*73',
};

type Labels = Record<string, Record<Lang, string>>;

export const VOICE_BASIC_LABELS: Labels = {
  sip_udp_port: { en: 'SIP UDP port', zh_CN: 'SIP UDP端口' },
  sip_tcp: { en: 'SIP over TCP', zh_CN: '启用SIP TCP' },
  sip_tls_port: { en: 'SIP TLS port (0 = off)', zh_CN: 'SIP TLS端口（0为关闭）' },
  rtp_start: { en: 'RTP start port', zh_CN: 'RTP起始端口' },
  rtp_end: { en: 'RTP end port', zh_CN: 'RTP结束端口' },
  external_ip: { en: 'External address (NAT)', zh_CN: '外网地址（NAT）' },
  local_nets: { en: 'Local networks', zh_CN: '本地网络' },
  codecs: { en: 'Codecs (in order of preference)', zh_CN: '编解码（按优先顺序）' },
  dtmf_mode: { en: 'DTMF mode', zh_CN: 'DTMF模式' },
  language: { en: 'Prompt language', zh_CN: '提示音语言' },
  ext_length: { en: 'Extension length', zh_CN: '分机号长度' },
};

export const VOICE_ADVANCED_LABELS: Labels = {
  ring_timeout: { en: 'Ring timeout (s)', zh_CN: '振铃超时（秒）' },
  max_call_s: { en: 'Maximum call length (s, 0 = unlimited)', zh_CN: '最长通话时间（秒，0为不限）' },
  record_policy: { en: 'Recording', zh_CN: '录音策略' },
  qualify_frequency: { en: 'Qualify frequency (s, 0 = off)', zh_CN: '在线检测间隔（秒，0为关闭）' },
  moh_class: { en: 'Music on hold class', zh_CN: '等待音乐类别' },
  fc_pickup: { en: 'Call pickup', zh_CN: '代答' },
  fc_dnd_on: { en: 'Do not disturb on', zh_CN: '开启免打扰' },
  fc_dnd_off: { en: 'Do not disturb off', zh_CN: '关闭免打扰' },
  fc_wakeup: { en: 'Wake-up call', zh_CN: '叫醒服务' },
  fc_cf_on: { en: 'Call forward on', zh_CN: '开启呼叫转移' },
  fc_cf_off: { en: 'Call forward off', zh_CN: '关闭呼叫转移' },
};

const T = {
  range: {
    en: (l: string, a: number, b: number) => `${l} must be between ${a} and ${b}`,
    zh_CN: (l: string, a: number, b: number) => `${l}必须在${a}到${b}之间`,
  },
  integer: { en: (l: string) => `${l} must be a whole number`, zh_CN: (l: string) => `${l}必须是整数` },
  oneOf: {
    en: (l: string, o: string) => `${l} must be one of: ${o}`,
    zh_CN: (l: string, o: string) => `${l}必须是以下之一：${o}`,
  },
  format: {
    en: (l: string, f: string) => `${l} must be ${f}`,
    zh_CN: (l: string, f: string) => `${l}格式不正确（${f}）`,
  },
  required: { en: (l: string) => `${l} is required`, zh_CN: (l: string) => `请填写${l}` },
  rtpOrder: {
    en: 'RTP start port must be lower than the RTP end port',
    zh_CN: 'RTP起始端口必须小于RTP结束端口',
  },
  sipInRtp: {
    en: (p: number, a: number, b: number) => `SIP UDP port ${p} lies inside the RTP port range ${a}–${b}`,
    zh_CN: (p: number, a: number, b: number) => `SIP UDP端口${p}位于RTP端口范围${a}–${b}之内`,
  },
  tlsOnSip: {
    en: (p: number) => `SIP TLS port ${p} is already the SIP TCP port`,
    zh_CN: (p: number) => `SIP TLS端口${p}已被SIP TCP使用`,
  },
  codecTwice: {
    en: (c: string) => `Codecs: ${c} is listed twice`,
    zh_CN: (c: string) => `编解码：${c}重复`,
  },
  codecNone: { en: 'Codecs: choose at least one', zh_CN: '编解码：至少选择一个' },
  featureCode: {
    en: (l: string) => `${l} must be * followed by 1 to 6 digits`,
    zh_CN: (l: string) => `${l}须为*加1到6位数字`,
  },
} as const;

const IPV4 = '((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const CIDR_RE = new RegExp(`^${IPV4}/([12]?\\d|3[0-2])$`);
const HOST_RE =
  /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?$|^[0-9a-fA-F:]*:[0-9a-fA-F:]+$/;
export const FEATURE_CODE_RE = /^\*\d{1,6}$/;

function int(label: string, lang: Lang, min: number, max: number) {
  return z.coerce
    .number({ error: T.integer[lang](label) })
    .refine(Number.isInteger, T.integer[lang](label))
    .refine((v) => v >= min && v <= max, T.range[lang](label, min, max));
}

function bool(label: string, lang: Lang) {
  return z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
      error: T.oneOf[lang](label, '0, 1'),
    })
    .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0) as 0 | 1);
}

function oneOf<V extends string>(label: string, lang: Lang, options: readonly V[]) {
  return z.enum(options as unknown as [V, ...V[]], { error: T.oneOf[lang](label, options.join(', ')) });
}

/** A list sent as an array, or in a form post as JSON text or `a,b,c`. */
function list(label: string, lang: Lang) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? textList(v) : v),
    z.array(z.string().trim(), { error: T.format[lang](label, '[…]') }).max(32),
  );
}

function textList(v: string): unknown {
  if (v.trim().startsWith('[')) {
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }
  return v.split(/[\s,]+/).filter(Boolean);
}

function fieldsOfBasic(lang: Lang) {
  const l = (k: string) => VOICE_BASIC_LABELS[k]![lang];
  return {
    sip_udp_port: int(l('sip_udp_port'), lang, 1, 65535),
    sip_tcp: bool(l('sip_tcp'), lang),
    sip_tls_port: int(l('sip_tls_port'), lang, 0, 65535),
    rtp_start: int(l('rtp_start'), lang, 1024, 65535),
    rtp_end: int(l('rtp_end'), lang, 1024, 65535),
    external_ip: z
      .string({ error: T.format[lang](l('external_ip'), 'a host name or address') })
      .trim()
      .max(255)
      .refine((v) => v === '' || HOST_RE.test(v), T.format[lang](l('external_ip'), 'a host name or address')),
    local_nets: list(l('local_nets'), lang).refine(
      (v) => v.every((n) => CIDR_RE.test(n)),
      T.format[lang](l('local_nets'), 'address/prefix such as 192.168.1.0/24'),
    ),
    codecs: list(l('codecs'), lang)
      .refine((v) => v.every((c) => (VOICE_CODECS as readonly string[]).includes(c)), {
        message: T.oneOf[lang](l('codecs'), VOICE_CODECS.join(', ')),
      })
      .transform((v) => v as VoiceBasic['codecs']),
    dtmf_mode: oneOf(l('dtmf_mode'), lang, VOICE_DTMF_MODES),
    language: oneOf(l('language'), lang, VOICE_LANGUAGES),
    ext_length: int(l('ext_length'), lang, 3, 6),
  };
}

function fieldsOfAdvanced(lang: Lang) {
  const l = (k: string) => VOICE_ADVANCED_LABELS[k]![lang];
  const code = (k: VoiceFeatureCode) =>
    z
      .string({ error: T.featureCode[lang](l(k)) })
      .trim()
      .refine((v) => FEATURE_CODE_RE.test(v), T.featureCode[lang](l(k)));
  return {
    ring_timeout: int(l('ring_timeout'), lang, 10, 120),
    max_call_s: int(l('max_call_s'), lang, 0, 86400),
    record_policy: oneOf(l('record_policy'), lang, VOICE_RECORD_POLICIES),
    qualify_frequency: int(l('qualify_frequency'), lang, 0, 3600),
    moh_class: z
      .string({ error: T.required[lang](l('moh_class')) })
      .trim()
      .refine(
        (v) => /^[A-Za-z0-9_-]{1,40}$/.test(v),
        T.format[lang](l('moh_class'), 'letters, digits, _ or -'),
      ),
    fc_pickup: code('fc_pickup'),
    fc_dnd_on: code('fc_dnd_on'),
    fc_dnd_off: code('fc_dnd_off'),
    fc_wakeup: code('fc_wakeup'),
    fc_cf_on: code('fc_cf_on'),
    fc_cf_off: code('fc_cf_off'),
  };
}

/** The rules between fields of BasicSettings, on a whole (merged) value. */
function basicCrossRules(v: VoiceBasic, ctx: z.RefinementCtx, lang: Lang): void {
  if (v.rtp_start >= v.rtp_end)
    ctx.addIssue({ code: 'custom', path: ['rtp_start'], message: T.rtpOrder[lang] });
  else if (v.sip_udp_port >= v.rtp_start && v.sip_udp_port <= v.rtp_end)
    ctx.addIssue({
      code: 'custom',
      path: ['sip_udp_port'],
      message: T.sipInRtp[lang](v.sip_udp_port, v.rtp_start, v.rtp_end),
    });
  if (v.sip_tcp && v.sip_tls_port === v.sip_udp_port)
    ctx.addIssue({ code: 'custom', path: ['sip_tls_port'], message: T.tlsOnSip[lang](v.sip_tls_port) });
  if (!v.codecs.length) ctx.addIssue({ code: 'custom', path: ['codecs'], message: T.codecNone[lang] });
  const seen = new Set<string>();
  for (const c of v.codecs) {
    if (seen.has(c)) ctx.addIssue({ code: 'custom', path: ['codecs'], message: T.codecTwice[lang](c) });
    seen.add(c);
  }
}

/**
 * Validates an edit of BasicSettings: the sent fields over the current value, then the rules
 * between fields on the result. Unknown fields are dropped.
 */
export function voiceBasicSchema(current: VoiceBasic, lang: Lang = 'en') {
  return z
    .object(fieldsOfBasic(lang))
    .partial()
    .transform((sent) => ({ ...current, ...stripUndefined(sent) }) as VoiceBasic)
    .superRefine((v, ctx) => basicCrossRules(v, ctx, lang));
}

/** Validates an edit of AdvancedSettings over the current value. */
export function voiceAdvancedSchema(current: VoiceAdvanced, lang: Lang = 'en') {
  return z
    .object(fieldsOfAdvanced(lang))
    .partial()
    .transform((sent) => ({ ...current, ...stripUndefined(sent) }) as VoiceAdvanced);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The message for a feature code used twice (409 on the server; shown by the form before sending). */
export function featureCodeTwiceMessage(
  code: string,
  fields: readonly VoiceFeatureCode[],
  lang: Lang,
): string {
  const names = fields.map((f) => VOICE_ADVANCED_LABELS[f]![lang]).join(lang === 'zh_CN' ? '、' : ', ');
  return lang === 'zh_CN'
    ? `功能码${code}被多次使用：${names}（所有号码共用一个号码计划）`
    : `Feature code ${code} is used more than once: ${names} (all numbers share one numbering plan)`;
}

/** Feature codes used more than once: `[code, [fields…]]`. They share the numbering plan. */
export function duplicateFeatureCodes(
  v: Pick<VoiceAdvanced, VoiceFeatureCode>,
): [string, VoiceFeatureCode[]][] {
  const by = new Map<string, VoiceFeatureCode[]>();
  for (const k of VOICE_FEATURE_CODES) by.set(v[k], [...(by.get(v[k]) ?? []), k]);
  return [...by.entries()].filter(([, ks]) => ks.length > 1);
}
