/** What `system/disk_set` list answers (server features/disks/disks.ts). */
export interface PartitionRow {
  name: string;
  path: string;
  type: string;
  size: number;
  fstype: string;
  label: string;
  mountpoint: string;
  mountpoints: string[];
  used: number | null;
  avail: number | null;
  used_pct: number | null;
  warning: boolean;
  children: PartitionRow[];
}

export interface DiskRow extends PartitionRow {
  model: string;
  serial: string;
  removable: 0 | 1;
  rotational: 0 | 1;
  readonly: 0 | 1;
  transport: string;
  system: 0 | 1;
  role: 'system' | 'media' | 'record' | 'backup' | 'none';
  smart_health?: string;
}

export interface DiskList {
  list: DiskRow[];
  total: number;
  threshold: number;
  warnings: { name: string; mountpoint: string; used_pct: number; msg: string }[];
  source: 'lsblk' | 'sysfs';
  smart_available: boolean;
}

export interface DiskSettings {
  media_path: string;
  record_path: string;
  cleanup_pct: number;
  retention_days: number;
}

export const EDITABLE_ROLES = ['media', 'record', 'backup', 'none'] as const;

/** A table row: disks at the top, partitions (and LVM or RAID below them) as children. */
export interface TreeRow extends Omit<PartitionRow, 'children'> {
  key: string;
  disk?: DiskRow;
  children?: TreeRow[];
}

export function toTreeRows(list: DiskRow[]): TreeRow[] {
  const part = (p: PartitionRow, parent: string): TreeRow => {
    const { children, ...rest } = p;
    const key = `${parent}/${p.name}`;
    return { ...rest, key, ...(children.length ? { children: children.map((c) => part(c, key)) } : {}) };
  };
  return list.map((d) => {
    const { children, ...rest } = d;
    return {
      ...rest,
      key: d.name,
      disk: d,
      ...(children.length ? { children: children.map((c) => part(c, d.name)) } : {}),
    };
  });
}

/** Same rule as the server: empty, or an absolute path without `..` segments. */
export function isFolderPath(value: string): boolean {
  const v = value.trim();
  return v === '' || (v.startsWith('/') && !v.split('/').includes('..') && v.length <= 255);
}
