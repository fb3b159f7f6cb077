import { z } from 'zod';
import { defineCall } from './define.ts';

/** system/SystemTools (`system/ping`): which diagnostics can run here, on which interfaces, within which limits. */

export const ToolsStatus = z.object({
  tools: z.array(
    z.object({
      tool: z.string(),
      /** The program the tool runs; null for a tool done in the server itself. */
      program: z.string().nullable(),
      available: z.boolean(),
      /** Where the program was found; null when it is not installed (or none is needed). */
      path: z.string().nullable(),
    }),
  ),
  interfaces: z.array(z.string()),
  limits: z.object({
    count_min: z.number(),
    count_max: z.number(),
    max_run_s: z.number(),
    connect_timeout_s: z.number(),
  }),
});
export type ToolsStatus = z.infer<typeof ToolsStatus>;

export const systemToolCalls = {
  status: defineCall({
    path: '/admin.php/system/ping',
    method: 'status',
    input: z.object({}),
    output: ToolsStatus,
  }),
};
