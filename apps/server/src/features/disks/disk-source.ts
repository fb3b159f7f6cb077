import fs from 'node:fs/promises';
import path from 'node:path';
import { findBinary, runFile } from '../../platform/host/host-exec.ts';
import { fsUsage, parseMounts } from '../../platform/host/proc-parsers.ts';
import {
  type BlockDevice,
  fromSysBlock,
  isVirtualDevice,
  parseLsblk,
  parseProcPartitions,
  parseSmartHealth,
  type SysBlockInfo,
} from './disk-parsers.ts';

/** Where disk facts come from. Tests swap it for a folder of sample files (setDiskHost). */
export interface DiskHost {
  root: string;
  /** `lsblk --json -b` output, or null when lsblk is missing or failed (then sysfs is read). */
  lsblk(): Promise<string | null>;
  /** A health check per device path, or null when smartctl is not installed. */
  smart(): Promise<((devicePath: string) => Promise<string>) | null>;
  statfs(p: string): Promise<{ blocks: number; bsize: number; bfree: number; bavail: number }>;
}

const LSBLK_COLUMNS = 'NAME,KNAME,PATH,TYPE,SIZE,FSTYPE,MOUNTPOINT,MODEL,SERIAL,RM,ROTA,RO,TRAN,LABEL';

const smartCache = new Map<string, { at: number; value: string }>();
const SMART_CACHE_MS = 5 * 60_000;

export const realDiskHost: DiskHost = {
  root: '/',
  async lsblk() {
    const bin = await findBinary('lsblk');
    if (!bin) return null;
    const r = await runFile(bin, ['--json', '-b', '-o', LSBLK_COLUMNS], { timeoutMs: 5000 });
    return r.code === 0 ? r.stdout : null;
  },
  async smart() {
    const bin = await findBinary('smartctl');
    if (!bin) return null;
    return async (devicePath: string) => {
      const hit = smartCache.get(devicePath);
      if (hit && Date.now() - hit.at < SMART_CACHE_MS) return hit.value;
      // smartctl's exit status is a bit mask of findings; the JSON says what it means.
      const r = await runFile(bin, ['-H', '-j', devicePath], { timeoutMs: 8000 });
      const value = parseSmartHealth(r.stdout) ?? 'unknown';
      smartCache.set(devicePath, { at: Date.now(), value });
      return value;
    };
  },
  statfs: (p) => fs.statfs(p),
};

let current: DiskHost = realDiskHost;

/** Replaces the host the disk module reads (tests); call with no argument to restore the real one. */
export function setDiskHost(host?: Partial<DiskHost>): void {
  current = host ? { ...realDiskHost, ...host } : realDiskHost;
}

export function diskHost(): DiskHost {
  return current;
}

async function readText(host: DiskHost, p: string): Promise<string | null> {
  return fs.readFile(path.join(host.root, p), 'utf8').catch(() => null);
}

/** The device tree from sysfs: /proc/partitions names the devices, /sys/block describes disks. */
async function fromSysfs(host: DiskHost): Promise<BlockDevice[]> {
  const names = parseProcPartitions((await readText(host, 'proc/partitions')) ?? '').map((p) => p.name);
  const disks = await fs.readdir(path.join(host.root, 'sys/block')).catch(() => [] as string[]);
  const out: BlockDevice[] = [];
  for (const name of disks.sort()) {
    // /proc/partitions lists only devices with a medium: empty card readers and unused loops drop out.
    if (!names.includes(name)) continue;
    const base = `sys/block/${name}`;
    const read = async (p: string) => ((await readText(host, `${base}/${p}`)) ?? '').trim();
    const entries = await fs.readdir(path.join(host.root, base)).catch(() => [] as string[]);
    const partitions: SysBlockInfo['partitions'] = [];
    for (const e of entries.filter((x) => x.startsWith(name)).sort()) {
      if ((await readText(host, `${base}/${e}/partition`)) === null) continue;
      partitions.push({ name: e, sectors: Number((await readText(host, `${base}/${e}/size`)) ?? 0) || 0 });
    }
    out.push(
      fromSysBlock({
        name,
        sectors: Number(await read('size')) || 0,
        removable: (await read('removable')) === '1',
        rotational: (await read('queue/rotational')) === '1',
        readonly: (await read('ro')) === '1',
        model: (await read('device/model')) || null,
        serial: (await read('serial')) || (await read('device/serial')) || null,
        partitions,
      }),
    );
  }
  return out;
}

function walk(
  devices: BlockDevice[],
  visit: (d: BlockDevice, top: BlockDevice) => void,
  top?: BlockDevice,
): void {
  for (const d of devices) {
    visit(d, top ?? d);
    walk(d.children, visit, top ?? d);
  }
}

/**
 * Adds what /proc/mounts knows (mount points, file system types) to the tree: lsblk misses them
 * without udev, and sysfs never has them. Mounts of devices outside the tree (device-mapper over a
 * partition, without lsblk) are attributed through /sys/class/block/<dm>/slaves.
 */
async function addMounts(host: DiskHost, devices: BlockDevice[]): Promise<void> {
  const byName = new Map<string, BlockDevice>();
  walk(devices, (d) => {
    byName.set(d.name, d);
    byName.set(d.kname, d);
  });
  for (const m of parseMounts((await readText(host, 'proc/mounts')) ?? '')) {
    if (!m.source.startsWith('/dev/')) continue;
    const real = await fs.realpath(path.join(host.root, m.source)).catch(() => m.source);
    let dev = byName.get(path.basename(real)) ?? byName.get(path.basename(m.source));
    if (!dev) {
      const slaves = await fs
        .readdir(path.join(host.root, 'sys/class/block', path.basename(real), 'slaves'))
        .catch(() => [] as string[]);
      dev = slaves.map((s) => byName.get(s)).find(Boolean);
      if (!dev) continue;
    }
    if (!dev.mountpoints.includes(m.mountpoint)) dev.mountpoints.push(m.mountpoint);
    dev.fstype ??= m.fstype;
  }
}

/** Disks (not loop images, RAM disks or empty slots) with their partitions and mounts. */
export async function readBlockDevices(
  host: DiskHost = current,
): Promise<{ devices: BlockDevice[]; source: 'lsblk' | 'sysfs' }> {
  let devices: BlockDevice[] | null = null;
  const json = await host.lsblk().catch(() => null);
  if (json) {
    try {
      devices = parseLsblk(json);
    } catch {
      devices = null;
    }
  }
  const source = devices ? 'lsblk' : 'sysfs';
  devices ??= await fromSysfs(host);
  devices = devices.filter((d) => d.type === 'disk' && !isVirtualDevice(d.name) && d.size > 0);
  await addMounts(host, devices);
  return { devices, source };
}

export interface FsUsage {
  total: number;
  used: number;
  avail: number;
  used_pct: number;
}

/** A mount's use, by the formula the status page and the dashboard use (fsUsage). */
export async function mountUsage(host: DiskHost, mountpoint: string): Promise<FsUsage | null> {
  try {
    return fsUsage(await host.statfs(path.join(host.root, mountpoint)));
  } catch {
    return null;
  }
}
