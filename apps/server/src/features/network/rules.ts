import { type Localized, texts } from '@igs/contract';
import type { FormReader } from '../../platform/http/form-reader.ts';
import { isHost, isHostOf, isUnicastMac, parseCidr } from '../../platform/lib/ipv4.ts';
import type { LiveInterface } from './live.ts';
import {
  BOND_MODES,
  type BondConfig,
  DEFAULT_IFACE,
  type IfaceConfig,
  type IpoeConfig,
  MODES,
  type NetworkDoc,
  type OpenVpnConfig,
  type PptpConfig,
  PROTOS,
  QOS_CLASSES,
  type QosConfig,
  ROLES,
  type TimeConfig,
  type WanDnsConfig,
} from './model.ts';

/**
 * The rules of each Network tab (DOMAIN 2.9): read the submitted form into the stored shape and
 * refuse what the generated files could not carry or the host could not run. Every function only
 * reports problems into the reader; the caller writes nothing unless `done()` passes.
 */

export interface NetContext {
  doc: NetworkDoc;
  /** The host's interfaces now (sysfs with addresses). */
  live: LiveInterface[];
}

/** Interfaces that may be configured: the host's (not loopback) and the bonds we define. */
export function knownInterfaces(ctx: NetContext): string[] {
  const names = ctx.live.filter((l) => !l.loopback).map((l) => l.name);
  for (const b of ctx.doc.bonds) if (!names.includes(b.name)) names.push(b.name);
  return names;
}

export function bondOf(doc: NetworkDoc, iface: string, exceptBondId?: number): BondConfig | undefined {
  return doc.bonds.find((b) => b.id !== exceptBondId && b.members.includes(iface));
}

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

function tunnelName(r: FormReader, taken: string[], def?: string): string {
  const name = r.text('name', { required: true, max: 32, def });
  if (name && !NAME_RE.test(name)) r.fail('name', texts('network.nameMayUseLetters'));
  else if (name && taken.includes(name.toLowerCase())) r.fail('name', texts('network.alreadyUsed', { name }));
  return name;
}

/** Interfaces tab (`net`), one interface. */
export function readIface(
  r: FormReader,
  name: string,
  current: IfaceConfig | undefined,
  ctx: NetContext,
): IfaceConfig {
  const base = current ?? DEFAULT_IFACE;
  const c: IfaceConfig = {
    role: r.oneOf('role', ROLES, current ? base.role : undefined),
    mode: r.oneOf('mode', MODES, base.mode),
    ip: r.cidr('ip', { def: base.ip }),
    gateway: r.ipv4('gateway', { def: base.gateway }),
    dns1: r.ipv4('dns1', { def: base.dns1 }),
    dns2: r.ipv4('dns2', { def: base.dns2 }),
    pppoe_user: r.plain('pppoe_user', { max: 64, def: base.pppoe_user }),
    // An empty password keeps the stored one (DOMAIN section 0, pwd).
    pppoe_password: r.plain('pppoe_password', { max: 128 }) || base.pppoe_password,
    vlan_id: r.int('vlan_id', { min: 0, max: 4094, def: base.vlan_id }),
    mtu: r.int('mtu', { min: 576, max: 9000, def: base.mtu }),
    mac_clone: r.mac('mac_clone', { def: base.mac_clone }),
    enabled: r.bool('enabled', base.enabled),
  };
  if (c.mac_clone && (!isUnicastMac(c.mac_clone) || c.mac_clone === '00:00:00:00:00:00'))
    r.fail('mac_clone', texts('network.clonedMacMustUnicast'));

  if (c.mode === 'static') {
    const cidr = parseCidr(c.ip);
    if (!c.ip && !r.errors.some((e) => e.field === 'ip'))
      r.fail('ip', texts('network.staticInterfaceNeedsIp'));
    if (cidr && !isHostOf(cidr.ip, cidr))
      r.fail('ip', texts('network.networkBroadcastAddress', { ip: cidr.ip, prefix: cidr.prefix }));
    if (cidr && c.gateway) {
      if (!isHostOf(c.gateway, cidr))
        r.fail('gateway', texts('network.gatewayNotInside', { gateway: c.gateway, ip: c.ip }));
      else if (c.gateway === cidr.ip) r.fail('gateway', texts('network.gatewayCannotInterfaceS'));
    }
    if (cidr) duplicateAddress(r, name, cidr.ip, ctx);
  } else {
    // Only a static interface has its own address and gateway.
    c.ip = '';
    c.gateway = '';
  }
  if (c.mode === 'pppoe') {
    if (!c.pppoe_user) r.fail('pppoe_user', texts('network.pppoeNeedsAccountName'));
    if (!c.pppoe_password) r.fail('pppoe_password', texts('network.pppoeNeedsPassword'));
  } else {
    c.pppoe_user = '';
    c.pppoe_password = '';
  }
  const bond = bondOf(ctx.doc, name);
  if (bond && (c.mode !== 'dhcp' || c.role !== 'none' || c.vlan_id))
    r.fail('mode', texts('network.memberConfigureInstead', { name, name2: bond.name }));
  const ipoe = ctx.doc.ipoe;
  if (ipoe && ipoe.iface === name) {
    if (c.vlan_id > 0 && c.vlan_id === ipoe.vlan_id)
      r.fail('vlan_id', texts('network.vlanUsedIpoe', { vlan_id: c.vlan_id, name }));
    if (ipoe.vlan_id === 0 && c.role !== 'none')
      r.fail('role', texts('network.carriesIpoeWithoutVlan', { name, role: c.role }));
  }
  return c;
}

