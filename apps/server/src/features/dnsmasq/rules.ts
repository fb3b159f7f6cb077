import type { Lang } from '@igs/contract';
import { say, texts } from '@igs/contract';
import type { FormReader } from '../../platform/http/form-reader.ts';
import { type Cidr, ipToInt, isHostOf, isIPv4, isIPv6, subnetText } from '../../platform/lib/ipv4.ts';
import type { DhcpDoc, DnsDoc, DomainOverride, VendorTag } from './model.ts';
import type { SubnetResult } from './subnet.ts';

/**
 * The rules of the DHCP and DNS settings (DOMAIN 2.9): ranges inside the interface subnet, start
 * not after end, static leases inside the subnet, values that are safe on a dnsmasq line.
 */

const LEASE_UNITS = { m: 60, h: 3600, d: 86400 } as const;
const LEASE_MIN = 2 * 60;
const LEASE_MAX = 30 * 86400;

/** `12h` in seconds, or null when it is not a lease time of 2m–30d. */
export function leaseSeconds(s: string): number | null {
  const m = /^(\d{1,6})([mhd])$/.exec(s);
  if (!m) return null;
  const secs = Number(m[1]) * LEASE_UNITS[m[2] as keyof typeof LEASE_UNITS];
  return secs >= LEASE_MIN && secs <= LEASE_MAX ? secs : null;
}

const LEASES_FILE_RE = /^\/[A-Za-z0-9._/-]+\.leases$/;

