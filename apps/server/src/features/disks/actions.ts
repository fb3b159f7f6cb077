import { Code, type Lang, type Localized, say, texts } from '@igs/contract';
import { diskCalls } from '@igs/contract/calls';
import { defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { getSettings, type SettingKey, setSetting } from '../../platform/settings/settings.ts';
import { type FolderRefusal, refuseDataFolder } from './data-paths.ts';
import { DISK_ROLES, deviceKey, listDisks } from './disks.ts';
import { diskMountActions } from './mount-actions.ts';

export const DISK_PATH = diskCalls.list.path;

function invalid(lang: Lang, field: string, text: Localized): ApiError {
  const msg = text[lang];
  return new ApiError(Code.invalid, msg, { errors: [{ field, msg }] });
}

/** A role folder outside the mounted data disks: says where it may go instead. */
function folderRefused(lang: Lang, field: string, folder: string, r: FolderRefusal): ApiError {
  const where = r.mounts.length ? r.mounts.join(', ') : '';
  if (r.reason === 'system')
    return invalid(
      lang,
      field,
      where
        ? texts('disks.systemFolderUnder', { field, folder, where })
        : texts('disks.systemFolder', { field, folder }),
    );
  return invalid(
    lang,
    field,
    where
      ? texts('disks.notOnDataDiskUnder', { field, folder, where })
      : texts('disks.notOnDataDiskNone', { field, folder }),
  );
}

const DEVICE_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** An absolute folder path without `..` or control characters, or empty for "not set". */
function isFolder(p: unknown): p is string {
  return (
    typeof p === 'string' &&
    p.length <= 255 &&
    (p === '' ||
      (p.startsWith('/') && !p.split('/').includes('..') && ![...p].some((c) => c.charCodeAt(0) < 32)))
  );
}

function intIn(v: unknown, min: number, max: number): number | null {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** `system/disk_set` (system/Disk): disks are read from the host; only the role is stored. */
export const diskActions = [
  defineCallAction(diskCalls.list, {
    summary:
      'Disks with partitions, mounts, usage (warning at cleanup_pct), role and SMART health (when smartctl is installed)',
    access: 'module',
    async handler({ app, lang }) {
      return listDisks(app, lang);
    },
  }),

  defineCallAction(diskCalls.edit, {
    summary: "Sets a disk's role (media, record, backup or none); the system disk's role cannot be changed",
    access: 'module',
    async handler(ctx, input) {
      const { app, lang } = ctx;
      if (typeof input.name !== 'string' || !DEVICE_NAME.test(input.name)) {
        throw invalid(lang, 'name', texts('disks.nameMustDeviceName'));
      }
      if (input.role === 'system') {
        throw invalid(lang, 'role', texts('disks.systemRoleBelongsDisk'));
      }
      if (typeof input.role !== 'string' || !(DISK_ROLES as readonly string[]).includes(input.role)) {
        throw invalid(
          lang,
          'role',
          texts('disks.roleOneOf', { roles: { en: DISK_ROLES.join(', '), zh_CN: DISK_ROLES.join('、') } }),
        );
      }
      const role = input.role as (typeof DISK_ROLES)[number];
      const { list } = await listDisks(app, lang);
      const disk = list.find((d) => d.name === input.name);
      if (!disk)
        throw new ApiError(Code.notFound, say(lang, 'disks.noDiskNamed', { name: String(input.name) }));
      if (disk.system) throw invalid(lang, 'role', texts('disks.systemDiskSRole'));
      const key = deviceKey({ name: disk.name, serial: disk.serial || null });
      const now = app.now();
      await app.db.kysely
        .insertInto('disk_roles')
        .values({ device_key: key, name: disk.name, role, updated_at: now })
        .onConflict((oc) => oc.column('device_key').doUpdateSet({ role, name: disk.name, updated_at: now }))
        .execute();
      ctx.logDetail = `${disk.name}: role ${disk.role} → ${role}`;
      return { name: disk.name, role };
    },
  }),

  defineCallAction(diskCalls.config, {
    summary: 'Disk settings: media_path, record_path, cleanup_pct (90), retention_days (30)',
    access: 'module',
    async handler({ app }) {
      const s = await getSettings(app);
      return {
        media_path: s.disk_media_path,
        record_path: s.disk_record_path,
        cleanup_pct: Number(s.disk_cleanup_pct),
        retention_days: Number(s.disk_retention_days),
      };
    },
  }),

  defineCallAction(diskCalls.configForm, {
    summary:
      'Saves the disk settings; omitted fields are left unchanged. media_path and record_path must lie on a mounted data disk (not the system disk, / or /etc)',
    access: 'module',
    async handler(ctx, input) {
      const { lang } = ctx;
      const changes: [SettingKey, string][] = [];
      for (const [field, key] of [
        ['media_path', 'disk_media_path'],
        ['record_path', 'disk_record_path'],
      ] as const) {
        const v = typeof input[field] === 'string' ? input[field].trim() : input[field];
        if (v === undefined) continue;
        if (!isFolder(v)) throw invalid(lang, field, texts('disks.mustAbsolutePathWithout', { field }));
        const refused = v === '' ? null : await refuseDataFolder(v);
        if (refused) throw folderRefused(lang, field, v, refused);
        changes.push([key, v]);
      }
      for (const [field, key, min, max] of [
        ['cleanup_pct', 'disk_cleanup_pct', 50, 99],
        ['retention_days', 'disk_retention_days', 1, 3650],
      ] as const) {
        if (input[field] === undefined || input[field] === '') continue;
        const n = intIn(input[field], min, max);
        if (n === null) throw invalid(lang, field, texts('disks.intRange', { field, min, max }));
        changes.push([key, String(n)]);
      }
      const done: string[] = [];
      for (const [key, value] of changes) {
        await setSetting(ctx.app, key, value);
        done.push(`${key}=${value}`);
      }
      ctx.logDetail = done.join(', ');
      return {};
    },
  }),

  // mount, unmount, format: real changes of the host, behind their own guards.
  ...diskMountActions,
];
