import fs from 'node:fs/promises';
import path from 'node:path';
import type { BlockDevice } from './disk-parsers.ts';
import { diskHost, readBlockDevices } from './disk-source.ts';

/**
 * Where the disk roles' folders (media_path, record_path) may point: inside a mounted data disk,
 * never on the system disk (the one holding `/`) nor in the host's own trees. The media and
 * recording jobs write and clean up (retention) under these folders, so `/etc` or `/` there would
 * let a disk setting delete or overwrite the system.
 */

/** Trees of the operating system: refused even if a disk were mounted inside one. */
const SYSTEM_TREES = [
  '/etc',
  '/proc',
  '/sys',
  '/dev',
  '/boot',
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib64',
  '/run',
  '/root',
  '/var/lib',
];

function within(p: string, dir: string): boolean {
  return dir === '/' ? true : p === dir || p.startsWith(`${dir}/`);
}

function allOf(d: BlockDevice): BlockDevice[] {
  return [d, ...d.children.flatMap(allOf)];
}

/** Mount points of the data disks (every disk but the system disk), longest first. */
export async function dataDiskMounts(): Promise<string[]> {
  const { devices } = await readBlockDevices(diskHost());
  const mounts: string[] = [];
  for (const disk of devices) {
    const parts = allOf(disk);
    if (parts.some((p) => p.mountpoints.includes('/'))) continue;
    for (const p of parts)
      for (const m of p.mountpoints)
        if (m.startsWith('/') && m !== '/' && !SYSTEM_TREES.some((t) => within(m, t))) mounts.push(m);
  }
  return [...new Set(mounts)].sort((a, b) => b.length - a.length);
}

export type FolderRefusal = { reason: 'system' | 'outside'; mounts: string[] };

/**
 * Null when the folder lies inside a mounted data disk (after following links, when it exists),
 * else why not and which mount points would do. `folder` is absolute and free of `..`.
 */
export async function refuseDataFolder(folder: string): Promise<FolderRefusal | null> {
  const mounts = await dataDiskMounts();
  const normal = path.posix.normalize(folder).replace(/\/+$/, '') || '/';
  if (normal === '/' || SYSTEM_TREES.some((t) => within(normal, t))) return { reason: 'system', mounts };
  if (!mounts.some((m) => within(normal, m))) return { reason: 'outside', mounts };
  // A link inside the data disk that leads elsewhere (to /etc, say) is refused too, also when it
  // sits above a folder that does not exist yet (the folder would be made through the link).
  const real = await realExisting(normal);
  if (real !== normal && !mounts.some((m) => within(real, m))) return { reason: 'outside', mounts };
  return null;
}

/** The real path of a folder, resolving its deepest existing ancestor when it does not exist yet. */
async function realExisting(folder: string): Promise<string> {
  let rest = '';
  for (let at = folder; ; at = path.posix.dirname(at)) {
    const real = await fs.realpath(at).catch(() => null);
    if (real) return rest ? path.posix.join(real, rest) : real;
    if (at === '/') return folder;
    rest = rest ? path.posix.join(path.posix.basename(at), rest) : path.posix.basename(at);
  }
}
