import { z } from 'zod';
import { Paths } from '../paths.ts';
import { defineCall, paging } from './define.ts';

/** authorise/Upgrade (`authorise/upgrade`): the running version, signed packages, apply and rollback. */

const P = Paths.upgrade;
const id = z.coerce.number({ error: 'id is required' }).int().positive('id is required');

export const PackageState = z.enum(['uploaded', 'verified', 'applied', 'failed']);
export type PackageState = z.infer<typeof PackageState>;

export const PackageRow = z.object({
  id: z.number(),
  file_name: z.string(),
  version: z.string(),
  build: z.string(),
  size: z.number(),
  sha256: z.string(),
  signature: z.enum(['valid', 'invalid']),
  changelog: z.string(),
  state: PackageState,
  message: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  /** Empty until applied. */
  applied_at: z.string(),
  file_count: z.number(),
  /** Newer than the running version. */
  newer: z.boolean(),
  /** In the detail of one package and the reply of `add`. */
  files: z.array(z.object({ path: z.string(), size: z.number(), sha256: z.string() })).optional(),
});
export type PackageRow = z.infer<typeof PackageRow>;

export const UpgradeInfo = z.object({
  version: z.string(),
  build: z.string(),
  node: z.string(),
  apply_enabled: z.boolean(),
  current_release: z.string(),
  previous_release: z.string(),
});
export type UpgradeInfo = z.infer<typeof UpgradeInfo>;

export const upgradeCalls = {
  /** Without id: the running version (UpgradeInfo); with id: that package with its files. */
  detail: defineCall({
    path: P,
    method: 'detail',
    input: z.object({ id: id.optional() }),
    output: z.union([UpgradeInfo, PackageRow]),
  }),
  list: defineCall({
    path: P,
    method: 'list',
    input: z.object({
      ...paging,
    }),
    output: z.object({ total: z.number(), list: z.array(PackageRow) }),
  }),
  /** `file`: the upload id from common/upload (kind firmware). */
  add: defineCall({
    path: P,
    method: 'add',
    input: z.object({ file: z.string({ error: 'file is required' }).min(1, 'file is required') }),
    output: PackageRow,
  }),
  verify: defineCall({ path: P, method: 'verify', input: z.object({ id }), output: PackageRow }),
  apply: defineCall({
    path: P,
    method: 'apply',
    input: z.object({ id }),
    output: PackageRow.extend({ pre_upgrade_backup_id: z.number(), restarting: z.boolean() }),
  }),
  rollback: defineCall({
    path: P,
    method: 'rollback',
    input: z.object({}),
    output: z.object({ current: z.string(), previous: z.string().nullable(), restarting: z.boolean() }),
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
};