/** No two interfaces may hold the same address: stored settings first, then the live host. */
function duplicateAddress(r: FormReader, name: string, ip: string, ctx: NetContext): void {
  for (const [other, oc] of Object.entries(ctx.doc.interfaces)) {
    if (other === name || oc.mode !== 'static') continue;
    if (parseCidr(oc.ip)?.ip === ip) {
      r.fail('ip', texts('network.alreadyAddress', { ip, other }));
      return;
    }
  }
  for (const l of ctx.live) {
    if (l.name === name || l.loopback || ctx.doc.interfaces[l.name]) continue;
    if (l.ipv4.some((a) => a.address === ip)) {
      r.fail('ip', texts('network.alreadyAddressOf', { ip, name: l.name }));
      return;
    }
  }
}

/** IPoE tab: IPTV access on its own interface or VLAN, with the IGMP proxy. */
export function readIpoe(r: FormReader, current: IpoeConfig | null, ctx: NetContext): IpoeConfig {
  const known = knownInterfaces(ctx);
  const c: IpoeConfig = {
    iface: r.text('iface', { required: true, max: 15 }),
    vlan_id: r.int('vlan_id', { min: 0, max: 4094, def: 0 }),
    option60_vendor: r.plain('option60_vendor', { max: 128 }),
    username: r.plain('username', { max: 64 }),
    password: r.plain('password', { max: 128 }) || current?.password || '',
    igmp_proxy: r.bool('igmp_proxy', 1),
    igmp_version: r.int('igmp_version', { min: 2, max: 3, def: 2 }) as 2 | 3,
  };
  if (c.iface && !known.includes(c.iface)) {
    r.fail('iface', texts('network.noInterface', { iface: c.iface }));
    return c;
  }
  const own = ctx.doc.interfaces[c.iface];
  const bond = bondOf(ctx.doc, c.iface);
  if (bond) r.fail('iface', texts('network.member', { iface: c.iface, name: bond.name }));
  if (own && c.vlan_id > 0 && own.vlan_id === c.vlan_id)
    r.fail('vlan_id', texts('network.vlanAlreadyUsedInterface', { vlan_id: c.vlan_id, iface: c.iface }));
  if (own && c.vlan_id === 0 && own.role !== 'none')
    r.fail('vlan_id', texts('network.interfaceGiveIpoeVlan', { iface: c.iface, role: own.role }));
  if (c.igmp_proxy && !lanDevices(ctx.doc).length) r.fail('igmp_proxy', texts('network.igmpProxyNeedsLan'));
  return c;
}

