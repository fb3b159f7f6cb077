import { z } from 'zod';
import { VoicePaths } from '../voice-paths.ts';
import {
  VOICE_CODECS,
  VOICE_DTMF_MODES,
  VOICE_FEATURE_CODES,
  VOICE_LANGUAGES,
  VOICE_RECORD_POLICIES,
  type VoiceAdvanced,
  type VoiceBasic,
  type VoiceFeatureCode,
} from '../voice-settings.ts';
import { defineCall } from './define.ts';

/**
 * voice/BasicSettings and voice/AdvancedSettings: the stored singletons as `detail` answers them.
 * Their rules (ranges, the fields between them) are voiceBasicSchema and voiceAdvancedSchema.
 */

const flag = z.union([z.literal(0), z.literal(1)]);

export const VoiceBasicValues: z.ZodType<VoiceBasic> = z.object({
  sip_udp_port: z.number(),
  sip_tcp: flag,
  /** 0 = TLS off. */
  sip_tls_port: z.number(),
  rtp_start: z.number(),
  rtp_end: z.number(),
  external_ip: z.string(),
  local_nets: z.array(z.string()),
  codecs: z.array(z.enum(VOICE_CODECS)),
  dtmf_mode: z.enum(VOICE_DTMF_MODES),
  language: z.enum(VOICE_LANGUAGES),
  ext_length: z.number(),
});

const featureCodes = Object.fromEntries(VOICE_FEATURE_CODES.map((k) => [k, z.string()])) as Record<
  VoiceFeatureCode,
  z.ZodString
>;

export const VoiceAdvancedValues: z.ZodType<VoiceAdvanced> = z.object({
  ring_timeout: z.number(),
  /** 0 = unlimited. */
  max_call_s: z.number(),
  record_policy: z.enum(VOICE_RECORD_POLICIES),
  /** Seconds between OPTIONS pings to a registered phone; 0 = off. */
  qualify_frequency: z.number(),
  moh_class: z.string(),
  ...featureCodes,
});

/** A change of the settings: any of their fields, checked by the server. */
const Change = z.object({}).loose();

export const voiceSettingsCalls = {
  basic: defineCall({
    path: VoicePaths.basic,
    method: 'detail',
    input: z.object({}),
    output: VoiceBasicValues,
  }),
  advanced: defineCall({
    path: VoicePaths.advanced,
    method: 'detail',
    input: z.object({}),
    output: VoiceAdvancedValues,
  }),
  /**
   * `form` saves the whole form, `edit` some fields (omitted ones keep their value); the server
   * checks the result by voiceBasicSchema / voiceAdvancedSchema in the caller's language.
   */
  basicForm: defineCall({ path: VoicePaths.basic, method: 'form', input: Change, output: z.object({}) }),
  basicEdit: defineCall({ path: VoicePaths.basic, method: 'edit', input: Change, output: z.object({}) }),
  advancedForm: defineCall({
    path: VoicePaths.advanced,
    method: 'form',
    input: Change,
    output: z.object({}),
  }),
  advancedEdit: defineCall({
    path: VoicePaths.advanced,
    method: 'edit',
    input: Change,
    output: z.object({}),
  }),
};
