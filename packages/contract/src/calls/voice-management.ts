import { z } from 'zod';
import { VoicePaths } from '../voice-paths.ts';
import { defineCall } from './define.ts';

/** voice/VoiceManagement (`voice/management`): Asterisk's state, the voice figures and the generated files. */

/** The files the voice configuration is generated into, in the order they are shown. */
export const VOICE_FILES = [
  'pjsip.conf',
  'extensions_igs.conf',
  'queues.conf',
  'confbridge.conf',
  'rtp.conf',
  'features.conf',
  'voicemail.conf',
] as const;
export type VoiceFile = (typeof VOICE_FILES)[number];

export const AsteriskState = z.enum(['running', 'stopped', 'not_installed']);
export type AsteriskState = z.infer<typeof AsteriskState>;

export const VoiceStatus = z.object({
  asterisk: z.object({
    state: AsteriskState,
    version: z.string().nullable(),
    uptime_s: z.number().nullable(),
    last_reload_s: z.number().nullable(),
    /** Why live figures are missing; null when Asterisk's console answers. */
    reason: z.string().nullable(),
  }),
  /** Where the figures come from: Asterisk itself, or the stored data when it cannot be asked. */
  source: z.enum(['asterisk', 'data']),
  endpoints: z.object({ registered: z.number(), total: z.number() }),
  trunks: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      enabled: z.number(),
      registration: z.string(),
      sip_server: z.string(),
      state: z.string(),
    }),
  ),
  channels: z.object({ active: z.number().nullable(), reason: z.string().nullable() }),
  files: z.array(
    z.object({ file: z.string(), written_at: z.string().nullable(), bytes: z.number().nullable() }),
  ),
  dir: z.string(),
  apply: z.object({ enabled: z.boolean(), target: z.string() }),
});
export type VoiceStatus = z.infer<typeof VoiceStatus>;

export const FileCheck = z.object({
  file: z.string(),
  /** No error at all. */
  ok: z.boolean(),
  /** The text itself passes; records left out while generating make a file not ok but still valid. */
  valid: z.boolean(),
  sections: z.number(),
  lines: z.number(),
  bytes: z.number(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type FileCheck = z.infer<typeof FileCheck>;

export const CheckReply = z.object({ ok: z.boolean(), dir: z.string(), files: z.array(FileCheck) });
export type CheckReply = z.infer<typeof CheckReply>;

export const ConfFileReply = z.object({
  file: z.string(),
  /** The text with secrets masked. */
  text: z.string(),
  written_at: z.string().nullable(),
  same_as_disk: z.boolean(),
  check: FileCheck,
});
export type ConfFileReply = z.infer<typeof ConfFileReply>;

/** Whether the files were copied into Asterisk's folder (IGS_APPLY=1), where, and why not. */
export const VoiceApply = z.object({
  applied: z.boolean(),
  target: z.string(),
  reason: z.string().nullable(),
});
export type VoiceApply = z.infer<typeof VoiceApply>;

export const ReloadReply = z.object({
  reloaded: z.literal(true),
  apply: VoiceApply,
  /** Asterisk's answer to core reload. */
  output: z.string(),
  files: z.array(FileCheck),
});
export type ReloadReply = z.infer<typeof ReloadReply>;

export const RestartReply = z.object({
  restarted: z.literal(true),
  /** Through Asterisk's console, or the service manager when it was stopped. */
  how: z.enum(['console', 'systemctl']),
  apply: VoiceApply,
  files: z.array(FileCheck),
});
export type RestartReply = z.infer<typeof RestartReply>;

export const voiceManagementCalls = {
  status: defineCall({
    path: VoicePaths.management,
    method: 'status',
    input: z.object({}),
    output: VoiceStatus,
  }),
  check: defineCall({
    path: VoicePaths.management,
    method: 'check',
    input: z.object({}),
    output: CheckReply,
  }),
  file: defineCall({
    path: VoicePaths.management,
    method: 'file',
    input: z.object({
      file: z.enum(VOICE_FILES, { error: `file must be one of: ${VOICE_FILES.join(', ')}` }),
    }),
    output: ConfFileReply,
  }),
  /** Regenerates, checks and applies the files, then core reload; 503 without Asterisk. */
  reload: defineCall({
    path: VoicePaths.management,
    method: 'reload',
    input: z.object({}),
    output: ReloadReply,
  }),
  /** The same, then restarts Asterisk (or starts it); 503 when it is absent. */
  restart: defineCall({
    path: VoicePaths.management,
    method: 'restart',
    input: z.object({}),
    output: RestartReply,
  }),
};