/** The devices of LAN-role interfaces (VLAN sub-interfaces where set). */
export function lanDevices(doc: NetworkDoc): string[] {
  return Object.entries(doc.interfaces)
    .filter(([, c]) => c.role === 'lan' && c.enabled)
    .map(([n, c]) => (c.vlan_id > 0 ? `${n}.${c.vlan_id}` : n));
}

/** WAN DNS tab. */
export function readWanDns(r: FormReader): WanDnsConfig {
  const c: WanDnsConfig = {
    dns1: r.ip('dns1', { required: true }),
    dns2: r.ip('dns2'),
    from_wan: r.bool('from_wan', 0),
  };
  if (c.dns2 && c.dns2 === c.dns1) r.fail('dns2', texts('network.secondaryDnsRepeatsPrimary'));
  return c;
}

const KBPS_MAX = 10_000_000;

/** QoS tab: per-interface bandwidth and classification rules. */
export function readQos(r: FormReader, ctx: NetContext): QosConfig {
  const known = knownInterfaces(ctx);
  const ifaces = r.list('interfaces', 16).map((row, i) => {
    const c = r.child(row, `interfaces.${i}`);
    const iface = c.text('iface', { required: true, max: 15 });
    if (iface && !known.includes(iface)) c.fail('iface', texts('network.noInterface', { iface }));
    const rate = (f: string) => {
      const v = c.int(f, { min: 0, max: KBPS_MAX, def: 0 });
      if (v > 0 && v < 64) c.fail(f, texts('network.bandwidthNoShapingLeast'));
      return v;
    };
    return { iface, down_kbps: rate('down_kbps'), up_kbps: rate('up_kbps') };
  });
  const seen = new Set<string>();
  ifaces.forEach((x, i) => {
    if (x.iface && seen.has(x.iface))
      r.fail(`interfaces.${i}.iface`, texts('network.listedTwice', { iface: x.iface }));
    seen.add(x.iface);
  });
  const names = new Set<string>();
  const rules = r.list('rules', 64).map((row, i) => {
    const c = r.child(row, `rules.${i}`);
    const name = c.text('name', { required: true, max: 32 });
    if (name && names.has(name.toLowerCase())) c.fail('name', texts('network.ruleListedTwice', { name }));
    names.add(name.toLowerCase());
    let src = c.text('src', { max: 18 });
    if (src && !src.includes('/')) src = `${src}/32`;
    if (src && !parseCidr(src)) {
      c.fail('src', texts('network.sourceMustAddressSubnet'));
      src = '';
    }
    const limit = c.int('limit_kbps', { min: 0, max: KBPS_MAX, def: 0 });
    if (limit > 0 && limit < 8) c.fail('limit_kbps', texts('network.limitNoneLeastKbit'));
    const rule = {
      name,
      src,
      dst_port: c.int('dst_port', { min: 0, max: 65535, def: 0 }),
      proto: c.oneOf('proto', PROTOS, 'any'),
      class: c.oneOf('class', QOS_CLASSES, 'normal'),
      limit_kbps: limit,
    };
    if (!rule.src && !rule.dst_port && rule.proto === 'any')
      c.fail('src', texts('network.ruleNeedsSourcePort'));
    return rule;
  });
  if (rules.length && !ifaces.some((x) => x.down_kbps || x.up_kbps))
    r.fail('interfaces', texts('network.rulesNeedBandwidthLeast'));
  return { interfaces: ifaces, rules };
}

