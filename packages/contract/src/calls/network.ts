import { z } from 'zod';
import { defineCall } from './define.ts';

/** system/Network (`Network/<tab>`): the generated file set and the time zones the host knows. */

const P = (tab: string) => `/admin.php/Network/${tab}`;

export const GeneratedFiles = z.object({
  /** The files as written under DATA_DIR/etc; a secret file's content is never sent. */
  files: z.array(z.object({ path: z.string(), secret: z.boolean(), content: z.string().nullable() })),
  /** Whether a previous settings and file set is kept to roll back to. */
  can_rollback: z.boolean(),
});
export type GeneratedFiles = z.infer<typeof GeneratedFiles>;

export const networkCalls = {
  config: defineCall({
    path: P('index'),
    method: 'config',
    input: z.object({}).loose(),
    output: GeneratedFiles,
  }),
  zones: defineCall({
    path: P('timezone'),
    method: 'options',
    input: z.object({}).loose(),
    output: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
};
