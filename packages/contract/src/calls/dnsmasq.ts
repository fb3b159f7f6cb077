import { z } from 'zod';
import { defineCall } from './define.ts';
import { SaveReply } from './network.ts';

/**
 * system/Dhcp (`system/dhcp_set`) and system/Dns (`system/dns_set`): the current leases of dnsmasq's
 * lease file, and each half's configuration as a single-use download.
 */

const DHCP = '/admin.php/system/dhcp_set';
const DNS = '/admin.php/system/dns_set';

/** A single-use download link and when it lapses. */
const Download = z.object({ url: z.string(), expires_at: z.string() });

export const LeaseRow = z.object({
  /** DHCPv4 or DHCPv6 (the lines after the lease file's `duid` line). */
  family: z.enum(['v4', 'v6']),
  /** Epoch milliseconds; null for an infinite lease. */
  expires_at: z.number().nullable(),
  /** The expiry as shown: a date and time, or `never`. */
  expiry: z.string(),
  mac: z.string(),
  ip: z.string(),
  hostname: z.string(),
  client_id: z.string(),
  /** DHCPv6: the client's DUID, where a DHCPv4 lease has its MAC; empty for DHCPv4. */
  duid: z.string(),
  /** DHCPv6: the identity association (IAID); empty for DHCPv4. */
  iaid: z.string(),
  /** DHCPv6: 1 for a temporary address. */
  temporary: z.number(),
  /** 1 when a static lease has this MAC (`static_id`); `static_ip_differs` when it names another IP. */
  static: z.number(),
  static_id: z.number().nullable(),
  static_ip_differs: z.number(),
});
export type LeaseRow = z.infer<typeof LeaseRow>;

const flag = z.union([z.literal(0), z.literal(1)]);
const Check = z.object({ ran: z.boolean(), ok: z.boolean(), output: z.string() });

/** One half's generated file: written, out of date (`pending`), in place, and dnsmasq's check of the pair. */
export const HalfStatus = z.object({
  path: z.string(),
  written: z.boolean(),
  /** Apply would change something: a change made elsewhere (network settings, a restore) or a stale copy in /etc. */
  pending: z.boolean(),
  /** off: IGS_APPLY is not 1 (written under the data directory only); in_place: copied into /etc. */
  applied: z.enum(['off', 'in_place', 'stale']),
  can_rollback: z.boolean(),
  test: Check,
});
export type HalfStatus = z.infer<typeof HalfStatus>;

export const DnsmasqInfo = z.object({
  installed: z.boolean(),
  binary: z.string().nullable(),
  version: z.string().nullable(),
});
export type DnsmasqInfo = z.infer<typeof DnsmasqInfo>;

/** A save, apply or rollback: the files, and dnsmasq --test's verdict on them. */
export const DnsmasqSave = SaveReply.extend({ test: Check });
export type DnsmasqSave = z.infer<typeof DnsmasqSave>;

export const DhcpSettings = z.object({
  enabled: flag,
  /** An interface name, or a role (lan, wan, mgmt) resolved through the network settings. */
  interface: z.string(),
  range_start: z.string(),
  range_end: z.string(),
  lease_time: z.string(),
  gateway: z.string(),
  dns1: z.string(),
  dns2: z.string(),
  ntp: z.string(),
  domain: z.string(),
  option43: z.string(),
  option66: z.string(),
  option60_tags: z.array(z.object({ vendor_class: z.string(), tag: z.string() })),
  authoritative: flag,
  leases_file: z.string(),
});
export type DhcpSettings = z.infer<typeof DhcpSettings>;

export const DhcpDetail = DhcpSettings.extend({
  /** Saved settings the network settings have since put outside the subnet. */
  warnings: z.array(z.string()),
  /** The subnet DHCP serves, or why there is none. */
  subnet: z.discriminatedUnion('ok', [
    z.object({
      ok: z.literal(true),
      dev: z.string(),
      address: z.string(),
      source: z.enum(['settings', 'host']),
    }),
    z.object({ ok: z.literal(false), msg: z.string() }),
  ]),
  config: HalfStatus,
  dnsmasq: DnsmasqInfo,
});
export type DhcpDetail = z.infer<typeof DhcpDetail>;

export const DnsSettings = z.object({
  enabled: flag,
  port: z.number(),
  upstream: z.array(z.string()),
  cache_size: z.number(),
  no_resolv: flag,
  overrides: z.array(z.object({ domain: z.string(), server: z.string() })),
});
export type DnsSettings = z.infer<typeof DnsSettings>;

export const DnsDetail = DnsSettings.extend({ config: HalfStatus, dnsmasq: DnsmasqInfo });
export type DnsDetail = z.infer<typeof DnsDetail>;

const FileCheck = HalfStatus.extend({ dnsmasq: DnsmasqInfo });

/** The calls both halves have, on their own path. */
function halfCalls<D extends z.ZodType>(path: string, detail: D) {
  return {
    detail: defineCall({ path, method: 'detail', input: z.object({}).loose(), output: detail }),
    /** The settings form, checked by the server (in the caller's language), by dnsmasq --test, then written. */
    form: defineCall({ path, method: 'form', input: z.object({}).loose(), output: DnsmasqSave }),
    /** Rewrites the file from the stored settings and the current records. */
    apply: defineCall({ path, method: 'apply', input: z.object({}).loose(), output: DnsmasqSave }),
    /** dnsmasq --test over the written files now. */
    check: defineCall({ path, method: 'check', input: z.object({}).loose(), output: FileCheck }),
    /** The previous settings back (409 when there are none). */
    rollback: defineCall({ path, method: 'rollback', input: z.object({}).loose(), output: DnsmasqSave }),
  };
}

export const dhcpCalls = {
  ...halfCalls(DHCP, DhcpDetail),
  /** A current lease (by MAC) made a static lease; the DHCP file rewritten. */
  makeStatic: defineCall({
    path: DHCP,
    method: 'make_static',
    input: z.object({ mac: z.string({ error: 'mac is required' }).trim().max(17) }),
    output: DnsmasqSave.partial().extend({ id: z.number() }),
  }),
};

export const dnsCalls = halfCalls(DNS, DnsDetail);

export const dnsmasqCalls = {
  leases: defineCall({
    path: DHCP,
    method: 'leases',
    input: z.object({}).loose(),
    output: z.object({
      list: z.array(LeaseRow),
      total: z.number(),
      file: z.string(),
      /** Why there are no leases (no file yet, unreadable), else empty. */
      note: z.string(),
      /** The DUID dnsmasq answers DHCPv6 with (the file's `duid` line); empty without DHCPv6. */
      server_duid: z.string(),
    }),
  }),
  exportDhcp: defineCall({ path: DHCP, method: 'export', input: z.object({}).loose(), output: Download }),
  exportDns: defineCall({ path: DNS, method: 'export', input: z.object({}).loose(), output: Download }),
  // Each half's own calls, listed here too so that allCalls holds them.
  dhcpDetail: dhcpCalls.detail,
  dhcpForm: dhcpCalls.form,
  dhcpApply: dhcpCalls.apply,
  dhcpCheck: dhcpCalls.check,
  dhcpRollback: dhcpCalls.rollback,
  dhcpMakeStatic: dhcpCalls.makeStatic,
  dnsDetail: dnsCalls.detail,
  dnsForm: dnsCalls.form,
  dnsApply: dnsCalls.apply,
  dnsCheck: dnsCalls.check,
  dnsRollback: dnsCalls.rollback,
};
