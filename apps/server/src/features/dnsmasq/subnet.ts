import { type Localized, texts } from '@igs/contract';
import type { AppContext } from '../../platform/app-context.ts';
import { type Cidr, parseCidr } from '../../platform/lib/ipv4.ts';
import {
  addressDev,
  type LiveInterface,
  liveInterfaces,
  loadNetwork,
  type NetworkDoc,
} from '../network/index.ts';

/**
 * The subnet DHCP serves: the DHCP `interface` is a role (lan, wan, mgmt) or an interface name;
 * its address comes from the stored network settings (static) or, failing that, from the host.
 */

export type SubnetResult =
  | { ok: true; name: string; dev: string; cidr: Cidr; source: 'settings' | 'host' }
  | { ok: false; problem: Localized };

const ROLE_NAMES = ['lan', 'wan', 'mgmt'];

export function resolveSubnet(iface: string, doc: NetworkDoc, live: LiveInterface[]): SubnetResult {
  let name = iface;
  if (ROLE_NAMES.includes(iface)) {
    const found = Object.entries(doc.interfaces)
      .filter(([, c]) => c.role === iface && c.enabled)
      .map(([n]) => n)
      .sort()[0];
    if (!found) return { ok: false, problem: texts('dns.noInterfaceWithRole', { role: iface }) };
    name = found;
  } else if (!live.some((l) => l.name === iface && !l.loopback) && !doc.interfaces[iface]) {
    return { ok: false, problem: texts('dns.noSuchInterface', { iface }) };
  }
  const cfg = doc.interfaces[name];
  const dev = cfg ? addressDev(name, cfg) : name;
  if (cfg?.mode === 'static') {
    const cidr = parseCidr(cfg.ip);
    if (cidr) return { ok: true, name, dev, cidr, source: 'settings' };
  }
  const addr = live.find((l) => l.name === dev)?.ipv4[0];
  if (addr) return { ok: true, name, dev, cidr: { ip: addr.address, prefix: addr.prefix }, source: 'host' };
  return { ok: false, problem: texts('dns.noAddressToServe', { dev }) };
}

export async function dhcpSubnet(app: AppContext, iface: string): Promise<SubnetResult> {
  const [doc, live] = await Promise.all([loadNetwork(app), liveInterfaces()]);
  return resolveSubnet(iface, doc, live.list);
}
