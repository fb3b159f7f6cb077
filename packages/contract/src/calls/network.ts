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

/** A host name: dot-separated labels (RFC 1123) of letters, digits and inner hyphens. */
const LABEL = '(?!-)[A-Za-z0-9-]{1,63}(?<!-)';
const HOST_RE = new RegExp(`^${LABEL}(\\.${LABEL})*\\.?$`);

/** A DNS name (RFC 1123 labels) of at most 253 characters; never an option-like `-x`. The one rule both sides use. */
export function isHostName(s: string): boolean {
  return s.length > 0 && s.length <= 253 && HOST_RE.test(s);
}

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

/** An interface as the host has it now (`/sys/class/net` and its addresses). */
export const LiveView = z.object({
  name: z.string(),
  mac: z.string(),
  /** up, down, unknown, dormant, lowerlayerdown, notpresent, testing */
  operstate: z.string(),
  /** Link carrier: 1, 0, or null when the driver does not say (interface down). */
  carrier: z.number().nullable(),
  /** Mb/s; null when unknown (down, virtual). */
  speed: z.number().nullable(),
  mtu: z.number(),
  /** Addresses with their prefix, e.g. 192.168.1.1/24. */
  ipv4: z.array(z.string()),
  ipv6: z.array(z.string()),
  rx_bytes: z.number(),
  tx_bytes: z.number(),
  rx_packets: z.number(),
  tx_packets: z.number(),
  loopback: z.boolean(),
  /** No device behind it (bridge, bond, VLAN, ifb, tun). */
  virtual: z.boolean(),
  master: z.string().nullable(),
});
export type LiveView = z.infer<typeof LiveView>;

/** The interfaces tab's row: the live state beside the stored settings (the PPPoE password never sent). */
export const IfaceRow = z.object({
  name: z.string(),
  live: LiveView.nullable(),
  configured: z.number(),
  bond: z.string().nullable(),
  role: z.enum(['wan', 'lan', 'mgmt', 'none']),
  mode: z.enum(['dhcp', 'static', 'pppoe']),
  /** Static address with prefix, e.g. 192.168.1.1/24. */
  ip: z.string(),
  gateway: z.string(),
  dns1: z.string(),
  dns2: z.string(),
  pppoe_user: z.string(),
  /** Always empty: only whether one is set (`pppoe_password_set`). */
  pppoe_password: z.string(),
  pppoe_password_set: z.number(),
  vlan_id: z.number(),
  mtu: z.number(),
  mac_clone: z.string(),
  enabled: z.number(),
});
export type IfaceRow = z.infer<typeof IfaceRow>;

/** Where the live view comes from: `ip` (iproute2) or, without it, Node's own view, with why in `note`. */
const LiveSource = { source: z.enum(['ip', 'node']), note: z.string() };

export const networkCalls = {
  overview: defineCall({
    path: P('index'),
    method: 'list',
    input: z.object({}).loose(),
    output: z.object({
      list: z.array(LiveView.extend({ role: z.string().nullable() })),
      total: z.number(),
      ...LiveSource,
    }),
  }),
  interfaces: defineCall({
    path: P('net'),
    method: 'list',
    input: z.object({}).loose(),
    output: z.object({ list: z.array(IfaceRow), total: z.number(), ...LiveSource }),
  }),
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
  /** Time zone tab: the stored settings (the defaults until saved) and the zone the host is in now. */
  timezone: defineCall({
    path: P('timezone'),
    method: 'detail',
    input: z.object({}).loose(),
    output: z.object({
      timezone: z.string(),
      ntp_servers: z.array(z.string()),
      ntp_enabled: z.union([z.literal(0), z.literal(1)]),
      /** 1 once the settings were saved here. */
      saved: z.number(),
      current: z.string().nullable(),
      /** Where `current` was read: /etc/timezone, /etc/localtime, or none (the runtime's own zone). */
      current_source: z.string(),
    }),
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
        .refine((h) => h === '' || isHostName(h), 'host must be a host name such as www.baidu.com'),
    }),
    output: Connectivity,
  }),
};
