import type { Label } from '../../platform/http/form-reader.ts';

/**
 * The stored network settings (DOMAIN 2.9 system/NetworkCard): one document with a part per tab.
 * Every generated file is rendered from the whole document, so a save or a rollback always
 * produces a consistent set. Secrets (passwords, VPN profiles) live here and are never returned.
 */

export const ROLES = ['wan', 'lan', 'mgmt', 'none'] as const;
export const MODES = ['dhcp', 'static', 'pppoe'] as const;
export const BOND_MODES = ['balance-rr', 'active-backup', '802.3ad', 'balance-alb'] as const;
export const QOS_CLASSES = ['high', 'normal', 'low'] as const;
export const PROTOS = ['any', 'tcp', 'udp'] as const;

export interface IfaceConfig {
  role: (typeof ROLES)[number];
  mode: (typeof MODES)[number];
  /** Static address with prefix, e.g. 192.168.1.1/24. */
  ip: string;
  gateway: string;
  dns1: string;
  dns2: string;
  pppoe_user: string;
  pppoe_password: string;
  vlan_id: number;
  mtu: number;
  mac_clone: string;
  enabled: 0 | 1;
}

export interface IpoeConfig {
  iface: string;
  vlan_id: number;
  option60_vendor: string;
  username: string;
  password: string;
  igmp_proxy: 0 | 1;
  igmp_version: 2 | 3;
}

export interface WanDnsConfig {
  dns1: string;
  dns2: string;
  from_wan: 0 | 1;
}

export interface QosIface {
  iface: string;
  down_kbps: number;
  up_kbps: number;
}

export interface QosRule {
  name: string;
  src: string;
  dst_port: number;
  proto: (typeof PROTOS)[number];
  class: (typeof QOS_CLASSES)[number];
  limit_kbps: number;
}

export interface QosConfig {
  interfaces: QosIface[];
  rules: QosRule[];
}

export interface BondConfig {
  id: number;
  name: string;
  mode: (typeof BOND_MODES)[number];
  members: string[];
  primary: string;
  miimon: number;
}

export interface PptpConfig {
  id: number;
  name: string;
  server: string;
  username: string;
  password: string;
  mppe: 0 | 1;
  default_route: 0 | 1;
  enabled: 0 | 1;
}

export interface OpenVpnConfig {
  id: number;
  name: string;
  /** The upload the profile came from, and its original file name (display only). */
  ovpn: string;
  ovpn_name: string;
  /** The checked profile text (holds keys: secret). */
  profile: string;
  /** Generated file name under openvpn/client/, e.g. igs-3f9a1c2b. */
  conf_name: string;
  username: string;
  password: string;
  enabled: 0 | 1;
}

export interface TimeConfig {
  timezone: string;
  ntp_servers: string[];
  ntp_enabled: 0 | 1;
}

export interface NetworkDoc {
  interfaces: Record<string, IfaceConfig>;
  ipoe: IpoeConfig | null;
  dns: WanDnsConfig | null;
  qos: QosConfig;
  bonds: BondConfig[];
  pptp: PptpConfig[];
  openvpn: OpenVpnConfig[];
  timezone: TimeConfig | null;
  next_id: number;
}

export function emptyDoc(): NetworkDoc {
  return {
    interfaces: {},
    ipoe: null,
    dns: null,
    qos: { interfaces: [], rules: [] },
    bonds: [],
    pptp: [],
    openvpn: [],
    timezone: null,
    next_id: 1,
  };
}

/** A stored document with any part it lacks filled in (older documents, first use). */
export function normalizeDoc(doc: Partial<NetworkDoc> | null): NetworkDoc {
  return { ...emptyDoc(), ...(doc ?? {}) };
}

export const DEFAULT_IFACE: IfaceConfig = {
  role: 'none',
  mode: 'dhcp',
  ip: '',
  gateway: '',
  dns1: '',
  dns2: '',
  pppoe_user: '',
  pppoe_password: '',
  vlan_id: 0,
  mtu: 1500,
  mac_clone: '',
  enabled: 1,
};

