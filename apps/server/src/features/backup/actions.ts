import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, cronError, Paths, say } from '@igs/contract';
import { z } from 'zod';
import { offerFileDownload } from '../../platform/exports/downloads.ts';
import { defineAction, type SignedInContext } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { claimUpload } from '../../platform/uploads/claim.ts';
import { isAdministrator } from '../authority/index.ts';
import { BackupError, backupsDir, DEFAULT_RESTORE_LIMITS, PARTS, type RestoreLimits } from './archive.ts';
import {
  type BackupRecord,
  backupSettings,
  createBackup,
  deleteBackups,
  findBackup,
  nextAutoBackup,
  restoreArchive,
  saveBackupSettings,
  storedPath,
  toRecord,
} from './backups.ts';

const PATH = Paths.backupRestore;
const TYPES = ['manual', 'auto', 'pre_upgrade', 'pre_restore'] as const;

const id = z.coerce.number({ error: 'id is required' }).int().positive('id is required');
const passphrase = z.string().max(256).optional();
/** Restore an archive this gateway did not make (encrypted, with its passphrase): an explicit choice. */
const acceptForeign = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .optional()
  .transform((v) => v === 1 || v === '1' || v === true);

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
  defineAction({
    path: PATH,
    method: 'list',
    summary: 'Stored backups, newest first; filter.type narrows to one type',
    access: 'module',
    input: z.object({
      method: z.literal('list'),
      page: z.coerce.number().int().min(1).optional().default(1),
      limit: z.coerce.number().int().min(1).max(200).optional().default(20),
      filter: z
        .object({ type: z.enum(TYPES).optional() })
        .optional()
        .default({}),
    }),
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
  defineAction({
    path: PATH,
    method: 'create',
    summary:
      'Makes a backup now (type manual): the database, generated configs and uploads; optionally encrypted',
    access: 'module',
    input: z.object({
      method: z.literal('create'),
      note: z.string().trim().max(255, 'note: at most 255 characters').optional().default(''),
      contents: z
        .array(z.enum(PARTS), { error: `contents must be a list of: ${PARTS.join(', ')}` })
        .min(1, 'contents: choose at least one part')
        .optional(),
      passphrase: z
        .string()
        .max(256)
        .refine((p) => p === '' || p.length >= 8, 'passphrase: at least 8 characters')
        .optional(),
    }),
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
  defineAction({
    path: PATH,
    method: 'export',
    summary: 'A single-use download URL of a stored backup (valid 10 minutes)',
    access: 'module',
    input: z.object({ method: z.literal('export'), id }),
    async handler(ctx, input) {
      const b = await findBackup(ctx.app, input.id);
      ctx.logDetail = b.file_name;
      return offerFileDownload(ctx.app, ctx.caller.user.id, b.file_name, storedPath(ctx.app, b.stored));
    },
  }),
  defineAction({
    path: PATH,
    method: 'del',
    summary: 'Deletes stored backups and their files',
    access: 'module',
    input: z.object({
      method: z.literal('del'),
      ids: z
        .array(z.coerce.number().int().positive(), { error: 'ids is required' })
        .min(1, 'ids is required')
        .max(500, 'ids: at most 500 at a time'),
    }),
    async handler(ctx, input) {
      return { deleted: await deleteBackups(ctx.app, input.ids) };
    },
  }),
  defineAction({
    path: PATH,
    method: 'restore',
    summary:
      'Restores a stored backup (administrators only): authenticated as made by this gateway (or, with accept_foreign, an encrypted one from elsewhere with its passphrase), checked completely first within bounded work, then a pre_restore backup, then all or nothing',
    access: 'module',
    input: z.object({ method: z.literal('restore'), id, passphrase, accept_foreign: acceptForeign }),
    async handler(ctx, input) {
      await requireAdministrator(ctx);
      const b = await findBackup(ctx.app, input.id);
      ctx.logDetail = b.file_name;
      return speaking(ctx, () =>
        restoreArchive(ctx.app, storedPath(ctx.app, b.stored), {
          passphrase: input.passphrase || undefined,
          // Made here: its recorded hash vouches for a backup older than archive signatures.
          recordedSha256: b.sha256,
          acceptForeign: input.accept_foreign,
          limits: restoreLimits(ctx),
          by: ctx.caller.user.username,
          session: sessionOf(ctx),
        }),
      );
    },
  }),
  defineAction({
    path: PATH,
    method: 'import',
    summary:
      'Restores an uploaded backup file (administrators only; file = upload id from common/upload, kind firmware); same checks as restore',
    access: 'module',
    input: z.object({
      method: z.literal('import'),
      file: z.string({ error: 'file is required' }).min(1, 'file is required'),
      passphrase,
      accept_foreign: acceptForeign,
    }),
    async handler(ctx, input) {
      await requireAdministrator(ctx);
      // Out of the uploads folder first: a restore replaces that folder.
      const dest = path.join(backupsDir(ctx.app), `.upload-${randomUUID()}`);
      const up = await claimUpload(ctx.app, input.file, ctx.caller.user.id, dest);
      ctx.logDetail = up.name;
      try {
        return await speaking(ctx, () =>
          restoreArchive(ctx.app, dest, {
            passphrase: input.passphrase || undefined,
            acceptForeign: input.accept_foreign,
            limits: restoreLimits(ctx),
            by: ctx.caller.user.username,
            session: sessionOf(ctx),
          }),
        );
      } finally {
        await fs.rm(dest, { force: true });
      }
    },
  }),
  defineAction({
    path: PATH,
    method: 'config',
    summary: 'Backup settings: auto_cron (automatic backups) and keep_count (automatic backups kept)',
    access: 'module',
    input: z.object({ method: z.literal('config') }),
    async handler({ app }) {
      const s = await backupSettings(app);
      const next = await nextAutoBackup(app);
      return { ...s, next_run_at: next ? formatDateTime(next) : '' };
    },
  }),
  defineAction({
    path: PATH,
    method: 'config_form',
    summary: 'Saves the backup settings',
    access: 'module',
    input: z.object({
      method: z.literal('config_form'),
      auto_cron: z.string().trim().max(100).optional().default(''),
      keep_count: z.coerce
        .number({ error: 'keep_count must be a number' })
        .int('keep_count must be a whole number')
        .min(1, 'keep_count must be between 1 and 365')
        .max(365, 'keep_count must be between 1 and 365'),
    }),
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
