import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, type Lang } from '@igs/contract';
import { z } from 'zod';
import { type ActionContext, defineAction } from '../../http/action.ts';
import { ApiError } from '../../http/errors.ts';
import { applyEnabled } from '../network/config-set.ts';
import { findBinary, runFile } from '../system-status/host-exec.ts';
import type { BlockDevice } from './disk-parsers.ts';
import { diskHost, readBlockDevices } from './disk-source.ts';

/**
 * `system/disk_set` mount, unmount and format (DOMAIN 2.9 system/Disk). They change the host, so
 * every guard comes first and each refusal says why:
 * - the device must be one lsblk lists now (never a free-form path), and not on the disk that
 *   holds `/` (nor a mount point the system needs);
 * - the state must fit: mount an unmounted device with a file system, at a folder under /mnt,
 *   /media or /srv; unmount a mounted one; format an unmounted one without partitions, naming it
 *   again in `confirm`;
 * - only where the deployment allows real effects (IGS_APPLY=1); otherwise 503 naming the command
 *   that was not run. Commands run with fixed arguments and a time-out, never through a shell.
 */

const PATH = '/admin.php/system/disk_set';
const FILE_SYSTEMS = ['ext4', 'xfs', 'vfat'] as const;
const MOUNT_ROOTS = ['/mnt/', '/media/', '/srv/'];
/** Mount points the running system needs, refused even off the root disk. */
const SYSTEM_MOUNTS = ['/', '/boot', '/boot/efi', '/usr', '/var', '/etc', '/home', '/opt', '/tmp', '[SWAP]'];

const say = (lang: Lang, en: string, zh: string) => (lang === 'zh_CN' ? zh : en);
const invalid = (lang: Lang, field: string, en: string, zh: string) => {
  const msg = say(lang, en, zh);
  return new ApiError(Code.invalid, msg, { errors: [{ field, msg }] });
};
const conflict = (lang: Lang, en: string, zh: string) => new ApiError(Code.conflict, say(lang, en, zh));

