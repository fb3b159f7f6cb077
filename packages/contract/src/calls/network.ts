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

/** A host name as the server's isHostName takes it: dot-separated labels of letters, digits and inner hyphens. */
const LABEL = '(?!-)[A-Za-z0-9-]{1,63}(?<!-)';
const HOST_RE = new RegExp(`^${LABEL}(\\.${LABEL})*\\.?$`);

/** One check: `ok` is null when it could not run (no ping binary, no gateway), never a guess. */
export const ConnectivityCheck = z.object({
  ok: z.boolean().nullable(),
  target: z.string(),
  ms: z.number().nullable(),
  detail: z.string(),
});
export type ConnectivityCheck = z.infer<typeof ConnectivityCheck>;

export const Connectivity = z.object({
  link: ConnectivityCheck,
  gateway_ping: ConnectivityCheck,
  dns_resolve: ConnectivityCheck.extend({ addresses: z.array(z.string()) }),
  internet: ConnectivityCheck,
});
export type Connectivity = z.infer<typeof Connectivity>;

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
  /** Connectivity: WAN link state, gateway ping, a name lookup of `host` and an internet TCP check. */
  connect: defineCall({
    path: P('connect'),
    method: 'check',
    input: z.object({
      host: z
        .string()
        .trim()
        .max(253)
        .optional()
        .default('www.baidu.com')
        .refine(
          (h) => h === '' || (h.length <= 253 && HOST_RE.test(h)),
          'host must be a host name such as www.baidu.com',
        ),
    }),
    output: Connectivity,
  }),
};
