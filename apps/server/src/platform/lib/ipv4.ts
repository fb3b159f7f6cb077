/**
 * IPv4 arithmetic for the network, DHCP and DNS rules (subnets, gateways, ranges). Pure, so each
 * rule is unit-tested without a host. Addresses are handled as unsigned 32-bit numbers.
 */

import { isHostName } from '@igs/contract/calls';

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4_RE = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);
const MAC_RE = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;

export function isIPv4(s: string): boolean {
  return IPV4_RE.test(s);
}

/** IPv6 in any of its written forms (the check Node's `net` module makes). */
export function isIPv6(s: string): boolean {
  return /^[0-9a-fA-F:.]+$/.test(s) && s.includes(':') && isIPv6Strict(s);
}

function isIPv6Strict(s: string): boolean {
  const parts = s.split('::');
  if (parts.length > 2) return false;
  const groups = (p: string) => (p === '' ? [] : p.split(':'));
  const head = groups(parts[0]!);
  const tail = parts.length === 2 ? groups(parts[1]!) : [];
  const all = [...head, ...tail];
  let count = all.length;
  const last = all[all.length - 1];
  if (last?.includes('.')) {
    if (!isIPv4(last)) return false;
    count += 1;
    all.pop();
  }
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  return parts.length === 2 ? count < 8 : count === 8;
}

export function ipToInt(ip: string): number {
  const p = ip.split('.').map(Number);
  return ((p[0]! << 24) | (p[1]! << 16) | (p[2]! << 8) | p[3]!) >>> 0;
}

export function intToIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

export function prefixToMask(prefix: number): string {
  return intToIp(prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);
}

/** A dotted mask (255.255.255.0) as its prefix length, or null when the bits are not contiguous. */
export function maskToPrefix(mask: string): number | null {
  if (!isIPv4(mask)) return null;
  let n = ipToInt(mask);
  let prefix = 0;
  while (n & 0x80000000) {
    prefix++;
    n = (n << 1) >>> 0;
  }
  return prefixToMask(prefix) === mask ? prefix : null;
}

export interface Cidr {
  ip: string;
  prefix: number;
}

/** `192.168.1.1/24` (an interface address with its prefix); null when malformed. */
export function parseCidr(s: string): Cidr | null {
  const m = /^([^/]+)\/(\d{1,2})$/.exec(s.trim());
  if (!m || !isIPv4(m[1]!)) return null;
  const prefix = Number(m[2]);
  if (prefix > 32) return null;
  return { ip: m[1]!, prefix };
}

export function networkOf(c: Cidr): number {
  const mask = c.prefix === 0 ? 0 : (0xffffffff << (32 - c.prefix)) >>> 0;
  return (ipToInt(c.ip) & mask) >>> 0;
}

export function broadcastOf(c: Cidr): number {
  const host = c.prefix === 32 ? 0 : 0xffffffff >>> c.prefix;
  return (networkOf(c) | host) >>> 0;
}

/** True when `ip` lies in the subnet of `c`. */
export function inSubnet(ip: string, c: Cidr): boolean {
  if (!isIPv4(ip)) return false;
  const n = ipToInt(ip);
  return n >= networkOf(c) && n <= broadcastOf(c);
}

/** True when `ip` may be given to a host of `c`: inside, and not its network or broadcast address. */
export function isHostOf(ip: string, c: Cidr): boolean {
  if (!inSubnet(ip, c)) return false;
  if (c.prefix >= 31) return true;
  const n = ipToInt(ip);
  return n !== networkOf(c) && n !== broadcastOf(c);
}

/** Two subnets overlap when either network contains the other's. */
export function subnetsOverlap(a: Cidr, b: Cidr): boolean {
  return networkOf(a) <= broadcastOf(b) && networkOf(b) <= broadcastOf(a);
}

export function subnetText(c: Cidr): string {
  return `${intToIp(networkOf(c))}/${c.prefix}`;
}

/** A MAC as stored (DOMAIN section 0: lower case, colons); null when malformed. */
export function normalizeMac(s: string): string | null {
  const v = s.trim().toLowerCase().replaceAll('-', ':');
  return MAC_RE.test(v) ? v : null;
}

/** A unicast MAC (the low bit of the first octet clear), as `mac_clone` must be. */
export function isUnicastMac(mac: string): boolean {
  return (Number.parseInt(mac.slice(0, 2), 16) & 1) === 0;
}

/** A DNS name (RFC 1123 labels) of at most 253 characters: the contract's rule (also the console's). */
export { isHostName };

/** A host as an NTP or PPTP server may be written: a name or an address. */
export function isHost(s: string): boolean {
  return isIPv4(s) || isIPv6(s) || isHostName(s);
}
