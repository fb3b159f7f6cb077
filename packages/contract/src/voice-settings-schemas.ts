import { z } from 'zod';
import type { Lang } from './messages.ts';
import { RULE_TEXTS } from './rule-texts.ts';
import {
  VOICE_ADVANCED_LABELS,
  VOICE_BASIC_LABELS,
  VOICE_CODECS,
  VOICE_DTMF_MODES,
  VOICE_FEATURE_CODES,
  VOICE_LANGUAGES,
  VOICE_RECORD_POLICIES,
  type VoiceAdvanced,
  type VoiceBasic,
  type VoiceFeatureCode,
} from './voice-settings.ts';

/**
 * The rules of the two voice singletons (voice-settings.ts), so the server validates at the
 * boundary and the console's forms show the same messages before sending.
 */

const T = {
  ...RULE_TEXTS,
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
