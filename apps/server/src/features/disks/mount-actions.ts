import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, type Lang, type Localized, listText, say, texts } from '@igs/contract';
import { DISK_FILE_SYSTEMS, diskCalls } from '@igs/contract/calls';
import { applyEnabled } from '../../platform/host/config-set.ts';
import { findBinary, runFile } from '../../platform/host/host-exec.ts';
import { type ActionContext, defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
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

const FILE_SYSTEMS = DISK_FILE_SYSTEMS;
const MOUNT_ROOTS = ['/mnt/', '/media/', '/srv/'];
/** Mount points the running system needs, refused even off the root disk. */
const SYSTEM_MOUNTS = ['/', '/boot', '/boot/efi', '/usr', '/var', '/etc', '/home', '/opt', '/tmp', '[SWAP]'];

const invalid = (lang: Lang, field: string, text: Localized) => {
  const msg = text[lang];
  return new ApiError(Code.invalid, msg, { errors: [{ field, msg }] });
};
const conflict = (lang: Lang, text: Localized) => new ApiError(Code.conflict, text[lang]);

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
    throw invalid(lang, 'device', texts('disks.deviceMustDevicePath'));
  const { devices, source } = await readBlockDevices(diskHost());
  if (source !== 'lsblk')
    throw new ApiError(Code.unavailable, say(lang, 'disks.lsblkNotAvailableHost'), { service: 'lsblk' });
  const found = find(devices, raw);
  if (!found) throw new ApiError(Code.notFound, say(lang, 'disks.lsblkListsNoDisk', { raw }));
  if (all(found.disk).some((d) => d.mountpoints.includes('/')))
    throw conflict(lang, texts('disks.systemDiskHoldsCannot', { raw, path: found.disk.path }));
  const used = all(found.device)
    .flatMap((d) => d.mountpoints)
    .filter((m) => SYSTEM_MOUNTS.includes(m));
  if (used.length) throw conflict(lang, texts('disks.holdsSystemNeeds', { raw, used: listText(used) }));
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
    throw new ApiError(Code.unavailable, say(lang, 'disks.notAppliedHostIgs', { line }), { command: line });
  const bin = await findBinary(program);
  if (!bin)
    throw new ApiError(Code.unavailable, say(lang, 'disks.notInstalledHost', { program }), {
      service: program,
    });
  const r = await runFile(bin, args, { timeoutMs });
  const output = `${r.stdout}${r.stderr}`.trim().slice(0, 2000);
  if (r.code !== 0)
    throw new ApiError(
      Code.unavailable,
      say(lang, 'common.commandFailed', {
        command: line,
        why: r.timedOut
          ? texts('common.timedOut')
          : output || r.error || texts('common.exitCode', { code: r.code }),
      }),
      { command: line, output },
    );
  return { command: line, output };
}

export const diskMountActions = [
  defineCallAction(diskCalls.mount, {
    summary:
      'Mounts an unmounted device lsblk lists (device, not on the system disk) at a folder under /mnt, /media or /srv (mountpoint); only with IGS_APPLY=1',
    access: 'module',
    async handler(ctx, body) {
      const { lang } = ctx;
      const mp = typeof body.mountpoint === 'string' ? body.mountpoint.trim().replace(/\/+$/, '') : '';
      if (
        !path.isAbsolute(mp) ||
        path.normalize(mp) !== mp ||
        !MOUNT_ROOTS.some((root) => mp.startsWith(root) && mp.length > root.length) ||
        !/^[A-Za-z0-9._/-]+$/.test(mp)
      )
        throw invalid(lang, 'mountpoint', texts('disks.mountpointMustFolderUnder'));
      const { device, disk } = await resolve(ctx, body);
      if (device.children.length)
        throw conflict(lang, texts('disks.partitionsMountOneThem', { path: device.path }));
      if (device.mountpoints.length)
        throw conflict(
          lang,
          texts('disks.alreadyMounted', { path: device.path, mountpoints: listText(device.mountpoints) }),
        );
      if (!device.fstype) throw conflict(lang, texts('disks.noFileSystemFormat', { path: device.path }));
      const { devices } = await readBlockDevices(diskHost());
      const holder = devices.flatMap(all).find((d) => d.mountpoints.includes(mp));
      if (holder) throw conflict(lang, texts('disks.alreadyUsed', { mp, path: holder.path }));
      // The folder is made only when the mount is really going to run.
      if (applyEnabled()) await fs.mkdir(mp, { recursive: true });
      const out = await apply(ctx, 'mount', [device.path, mp], 60_000);
      ctx.logDetail = `mount ${device.path} (${disk.path}) at ${mp}`;
      return { device: device.path, mountpoint: mp, ...out };
    },
  }),

  defineCallAction(diskCalls.unmount, {
    summary: 'Unmounts a mounted device lsblk lists (device, not on the system disk); only with IGS_APPLY=1',
    access: 'module',
    async handler(ctx, body) {
      const { lang } = ctx;
      const { device } = await resolve(ctx, body);
      if (!device.mountpoints.length) throw conflict(lang, texts('disks.notMounted', { path: device.path }));
      const out = await apply(ctx, 'umount', [device.path], 60_000);
      ctx.logDetail = `unmount ${device.path} from ${device.mountpoints.join(', ')}`;
      return { device: device.path, mountpoints: device.mountpoints, ...out };
    },
  }),

  defineCallAction(diskCalls.format, {
    summary: `Formats an unmounted device without partitions (device, fstype ${FILE_SYSTEMS.join('|')}, label, confirm = the device again); never the system disk; only with IGS_APPLY=1`,
    access: 'module',
    async handler(ctx, body) {
      const { lang } = ctx;
      const fstype = body.fstype;
      if (typeof fstype !== 'string' || !(FILE_SYSTEMS as readonly string[]).includes(fstype))
        throw invalid(lang, 'fstype', texts('disks.fstypeMustOne', { options: listText(FILE_SYSTEMS) }));
      const label = typeof body.label === 'string' ? body.label.trim() : '';
      if (label && !/^[A-Za-z0-9_-]{1,11}$/.test(label))
        throw invalid(lang, 'label', texts('disks.labelLettersDigits'));
      if (body.confirm !== body.device)
        throw invalid(lang, 'confirm', texts('disks.confirmMustRepeatDevice'));
      const { device } = await resolve(ctx, body);
      const mounted = all(device).filter((d) => d.mountpoints.length);
      if (mounted.length)
        throw conflict(
          lang,
          texts('disks.mountedUnmountFirst', { map: listText(mounted.map((d) => d.path)) }),
        );
      if (device.children.length)
        throw conflict(lang, texts('disks.partitionsFormatOneThem', { path: device.path }));
      const args =
        fstype === 'vfat'
          ? [...(label ? ['-n', label.toUpperCase()] : []), device.path]
          : [fstype === 'xfs' ? '-f' : '-F', ...(label ? ['-L', label] : []), device.path];
      const out = await apply(ctx, `mkfs.${fstype}`, args, 15 * 60_000);
      ctx.logDetail = `format ${device.path} as ${fstype}${label ? ` (${label})` : ''}`;
      return { device: device.path, fstype: fstype as (typeof FILE_SYSTEMS)[number], label, ...out };
    },
  }),
];
