import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, type Lang, say, texts } from '@igs/contract';
import { upgradeCalls } from '@igs/contract/calls';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import type { UpgradePackagesTable } from '../../platform/db/schema.ts';
import { withLocalFile } from '../../platform/files/index.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { publicKeyOf } from '../../platform/licence/licence.ts';
import { claimUpload } from '../../platform/uploads/claim.ts';
import { BUILD, VERSION } from '../../platform/version.ts';
import { createBackup } from '../backup/index.ts';
import { PackageRefusal, type VerifiedPackage, verifyPackage } from './package.ts';
import { applyEnabled, installRelease, releaseLinks, rollbackRelease, scheduleRestart } from './releases.ts';

function upgradesDir(app: AppContext): string {
  return path.join(app.config.dataDir, 'upgrades');
}

/** An uploaded package's key in the file store (platform/files), shared by every instance. */
function storedKey(stored: string): string {
  if (!/^[0-9a-f-]{36}\.tar\.gz$/.test(stored)) throw new Error(`bad stored package name ${stored}`);
  return `upgrades/${stored}`;
}

/** Verifying reads the archive by position: it is a real file (a temporary copy) for that step. */
async function verifyStored(app: AppContext, key: string): Promise<VerifiedPackage> {
  const work = path.join(upgradesDir(app), `.verify-${randomUUID()}`);
  try {
    return await withLocalFile(app.files, key, (file) => verifyPackage(file, publicKeyOf(app), work));
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

function refusal(e: PackageRefusal, lang: Lang): ApiError {
  return new ApiError(Code.invalid, e.text[lang], { errors: [{ field: 'file', msg: e.text[lang] }] });
}

/** Numeric comparison of x.y.z versions (pre-release tags ignored). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[-+]/)[0]!.split('.').map(Number);
  const pb = b.split(/[-+]/)[0]!.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

type Row = Selectable<UpgradePackagesTable>;

function view(r: Row, withFiles = false) {
  const files = JSON.parse(String(r.files ?? '[]')) as { path: string; size: number; sha256: string }[];
  return {
    id: Number(r.id),
    file_name: String(r.file_name),
    version: String(r.version),
    build: String(r.build),
    size: Number(r.size),
    sha256: String(r.sha256),
    signature: r.signature,
    changelog: String(r.changelog),
    state: r.state,
    message: String(r.message),
    created_by: String(r.created_by),
    created_at: formatDateTime(Number(r.created_at)),
    applied_at: r.applied_at === null ? '' : formatDateTime(Number(r.applied_at)),
    file_count: files.length,
    newer: compareVersions(String(r.version), VERSION) > 0,
    ...(withFiles ? { files } : {}),
  };
}

async function findPackage(app: AppContext, id: number): Promise<Row> {
  const row = await app.db.kysely
    .selectFrom('upgrade_packages')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.notFound, texts('upgrade.packageMissing', { id }));
  return row;
}

/** `authorise/upgrade` (DOMAIN authorise/Upgrade). */
export const upgradeActions = [
  defineCallAction(upgradeCalls.detail, {
    summary:
      'Without id: the running version and build, releases and whether applying is enabled. With id: a package and its files',
    access: 'module',
    async handler({ app }, input) {
      if (input.id) return view(await findPackage(app, input.id), true);
      const links = await releaseLinks(app);
      return {
        version: VERSION,
        build: BUILD,
        node: process.version,
        apply_enabled: applyEnabled(),
        current_release: links.current ?? '',
        previous_release: links.previous ?? '',
      };
    },
  }),
  defineCallAction(upgradeCalls.list, {
    summary: 'Uploaded upgrade packages, newest first',
    access: 'module',
    async handler({ app }, input) {
      const total = await app.db.kysely
        .selectFrom('upgrade_packages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await app.db.kysely
        .selectFrom('upgrade_packages')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(input.limit)
        .offset((input.page - 1) * input.limit)
        .execute();
      return { total: Number(total.n), list: rows.map((r) => view(r)) };
    },
  }),
  defineCallAction(upgradeCalls.add, {
    summary:
      'Takes an uploaded package (file = upload id from common/upload, kind firmware) and verifies it; unsigned or altered packages are refused and not kept',
    access: 'module',
    async handler(ctx, input) {
      const { app, lang } = ctx;
      const stored = `${randomUUID()}.tar.gz`;
      const file = storedKey(stored);
      const up = await claimUpload(app, input.file, ctx.caller.user.id, file);
      ctx.logDetail = up.name;
      const now = app.now();
      const row = await app.db.kysely
        .insertInto('upgrade_packages')
        .values({
          file_name: up.name.slice(0, 255),
          stored,
          version: '',
          size: up.size,
          sha256: up.sha256,
          signature: 'invalid',
          state: 'uploaded',
          created_by: ctx.caller.user.username,
          applied_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let checked: VerifiedPackage;
      try {
        checked = await verifyStored(app, file);
      } catch (e) {
        await app.db.kysely.deleteFrom('upgrade_packages').where('id', '=', row.id).execute();
        await app.files.delete(file);
        if (e instanceof PackageRefusal) throw refusal(e, lang);
        throw e;
      }
      const m = checked.manifest;
      await app.db.kysely
        .updateTable('upgrade_packages')
        .set({
          version: m.version,
          build: m.build,
          size: checked.size,
          sha256: checked.sha256,
          signature: 'valid',
          changelog: m.changelog,
          files: JSON.stringify(m.files),
          state: 'verified',
          message: say(lang, 'upgrade.signatureChecksumsVerified'),
          updated_at: app.now(),
        })
        .where('id', '=', row.id)
        .execute();
      ctx.logDetail = `${up.name}: version ${m.version}`;
      return view(await findPackage(app, row.id), true);
    },
  }),
  defineCallAction(upgradeCalls.verify, {
    summary: 'Checks a stored package again (signature, checksums, file list)',
    access: 'module',
    async handler(ctx, input) {
      const { app, lang } = ctx;
      const p = await findPackage(app, input.id);
      ctx.logDetail = `${p.file_name} ${p.version}`;
      try {
        await verifyStored(app, storedKey(p.stored));
      } catch (e) {
        if (!(e instanceof PackageRefusal)) throw e;
        await app.db.kysely
          .updateTable('upgrade_packages')
          .set({
            signature: 'invalid',
            state: 'failed',
            message: e.text[lang].slice(0, 512),
            updated_at: app.now(),
          })
          .where('id', '=', p.id)
          .execute();
        throw refusal(e, lang);
      }
      await app.db.kysely
        .updateTable('upgrade_packages')
        .set({
          signature: 'valid',
          state: p.state === 'applied' ? 'applied' : 'verified',
          message: say(lang, 'upgrade.signatureChecksumsVerified'),
          updated_at: app.now(),
        })
        .where('id', '=', p.id)
        .execute();
      return view(await findPackage(app, p.id));
    },
  }),
  defineCallAction(upgradeCalls.apply, {
    summary:
      'Installs a verified package (only where IGS_APPLY=1): pre_upgrade backup, then releases/<version> becomes current',
    access: 'module',
    async handler(ctx, input) {
      const { app, lang } = ctx;
      const p = await findPackage(app, input.id);
      ctx.logDetail = `${p.file_name} ${p.version}`;
      if (p.state !== 'verified' && p.state !== 'applied')
        throw new ApiError(
          Code.conflict,
          say(lang, 'upgrade.packageVerifyFirst', { version: p.version, state: p.state }),
        );
      if (!applyEnabled())
        throw new ApiError(
          Code.unavailable,
          say(lang, 'upgrade.packageVerifiedNotApplied', { version: p.version }),
          { state: 'verified' },
        );
      const file = storedKey(p.stored);
      let checked: VerifiedPackage;
      try {
        checked = await verifyStored(app, file);
      } catch (e) {
        if (!(e instanceof PackageRefusal)) throw e;
        await app.db.kysely
          .updateTable('upgrade_packages')
          .set({
            signature: 'invalid',
            state: 'failed',
            message: e.text[lang].slice(0, 512),
            updated_at: app.now(),
          })
          .where('id', '=', p.id)
          .execute();
        throw refusal(e, lang);
      }
      const backup = await createBackup(app, {
        type: 'pre_upgrade',
        note: `before upgrade to ${p.version}`,
        by: ctx.caller.user.username,
      });
      try {
        await withLocalFile(app.files, file, (local) => installRelease(app, local, checked.manifest));
      } catch (e) {
        const why = (e as Error).message;
        await app.db.kysely
          .updateTable('upgrade_packages')
          .set({ state: 'failed', message: `apply failed: ${why}`.slice(0, 512), updated_at: app.now() })
          .where('id', '=', p.id)
          .execute();
        throw new ApiError(Code.unexpected, say(lang, 'upgrade.applyingFailed', { version: p.version, why }));
      }
      const restarting = scheduleRestart(app);
      const message = restarting
        ? say(lang, 'upgrade.releaseCurrentServiceRestarting', { version: p.version })
        : say(lang, 'upgrade.releaseCurrentRestartService', { version: p.version });
      await app.db.kysely
        .updateTable('upgrade_packages')
        .set({ state: 'verified', updated_at: app.now() })
        .where('state', '=', 'applied')
        .execute();
      await app.db.kysely
        .updateTable('upgrade_packages')
        .set({ state: 'applied', applied_at: app.now(), message, updated_at: app.now() })
        .where('id', '=', p.id)
        .execute();
      ctx.msg = message;
      return { ...view(await findPackage(app, p.id)), pre_upgrade_backup_id: backup.id, restarting };
    },
  }),
  defineCallAction(upgradeCalls.rollback, {
    summary: 'Makes the previous release current again (only where IGS_APPLY=1)',
    access: 'module',
    async handler(ctx) {
      const { app, lang } = ctx;
      if (!applyEnabled()) throw new ApiError(Code.unavailable, say(lang, 'upgrade.rollingBackNeedsIgs'));
      const { previous } = await releaseLinks(app);
      if (!previous) throw new ApiError(Code.conflict, say(lang, 'upgrade.noPreviousReleaseRoll'));
      const r = await rollbackRelease(app);
      await app.db.kysely
        .updateTable('upgrade_packages')
        .set({ state: 'verified', updated_at: app.now() })
        .where('state', '=', 'applied')
        .execute();
      await app.db.kysely
        .updateTable('upgrade_packages')
        .set({ state: 'applied', updated_at: app.now() })
        .where('version', '=', r.current)
        .where('signature', '=', 'valid')
        .execute();
      ctx.logDetail = `${r.previous ?? ''} -> ${r.current}`;
      const restarting = scheduleRestart(app);
      ctx.msg = restarting
        ? say(lang, 'upgrade.releaseCurrentAgainService', { current: r.current })
        : say(lang, 'upgrade.releaseCurrentAgainRestart', { current: r.current });
      return { ...r, restarting };
    },
  }),
  defineCallAction(upgradeCalls.del, {
    summary: 'Deletes uploaded packages (installed releases stay)',
    access: 'module',
    async handler({ app }, input) {
      const rows = await app.db.kysely
        .selectFrom('upgrade_packages')
        .select(['id', 'stored'])
        .where('id', 'in', input.ids)
        .execute();
      for (const r of rows) await app.files.delete(storedKey(r.stored));
      if (rows.length)
        await app.db.kysely
          .deleteFrom('upgrade_packages')
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
      return { deleted: rows.length };
    },
  }),
];
