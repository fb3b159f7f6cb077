import { isIPv4, isIPv6, normalizeMac } from '../../platform/lib/ipv4.ts';

/**
 * dnsmasq's lease file (lease.c `lease_update_file`): the DHCPv4 leases first, one a line,
 * `expiry mac ip hostname client-id`; then, when DHCPv6 runs, a `duid <server DUID>` line and the
 * DHCPv6 leases, `expiry iaid ipv6 hostname client-DUID` (the IAID in decimal, `T` before it for a
 * temporary address). Expiry is in epoch seconds, 0 for infinite; `*` is an unknown hostname or
 * client id.
 */

export interface Lease {
  family: 'v4' | 'v6';
  /** Epoch milliseconds; null for an infinite lease. */
  expires_at: number | null;
  /** DHCPv4: the client's MAC; empty for DHCPv6, whose clients are named by their DUID. */
  mac: string;
  ip: string;
  hostname: string;
  /** DHCPv4: option 61 as dnsmasq wrote it; empty for DHCPv6. */
  client_id: string;
  /** DHCPv6: the client's DUID (hex bytes joined by colons); empty for DHCPv4. */
  duid: string;
  /** DHCPv6: the identity association the address belongs to; empty for DHCPv4. */
  iaid: string;
  /** DHCPv6: 1 for a temporary address (IA_TA). */
  temporary: 0 | 1;
}

export interface LeaseFile {
  leases: Lease[];
  /** The `duid` line: the DUID dnsmasq answers DHCPv6 with; empty when the file has none. */
  server_duid: string;
}

const HEX_BYTES = /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2})*$/;

export function parseLeaseFile(text: string): LeaseFile {
  const leases: Lease[] = [];
  let serverDuid = '';
  for (const raw of text.split(/\r?\n/)) {
    const parts = raw.trim().split(/\s+/);
    if (parts[0] === 'duid') {
      if (parts[1] && HEX_BYTES.test(parts[1])) serverDuid = parts[1].toLowerCase();
      continue;
    }
    if (parts.length < 4) continue;
    const [expiry, second, ip, hostname, clientId] = parts as [string, string, string, string, string?];
    if (!/^\d+$/.test(expiry)) continue;
    const secs = Number(expiry);
    const common = {
      expires_at: secs === 0 ? null : secs * 1000,
      ip,
      hostname: hostname === '*' ? '' : hostname,
    };
    const id = !clientId || clientId === '*' ? '' : clientId;
    if (isIPv6(ip)) {
      const iaid = /^(T?)(\d{1,10})$/.exec(second);
      if (!iaid) continue;
      leases.push({
        family: 'v6',
        ...common,
        ip: ip.toLowerCase(),
        mac: '',
        client_id: '',
        duid: HEX_BYTES.test(id) ? id.toLowerCase() : '',
        iaid: iaid[2]!,
        temporary: iaid[1] ? 1 : 0,
      });
      continue;
    }
    const mac = normalizeMac(second);
    if (!mac || !isIPv4(ip)) continue;
    leases.push({ family: 'v4', ...common, mac, client_id: id, duid: '', iaid: '', temporary: 0 });
  }
  return { leases, server_duid: serverDuid };
}

/** The leases of the file, DHCPv4 and DHCPv6. */
export function parseLeases(text: string): Lease[] {
  return parseLeaseFile(text).leases;
}
