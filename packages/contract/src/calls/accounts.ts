import { z } from 'zod';
import { SystemAdminPaths } from '../system-admin.ts';
import { defineCall } from './define.ts';

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

export const accountCalls = {
  roleOptions: defineCall({
    path: SystemAdminPaths.administrator,
    method: 'role_options',
    input: z.object({}),
    output: z.array(AccountRoleOption),
  }),
};
