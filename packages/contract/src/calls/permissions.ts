import { z } from 'zod';
import { SystemAdminPaths } from '../system-admin.ts';
import { defineCall, paging } from './define.ts';
import { FleetOptions } from './fleet.ts';

/**
 * system/PermissionManagement: the roles (`system/authority`) and the permission tree they are
 * granted from (`system/system_menu`).
 */

const bit = z.union([z.literal(0), z.literal(1)]);
const roleMode = z.enum(['full', 'operations']);

/** A role as the page shows it, with its grants and how many accounts use it. */
export const RoleRecord = z.object({
  id: z.number(),
  name: z.string(),
  /** In the reader's language for the built-in role. */
  description: z.string(),
  mode: roleMode,
  menu_ids: z.array(z.number()),
  /** Sorted. */
  button_keys: z.array(z.string()),
  site_ids: z.array(z.number()),
  /** Every site is granted explicitly; with 0 and no site_ids the role reaches no site. */
  all_sites: bit,
  enabled: bit,
  /** The built-in admin role (every menu and button; not editable). */
  builtin: bit,
  /** Whether the role makes its accounts administrators (see ADMIN_MENU_NAMES). */
  is_admin: bit,
  user_count: z.number(),
  created_at: z.string(),
});
export type RoleRecord = z.infer<typeof RoleRecord>;

/** A menu of the permission tree, with the button keys it offers. */
export interface PermissionMenu {
  id: number;
  name: string;
  path: string;
  component: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  meta: { title: string; icon?: string; activeMenu?: string; noCache?: boolean; affix?: boolean };
  buttons: string[];
  children?: PermissionMenu[];
}
export const PermissionMenu: z.ZodType<PermissionMenu> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    path: z.string(),
    component: z.string(),
    hidden: z.boolean().optional(),
    alwaysShow: z.boolean().optional(),
    redirect: z.string().optional(),
    meta: z.object({
      /** The title's i18n key. */
      title: z.string(),
      icon: z.string().optional(),
      activeMenu: z.string().optional(),
      noCache: z.boolean().optional(),
      affix: z.boolean().optional(),
    }),
    buttons: z.array(z.string()),
    children: z.array(PermissionMenu).optional(),
  }),
);

const roleId = z.coerce.number({ error: 'id is required' }).int().positive('id is required');
const roleIds = z
  .array(z.coerce.number().int().positive(), { error: 'ids is required' })
  .min(1, 'ids is required');

/**
 * The role calls of `system/authority`. add and edit take the role's fields (`RoleInput`); the
 * server checks them with `roleInputSchema` in the caller's language, so the contract passes them
 * through as they come.
 */
export const roleCalls = {
  list: defineCall({
    path: SystemAdminPaths.authority,
    method: 'list',
    input: z.object({
      ...paging,
      keyword: z.string().trim().max(100).optional().default(''),
      filter: z.object({ mode: roleMode.optional() }).loose().optional().default({}),
    }),
    output: z.object({ total: z.number(), list: z.array(RoleRecord) }),
  }),
  detail: defineCall({
    path: SystemAdminPaths.authority,
    method: 'detail',
    input: z.object({ id: roleId }),
    output: RoleRecord,
  }),
  /** Enabled roles for selects. */
  options: defineCall({
    path: SystemAdminPaths.authority,
    method: 'options',
    input: z.object({
      keyword: z.string().trim().max(100).optional().default(''),
      mode: roleMode.optional(),
    }),
    output: z.array(z.object({ value: z.number(), label: z.string(), mode: roleMode })),
  }),
  /** The registered sites, for the role form's picker. */
  siteOptions: defineCall({
    path: SystemAdminPaths.authority,
    method: 'site_options',
    input: z.object({}),
    output: FleetOptions,
  }),
  add: defineCall({
    path: SystemAdminPaths.authority,
    method: 'add',
    input: z.object({}).loose(),
    output: z.object({ id: z.number() }),
  }),
  /** Omitted fields keep their stored values. */
  edit: defineCall({
    path: SystemAdminPaths.authority,
    method: 'edit',
    input: z.object({ id: roleId }).loose(),
    output: z.object({ id: z.number() }),
  }),
  state: defineCall({
    path: SystemAdminPaths.authority,
    method: 'state',
    input: z.object({
      ids: roleIds.max(500),
      enabled: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number),
    }),
    output: z.object({ updated: z.number() }),
  }),
  /** 409 with `refs` while accounts or self-registration still use them. */
  del: defineCall({
    path: SystemAdminPaths.authority,
    method: 'del',
    input: z.object({ ids: roleIds.max(500, 'ids: at most 500 at a time') }),
    output: z.object({ deleted: z.number() }),
  }),
};

/** `system/system_menu`: every menu of both modes with its button keys. */
export const permissionTreeCalls = {
  tree: defineCall({
    path: SystemAdminPaths.systemMenu,
    input: z.object({}).loose(),
    output: z.object({ full: z.array(PermissionMenu), operations: z.array(PermissionMenu) }),
  }),
};