export const DEFAULT_TIME: TimeConfig = {
  timezone: 'Asia/Shanghai',
  ntp_servers: ['ntp.aliyun.com', 'cn.pool.ntp.org'],
  ntp_enabled: 1,
};

/** The interface that carries an interface's addresses: itself, or its VLAN sub-interface. */
export function addressDev(name: string, c: IfaceConfig): string {
  return c.vlan_id > 0 ? `${name}.${c.vlan_id}` : name;
}

export const LABELS: Record<string, Label> = {
  name: { en: 'Name', zh_CN: '名称' },
  role: { en: 'Role', zh_CN: '角色' },
  mode: { en: 'Mode', zh_CN: '模式' },
  ip: { en: 'IP address', zh_CN: 'IP地址' },
  gateway: { en: 'Gateway', zh_CN: '网关' },
  dns1: { en: 'Primary DNS', zh_CN: '首选DNS' },
  dns2: { en: 'Secondary DNS', zh_CN: '备用DNS' },
  pppoe_user: { en: 'PPPoE user', zh_CN: 'PPPoE账号' },
  pppoe_password: { en: 'PPPoE password', zh_CN: 'PPPoE密码' },
  vlan_id: { en: 'VLAN ID', zh_CN: 'VLAN ID' },
  mtu: { en: 'MTU', zh_CN: 'MTU' },
  mac_clone: { en: 'Cloned MAC', zh_CN: 'MAC克隆' },
  enabled: { en: 'Enabled', zh_CN: '启用' },
  iface: { en: 'Interface', zh_CN: '接口' },
  option60_vendor: { en: 'Option 60 vendor', zh_CN: 'Option60厂商标识' },
  username: { en: 'User name', zh_CN: '用户名' },
  password: { en: 'Password', zh_CN: '密码' },
  igmp_proxy: { en: 'IGMP proxy', zh_CN: 'IGMP代理' },
  igmp_version: { en: 'IGMP version', zh_CN: 'IGMP版本' },
  from_wan: { en: 'Use DNS from WAN', zh_CN: '使用WAN口下发的DNS' },
  interfaces: { en: 'Interfaces', zh_CN: '接口' },
  down_kbps: { en: 'Download (kbit/s)', zh_CN: '下行带宽(kbit/s)' },
  up_kbps: { en: 'Upload (kbit/s)', zh_CN: '上行带宽(kbit/s)' },
  rules: { en: 'Rules', zh_CN: '规则' },
  src: { en: 'Source', zh_CN: '源地址' },
  dst_port: { en: 'Destination port', zh_CN: '目的端口' },
  proto: { en: 'Protocol', zh_CN: '协议' },
  class: { en: 'Class', zh_CN: '优先级' },
  limit_kbps: { en: 'Limit (kbit/s)', zh_CN: '限速(kbit/s)' },
  members: { en: 'Members', zh_CN: '成员接口' },
  primary: { en: 'Primary', zh_CN: '主接口' },
  miimon: { en: 'Link check (ms)', zh_CN: '链路检测(毫秒)' },
  server: { en: 'Server', zh_CN: '服务器' },
  mppe: { en: 'MPPE encryption', zh_CN: 'MPPE加密' },
  default_route: { en: 'Default route', zh_CN: '默认路由' },
  ovpn: { en: 'OpenVPN profile', zh_CN: 'OpenVPN配置文件' },
  timezone: { en: 'Time zone', zh_CN: '时区' },
  ntp_servers: { en: 'NTP servers', zh_CN: 'NTP服务器' },
  ntp_enabled: { en: 'NTP sync', zh_CN: 'NTP同步' },
  host: { en: 'Host to look up', zh_CN: '解析测试域名' },
  id: { en: 'ID', zh_CN: 'ID' },
};
