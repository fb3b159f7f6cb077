import type { Label } from '../../platform/http/form-reader.ts';

/**
 * DHCP (`system/dhcp_set`) and DNS (`system/dns_set`) singletons of DOMAIN 2.9. Static leases and
 * host records are the `system:dhcp_host` / `system:dns_host` resources; domain overrides have no
 * endpoint of their own and live in the DNS document.
 */

export interface VendorTag {
  vendor_class: string;
  tag: string;
}

export interface DhcpDoc {
  enabled: 0 | 1;
  /** An interface name, or a role (lan, wan, mgmt) resolved through the network settings. */
  interface: string;
  range_start: string;
  range_end: string;
  lease_time: string;
  gateway: string;
  dns1: string;
  dns2: string;
  ntp: string;
  domain: string;
  option43: string;
  option66: string;
  option60_tags: VendorTag[];
  authoritative: 0 | 1;
  /** Where dnsmasq keeps its leases (dhcp-leasefile) and where the page reads them. */
  leases_file: string;
}

export interface DomainOverride {
  domain: string;
  server: string;
}

export interface DnsDoc {
  enabled: 0 | 1;
  port: number;
  upstream: string[];
  cache_size: number;
  no_resolv: 0 | 1;
  overrides: DomainOverride[];
}

export function defaultDhcp(dataDir: string): DhcpDoc {
  return {
    enabled: 1,
    interface: 'lan',
    range_start: '',
    range_end: '',
    lease_time: '12h',
    gateway: '',
    dns1: '',
    dns2: '',
    ntp: '',
    domain: '',
    option43: '',
    option66: '',
    option60_tags: [],
    authoritative: 1,
    leases_file: `${dataDir.replace(/\/+$/, '')}/dnsmasq.leases`,
  };
}

export const DEFAULT_DNS: DnsDoc = {
  enabled: 1,
  port: 53,
  upstream: [],
  cache_size: 1000,
  no_resolv: 0,
  overrides: [],
};

export const LABELS: Record<string, Label> = {
  enabled: { en: 'Enabled', zh_CN: '启用' },
  interface: { en: 'Interface', zh_CN: '接口' },
  range_start: { en: 'Range start', zh_CN: '起始地址' },
  range_end: { en: 'Range end', zh_CN: '结束地址' },
  lease_time: { en: 'Lease time', zh_CN: '租期' },
  gateway: { en: 'Gateway', zh_CN: '网关' },
  dns1: { en: 'Primary DNS', zh_CN: '首选DNS' },
  dns2: { en: 'Secondary DNS', zh_CN: '备用DNS' },
  ntp: { en: 'NTP server', zh_CN: 'NTP服务器' },
  domain: { en: 'Domain', zh_CN: '域名' },
  option43: { en: 'Option 43', zh_CN: 'Option 43' },
  option66: { en: 'Option 66 (TFTP server)', zh_CN: 'Option 66（TFTP服务器）' },
  option60_tags: { en: 'Option 60 tags', zh_CN: 'Option 60标签' },
  vendor_class: { en: 'Vendor class', zh_CN: '厂商标识' },
  tag: { en: 'Tag', zh_CN: '标签' },
  authoritative: { en: 'Authoritative', zh_CN: '权威模式' },
  leases_file: { en: 'Lease file', zh_CN: '租约文件' },
  port: { en: 'Port', zh_CN: '端口' },
  upstream: { en: 'Upstream servers', zh_CN: '上游服务器' },
  cache_size: { en: 'Cache size', zh_CN: '缓存条数' },
  no_resolv: { en: 'Ignore /etc/resolv.conf', zh_CN: '不读取resolv.conf' },
  overrides: { en: 'Domain overrides', zh_CN: '域名转发' },
  server: { en: 'Server', zh_CN: '服务器' },
  mac: { en: 'MAC', zh_CN: 'MAC地址' },
  ip: { en: 'IP', zh_CN: 'IP地址' },
};
