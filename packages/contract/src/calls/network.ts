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

/** A host command a save ran (networkctl, timedatectl, systemctl) and what it printed. */
export const CommandRun = z.object({ command: z.string(), ok: z.boolean(), output: z.string() });
export type CommandRun = z.infer<typeof CommandRun>;

/** What a save of generated files answers: the files written and removed (under DATA_DIR/etc), whether in effect. */
export const SaveReply = z.object({
  written: z.array(z.string()),
  removed: z.array(z.string()),
  applied: z.boolean(),
  note: z.string(),
  commands: z.array(CommandRun),
});
export type SaveReply = z.infer<typeof SaveReply>;

/** A host name: dot-separated labels (RFC 1123) of letters, digits and inner hyphens. */
const LABEL = '(?!-)[A-Za-z0-9-]{1,63}(?<!-)';
/** The labels of a host name, as a pattern (the console's form rule); isHostName adds the length. */
export const HOST_NAME_RE = new RegExp(`^${LABEL}(\\.${LABEL})*\\.?$`);

/** A DNS name (RFC 1123 labels) of at most 253 characters; never an option-like `-x`. The one rule both sides use. */
export function isHostName(s: string): boolean {
  return s.length > 0 && s.length <= 253 && HOST_NAME_RE.test(s);
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

const flag = z.union([z.literal(0), z.literal(1)]);
/** A secret is never sent: always empty, with `<name>_set` saying whether one is stored. */
const noSecret = z.literal('');

/** One interface for its form: IfaceRow without the bond it belongs to. */
export const IfaceDetail = IfaceRow.omit({ bond: true });
export type IfaceDetail = z.infer<typeof IfaceDetail>;

export const IpoeView = z.object({
  iface: z.string(),
  vlan_id: z.number(),
  option60_vendor: z.string(),
  username: z.string(),
  password: noSecret,
  password_set: flag,
  igmp_proxy: flag,
  igmp_version: z.union([z.literal(2), z.literal(3)]),
});
export type IpoeView = z.infer<typeof IpoeView>;

export const WanDnsView = z.object({ dns1: z.string(), dns2: z.string(), from_wan: flag });
export type WanDnsView = z.infer<typeof WanDnsView>;

export const QosView = z.object({
  interfaces: z.array(z.object({ iface: z.string(), down_kbps: z.number(), up_kbps: z.number() })),
  rules: z.array(
    z.object({
      name: z.string(),
      src: z.string(),
      dst_port: z.number(),
      proto: z.enum(['any', 'tcp', 'udp']),
      class: z.enum(['high', 'normal', 'low']),
      limit_kbps: z.number(),
    }),
  ),
});
export type QosView = z.infer<typeof QosView>;

export const BondRow = z.object({
  id: z.number(),
  name: z.string(),
  mode: z.enum(['balance-rr', 'active-backup', '802.3ad', 'balance-alb']),
  members: z.array(z.string()),
  primary: z.string(),
  miimon: z.number(),
});
export type BondRow = z.infer<typeof BondRow>;

export const PptpRow = z.object({
  id: z.number(),
  name: z.string(),
  server: z.string(),
  username: z.string(),
  password: noSecret,
  password_set: flag,
  mppe: flag,
  default_route: flag,
  enabled: flag,
});
export type PptpRow = z.infer<typeof PptpRow>;

export const OpenVpnRow = z.object({
  id: z.number(),
  name: z.string(),
  /** The upload the profile came from, and its file name (display only). */
  ovpn: z.string(),
  ovpn_name: z.string(),
  /** The generated name under openvpn/client/ (the profile itself never sent). */
  conf_name: z.string(),
  username: z.string(),
  password: noSecret,
  password_set: flag,
  enabled: flag,
  /** The client's systemd state, or why there is none. */
  state: z.enum([
    'not_installed',
    'disabled',
    'active',
    'inactive',
    'failed',
    'activating',
    'deactivating',
    'unknown',
  ]),
});
export type OpenVpnRow = z.infer<typeof OpenVpnRow>;

/** A form checked by the server field by field, in the caller's language (FormReader). */
const form = z.object({}).loose();
const byId = {
  id: z.coerce.number({ error: 'id is required' }).int().positive('id is required'),
};

/** detail and form of a singleton tab (IPoE, WAN DNS, QoS). */
function singletonTab<V extends z.ZodType>(tab: string, view: V) {
  return {
    detail: defineCall({ path: P(tab), method: 'detail', input: z.object({}).loose(), output: view }),
    form: defineCall({ path: P(tab), method: 'form', input: form, output: SaveReply }),
  };
}

/** list, detail, add, edit and del of a list tab (bonds, PPTP, OpenVPN). */
function listTab<R extends z.ZodType>(tab: string, row: R) {
  return {
    list: defineCall({
      path: P(tab),
      method: 'list',
      input: z.object({}).loose(),
      output: z.object({ list: z.array(row), total: z.number() }),
    }),
    detail: defineCall({ path: P(tab), method: 'detail', input: z.object(byId), output: row }),
    add: defineCall({
      path: P(tab),
      method: 'add',
      input: form,
      output: SaveReply.extend({ id: z.number() }),
    }),
    /** Empty secrets keep the stored ones. */
    edit: defineCall({
      path: P(tab),
      method: 'edit',
      input: z.object(byId).loose(),
      output: SaveReply.extend({ id: z.number() }),
    }),
    del: defineCall({
      path: P(tab),
      method: 'del',
      input: z.object({
        ids: z
          .array(z.coerce.number().int().positive(), { error: 'ids is required' })
          .min(1, 'ids is required')
          .max(100),
      }),
      output: SaveReply.extend({ deleted: z.number() }),
    }),
  };
}

export const ipoeCalls = singletonTab('ipoe', IpoeView);
export const wanDnsCalls = singletonTab('dns', WanDnsView);
export const qosCalls = singletonTab('qos', QosView);
export const teamingCalls = listTab('teaming', BondRow);
export const pptpCalls = listTab('pptp', PptpRow);
export const openVpnCalls = listTab('openvpn', OpenVpnRow);

const byName = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(15),
});

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
  /** The previous settings and file set back (409 when there are none); the current ones become the previous. */
  rollback: defineCall({
    path: P('index'),
    method: 'rollback',
    input: z.object({}).loose(),
    output: SaveReply,
  }),
  /** One interface: stored settings (password empty) and live state. */
  interface: defineCall({ path: P('net'), method: 'detail', input: byName, output: IfaceDetail }),
  /** Sets one interface (role, mode, address, VLAN, MTU, cloned MAC), checked by the server. */
  editInterface: defineCall({ path: P('net'), method: 'edit', input: byName.loose(), output: SaveReply }),
  /** Saves the time zone and NTP servers (applied with timedatectl only when IGS_APPLY=1). */
  timezoneForm: defineCall({ path: P('timezone'), method: 'form', input: form, output: SaveReply }),
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
  // The tabs' own calls, listed here too so that allCalls holds them.
  ipoeDetail: ipoeCalls.detail,
  ipoeForm: ipoeCalls.form,
  dnsDetail: wanDnsCalls.detail,
  dnsForm: wanDnsCalls.form,
  qosDetail: qosCalls.detail,
  qosForm: qosCalls.form,
  teamingList: teamingCalls.list,
  teamingDetail: teamingCalls.detail,
  teamingAdd: teamingCalls.add,
  teamingEdit: teamingCalls.edit,
  teamingDel: teamingCalls.del,
  pptpList: pptpCalls.list,
  pptpDetail: pptpCalls.detail,
  pptpAdd: pptpCalls.add,
  pptpEdit: pptpCalls.edit,
  pptpDel: pptpCalls.del,
  openVpnList: openVpnCalls.list,
  openVpnDetail: openVpnCalls.detail,
  openVpnAdd: openVpnCalls.add,
  openVpnEdit: openVpnCalls.edit,
  openVpnDel: openVpnCalls.del,
};
