import { z } from 'zod';
import { defineCall } from './define.ts';

/** system/Disk (`system/disk_set`): the host's disks, their roles, and the disk settings. */

const DISK_PATH = '/admin.php/system/disk_set';

export const DISK_ROLES = ['media', 'record', 'backup', 'none'] as const;
export const DiskRole = z.enum([...DISK_ROLES, 'system']);
export type DiskRole = z.infer<typeof DiskRole>;
const flag = z.union([z.literal(0), z.literal(1)]);

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

/** What a disk and each of its partitions report about themselves. */
const blockDeviceFields = {
  name: z.string(),
  path: z.string(),
  type: z.string(),
  size: z.number(),
  fstype: z.string(),
  label: z.string(),
  mountpoint: z.string(),
  mountpoints: z.array(z.string()),
  used: z.number().nullable(),
  avail: z.number().nullable(),
  used_pct: z.number().nullable(),
  warning: z.boolean(),
};

/** A partition, LVM volume or RAID member, with its own below it. */
export const PartitionRow: z.ZodType<PartitionRow> = z.lazy(() =>
  z.object({ ...blockDeviceFields, children: z.array(PartitionRow) }),
);

export const DiskRow = z.object({
  ...blockDeviceFields,
  children: z.array(PartitionRow),
  model: z.string(),
  serial: z.string(),
  removable: flag,
  rotational: flag,
  readonly: flag,
  transport: z.string(),
  /** The disk holding `/`: its role is `system` and cannot be changed. */
  system: flag,
  role: DiskRole,
  /** Present only when smartctl is installed. */
  smart_health: z.string().optional(),
});
export type DiskRow = z.infer<typeof DiskRow>;

export const DiskWarning = z.object({
  name: z.string(),
  mountpoint: z.string(),
  used_pct: z.number(),
  msg: z.string(),
});
export type DiskWarning = z.infer<typeof DiskWarning>;

export const DiskList = z.object({
  list: z.array(DiskRow),
  total: z.number(),
  /** cleanup_pct: a mount at or above it is warned about. */
  threshold: z.number(),
  warnings: z.array(DiskWarning),
  source: z.enum(['lsblk', 'sysfs']),
  smart_available: z.boolean(),
});
export type DiskList = z.infer<typeof DiskList>;

export const DiskSettings = z.object({
  media_path: z.string(),
  record_path: z.string(),
  cleanup_pct: z.number(),
  retention_days: z.number(),
});
export type DiskSettings = z.infer<typeof DiskSettings>;

/** The file systems `format` makes. */
export const DISK_FILE_SYSTEMS = ['ext4', 'xfs', 'vfat'] as const;

/** What a host command the call ran printed (mount, umount, mkfs), as `command` and `output`. */
const ranCommand = { command: z.string(), output: z.string() };

export const diskCalls = {
  list: defineCall({ path: DISK_PATH, method: 'list', input: z.object({}), output: DiskList }),
  config: defineCall({ path: DISK_PATH, method: 'config', input: z.object({}), output: DiskSettings }),
  /** Sets a disk's role (`name`, `role` of DISK_ROLES): checked by the server, in the caller's language. */
  edit: defineCall({
    path: DISK_PATH,
    method: 'edit',
    input: z.object({ name: z.unknown().optional(), role: z.unknown().optional() }).loose(),
    output: z.object({ name: z.string(), role: z.enum(DISK_ROLES) }),
  }),
  /** Saves the disk settings; a field left out stays as it is. Checked by the server. */
  configForm: defineCall({
    path: DISK_PATH,
    method: 'config_form',
    input: z
      .object({
        media_path: z.unknown().optional(),
        record_path: z.unknown().optional(),
        cleanup_pct: z.unknown().optional(),
        retention_days: z.unknown().optional(),
      })
      .loose(),
    output: z.object({}),
  }),
  /** Mounts `device` at `mountpoint` (a folder under /mnt, /media or /srv); only with IGS_APPLY=1. */
  mount: defineCall({
    path: DISK_PATH,
    method: 'mount',
    input: z.object({ device: z.unknown().optional(), mountpoint: z.unknown().optional() }).loose(),
    output: z.object({ device: z.string(), mountpoint: z.string(), ...ranCommand }),
  }),
  /** Unmounts `device` from every mount point it has; only with IGS_APPLY=1. */
  unmount: defineCall({
    path: DISK_PATH,
    method: 'unmount',
    input: z.object({ device: z.unknown().optional() }).loose(),
    output: z.object({ device: z.string(), mountpoints: z.array(z.string()), ...ranCommand }),
  }),
  /** Formats `device` (`fstype`, `label`, `confirm` = the device again); only with IGS_APPLY=1. */
  format: defineCall({
    path: DISK_PATH,
    method: 'format',
    input: z
      .object({
        device: z.unknown().optional(),
        fstype: z.unknown().optional(),
        label: z.unknown().optional(),
        confirm: z.unknown().optional(),
      })
      .loose(),
    output: z.object({
      device: z.string(),
      fstype: z.enum(DISK_FILE_SYSTEMS),
      label: z.string(),
      ...ranCommand,
    }),
  }),
};
