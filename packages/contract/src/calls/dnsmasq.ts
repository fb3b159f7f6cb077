import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * system/Dhcp (`system/dhcp_set`) and system/Dns (`system/dns_set`): the current leases of dnsmasq's
 * lease file, and each half's configuration as a single-use download.
 */

const DHCP = '/admin.php/system/dhcp_set';
const DNS = '/admin.php/system/dns_set';

/** A single-use download link and when it lapses. */
const Download = z.object({ url: z.string(), expires_at: z.string() });

export const LeaseRow = z.object({
  /** Epoch milliseconds; null for an infinite lease. */
  expires_at: z.number().nullable(),
  /** The expiry as shown: a date and time, or `never`. */
  expiry: z.string(),
  mac: z.string(),
  ip: z.string(),
  hostname: z.string(),
  client_id: z.string(),
  /** 1 when a static lease has this MAC (`static_id`); `static_ip_differs` when it names another IP. */
  static: z.number(),
  static_id: z.number().nullable(),
  static_ip_differs: z.number(),
});
export type LeaseRow = z.infer<typeof LeaseRow>;

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
    }),
  }),
  exportDhcp: defineCall({ path: DHCP, method: 'export', input: z.object({}).loose(), output: Download }),
  exportDns: defineCall({ path: DNS, method: 'export', input: z.object({}).loose(), output: Download }),
};
