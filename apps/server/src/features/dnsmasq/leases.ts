import { isIPv4, isIPv6, normalizeMac } from '../../platform/lib/ipv4.ts';

/**
 * dnsmasq's lease file: one lease a line, `expiry mac ip hostname client-id` (expiry in epoch
 * seconds, 0 for infinite; `*` for an unknown hostname or client id). DHCPv6 leases follow a
 * `duid` line and have an IAID where the MAC is: those are skipped here.
 */

export interface Lease {
  /** Epoch milliseconds; null for an infinite lease. */
  expires_at: number | null;
  mac: string;
  ip: string;
  hostname: string;
  client_id: string;
}

export function parseLeases(text: string): Lease[] {
  const out: Lease[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const parts = raw.trim().split(/\s+/);
    if (parts.length < 4 || parts[0] === 'duid') continue;
    const [expiry, macText, ip, hostname, clientId] = parts as [string, string, string, string, string?];
    if (!/^\d+$/.test(expiry)) continue;
    const mac = normalizeMac(macText);
    if (!mac || !(isIPv4(ip) || isIPv6(ip))) continue;
    const secs = Number(expiry);
    out.push({
      expires_at: secs === 0 ? null : secs * 1000,
      mac,
      ip,
      hostname: hostname === '*' ? '' : hostname,
      client_id: !clientId || clientId === '*' ? '' : clientId,
    });
  }
  return out;
}
