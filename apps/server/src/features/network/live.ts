import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The host's interfaces as they are now (DOMAIN system/NetworkCard Overview): names and counters
 * from `/sys/class/net`, addresses from `ip -j addr` (or Node's view when `ip` is missing). The
 * parsers are pure and unit-tested; the readers only gather text.
 */

export interface SysNet {
  name: string;
  mac: string;
  /** up, down, unknown, dormant, lowerlayerdown, notpresent, testing */
  operstate: string;
  /** Link carrier: 1, 0, or null when the driver does not say (interface down). */
  carrier: number | null;
  /** Mb/s; null when unknown (down, virtual). */
  speed: number | null;
  mtu: number;
  rx_bytes: number;
  tx_bytes: number;
  rx_packets: number;
  tx_packets: number;
  /** ARPHRD type: 1 Ethernet, 772 loopback. */
  type: number;
  loopback: boolean;
  /** No device behind it (bridge, bond, VLAN, ifb, tun). */
  virtual: boolean;
  /** The bond it is enslaved to, if any. */
  master: string | null;
}

export interface AddrInfo {
  address: string;
  prefix: number;
}

export interface IpLink {
  name: string;
  mac: string;
  operstate: string;
  mtu: number;
  flags: string[];
  ipv4: AddrInfo[];
  ipv6: AddrInfo[];
}

/** Where the interfaces are listed; a deployment in a container may point elsewhere. */
export function sysNetRoot(): string {
  return process.env.IGS_SYSFS_NET || '/sys/class/net';
}

/** A sysfs attribute as a number; null when absent, unreadable or negative (speed -1). */
export function sysNumber(text: string | null): number | null {
  if (text === null) return null;
  const n = Number(text.trim());
  return Number.isFinite(n) && n >= 0 && text.trim() !== '' ? n : null;
}

async function readAttr(dir: string, name: string): Promise<string | null> {
  try {
    return (await fs.readFile(path.join(dir, name), 'utf8')).trim();
  } catch {
    // EINVAL for speed/carrier of a down interface; ENOENT for absent attributes.
    return null;
  }
}

/** Valid Linux interface names (IFNAMSIZ 16 including NUL; no slash, no white space). */
export function isIfName(name: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_.:@-]{0,14}$/.test(name) && name !== '.' && name !== '..';
}

export async function readSysNet(root = sysNetRoot()): Promise<SysNet[]> {
  let names: string[];
  try {
    names = (await fs.readdir(root)).filter(isIfName).sort();
  } catch {
    return [];
  }
  const out: SysNet[] = [];
  for (const name of names) {
    const dir = path.join(root, name);
    const [mac, operstate, carrier, speed, mtu, type, rxb, txb, rxp, txp] = await Promise.all([
      readAttr(dir, 'address'),
      readAttr(dir, 'operstate'),
      readAttr(dir, 'carrier'),
      readAttr(dir, 'speed'),
      readAttr(dir, 'mtu'),
      readAttr(dir, 'type'),
      readAttr(dir, 'statistics/rx_bytes'),
      readAttr(dir, 'statistics/tx_bytes'),
      readAttr(dir, 'statistics/rx_packets'),
      readAttr(dir, 'statistics/tx_packets'),
    ]);
    const hasDevice = await fs
      .stat(path.join(dir, 'device'))
      .then(() => true)
      .catch(() => false);
    const master = await fs
      .readlink(path.join(dir, 'master'))
      .then((l) => path.basename(l))
      .catch(() => null);
    const arp = sysNumber(type) ?? 0;
    out.push({
      name,
      mac: (mac ?? '').toLowerCase(),
      operstate: operstate ?? 'unknown',
      carrier: sysNumber(carrier),
      speed: sysNumber(speed),
      mtu: sysNumber(mtu) ?? 0,
      rx_bytes: sysNumber(rxb) ?? 0,
      tx_bytes: sysNumber(txb) ?? 0,
      rx_packets: sysNumber(rxp) ?? 0,
      tx_packets: sysNumber(txp) ?? 0,
      type: arp,
      loopback: arp === 772 || name === 'lo',
      virtual: !hasDevice,
      master,
    });
  }
  return out;
}

