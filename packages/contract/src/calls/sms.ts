import { z } from 'zod';
import { smsSettings } from '../extras/singletons.ts';
import { defineCall, paging } from './define.ts';

/** system/SmsSettings (`system/sms`): the SMS send log. */

export const SmsLogRow = z.object({
  id: z.number(),
  time: z.string(),
  provider: z.string(),
  phone: z.string(),
  /** What the message was for: test, code, alarm … */
  purpose: z.string(),
  result: z.enum(['sent', 'failed', 'refused']),
  http_status: z.number().nullable(),
  detail: z.string(),
});
export type SmsLogRow = z.infer<typeof SmsLogRow>;

/** What a send answered: the provider, its HTTP status and message, and the day's count against the limit. */
export const SmsSendResult = z.object({
  provider: z.string(),
  http_status: z.number(),
  message: z.string(),
  sent_today: z.number(),
  daily_limit: z.number(),
});
export type SmsSendResult = z.infer<typeof SmsSendResult>;

export const smsCalls = {
  /** Sends a test SMS to `phone` through the stored provider. */
  test: defineCall({
    path: smsSettings.endpoint,
    method: 'test',
    input: z.object({
      phone: z
        .string({ error: 'phone is required' })
        .trim()
        .regex(/^\+?\d{5,20}$/, 'phone must be 5 to 20 digits, optionally after +'),
    }),
    output: SmsSendResult,
  }),
  /** Newest first. */
  history: defineCall({
    path: smsSettings.endpoint,
    method: 'history',
    input: z.object({
      ...paging,
    }),
    output: z.object({ total: z.number(), list: z.array(SmsLogRow) }),
  }),
};
