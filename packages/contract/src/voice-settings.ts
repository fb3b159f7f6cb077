import type { Lang } from './messages.ts';

/**
 * The two voice singletons of DOMAIN section 2.2 (voice/BasicSettings, voice/AdvancedSettings):
 * fields, defaults and labels, described once. Their rules are in voice-settings-schemas.ts (zod),
 * apart, so that the console's settings pages draw without them and load them for a save.
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