/** Bonding tab, one bond. */
export function readBond(r: FormReader, current: BondConfig | undefined, ctx: NetContext): BondConfig {
  const sysNames = ctx.live.filter((l) => !l.loopback).map((l) => l.name);
  const others = ctx.doc.bonds.filter((b) => b.id !== current?.id);
  const name = r.text('name', { required: true, max: 15, def: current?.name });
  if (name && !/^[a-z][a-z0-9_]{0,14}$/.test(name)) r.fail('name', texts('network.bondNameLowerCase'));
  else if (name && others.some((b) => b.name === name))
    r.fail('name', texts('network.bondAlreadyExists', { name }));
  else if (name && sysNames.includes(name) && !ctx.live.find((l) => l.name === name)?.virtual)
    r.fail('name', texts('network.physicalInterface', { name }));
  const members = r
    .list('members', 8, current?.members)
    .map((m) => String(m).trim())
    .filter(Boolean);
  const c: BondConfig = {
    id: current?.id ?? 0,
    name,
    mode: r.oneOf('mode', BOND_MODES, current?.mode ?? 'active-backup'),
    members,
    primary: r.text('primary', { max: 15, def: current?.primary }),
    miimon: r.int('miimon', { min: 0, max: 10000, def: current?.miimon ?? 100 }),
  };
  if (!members.length) r.fail('members', texts('network.bondNeedsLeastOne'));
  if (new Set(members).size !== members.length) r.fail('members', texts('network.memberListedTwice'));
  for (const m of members) {
    if (!sysNames.includes(m) || m === name) {
      r.fail('members', texts('network.noInterfaceNamed', { m }));
      break;
    }
    const inOther = bondOf(ctx.doc, m, current?.id);
    if (inOther) {
      r.fail('members', texts('network.alreadyMember', { m, name: inOther.name }));
      break;
    }
    if (others.some((b) => b.name === m)) {
      r.fail('members', texts('network.bondItself', { m }));
      break;
    }
    const own = ctx.doc.interfaces[m];
    if (own && (own.mode !== 'dhcp' || own.role !== 'none' || own.vlan_id)) {
      r.fail('members', texts('network.ownSettingsResetRole', { m, role: own.role, mode: own.mode }));
      break;
    }
    if (ctx.doc.ipoe?.iface === m) {
      r.fail('members', texts('network.carriesIpoe', { m }));
      break;
    }
  }
  if (c.primary) {
    if (!members.includes(c.primary)) r.fail('primary', texts('network.primaryMustOneMembers'));
    else if (c.mode !== 'active-backup' && c.mode !== 'balance-alb')
      r.fail('primary', texts('network.primaryAppliesActiveBackup'));
  }
  return c;
}

/** PPTP tab, one tunnel. */
export function readPptp(r: FormReader, current: PptpConfig | undefined, doc: NetworkDoc): PptpConfig {
  const others = doc.pptp.filter((p) => p.id !== current?.id);
  const c: PptpConfig = {
    id: current?.id ?? 0,
    name: tunnelName(
      r,
      others.map((p) => p.name.toLowerCase()),
      current?.name,
    ),
    server: r.host('server', { required: true, def: current?.server }),
    username: r.plain('username', { required: true, max: 64, def: current?.username }),
    password: r.plain('password', { max: 128 }) || current?.password || '',
    mppe: r.bool('mppe', current?.mppe ?? 1),
    default_route: r.bool('default_route', current?.default_route ?? 0),
    enabled: r.bool('enabled', current?.enabled ?? 1),
  };
  if (!c.password) r.fail('password', texts('network.passwordRequired'));
  if (c.enabled && c.default_route && others.some((p) => p.enabled && p.default_route))
    r.fail('default_route', texts('network.anotherEnabledTunnelAlready'));
  return c;
}