interface IpJsonLink {
  ifname?: string;
  address?: string;
  operstate?: string;
  mtu?: number;
  flags?: string[];
  addr_info?: { family?: string; local?: string; prefixlen?: number }[];
}

/** `ip -j addr` output as links with their addresses; throws on text that is not that JSON. */
export function parseIpAddrJson(text: string): IpLink[] {
  const data = JSON.parse(text) as unknown;
  if (!Array.isArray(data)) throw new Error('ip -j addr: expected a JSON array');
  return (data as IpJsonLink[])
    .filter((l) => typeof l.ifname === 'string')
    .map((l) => {
      const addrs = (fam: string) =>
        (l.addr_info ?? [])
          .filter((a) => a.family === fam && typeof a.local === 'string')
          .map((a) => ({ address: a.local!, prefix: Number(a.prefixlen ?? 0) }));
      return {
        name: l.ifname!,
        mac: (l.address ?? '').toLowerCase(),
        operstate: (l.operstate ?? 'UNKNOWN').toLowerCase(),
        mtu: Number(l.mtu ?? 0),
        flags: l.flags ?? [],
        ipv4: addrs('inet'),
        ipv6: addrs('inet6'),
      };
    });
}

/** Node's `os.networkInterfaces()` in the same shape (no state or flags: Node does not say). */
export function fromNodeInterfaces(ni: NodeJS.Dict<os.NetworkInterfaceInfo[]>): IpLink[] {
  return Object.entries(ni).map(([name, list]) => {
    const addrs = (fam: 'IPv4' | 'IPv6') =>
      (list ?? [])
        .filter((a) => a.family === fam)
        .map((a) => ({ address: a.address, prefix: a.cidr ? Number(a.cidr.split('/')[1]) : 0 }));
    return {
      name,
      mac: list?.[0]?.mac ?? '',
      operstate: 'unknown',
      mtu: 0,
      flags: [],
      ipv4: addrs('IPv4'),
      ipv6: addrs('IPv6'),
    };
  });
}

export interface DefaultRoute {
  gateway: string | null;
  dev: string | null;
}

/** `ip -j route show default`: the default routes, first one first. */
export function parseDefaultRoutes(text: string): DefaultRoute[] {
  const data = JSON.parse(text) as unknown;
  if (!Array.isArray(data)) return [];
  return (data as { dst?: string; gateway?: string; dev?: string }[])
    .filter((r) => r.dst === 'default')
    .map((r) => ({ gateway: r.gateway ?? null, dev: r.dev ?? null }));
}

function run(file: string, args: string[], timeout = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout, maxBuffer: 4 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
  });
}

export interface AddressReading {
  source: 'ip' | 'node';
  links: IpLink[];
  /** Why `ip` was not used. */
  note: string;
}

export async function readAddresses(): Promise<AddressReading> {
  try {
    return { source: 'ip', links: parseIpAddrJson(await run('ip', ['-j', 'addr'])), note: '' };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      source: 'node',
      links: fromNodeInterfaces(os.networkInterfaces()),
      note: code === 'ENOENT' ? 'ip is not installed' : `ip -j addr failed: ${(e as Error).message}`,
    };
  }
}

export async function readDefaultRoutes(): Promise<DefaultRoute[] | null> {
  try {
    return parseDefaultRoutes(await run('ip', ['-j', 'route', 'show', 'default']));
  } catch {
    return null;
  }
}

export interface LiveInterface extends SysNet {
  ipv4: AddrInfo[];
  ipv6: AddrInfo[];
}

/** Every interface of `/sys/class/net` with its addresses. */
export async function liveInterfaces(): Promise<{
  list: LiveInterface[];
  source: 'ip' | 'node';
  note: string;
}> {
  const [sys, addrs] = await Promise.all([readSysNet(), readAddresses()]);
  return { list: mergeLive(sys, addrs.links), source: addrs.source, note: addrs.note };
}

/** Joins the sysfs view with the address view by name. */
export function mergeLive(sys: SysNet[], links: IpLink[]): LiveInterface[] {
  return sys.map((s) => {
    const l = links.find((x) => x.name === s.name);
    return { ...s, ipv4: l?.ipv4 ?? [], ipv6: l?.ipv6 ?? [] };
  });
}
