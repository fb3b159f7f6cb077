import { z } from 'zod';
import { SystemAdminPaths } from '../system-admin.ts';
import { defineCall, paging } from './define.ts';
import { FleetOptions } from './fleet.ts';

/**
 * system/ManageSettings: the roles an account may be given (`system/administrator`), and the client
 * addresses blocked after failed sign-ins (`system/web_set`).
 */

export const BlockedAddress = z.object({
  ip: z.string(),
  /** How many times in a row the address was blocked. */
  level: z.number(),
  /** The account last tried from it. */
  username: z.string(),
  locked_at: z.string(),
  blocked_until: z.string(),
  minutes_left: z.number(),
});
export type BlockedAddress = z.infer<typeof BlockedAddress>;

export const lockoutCalls = {
  list: defineCall({
    path: SystemAdminPaths.webSet,
    method: 'lockouts',
    input: z.object({}).loose(),
    output: z.object({ list: z.array(BlockedAddress), total: z.number() }),
  }),
  unlock: defineCall({
    path: SystemAdminPaths.webSet,
    method: 'unlock_address',
    input: z
      .object({ ip: z.string({ error: 'ip is required' }).trim().min(1, 'ip is required').max(64) })
      .loose(),
    output: z.object({ ip: z.string() }),
  }),
};

/** 0 or 1 in a reply. */
const bit = z.union([z.literal(0), z.literal(1)]);
/** 0 or 1 as a form or JSON body sends it. */
const bitInput = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number);

/** An account as system/ManageSettings shows it (never its password). */
export const AccountRecord = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string(),
  phone: z.string(),
  company_name: z.string(),
  role_id: z.number(),
  /** Empty when the role is gone. */
  role_name: z.string(),
  is_operations: bit,
  site_ids: z.array(z.number()),
  /** Every site is granted explicitly; with 0 and no site_ids the account reaches no site. */
  all_sites: bit,
  cid: z.number(),
  enabled: bit,
  weak_psw: bit,
  is_admin: bit,
  /** `YYYY-MM-DD HH:mm:ss`, empty when never. */
  last_login_at: z.string(),
  last_login_ip: z.string(),
  /** Set while repeated failed sign-ins lock the account out; else empty. */
  locked_until: z.string(),
  created_at: z.string(),
});
export type AccountRecord = z.infer<typeof AccountRecord>;

const accountId = z.coerce.number({ error: 'id is required' }).int().positive('id is required');
const accountIds = z
  .array(z.coerce.number().int().positive(), { error: 'ids is required' })
  .min(1, 'ids is required')
  .max(500, 'ids: at most 500 at a time');

export const AccountRoleOption = z.object({
  value: z.number(),
  label: z.string(),
  /** `both` for the built-in admin role. */
  mode: z.enum(['full', 'operations', 'both']),
  site_ids: z.array(z.number()),
  /** 1 for an operations role granted every site. */
  all_sites: z.union([z.literal(0), z.literal(1)]),
});
export type AccountRoleOption = z.infer<typeof AccountRoleOption>;

/**
 * `system/administrator`: the accounts. add and edit take the account's fields (`AccountInput`);
 * the server checks them with `accountInputSchema` in the caller's language, so the contract
 * passes them through as they come.
 */
export const accountCalls = {
  list: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'list',
    input: z.object({
      ...paging,
      keyword: z.string().trim().max(100).optional().default(''),
      filter: z
        .object({
          role_id: z.coerce.number().int().positive().optional(),
          enabled: z.coerce.number().int().min(0).max(1).optional(),
          is_operations: z.coerce.number().int().min(0).max(1).optional(),
        })
        .optional()
        .default({}),
    }),
    output: z.object({ total: z.number(), list: z.array(AccountRecord) }),
  }),
  detail: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'detail',
    input: z.object({ id: accountId }),
    output: AccountRecord,
  }),
  /** The password is the client-side SHA-256; it is marked weak (changed at first sign-in). */
  add: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'add',
    input: z.object({}).loose(),
    output: z.object({ id: z.number() }),
  }),
  /** Omitted fields stay; an empty password keeps the stored one. */
  edit: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'edit',
    input: z.object({ id: accountId }).loose(),
    output: z.object({ id: z.number() }),
  }),
  state: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'state',
    input: z.object({
      ids: z
        .array(z.coerce.number().int().positive(), { error: 'ids is required' })
        .min(1, 'ids is required')
        .max(500),
      enabled: bitInput,
    }),
    output: z.object({ updated: z.number() }),
  }),
  del: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'del',
    input: z.object({ ids: accountIds }),
    output: z.object({ deleted: z.number() }),
  }),
  reset_password: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'reset_password',
    input: z.object({
      id: accountId,
      password: z
        .string({ error: 'password is required' })
        .regex(/^[0-9a-f]{64}$/, 'password must be the client-side SHA-256 hash (64 hex digits)'),
    }),
    output: z.object({ id: z.number() }),
  }),
  unlock: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'unlock',
    input: z.object({ id: accountId }),
    output: z.object({ id: z.number() }),
  }),
  kick: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'kick',
    input: z.object({ id: accountId }),
    output: z.object({ ended: z.number() }),
  }),
  roleOptions: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'role_options',
    input: z.object({}),
    output: z.array(AccountRoleOption),
  }),
  /** The registered sites and customers, for the account form's pickers. */
  siteOptions: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'site_options',
    input: z.object({}),
    output: FleetOptions,
  }),
};

/** WebSettings in force (`system/web_set` detail): the stored values and the server's rules. */
export const WebSettingsDetail = z.object({
  title: z.string(),
  title_en: z.string(),
  logo: z.string(),
  favicon: z.string(),
  company: z.string(),
  company_url: z.string(),
  service_call: z.string(),
  copyright: z.string(),
  debug: bit,
  session_idle_min: z.number(),
  session_max_h: z.number(),
  lockout_attempts: z.number(),
  lockout_min: z.number(),
  captcha: bit,
  /** GW_CAPTCHA=off in the server's environment keeps the captcha off whatever `captcha` says. */
  captcha_forced_off: bit,
});
export type WebSettingsDetail = z.infer<typeof WebSettingsDetail>;

/** The web settings singleton; form takes `WebSettings`, checked by `webSettingsSchema` in the caller's language. */
export const webSettingsCalls = {
  detail: defineCall({
    path: SystemAdminPaths.webSet,
    method: 'detail',
    input: z.object({}).loose(),
    output: WebSettingsDetail,
  }),
  form: defineCall({
    path: SystemAdminPaths.webSet,
    method: 'form',
    input: z.object({}).loose(),
    output: z.object({}),
  }),
};
