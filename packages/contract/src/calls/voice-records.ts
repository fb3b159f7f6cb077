import { z } from 'zod';
import { type ResourceDef, resourceByName } from '../resources/index.ts';
import { defineCall } from './define.ts';

/**
 * Reads and verbs of voice record pages beside their generic record calls: the call figures and an
 * extension's latest calls of voice/CallRecords (`stats`, `history`), today's wake-up calls of
 * voice/WakeupService (`stats`) and the order of the outbound routes of voice/RoutingList (`sort`).
 */

const endpoint = (name: string) => (resourceByName(name) as ResourceDef).endpoint;
const count = z.number().int().min(0);
export const CdrDirection = z.enum(['internal', 'inbound', 'outbound']);
export type CdrDirection = z.infer<typeof CdrDirection>;

/** One day of call records: every outcome counted, missed being all but answered. */
export const CallDayFigures = z.object({
  date: z.string(),
  total: count,
  answered: count,
  /** Every call not answered: no_answer + busy + failed + congestion. */
  missed: count,
  no_answer: count,
  busy: count,
  failed: count,
  congestion: count,
});
export type CallDayFigures = z.infer<typeof CallDayFigures>;

export const CallsPerDay = z.object({ from: z.string(), to: z.string(), days: z.array(CallDayFigures) });
export type CallsPerDay = z.infer<typeof CallsPerDay>;

/** A call record as an extension's latest calls list it. */
export const ExtensionCall = z.object({
  id: z.number(),
  start: z.string().nullable(),
  src: z.string().nullable(),
  dst: z.string().nullable(),
  disposition: z.string().nullable(),
  direction: z.string().nullable(),
  duration: z.number().nullable(),
  billsec: z.number().nullable(),
  recording: z.string().nullable(),
});
export type ExtensionCall = z.infer<typeof ExtensionCall>;

export const TodayState = z.enum(['due', 'calling', 'answered', 'failed', 'cancelled']);
export type TodayState = z.infer<typeof TodayState>;

/** One of today's wake-up calls and how it stands. */
export const TodayCall = z.object({
  id: z.number(),
  room_ext: z.number().nullable(),
  /** `HH:mm`, or '' when the stored time is unreadable. */
  time: z.string(),
  repeat: z.string(),
  source: z.string().nullable(),
  /** The record's own state (what the list shows). */
  state: z.string().nullable(),
  /** How the call stands today. */
  today: TodayState,
  /** A due call whose time of day has passed. */
  passed: z.boolean(),
});
export type TodayCall = z.infer<typeof TodayCall>;

export const WakeupToday = z.object({
  date: z.string(),
  counts: z.object({ due: count, calling: count, answered: count, failed: count, cancelled: count }),
  /** Due calls whose time has passed. */
  passed: count,
  list: z.array(TodayCall),
});
export type WakeupToday = z.infer<typeof WakeupToday>;

export const voiceRecordCalls = {
  /** Calls per day (the last 7, or up to 92), answered and missed by outcome. */
  cdrStats: defineCall({
    path: endpoint('voice:cdr'),
    method: 'stats',
    input: z.object({
      days: z.coerce.number().int().min(1).max(92).optional().default(7),
      direction: CdrDirection.optional(),
    }),
    output: CallsPerDay,
  }),
  /** An extension's latest calls, made or taken, newest first. */
  cdrHistory: defineCall({
    path: endpoint('voice:cdr'),
    method: 'history',
    input: z.object({
      extension: z
        .string({ error: 'extension is required' })
        .trim()
        .regex(/^\d{1,16}$/, 'extension must be an extension number'),
      limit: z.coerce.number().int().min(1).max(50).optional().default(10),
    }),
    output: z.object({ list: z.array(ExtensionCall), total: count }),
  }),
  wakeupToday: defineCall({
    path: endpoint('voice:wakeup'),
    method: 'stats',
    input: z.object({}),
    output: WakeupToday,
  }),
  /** The dialling order of the outbound routes: `ids` in their new order, stored as seq 1, 2, … */
  routeOrder: defineCall({
    path: endpoint('voice:outbound_route'),
    method: 'sort',
    input: z.object({
      ids: z
        .array(z.coerce.number().int().positive(), { error: 'ids is required' })
        .min(1, 'ids is required')
        .max(1000)
        .refine((ids) => new Set(ids).size === ids.length, 'ids lists a route twice'),
    }),
    output: z.object({}),
  }),
};
