import { hashPassword } from '@igs/contract';
import { expect } from 'vitest';
import type { TestServer } from './server.ts';

/** Calls of system/PermissionManagement and system/ManageSettings, for the tests of those pages. */

export const AUTHORITY = '/admin.php/system/authority';
export const ADMINISTRATOR = '/admin.php/system/administrator';
export const WEB_SET = '/admin.php/system/web_set';
export const PASSWORD = 'Passw0rd!x';

/** Menu ids by route name (mode full unless given). */
export async function menuIds(
  s: TestServer,
  names: string[],
  mode: 'full' | 'operations' = 'full',
): Promise<number[]> {
  const rows = await s.app.db.kysely
    .selectFrom('menus')
    .select(['id', 'name'])
    .where('mode', '=', mode)
    .where('name', 'in', names)
    .execute();
  expect(rows.map((r) => r.name).sort()).toEqual([...names].sort());
  return names.map((n) => rows.find((r) => r.name === n)!.id);
}

export interface RoleSpec {
  name: string;
  mode?: 'full' | 'operations';
  menus?: string[];
  buttons?: string[];
  site_ids?: number[];
  /** Every site, explicitly; defaults to 1 when no site_ids are given (an empty list reaches none). */
  all_sites?: 0 | 1;
  enabled?: 0 | 1;
}

/** Creates a role through the API and returns its id. */
export async function addRole(s: TestServer, token: string, spec: RoleSpec): Promise<number> {
  const mode = spec.mode ?? 'full';
  const r = await s.call<{ id: number }>(
    AUTHORITY,
    {
      method: 'add',
      name: spec.name,
      mode,
      menu_ids: spec.menus ? await menuIds(s, spec.menus, mode) : [],
      button_keys: spec.buttons ?? [],
      site_ids: spec.site_ids ?? [],
      all_sites: spec.all_sites ?? (spec.site_ids?.length ? 0 : 1),
      enabled: spec.enabled ?? 1,
    },
    { token },
  );
  expect(r.code, r.msg).toBe(200);
  return r.data.id;
}

export interface AccountSpec {
  username: string;
  role_id: number;
  is_operations?: 0 | 1;
  site_ids?: number[];
  /** Every site, explicitly; defaults to 1 when no site_ids are given (an empty list reaches none). */
  all_sites?: 0 | 1;
  password?: string;
}

/** Creates an account through the API and returns its id. */
export async function addAccount(s: TestServer, token: string, spec: AccountSpec): Promise<number> {
  const r = await s.call<{ id: number }>(
    ADMINISTRATOR,
    {
      method: 'add',
      username: spec.username,
      password: hashPassword(spec.password ?? PASSWORD),
      role_id: spec.role_id,
      is_operations: spec.is_operations ?? 0,
      site_ids: spec.site_ids ?? [],
      all_sites: spec.all_sites ?? (spec.site_ids?.length ? 0 : 1),
    },
    { token },
  );
  expect(r.code, r.msg).toBe(200);
  return r.data.id;
}

/** The built-in admin role's id. */
export async function adminRoleId(s: TestServer): Promise<number> {
  const r = await s.app.db.kysely
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'admin')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function roleId(s: TestServer, name: string): Promise<number> {
  const r = await s.app.db.kysely
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Row counts of the tables these pages write, to show that refused input changed nothing. */
export async function snapshot(s: TestServer): Promise<string> {
  const db = s.app.db.kysely;
  const [roles, users, grants, buttons] = await Promise.all([
    db.selectFrom('roles').selectAll().orderBy('id').execute(),
    db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'role_id',
        'enabled',
        'can_operations',
        'all_sites',
        'password_hash',
        'weak_psw',
      ])
      .orderBy('id')
      .execute(),
    db.selectFrom('role_menus').selectAll().orderBy('role_id').orderBy('menu_id').execute(),
    db.selectFrom('role_buttons').selectAll().orderBy('role_id').orderBy('key').execute(),
  ]);
  const sites = await Promise.all([
    db.selectFrom('account_sites').selectAll().orderBy('user_id').orderBy('site_id').execute(),
    db.selectFrom('role_sites').selectAll().orderBy('role_id').orderBy('site_id').execute(),
  ]);
  return JSON.stringify({ roles, users, grants, buttons, sites });
}
