import { z } from 'zod';
import { VoicePaths } from '../voice-paths.ts';
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

/** A number Asterisk can dial (the server's isDialable): digits, *, # and +. */
export const DIALABLE = /^[0-9*#+]{1,32}$/;
const dialable = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .refine((v) => DIALABLE.test(v), `${field} must be digits, * or #`);
const channel = z.string({ error: 'channel is required' }).trim().min(1, 'channel is required');

export const voiceCallCalls = {
  list: defineCall({ path: VoicePaths.calls, method: 'list', input: CallsListInput, output: CallsReply }),
  stats: defineCall({ path: VoicePaths.calls, method: 'stats', input: z.object({}), output: CallStats }),
  /** The verbs need a running Asterisk (503 without one) and answer nothing. */
  hangup: defineCall({
    path: VoicePaths.calls,
    method: 'hangup',
    input: z.object({ channel }),
    output: z.object({}),
  }),
  originate: defineCall({
    path: VoicePaths.calls,
    method: 'originate',
    input: z.object({
      from_ext: z
        .string({ error: 'from_ext is required' })
        .trim()
        .regex(/^\d{1,16}$/, 'from_ext must be an extension number'),
      to_number: dialable('to_number'),
    }),
    output: z.object({}),
  }),
  transfer: defineCall({
    path: VoicePaths.calls,
    method: 'transfer',
    input: z.object({
      channel,
      to: dialable('to'),
    }),
    output: z.object({}),
  }),
};
