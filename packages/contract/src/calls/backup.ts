import { z } from 'zod';
import { Paths } from '../paths.ts';
import { defineCall, paging } from './define.ts';

/** system/BackupRestore (`system/backup_restore`): stored backups, their restore, the automatic backups. */

const P = Paths.backupRestore;

export const BACKUP_PARTS = ['db', 'configs', 'uploads'] as const;
export const BackupPart = z.enum(BACKUP_PARTS);
export type BackupPart = z.infer<typeof BackupPart>;
export const BACKUP_TYPES = ['manual', 'auto', 'pre_upgrade', 'pre_restore'] as const;
export const BackupType = z.enum(BACKUP_TYPES);
export type BackupType = z.infer<typeof BackupType>;

const id = z.coerce.number({ error: 'id is required' }).int().positive('id is required');
const passphrase = z.string().max(256).optional();
/** Restore an archive this gateway did not make (encrypted, with its passphrase): an explicit choice. */
const acceptForeign = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .optional()
  .transform((v) => v === 1 || v === '1' || v === true);

export const BackupRow = z.object({
  id: z.number(),
  file_name: z.string(),
  type: BackupType,
  size: z.number(),
  sha256: z.string(),
  contents: z.array(BackupPart),
  /** 1 when made with a passphrase. */
  encrypted: z.number(),
  app_version: z.string(),
  schema_version: z.string(),
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type BackupRow = z.infer<typeof BackupRow>;

export const RestoreResult = z.object({
  restored: z.array(BackupPart),
  /** The backup made just before, to undo this restore. */
  pre_restore_id: z.number(),
  tables: z.number(),
  files: z.number(),
  /** Whether the restoring account is still signed in (its account exists in the backup). */
  signed_in: z.boolean(),
  /** `own`, or `foreign` / `altered` when an administrator accepted an archive from elsewhere. */
  origin: z.enum(['own', 'foreign', 'altered']),
  manifest: z.object({
    app_version: z.string(),
    schema_version: z.string(),
    created_at: z.string(),
    type: z.string(),
    note: z.string(),
  }),
});
export type RestoreResult = z.infer<typeof RestoreResult>;

export const BackupSettings = z.object({
  auto_cron: z.string(),
  keep_count: z.number(),
  /** Empty when no automatic backup is scheduled. */
  next_run_at: z.string(),
});
export type BackupSettings = z.infer<typeof BackupSettings>;

export const backupCalls = {
  list: defineCall({
    path: P,
    method: 'list',
    input: z.object({
      ...paging,
      filter: z.object({ type: BackupType.optional() }).optional().default({}),
    }),
    output: z.object({ total: z.number(), list: z.array(BackupRow) }),
  }),
  create: defineCall({
    path: P,
    method: 'create',
    input: z.object({
      note: z.string().trim().max(255, 'note: at most 255 characters').optional().default(''),
      contents: z
        .array(BackupPart, { error: `contents must be a list of: ${BACKUP_PARTS.join(', ')}` })
        .min(1, 'contents: choose at least one part')
        .optional(),
      passphrase: z
        .string()
        .max(256)
        .refine((p) => p === '' || p.length >= 8, 'passphrase: at least 8 characters')
        .optional(),
    }),
    output: BackupRow,
  }),
  /** A single-use download URL of a stored backup (valid 10 minutes). */
  export: defineCall({
    path: P,
    method: 'export',
    input: z.object({ id }),
    output: z.object({ url: z.string(), expires_at: z.string() }),
  }),
  del: defineCall({
    path: P,
    method: 'del',
    input: z.object({
      ids: z
        .array(z.coerce.number().int().positive(), { error: 'ids is required' })
        .min(1, 'ids is required')
        .max(500, 'ids: at most 500 at a time'),
    }),
    output: z.object({ deleted: z.number() }),
  }),
  restore: defineCall({
    path: P,
    method: 'restore',
    input: z.object({ id, passphrase, accept_foreign: acceptForeign }),
    output: RestoreResult,
  }),
  /** `file`: the upload id from common/upload (kind firmware). */
  import: defineCall({
    path: P,
    method: 'import',
    input: z.object({
      file: z.string({ error: 'file is required' }).min(1, 'file is required'),
      passphrase,
      accept_foreign: acceptForeign,
    }),
    output: RestoreResult,
  }),
  config: defineCall({ path: P, method: 'config', input: z.object({}), output: BackupSettings }),
  config_form: defineCall({
    path: P,
    method: 'config_form',
    input: z.object({
      auto_cron: z.string().trim().max(100).optional().default(''),
      keep_count: z.coerce
        .number({ error: 'keep_count must be a number' })
        .int('keep_count must be a whole number')
        .min(1, 'keep_count must be between 1 and 365')
        .max(365, 'keep_count must be between 1 and 365'),
    }),
    output: z.object({}),
  }),
};
