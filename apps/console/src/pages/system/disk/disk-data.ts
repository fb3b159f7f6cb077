import { DISK_ROLES, type DiskRow, type PartitionRow } from '@igs/contract/calls';

export type { DiskList, DiskRow, DiskSettings, PartitionRow } from '@igs/contract/calls';

/** The roles an operator may give a disk (the system disk's is fixed). */
export const EDITABLE_ROLES = DISK_ROLES;

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
