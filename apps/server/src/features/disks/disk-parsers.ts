/**
 * Block devices from `lsblk --json -b` or, where lsblk is missing, from /proc/partitions and
 * /sys/block. Pure functions over texts; the reading is in disk-source.ts.
 */

export interface BlockDevice {
  name: string;
  /** Kernel name (dm-0 for a mapper device); the same as name for plain disks. */
  kname: string;
  path: string;
  type: string;
  size: number;
  fstype: string | null;
  /** Every mount point of this device (lsblk 2.37+ lists several). */
  mountpoints: string[];
  model: string | null;
  serial: string | null;
  removable: boolean;
  rotational: boolean;
  readonly: boolean;
  transport: string | null;
  label: string | null;
  children: BlockDevice[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** lsblk prints booleans as true/false (2.33+) or as "0"/"1" strings (older). */
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1';
const num = (v: unknown): number => {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : Number.NaN;
  return Number.isFinite(n) ? n : 0;
};

function fromLsblk(raw: Record<string, unknown>): BlockDevice {
  const name = str(raw.name) ?? '';
  const mounts = Array.isArray(raw.mountpoints)
    ? raw.mountpoints.map(str).filter((m): m is string => m !== null)
    : str(raw.mountpoint)
      ? [str(raw.mountpoint)!]
      : [];
  const children = Array.isArray(raw.children)
    ? (raw.children as Record<string, unknown>[]).map(fromLsblk)
    : [];
  return {
    name,
    kname: str(raw.kname) ?? name,
    path: str(raw.path) ?? `/dev/${name}`,
    type: str(raw.type) ?? 'disk',
    size: num(raw.size),
    fstype: str(raw.fstype),
    mountpoints: mounts,
    model: str(raw.model),
    serial: str(raw.serial) ?? str(raw.wwn),
    removable: bool(raw.rm),
    rotational: bool(raw.rota),
    readonly: bool(raw.ro),
    transport: str(raw.tran),
    label: str(raw.label),
    children,
  };
}

/** `lsblk --json -b -o ...`: the device tree (disks with their partitions, LVM and RAID below). */
export function parseLsblk(json: string): BlockDevice[] {
  const data = JSON.parse(json) as { blockdevices?: unknown };
  if (!Array.isArray(data.blockdevices)) throw new Error('lsblk output has no blockdevices');
  return (data.blockdevices as Record<string, unknown>[]).map(fromLsblk);
}

export interface PartitionLine {
  major: number;
  minor: number;
  /** Size in bytes (the file gives 1 KiB blocks). */
  size: number;
  name: string;
}

/** /proc/partitions: `major minor #blocks name`. */
export function parseProcPartitions(text: string): PartitionLine[] {
  const out: PartitionLine[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s*$/.exec(line);
    if (m) out.push({ major: Number(m[1]), minor: Number(m[2]), size: Number(m[3]) * 1024, name: m[4]! });
  }
  return out;
}

/** What sysfs says about one disk: sizes are in 512-byte sectors whatever the hardware. */
export interface SysBlockInfo {
  name: string;
  sectors: number;
  removable: boolean;
  rotational: boolean;
  readonly: boolean;
  model: string | null;
  serial: string | null;
  partitions: { name: string; sectors: number }[];
}

export function fromSysBlock(info: SysBlockInfo): BlockDevice {
  return {
    name: info.name,
    kname: info.name,
    path: `/dev/${info.name}`,
    type: 'disk',
    size: info.sectors * 512,
    fstype: null,
    mountpoints: [],
    model: info.model,
    serial: info.serial,
    removable: info.removable,
    rotational: info.rotational,
    readonly: info.readonly,
    transport: null,
    label: null,
    children: info.partitions.map((p) => ({
      name: p.name,
      kname: p.name,
      path: `/dev/${p.name}`,
      type: 'part',
      size: p.sectors * 512,
      fstype: null,
      mountpoints: [],
      model: null,
      serial: null,
      removable: info.removable,
      rotational: info.rotational,
      readonly: info.readonly,
      transport: null,
      label: null,
      children: [],
    })),
  };
}

/** Virtual block devices that are not disks: loop images, RAM disks, compressed swap. */
export function isVirtualDevice(name: string): boolean {
  return /^(loop|ram|zram|nbd)\d+$/.test(name) || /^(fd|sr)\d+$/.test(name);
}

/** `smartctl -H -j`: overall health, or null when the device gave no verdict. */
export function parseSmartHealth(json: string): 'PASSED' | 'FAILED' | null {
  try {
    const data = JSON.parse(json) as { smart_status?: { passed?: unknown } };
    const passed = data.smart_status?.passed;
    return passed === true ? 'PASSED' : passed === false ? 'FAILED' : null;
  } catch {
    return null;
  }
}
