import type { Lang } from '../messages.ts';
import type { Text } from '../resources/types.ts';
import type { SingletonDef } from './singletons.ts';

/**
 * System pages of DOMAIN 2.9 with calls of their own: ServiceConfig (`service_config`), HotStandby
 * (`hot_standby`) and the live side of ExternalInterface (`outreach`: event log, occupancy, HIS).
 */

export const SystemServicePaths = {
  serviceConfig: '/admin.php/system/service_config',
  hotStandby: '/admin.php/system/hot_standby',
  outreach: '/admin.php/system/outreach',
  /** Called by the keepalived notify script on this host (shared key in `x-igs-notify-key`). */
  hotStandbyNotify: '/api/hot-standby/notify',
  /** The master posts its configuration snapshot here on the backup (HMAC of the sync key). */
  hotStandbySync: '/api/hot-standby/sync',
  /** Either gateway asks the other's sync state here (HMAC of the sync key). */
  hotStandbySyncState: '/api/hot-standby/sync-state',
  /** The HIS posts patient events here with `Authorization: Bearer <token of a his_http record>`. */
  hisEvent: '/api/his/event',
} as const;

/** The fixed service keys of system/ServiceConfig, in the order the page lists them. */
export const SERVICE_KEYS = [
  'web',
  'sip',
  'dhcp_dns',
  'acs',
  'gb28181',
  'rtmp',
  'ntp',
  'ssh',
  'snmp',
  'igmpproxy',
] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export const SERVICE_STATUSES = ['running', 'stopped', 'not_installed'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const SERVICE_TITLES: Record<ServiceKey, Text> = {
  web: { en: 'Web console', zh_CN: 'Web管理控制台' },
  sip: { en: 'SIP (Asterisk)', zh_CN: 'SIP语音（Asterisk）' },
  dhcp_dns: { en: 'DHCP and DNS (dnsmasq)', zh_CN: 'DHCP与DNS（dnsmasq）' },
  acs: { en: 'TR-069 ACS', zh_CN: 'TR-069 ACS' },
  gb28181: { en: 'GB28181 SIP agent', zh_CN: 'GB28181 SIP服务' },
  rtmp: { en: 'RTMP media server', zh_CN: 'RTMP流媒体服务' },
  ntp: { en: 'NTP time server', zh_CN: 'NTP时间服务' },
  ssh: { en: 'SSH', zh_CN: 'SSH远程登录' },
  snmp: { en: 'SNMP agent', zh_CN: 'SNMP代理' },
  igmpproxy: { en: 'IGMP proxy', zh_CN: 'IGMP代理' },
};

/** One Service row, and the reply of a verb or a save that may touch the host (the contract's serviceCalls). */
export type { ServiceApplyReply, ServiceRow } from '../calls/services.ts';

const label = (en: string, zh_CN: string): Text => ({ en, zh_CN });

/** HotStandby's VRRP priority defaults by role (DOMAIN: 150 master / 100 backup). */
export const HOT_STANDBY_PRIORITY = { master: 150, backup: 100 } as const;
export const HOT_STANDBY_STATES = ['MASTER', 'BACKUP', 'FAULT', 'STOP', 'unknown'] as const;
export type HotStandbyState = (typeof HOT_STANDBY_STATES)[number];

// DOMAIN 2.9 system/HotStandby, modelled on OPNsense's CARP VIP and HA sync settings. `priority`
// left empty takes the role's default; `state` is read from what the notify script reported.
export const hotStandbySettings: SingletonDef = {
  name: 'system:hot_standby',
  endpoint: SystemServicePaths.hotStandby,
  table: 'system:hot_standby',
  title: label('Dual hot standby', '双机热备'),
  fields: [
    { name: 'enabled', type: 'bool', label: label('Enabled', '启用'), default: 0 },
    {
      name: 'role',
      type: 'enum',
      label: label('Role', '角色'),
      options: ['master', 'backup'],
      optionLabels: { master: label('Master', '主机'), backup: label('Backup', '备机') },
      required: true,
      default: 'master',
    },
    {
      name: 'interface',
      type: 'str',
      label: label('Interface', '网络接口'),
      required: true,
      max: 15,
      pattern: {
        source: '^[A-Za-z0-9_.:-]+$',
        message: label('Interface must be an interface name such as eth0', '网络接口须为接口名，如 eth0'),
      },
    },
    { name: 'virtual_ip', type: 'cidr', label: label('Virtual IP', '虚拟IP'), required: true },
    {
      name: 'vrid',
      type: 'int',
      label: label('Virtual router ID', '虚拟路由ID'),
      min: 1,
      max: 255,
      default: 51,
    },
    {
      name: 'priority',
      type: 'int',
      label: label('Priority (empty: 150 master / 100 backup)', '优先级（留空：主150/备100）'),
      min: 1,
      max: 254,
    },
    {
      name: 'advert_int',
      type: 'int',
      label: label('Advertisement interval (s)', '通告间隔（秒）'),
      min: 1,
      max: 255,
      default: 1,
    },
    // Written into keepalived.conf as one token: no spaces, quotes, braces or comment marks.
    {
      name: 'auth_pass',
      type: 'pwd',
      label: label('Shared password', '认证密码'),
      max: 8,
      pattern: {
        source: '^[A-Za-z0-9_.,:;@%^&*()+=~?/<>|$-]*$',
        message: label(
          'Shared password may hold letters, digits and _.,:;@%^&*()+=~?/<>|$- only',
          '认证密码只能包含字母、数字和 _.,:;@%^&*()+=~?/<>|$-',
        ),
      },
    },
    { name: 'peer_ip', type: 'ip', label: label('Peer IP', '对端IP'), required: true },
    { name: 'preempt', type: 'bool', label: label('Preempt', '抢占'), default: 1 },
    {
      name: 'sync_config',
      type: 'bool',
      label: label('Sync configuration to the peer', '同步配置到对端'),
      default: 1,
    },
    // Where the master posts its configuration snapshot: the peer's console. Empty: http, the peer
    // IP and this console's own port (both gateways usually run the console alike).
    {
      name: 'peer_url',
      type: 'url',
      label: label(
        'Peer console address (empty: http://peer IP:this port)',
        '对端管理地址（留空：http://对端IP:本机端口）',
      ),
      max: 255,
      placeholder: 'http://192.168.1.10:8080',
    },
    // Authenticates the snapshot push and the state queries between the two gateways (an HMAC, and
    // the snapshot's encryption): the same on both, never this gateway's device secret.
    {
      name: 'sync_key',
      type: 'pwd',
      label: label(
        'Sync key (the same on both gateways, 16+ characters)',
        '同步密钥（两台网关相同，至少16个字符）',
      ),
      max: 128,
    },
    {
      name: 'state',
      type: 'enum',
      label: label('VRRP state', 'VRRP状态'),
      options: HOT_STANDBY_STATES,
      readonly: true,
    },
  ],
};

/** Peer reachability as the `check` verb of hot_standby answers it (the contract's hotStandbyCalls.check). */
export type { PeerCheck } from '../calls/hot-standby.ts';

/** One line of the ExternalInterface event log (DOMAIN: time, record, room, guest, result). */
export interface OutreachEvent {
  id: number;
  time: string;
  interface_id: number;
  interface_name: string;
  record: string;
  room: string;
  guest: string;
  result: 'ok' | 'partial' | 'failed' | 'skipped';
  detail: string;
}

/** A room or bed's guest or patient as the PMS or HIS last reported it. */
export interface Occupancy {
  area_id: number;
  code: string;
  area_name: string;
  state: 'occupied' | 'vacant';
  guest_name: string;
  reservation: string;
  language: string;
  arrival: string;
  departure: string;
  source: 'fias' | 'his';
  interface_id: number;
  /** HIS: gender, age, doctor, nurse_level, admitted_at. */
  extra: Record<string, unknown>;
  updated_at: string;
}

export function serviceTitle(key: ServiceKey, lang: Lang): string {
  return SERVICE_TITLES[key][lang];
}
