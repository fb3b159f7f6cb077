import { z } from 'zod';
import { SERVICE_KEYS, SERVICE_STATUSES, SystemServicePaths } from '../extras/system-services.ts';
import { defineCall } from './define.ts';

/** system/ServiceConfig (`system/service_config`): the ten services, their live status, and the verbs. */

const PATH = SystemServicePaths.serviceConfig;
const flag = z.union([z.literal(0), z.literal(1)]);
const bool01 = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0) as 0 | 1);

/**
 * gb28181: what the SIP agent does with a REGISTER from a device not in the device list: refuse
 * it (403), or add it to the list, where it authenticates with the platform password; `pending`
 * adds it the same way but refuses it (403) until an operator approves it (gb_device verb approve).
 */
export const GB_REGISTER_UNKNOWN = ['refuse', 'add', 'pending'] as const;
export const GB_REGISTER_UNKNOWN_LABELS = {
  refuse: { en: 'Refuse unknown devices', zh_CN: '拒绝未登记的设备' },
  add: { en: 'Add unknown devices to the list', zh_CN: '自动添加未登记的设备' },
  pending: {
    en: 'Add unknown devices pending approval',
    zh_CN: '添加未登记的设备，待审批后接入',
  },
} as const satisfies Record<(typeof GB_REGISTER_UNKNOWN)[number], { en: string; zh_CN: string }>;

/** One Service row as `list` and `detail` answer it. */
export const ServiceRow = z.object({
  key: z.enum(SERVICE_KEYS),
  title: z.string(),
  enabled: flag,
  ports: z.array(z.number()),
  auto_start: flag,
  status: z.enum(SERVICE_STATUSES),
  version: z.string().nullable(),
  /** The systemd unit verbs act on, and the program found (or why none was). */
  unit: z.string(),
  binary: z.string().nullable(),
  /** How the status was read: systemctl, /proc or this process. */
  status_source: z.enum(['systemctl', 'proc', 'self', 'none']),
  /** Why the status is what it is (systemctl's answer, the process looked for, what is missing). */
  detail: z.string(),
  /** Ports owned by another page (voice basic settings, DNS, ITMS, the deployment): shown, not edited here. */
  ports_owner: z.string().nullable(),
  /** gb28181 only. */
  server_id: z.string().optional(),
  domain: z.string().optional(),
  port: z.number().optional(),
  password: z.string().optional(),
  register_unknown: z.enum(GB_REGISTER_UNKNOWN).optional(),
  secret_set: z.object({ password: z.boolean() }).optional(),
});
export type ServiceRow = z.infer<typeof ServiceRow>;

/** The reply of a verb or a save that may touch the host. */
export const ServiceApplyReply = z.object({
  applied: z.boolean(),
  note: z.string(),
  commands: z.array(z.object({ command: z.string(), ok: z.boolean(), output: z.string() })),
  service: ServiceRow.optional(),
});
export type ServiceApplyReply = z.infer<typeof ServiceApplyReply>;

/** The verbs take the service's key, checked by the server in the caller's language. */
const VerbInput = z.object({ key: z.unknown() }).loose();

export const serviceCalls = {
  list: defineCall({
    path: PATH,
    method: 'list',
    input: z
      .object({
        keyword: z.string().trim().max(100).optional().default(''),
        filter: z
          .object({ status: z.enum(SERVICE_STATUSES).optional(), enabled: bool01.optional() })
          .optional()
          .default({}),
      })
      .loose(),
    output: z.object({ list: z.array(ServiceRow), total: z.number() }),
  }),
  /** One service (`key`) with its live status; the gb28181 password never returned. */
  detail: defineCall({ path: PATH, method: 'detail', input: VerbInput, output: ServiceRow }),
  /** Saves one service (key, enabled, ports, auto_start; gb28181's own fields, register_unknown among them): a form, checked by the server. */
  edit: defineCall({ path: PATH, method: 'edit', input: z.object({}).loose(), output: ServiceApplyReply }),
  start: defineCall({ path: PATH, method: 'start', input: VerbInput, output: ServiceApplyReply }),
  stop: defineCall({ path: PATH, method: 'stop', input: VerbInput, output: ServiceApplyReply }),
  restart: defineCall({ path: PATH, method: 'restart', input: VerbInput, output: ServiceApplyReply }),
};