const DEVICE = /^\/dev\/[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$/;

interface Found {
  device: BlockDevice;
  /** The whole disk the device is, or is a partition of. */
  disk: BlockDevice;
}

function all(d: BlockDevice): BlockDevice[] {
  return [d, ...d.children.flatMap(all)];
}

function find(disks: BlockDevice[], devicePath: string): Found | null {
  for (const disk of disks)
    for (const d of all(disk))
      if (d.path === devicePath || `/dev/${d.name}` === devicePath) return { device: d, disk };
  return null;
}

/** The device named by the call, as lsblk lists it now, and not on the system disk. */
async function resolve(ctx: ActionContext, body: Record<string, unknown>): Promise<Found> {
  const { lang } = ctx;
  const raw = typeof body.device === 'string' ? body.device.trim() : '';
  if (!DEVICE.test(raw) || raw.split('/').includes('..'))
    throw invalid(
      lang,
      'device',
      'device must be a device path such as /dev/sdb1',
      'device 须为设备路径，如 /dev/sdb1',
    );
  const { devices, source } = await readBlockDevices(diskHost());
  if (source !== 'lsblk')
    throw new ApiError(
      Code.unavailable,
      say(
        lang,
        'lsblk is not available on this host: the device cannot be checked, so nothing is done',
        '本机无法使用 lsblk：无法核对设备，未执行任何操作',
      ),
      { service: 'lsblk' },
    );
  const found = find(devices, raw);
  if (!found)
    throw new ApiError(
      Code.notFound,
      say(lang, `lsblk lists no disk or partition ${raw}`, `lsblk 未列出磁盘或分区 ${raw}`),
    );
  if (all(found.disk).some((d) => d.mountpoints.includes('/')))
    throw conflict(
      lang,
      `${raw} is on the system disk ${found.disk.path} (it holds /): it cannot be mounted, unmounted or formatted here`,
      `${raw} 位于系统盘 ${found.disk.path}（挂载了根目录 /）：不能在此挂载、卸载或格式化`,
    );
  const used = all(found.device)
    .flatMap((d) => d.mountpoints)
    .filter((m) => SYSTEM_MOUNTS.includes(m));
  if (used.length)
    throw conflict(
      lang,
      `${raw} holds ${used.join(', ')}, which the system needs`,
      `${raw} 挂载了系统所需的 ${used.join('、')}`,
    );
  return found;
}

/** Runs the command where IGS_APPLY=1; otherwise says plainly that nothing was run. */
async function apply(
  ctx: ActionContext,
  program: string,
  args: string[],
  timeoutMs: number,
): Promise<{ command: string; output: string }> {
  const { lang } = ctx;
  const line = [program, ...args].join(' ');
  if (!applyEnabled())
    throw new ApiError(
      Code.unavailable,
      say(
        lang,
        `Not applied on this host: IGS_APPLY is not 1 (not run: ${line})`,
        `未在本机执行：IGS_APPLY 未设为 1（未执行：${line}）`,
      ),
      { command: line },
    );
  const bin = await findBinary(program);
  if (!bin)
    throw new ApiError(
      Code.unavailable,
      say(lang, `${program} is not installed on this host`, `本机未安装 ${program}`),
      { service: program },
    );
  const r = await runFile(bin, args, { timeoutMs });
  const output = `${r.stdout}${r.stderr}`.trim().slice(0, 2000);
  if (r.code !== 0)
    throw new ApiError(
      Code.unavailable,
      say(
        lang,
        `${line} failed: ${r.timedOut ? 'timed out' : output || r.error || `exit ${r.code}`}`,
        `${line} 执行失败：${r.timedOut ? '超时' : output || r.error || `退出码 ${r.code}`}`,
      ),
      { command: line, output },
    );
  return { command: line, output };
}

const Input = (method: string) => z.object({ method: z.literal(method) }).loose();

export const diskMountActions = [
  defineAction({
    path: PATH,
    method: 'mount',
    summary:
      'Mounts an unmounted device lsblk lists (device, not on the system disk) at a folder under /mnt, /media or /srv (mountpoint); only with IGS_APPLY=1',
    access: 'module',
    input: Input('mount'),
    async handler(ctx, body) {
      const { lang } = ctx;
      const mp = typeof body.mountpoint === 'string' ? body.mountpoint.trim().replace(/\/+$/, '') : '';
      if (
        !path.isAbsolute(mp) ||
        path.normalize(mp) !== mp ||
        !MOUNT_ROOTS.some((root) => mp.startsWith(root) && mp.length > root.length) ||
        !/^[A-Za-z0-9._/-]+$/.test(mp)
      )
        throw invalid(
          lang,
          'mountpoint',
          'mountpoint must be a folder under /mnt, /media or /srv, such as /mnt/record',
          'mountpoint 须为 /mnt、/media 或 /srv 下的目录，如 /mnt/record',
        );
      const { device, disk } = await resolve(ctx, body);
      if (device.children.length)
        throw conflict(
          lang,
          `${device.path} has partitions: mount one of them`,
          `${device.path} 有分区：请挂载其中的分区`,
        );
      if (device.mountpoints.length)
        throw conflict(
          lang,
          `${device.path} is already mounted at ${device.mountpoints.join(', ')}`,
          `${device.path} 已挂载在 ${device.mountpoints.join('、')}`,
        );
      if (!device.fstype)
        throw conflict(
          lang,
          `${device.path} has no file system: format it first`,
          `${device.path} 没有文件系统：请先格式化`,
        );
      const { devices } = await readBlockDevices(diskHost());
      const holder = devices.flatMap(all).find((d) => d.mountpoints.includes(mp));
      if (holder)
        throw conflict(lang, `${mp} is already used by ${holder.path}`, `${mp} 已被 ${holder.path} 使用`);
      // The folder is made only when the mount is really going to run.
      if (applyEnabled()) await fs.mkdir(mp, { recursive: true });
      const out = await apply(ctx, 'mount', [device.path, mp], 60_000);
      ctx.logDetail = `mount ${device.path} (${disk.path}) at ${mp}`;
      return { device: device.path, mountpoint: mp, ...out };
    },
  }),

  defineAction({
    path: PATH,
    method: 'unmount',
    summary: 'Unmounts a mounted device lsblk lists (device, not on the system disk); only with IGS_APPLY=1',
    access: 'module',
    input: Input('unmount'),
    async handler(ctx, body) {
      const { lang } = ctx;
      const { device } = await resolve(ctx, body);
      if (!device.mountpoints.length)
        throw conflict(lang, `${device.path} is not mounted`, `${device.path} 未挂载`);
      const out = await apply(ctx, 'umount', [device.path], 60_000);
      ctx.logDetail = `unmount ${device.path} from ${device.mountpoints.join(', ')}`;
      return { device: device.path, mountpoints: device.mountpoints, ...out };
    },
  }),

  defineAction({
    path: PATH,
    method: 'format',
    summary: `Formats an unmounted device without partitions (device, fstype ${FILE_SYSTEMS.join('|')}, label, confirm = the device again); never the system disk; only with IGS_APPLY=1`,
    access: 'module',
    input: Input('format'),
    async handler(ctx, body) {
      const { lang } = ctx;
      const fstype = body.fstype;
      if (typeof fstype !== 'string' || !(FILE_SYSTEMS as readonly string[]).includes(fstype))
        throw invalid(
          lang,
          'fstype',
          `fstype must be one of ${FILE_SYSTEMS.join(', ')}`,
          `fstype 须为 ${FILE_SYSTEMS.join('、')} 之一`,
        );
      const label = typeof body.label === 'string' ? body.label.trim() : '';
      if (label && !/^[A-Za-z0-9_-]{1,11}$/.test(label))
        throw invalid(
          lang,
          'label',
          'label: 1 to 11 letters, digits, _ or -',
          'label：1 到 11 个字母、数字、_ 或 -',
        );
      if (body.confirm !== body.device)
        throw invalid(
          lang,
          'confirm',
          'confirm must repeat the device path: formatting erases everything on it',
          'confirm 须重复填写设备路径：格式化将清除其上全部数据',
        );
      const { device } = await resolve(ctx, body);
      const mounted = all(device).filter((d) => d.mountpoints.length);
      if (mounted.length)
        throw conflict(
          lang,
          `${mounted.map((d) => d.path).join(', ')} is mounted: unmount it first`,
          `${mounted.map((d) => d.path).join('、')} 已挂载：请先卸载`,
        );
      if (device.children.length)
        throw conflict(
          lang,
          `${device.path} has partitions: format one of them`,
          `${device.path} 有分区：请格式化其中的分区`,
        );
      const args =
        fstype === 'vfat'
          ? [...(label ? ['-n', label.toUpperCase()] : []), device.path]
          : [fstype === 'xfs' ? '-f' : '-F', ...(label ? ['-L', label] : []), device.path];
      const out = await apply(ctx, `mkfs.${fstype}`, args, 15 * 60_000);
      ctx.logDetail = `format ${device.path} as ${fstype}${label ? ` (${label})` : ''}`;
      return { device: device.path, fstype, label, ...out };
    },
  }),
];