/** Text a dnsmasq option can carry unquoted or quoted: printable, no quotes, commas or backslashes. */
const SAFE_TEXT = /^[\x20-\x7e]+$/;
const UNSAFE = /["\\,#]/;

export function readDhcp(r: FormReader, current: DhcpDoc, subnet: SubnetResult | null): DhcpDoc {
  const doc: DhcpDoc = {
    enabled: r.bool('enabled', current.enabled),
    interface: r.text('interface', { required: true, max: 15, def: current.interface }),
    range_start: r.ipv4('range_start'),
    range_end: r.ipv4('range_end'),
    lease_time: r.text('lease_time', { max: 8, def: current.lease_time }),
    gateway: r.ipv4('gateway'),
    dns1: r.ipv4('dns1'),
    dns2: r.ipv4('dns2'),
    ntp: r.ipv4('ntp'),
    domain: r.host('domain', { namesOnly: true }),
    option43: r.text('option43', { max: 255 }),
    option66: r.host('option66'),
    option60_tags: readTags(r),
    authoritative: r.bool('authoritative', current.authoritative),
    leases_file: r.text('leases_file', { max: 200, def: current.leases_file }),
  };
  if (doc.interface && !/^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,14}$/.test(doc.interface))
    r.fail('interface', texts('dns.interfaceMustRoleLan'));
  if (doc.lease_time && leaseSeconds(doc.lease_time) === null)
    r.fail('lease_time', texts('dns.leaseTimeNumberM'));
  if (doc.option43) {
    const hex = doc.option43.replace(/[:\s-]/g, '');
    const isHex = /^([0-9a-fA-F]{2})+$/.test(hex);
    const isUrl = /^(https?|tftp):\/\/[^\s"\\]+$/i.test(doc.option43);
    if (!isHex && !isUrl) r.fail('option43', texts('dns.optionHexBytesC0'));
    else if (!isHex && Buffer.byteLength(doc.option43) > 253)
      r.fail('option43', texts('dns.option43UrlTooLong'));
  }
  if (!LEASES_FILE_RE.test(doc.leases_file) || doc.leases_file.includes('..'))
    r.fail('leases_file', texts('dns.leaseFileAbsolutePath'));
  if (!doc.enabled) return doc;

  if (!doc.range_start && !r.errors.some((e) => e.field === 'range_start'))
    r.fail('range_start', texts('dns.rangeStartRequired'));
  if (!doc.range_end && !r.errors.some((e) => e.field === 'range_end'))
    r.fail('range_end', texts('dns.rangeEndRequired'));
  if (subnet && !subnet.ok) {
    r.fail('interface', subnet.problem);
    return doc;
  }
  if (!subnet) return doc;
  const { cidr } = subnet;
  const sub = subnetText(cidr);
  for (const f of ['range_start', 'range_end'] as const) {
    const v = doc[f];
    if (!v || !isIPv4(v)) continue;
    if (!isHostOf(v, cidr)) r.fail(f, texts('dns.notHostAddress', { v, dev: subnet.dev, sub }));
  }
  if (isIPv4(doc.range_start) && isIPv4(doc.range_end)) {
    const a = ipToInt(doc.range_start);
    const b = ipToInt(doc.range_end);
    if (a > b) r.fail('range_end', texts('dns.rangeEndsBeforeStarts'));
    const own = ipToInt(cidr.ip);
    if (own >= a && own <= b) r.fail('range_start', texts('dns.rangeIncludesInterfaceS', { ip: cidr.ip }));
  }
  if (doc.gateway && !isHostOf(doc.gateway, cidr))
    r.fail('gateway', texts('dns.gatewayNotInside', { gateway: doc.gateway, sub }));
  return doc;
}

function readTags(r: FormReader): VendorTag[] {
  const rows = r.list('option60_tags', 16).map((row, i) => {
    const c = r.child(row, `option60_tags.${i}`);
    const vendor = c.text('vendor_class', { required: true, max: 64 });
    if (vendor && (!SAFE_TEXT.test(vendor) || UNSAFE.test(vendor)))
      c.fail('vendor_class', texts('dns.vendorClassPrintableText'));
    const tag = c.text('tag', { required: true, max: 32 });
    if (tag && (!/^[A-Za-z0-9_-]{1,32}$/.test(tag) || tag.startsWith('igs-')))
      c.fail('tag', texts('dns.tagLettersDigitsNot'));
    return { vendor_class: vendor, tag };
  });
  const tags = new Set<string>();
  rows.forEach((t, i) => {
    if (t.tag && tags.has(t.tag))
      r.fail(`option60_tags.${i}.tag`, texts('dns.tagListedTwice', { tag: t.tag }));
    tags.add(t.tag);
  });
  return rows;
}

/** Static leases that the settings would leave outside the subnet. */
export function leasesOutside(
  hosts: { mac: string; ip: string }[],
  cidr: Cidr,
): { mac: string; ip: string } | undefined {
  return hosts.find((h) => !isHostOf(h.ip, cidr) || h.ip === cidr.ip);
}

export function readDns(r: FormReader, current: DnsDoc): DnsDoc {
  const upstream = r
    .list('upstream', 8)
    .map((s) => String(s).trim())
    .filter(Boolean);
  const badUp = upstream.find((s) => !isIPv4(s) && !isIPv6(s));
  if (badUp) r.fail('upstream', texts('dns.notIpAddress', { value: badUp }));
  if (new Set(upstream).size !== upstream.length) r.fail('upstream', texts('dns.serverListedTwice'));
  const doc: DnsDoc = {
    enabled: r.bool('enabled', current.enabled),
    port: r.int('port', { min: 1, max: 65535, def: current.port }),
    upstream,
    cache_size: r.int('cache_size', { min: 0, max: 10000, def: current.cache_size }),
    no_resolv: r.bool('no_resolv', current.no_resolv),
    overrides: readOverrides(r),
  };
  if (doc.enabled && doc.no_resolv && !upstream.length)
    r.fail('upstream', texts('dns.ignoringResolvConfNeeds'));
  return doc;
}

function readOverrides(r: FormReader): DomainOverride[] {
  const rows = r.list('overrides', 200).map((row, i) => {
    const c = r.child(row, `overrides.${i}`);
    return {
      domain: c.host('domain', { required: true, namesOnly: true }),
      server: c.ip('server', { required: true }),
    };
  });
  const seen = new Set<string>();
  rows.forEach((o, i) => {
    const key = o.domain.toLowerCase().replace(/\.$/, '');
    if (key && seen.has(key)) r.fail(`overrides.${i}.domain`, texts('dns.listedTwice', { domain: o.domain }));
    seen.add(key);
  });
  return rows;
}

/** A static lease (`system:dhcp_host`) must lie in the DHCP subnet: the message, or null. */
export function staticLeaseProblem(lang: Lang, ip: string, subnet: SubnetResult): string | null {
  if (!subnet.ok) return say(lang, 'dns.noDhcpSubnetCheck', { problem: subnet.problem });
  if (!isIPv4(ip)) return say(lang, 'dns.staticLeaseIpv4Address');
  const sub = subnetText(subnet.cidr);
  if (!isHostOf(ip, subnet.cidr)) return say(lang, 'dns.notInsideDhcpSubnet', { ip, sub });
  if (ip === subnet.cidr.ip) return say(lang, 'dns.addressItself', { ip, dev: subnet.dev });
  return null;
}