/** Directives that run programs, load code or write files: never accepted from an upload. */
const FORBIDDEN_DIRECTIVES = new Set([
  'script-security',
  'up',
  'down',
  'route-up',
  'route-pre-down',
  'ipchange',
  'learn-address',
  'tls-verify',
  'auth-user-pass-verify',
  'client-connect',
  'client-disconnect',
  'plugin',
  'management',
  'config',
  'cd',
  'log',
  'log-append',
  'status',
  'writepid',
  'daemon',
  'tls-export-cert',
]);

export interface ProfileCheck {
  /** The problem (en, zh) with its line, or null when the profile is usable. */
  problem: Localized | null;
  /** The profile asks for a user name and password (`auth-user-pass`). */
  needsAuth: boolean;
}

/** An uploaded .ovpn: UTF-8 text, a client profile with a remote, nothing that runs programs. */
export function checkOvpnProfile(text: string): ProfileCheck {
  const bad = (problem: Localized): ProfileCheck => ({ problem, needsAuth: false });
  if (text.includes('\u0000') || text.includes('\ufffd')) return bad(texts('network.profileNotUtfText'));
  let inBlock: string | null = null;
  let remote = false;
  let client = false;
  let needsAuth = false;
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (inBlock) {
      if (line.toLowerCase() === `</${inBlock}>`) inBlock = null;
      continue;
    }
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const block = /^<([a-z0-9-]+)>$/i.exec(line);
    if (block) {
      inBlock = block[1]!.toLowerCase();
      if (inBlock === 'connection') {
        // Connection blocks hold remotes: read them as directives.
        inBlock = null;
      }
      continue;
    }
    if (/^<\/connection>$/i.test(line)) continue;
    const directive = line.split(/\s+/)[0]!.replace(/^--/, '').toLowerCase();
    if (FORBIDDEN_DIRECTIVES.has(directive))
      return bad(texts('network.lineNotAllowedUploaded', { value: i + 1, directive }));
    if (directive === 'remote') remote = true;
    if (directive === 'client' || directive === 'tls-client' || directive === 'pull') client = true;
    if (directive === 'auth-user-pass') needsAuth = true;
  }
  if (inBlock) return bad(texts('network.blockNotClosed', { inBlock }));
  if (!remote) return bad(texts('network.profileNoRemoteServer'));
  if (!client) return bad(texts('network.profileNotClientProfile'));
  return { problem: null, needsAuth };
}

/** OpenVPN tab, one client (the profile is checked by the caller, who reads the upload). */
export function readOpenVpn(r: FormReader, current: OpenVpnConfig | undefined, doc: NetworkDoc) {
  const others = doc.openvpn.filter((p) => p.id !== current?.id);
  return {
    name: tunnelName(
      r,
      others.map((p) => p.name.toLowerCase()),
      current?.name,
    ),
    ovpn: r.text('ovpn', { required: !current, max: 64, def: current?.ovpn }),
    username: r.plain('username', { max: 64, def: current?.username }),
    password: r.plain('password', { max: 128 }) || current?.password || '',
    enabled: r.bool('enabled', current?.enabled ?? 1),
  };
}

/** Time zone tab. */
export function readTime(r: FormReader, zones: readonly string[]): TimeConfig {
  const timezone = r.text('timezone', { required: true, max: 64 });
  if (timezone && !zones.includes(timezone))
    r.fail('timezone', texts('network.notKnownTimeZone', { timezone }));
  const servers = r
    .list('ntp_servers', 10)
    .map((s) => String(s).trim())
    .filter(Boolean);
  const bad = servers.find((s) => !isHost(s) || s.length > 253);
  if (bad) r.fail('ntp_servers', texts('network.notHostNameIp', { bad }));
  if (new Set(servers.map((s) => s.toLowerCase())).size !== servers.length)
    r.fail('ntp_servers', texts('network.ntpServerListedTwice'));
  const c: TimeConfig = { timezone, ntp_servers: servers, ntp_enabled: r.bool('ntp_enabled', 1) };
  if (c.ntp_enabled && !servers.length) r.fail('ntp_servers', texts('network.ntpSyncNeedsLeast'));
  return c;
}
