import { z } from 'zod';
import { VoicePaths } from '../voice-settings.ts';
import { defineCall, paging } from './define.ts';

/** voice/VoiceCalls (`voice/calls`): the calls in progress and the call figures of the day and week. */

const Direction = z.enum(['internal', 'inbound', 'outbound']);

export const ActiveCall = z.object({
  channel: z.string(),
  caller: z.string(),
  callee: z.string(),
  /** Asterisk's channel state (Up, Ring, Ringing …). */
  state: z.string(),
  direction: Direction,
  trunk: z.string(),
  started_at: z.string(),
  /** Seconds since the call began. */
  duration: z.number(),
});
export type ActiveCall = z.infer<typeof ActiveCall>;

export const CallsListInput = z.object({
  ...paging,
  keyword: z.string().trim().max(100).optional().default(''),
  filter: z
    .object({ state: z.string().max(32).optional(), direction: Direction.optional() })
    .optional()
    .default({}),
});

export const CallsReply = z.object({
  list: z.array(ActiveCall),
  total: z.number(),
  /** False when Asterisk cannot be asked; `reason` says why, in the caller's language. */
  live: z.boolean(),
  reason: z.string().nullable(),
});
export type CallsReply = z.infer<typeof CallsReply>;

const count = z.number().int().min(0);

export const CallStats = z.object({
  today: z.object({
    total: count,
    answered: count,
    missed: count,
    /** Average talk time of the answered calls, in seconds. */
    avg_billsec: count,
    by_direction: z.object({ internal: count, inbound: count, outbound: count }),
  }),
  /** The last 7 days, oldest first. */
  days: z.array(z.object({ date: z.string(), total: count, answered: count, missed: count })),
  source: z.literal('voice_cdr'),
});
export type CallStats = z.infer<typeof CallStats>;

export const voiceCallCalls = {
  list: defineCall({ path: VoicePaths.calls, method: 'list', input: CallsListInput, output: CallsReply }),
  stats: defineCall({ path: VoicePaths.calls, method: 'stats', input: z.object({}), output: CallStats }),
};
