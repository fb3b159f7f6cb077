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

export const smsCalls = {
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
