import type { Lang } from '@igs/contract';
import { say } from '@igs/contract';
import type { DiskList, DiskRole, DiskRow, DiskWarning, PartitionRow } from '@igs/contract/calls';
import type { AppContext } from '../../platform/app-context.ts';
import { getSettings } from '../../platform/settings/settings.ts';
import type { BlockDevice } from './disk-parsers.ts';
import { type DiskHost, diskHost, type FsUsage, mountUsage, readBlockDevices } from './disk-source.ts';

export { DISK_ROLES } from '@igs/contract/calls';

/** A role follows the disk by serial number; a disk without one is known by its kernel name. */
export function deviceKey(d: { name: string; serial: string | null }): string {
  return d.serial ? `serial:${d.serial}` : `name:${d.name}`;
}

async function partitionRow(host: DiskHost, d: BlockDevice, threshold: number): Promise<PartitionRow> {
  const children = await Promise.all(d.children.map((c) => partitionRow(host, c, threshold)));
  const usage: FsUsage | null = d.mountpoints[0] ? await mountUsage(host, d.mountpoints[0]) : null;
  return {
    name: d.name,
    path: d.path,
    type: d.type,
    size: d.size,
    fstype: d.fstype ?? '',
    label: d.label ?? '',
    mountpoint: d.mountpoints[0] ?? '',
    mountpoints: d.mountpoints,
    used: usage?.used ?? null,
    avail: usage?.avail ?? null,
    used_pct: usage?.used_pct ?? null,
    warning: usage !== null && usage.used_pct >= threshold,
    children,
  };
}

function flatten(rows: PartitionRow[]): PartitionRow[] {
  return rows.flatMap((r) => [r, ...flatten(r.children)]);
}

function warningText(lang: Lang, mountpoint: string, pct: number, threshold: number): string {
  return say(lang, 'disks.nearlyFull', { mountpoint, pct, threshold });
}

/**
 * The disks with partitions, mounts, usage, role and health. A disk without a mount of its own
 * shows the sum of its mounted partitions as used/avail.
 */
export async function listDisks(app: AppContext, lang: Lang): Promise<DiskList> {
  const host = diskHost();
  const settings = await getSettings(app);
  const threshold = Number(settings.disk_cleanup_pct) || 90;
  const [{ devices, source }, stored, smart] = await Promise.all([
    readBlockDevices(host),
    app.db.kysely.selectFrom('disk_roles').selectAll().execute(),
    host.smart().catch(() => null),
  ]);
  const roles = new Map(stored.map((r) => [r.device_key, r.role as DiskRole]));
  const warnings: DiskWarning[] = [];
  const list: DiskRow[] = [];
  for (const d of devices) {
    const base = await partitionRow(host, d, threshold);
    const all = flatten([base]);
    const mounted = all.filter((p) => p.used !== null);
    if (base.used === null && mounted.length) {
      base.used = mounted.reduce((n, p) => n + (p.used ?? 0), 0);
      base.avail = mounted.reduce((n, p) => n + (p.avail ?? 0), 0);
      const whole = base.used + base.avail;
      base.used_pct = whole > 0 ? Math.round((base.used / whole) * 1000) / 10 : 0;
      base.warning = mounted.some((p) => p.warning);
    }
    for (const p of mounted) {
      if (p.warning) {
        warnings.push({
          name: p.name,
          mountpoint: p.mountpoint,
          used_pct: p.used_pct!,
          msg: warningText(lang, p.mountpoint, p.used_pct!, threshold),
        });
      }
    }
    const system = all.some((p) => p.mountpoints.includes('/'));
    const row: DiskRow = {
      ...base,
      model: d.model ?? '',
      serial: d.serial ?? '',
      removable: d.removable ? 1 : 0,
      rotational: d.rotational ? 1 : 0,
      readonly: d.readonly ? 1 : 0,
      transport: d.transport ?? '',
      system: system ? 1 : 0,
      role: system ? 'system' : (roles.get(deviceKey(d)) ?? 'none'),
    };
    if (smart) row.smart_health = await smart(d.path).catch(() => 'unknown');
    list.push(row);
  }
  return { list, total: list.length, threshold, warnings, source, smart_available: smart !== null };
}
