import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { type Localized, texts } from '@igs/contract';

/**
 * The machine code a licence is bound to (DOMAIN authorise/License): a hash of the host's
 * machine id and the MAC address of its primary interface (the one holding the default route,
 * else the first physical-looking one by name). Read once per process.
 */
export interface MachineIdentity {
  code: string | null;
  machineId: string | null;
  iface: string | null;
  mac: string | null;
  /** Why there is no code, when there is none. */
  reason?: Localized;
}

async function readTrim(file: string): Promise<string | null> {
  try {
    const text = (await fs.readFile(file, 'utf8')).trim();
    return text || null;
  } catch {
    return null;
  }
}

async function defaultRouteIface(): Promise<string | null> {
  const table = await readTrim('/proc/net/route');
  if (!table) return null;
  for (const line of table.split('\n').slice(1)) {
    const [iface, dest] = line.trim().split(/\s+/);
    if (iface && dest === '00000000') return iface;
  }
  return null;
}

async function macOf(iface: string): Promise<string | null> {
  const mac = (await readTrim(`/sys/class/net/${iface}/address`))?.toLowerCase() ?? null;
  return mac && /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/.test(mac) && mac !== '00:00:00:00:00:00' ? mac : null;
}

async function primaryMac(): Promise<{ iface: string | null; mac: string | null }> {
  const route = await defaultRouteIface();
  if (route && !route.includes('/')) {
    const mac = await macOf(route);
    if (mac) return { iface: route, mac };
  }
  let names: string[] = [];
  try {
    names = (await fs.readdir('/sys/class/net')).sort();
  } catch {
    return { iface: null, mac: null };
  }
  for (const name of names) {
    if (name === 'lo') continue;
    const mac = await macOf(name);
    if (mac) return { iface: name, mac };
  }
  return { iface: null, mac: null };
}

/** 32 hex digits in groups of four: short enough to read out over the telephone. */
export function machineCodeOf(machineId: string | null, mac: string | null): string {
  const hex = createHash('sha256')
    .update(`igs-machine-v1|${machineId ?? 'none'}|${mac ?? 'none'}`)
    .digest('hex')
    .slice(0, 32)
    .toUpperCase();
  return hex.match(/.{4}/g)!.join('-');
}

let cached: Promise<MachineIdentity> | undefined;

export function machineIdentity(): Promise<MachineIdentity> {
  cached ??= (async () => {
    const machineId =
      (await readTrim('/etc/machine-id')) ?? (await readTrim('/var/lib/dbus/machine-id')) ?? null;
    const { iface, mac } = await primaryMac();
    if (!machineId && !mac)
      return {
        code: null,
        machineId,
        iface,
        mac,
        reason: texts('licence.noMachineIdentity'),
      };
    return { code: machineCodeOf(machineId, mac), machineId, iface, mac };
  })();
  return cached;
}

/** The machine this instance runs on: the host's, unless the server was built with another (tests). */
export function machineOf(app: { machine?: Promise<MachineIdentity> }): Promise<MachineIdentity> {
  return app.machine ?? machineIdentity();
}
