import { randomUUID } from 'node:crypto';
import { Code, cronError, say } from '@igs/contract';
import { backupCalls } from '@igs/contract/calls';
import { offerStoredDownload } from '../../platform/exports/downloads.ts';
import { withLocalFile } from '../../platform/files/index.ts';
import { defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { claimUpload } from '../../platform/uploads/claim.ts';
import { isAdministrator } from '../authority/index.ts';
import { BackupError, DEFAULT_RESTORE_LIMITS, type RestoreLimits } from './archive.ts';
import {
  type BackupRecord,
  backupKey,
  backupSettings,
  createBackup,
  deleteBackups,
  findBackup,
  nextAutoBackup,
  restoreArchive,
  saveBackupSettings,
  toRecord,
} from './backups.ts';

/**
 * A restore replaces every account, role and permission, so only an administrator may run one,
 * whatever buttons a role was given (authority refuses to grant them to other roles too).
 */
async function requireAdministrator(ctx: SignedInContext): Promise<void> {
  if (await isAdministrator(ctx.app.db.kysely, ctx.caller.user.id)) return;
  throw new ApiError(Code.forbidden, say(ctx.lang, 'backup.onlyAdministratorCanRestore'));
}

/** The limits of a restore's work: the defaults, or what the server was configured with. */
function restoreLimits(ctx: SignedInContext): RestoreLimits {
  return { ...DEFAULT_RESTORE_LIMITS, ...ctx.app.config.restoreLimits };
}

/** Turns a refusal of the backup code into the envelope, in the caller's language. */
async function speaking<T>(ctx: SignedInContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof BackupError)
      throw new ApiError(Code.invalid, e.text[ctx.lang], {
        errors: [{ field: 'file', msg: e.text[ctx.lang] }],
        ...(e.reason ? { reason: e.reason } : {}),
      });
    throw e;
  }
}

function view(r: BackupRecord) {
  return { ...r, created_at: formatDateTime(r.created_at) };
}

/** `system/backup_restore` (DOMAIN system/BackupRestore). */
export const backupActions = [
  defineCallAction(backupCalls.list, {
    summary: 'Stored backups, newest first; filter.type narrows to one type',
    access: 'module',
    async handler({ app }, input) {
      let q = app.db.kysely.selectFrom('backups');
      if (input.filter.type) q = q.where('type', '=', input.filter.type);
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(input.limit)
        .offset((input.page - 1) * input.limit)
        .execute();
      return {
        total: Number(total.n),
        list: rows.map((r) => view(toRecord(r))),
      };
    },
  }),
  defineCallAction(backupCalls.create, {
    summary:
      'Makes a backup now (type manual): the database, generated configs and uploads; optionally encrypted',
    access: 'module',
    async handler(ctx, input) {
      const r = await createBackup(ctx.app, {
        type: 'manual',
        note: input.note,
        by: ctx.caller.user.username,
        ...(input.contents ? { contents: input.contents } : {}),
        ...(input.passphrase ? { passphrase: input.passphrase } : {}),
      });
      ctx.logDetail = `${r.file_name} (${r.contents.join(', ')}${r.encrypted ? ', encrypted' : ''})`;
      return view(r);
    },
  }),
  defineCallAction(backupCalls.export, {
    summary: 'A single-use download URL of a stored backup (valid 10 minutes)',
    access: 'module',
    async handler(ctx, input) {
      const b = await findBackup(ctx.app, input.id);
      ctx.logDetail = b.file_name;
      // The archive stays where it is; the link names its key in the file store.
      return offerStoredDownload(ctx.app, ctx.caller.user.id, b.file_name, backupKey(b.stored));
    },
  }),
  defineCallAction(backupCalls.del, {
    summary: 'Deletes stored backups and their files',
    access: 'module',
    async handler(ctx, input) {
      return { deleted: await deleteBackups(ctx.app, input.ids) };
    },
  }),
  defineCallAction(backupCalls.restore, {
    summary:
      'Restores a stored backup (administrators only): authenticated as made by this gateway (or, with accept_foreign, an encrypted one from elsewhere with its passphrase), checked completely first within bounded work, then a pre_restore backup, then all or nothing',
    access: 'module',
    async handler(ctx, input) {
      await requireAdministrator(ctx);
      const b = await findBackup(ctx.app, input.id);
      ctx.logDetail = b.file_name;
      return speaking(ctx, () =>
        // Read by position: a real file (the store's own, or a temporary copy) for the restore.
        withLocalFile(ctx.app.files, backupKey(b.stored), (file) =>
          restoreArchive(ctx.app, file, {
            passphrase: input.passphrase || undefined,
            // Made here: its recorded hash vouches for a backup older than archive signatures.
            recordedSha256: b.sha256,
            acceptForeign: input.accept_foreign,
            limits: restoreLimits(ctx),
            by: ctx.caller.user.username,
            session: sessionOf(ctx),
          }),
        ),
      );
    },
  }),
  defineCallAction(backupCalls.import, {
    summary:
      'Restores an uploaded backup file (administrators only; file = upload id from common/upload, kind firmware); same checks as restore',
    access: 'module',
    async handler(ctx, input) {
      await requireAdministrator(ctx);
      // Out of the uploads first: a restore replaces them. A dot-name, never listed as a backup.
      const dest = `backups/.upload-${randomUUID()}`;
      const up = await claimUpload(ctx.app, input.file, ctx.caller.user.id, dest);
      ctx.logDetail = up.name;
      try {
        return await speaking(ctx, () =>
          withLocalFile(ctx.app.files, dest, (file) =>
            restoreArchive(ctx.app, file, {
              passphrase: input.passphrase || undefined,
              acceptForeign: input.accept_foreign,
              limits: restoreLimits(ctx),
              by: ctx.caller.user.username,
              session: sessionOf(ctx),
            }),
          ),
        );
      } finally {
        await ctx.app.files.delete(dest);
      }
    },
  }),
  defineCallAction(backupCalls.config, {
    summary: 'Backup settings: auto_cron (automatic backups) and keep_count (automatic backups kept)',
    access: 'module',
    async handler({ app }) {
      const s = await backupSettings(app);
      const next = await nextAutoBackup(app);
      return { ...s, next_run_at: next ? formatDateTime(next) : '' };
    },
  }),
  defineCallAction(backupCalls.config_form, {
    summary: 'Saves the backup settings',
    access: 'module',
    async handler(ctx, input) {
      const why = input.auto_cron ? cronError(input.auto_cron, ctx.lang) : null;
      if (why) throw invalidField('auto_cron', why);
      await saveBackupSettings(ctx.app, { auto_cron: input.auto_cron, keep_count: input.keep_count });
      return {};
    },
  }),
];

function sessionOf(ctx: SignedInContext) {
  const s = ctx.caller?.session;
  return s ? { id: s.id, userId: s.user_id, username: ctx.caller.user.username } : undefined;
}
