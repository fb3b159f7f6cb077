import { z } from 'zod';
import { itmsSettings } from '../extras/singletons.ts';
import { defineCall } from './define.ts';

/** tr069/Itms (`tr069/itms`): a test connection request to one CPE. */

export const ConnectionRequestTest = z.object({
  /** The URL asked: the one the CPE reported, else its IP on TR-069's port 7547. */
  url: z.string(),
  http_status: z.number(),
  /** How the CPE was authenticated: it did not ask, digest (TR-069's rule) or basic. */
  auth: z.enum(['none', 'digest', 'basic']),
  /** True when the CPE has not reported its URL and it was guessed from its IP. */
  guessed_url: z.boolean(),
});
export type ConnectionRequestTest = z.infer<typeof ConnectionRequestTest>;

export const itmsCalls = {
  test: defineCall({
    path: itmsSettings.endpoint,
    method: 'test',
    input: z.object({
      device_id: z
        .string({ error: 'device_id is required' })
        .trim()
        .min(1, 'device_id is required')
        .max(128, 'device_id: at most 128 characters'),
    }),
    output: ConnectionRequestTest,
  }),
};
