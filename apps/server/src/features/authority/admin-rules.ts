import { ADMIN_BUTTONS, ADMIN_MENU_NAMES, BUILTIN_ADMIN_ROLE, Code, type Lang, say } from '@igs/contract';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { ROLE_ACCESS_CACHE } from '../../platform/auth/permissions.ts';
import { LOCK_KEYS } from '../../platform/db/lock-keys.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Caller } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';

/** The body's fields that carry a value: an edit leaves the others as stored (DOMAIN 3.2). */
export function definedFields(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== null));
}

/**
 * Who counts as an administrator (documented in docs/decisions.md and in the contract beside
 * ADMIN_MENU_NAMES): an enabled account whose role is enabled and either is the built-in `admin`
 * role or is a full-mode role holding the Permission management and Manage settings menus with
 * their edit buttons, i.e. the rights from which every other right can be granted again.
 */
export interface RoleChange {
  enabled?: number;
  mode?: string;
  menuIds?: number[];
  buttonKeys?: string[];
  deleted?: boolean;
}

export interface UserChange {
  role_id?: number;
  enabled?: number;
  deleted?: boolean;
}

export interface AdminChange {
  roles?: Map<number, RoleChange>;
  users?: Map<number, UserChange>;
}

/** The ids of the roles that make their accounts administrators, with a change applied. */
export async function adminRoleIds(db: Kysely<Database>, change: AdminChange = {}): Promise<Set<number>> {
  const [menus, roles] = await Promise.all([
    db
      .selectFrom('menus')
      .select(['id', 'name'])
      .where('mode', '=', 'full')
      .where('name', 'in', [...ADMIN_MENU_NAMES])
      .execute(),
    db.selectFrom('roles').select(['id', 'name', 'enabled', 'mode']).execute(),
  ]);
  const adminMenuIds = menus.map((m) => m.id);
  const [roleMenus, roleButtons] = await Promise.all([
    adminMenuIds.length
      ? db
          .selectFrom('role_menus')
          .select(['role_id', 'menu_id'])
          .where('menu_id', 'in', adminMenuIds)
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('role_buttons')
      .select(['role_id', 'key'])
      .where('key', 'in', [...ADMIN_BUTTONS])
      .execute(),
  ]);
  const out = new Set<number>();
  for (const role of roles) {
    const c = change.roles?.get(role.id) ?? {};
    if (c.deleted) continue;
    const enabled = c.enabled ?? role.enabled;
    if (!enabled) continue;
    if (role.name === BUILTIN_ADMIN_ROLE) {
      out.add(role.id);
      continue;
    }
    const held = c.menuIds ?? roleMenus.filter((r) => r.role_id === role.id).map((r) => r.menu_id);
    const keys = c.buttonKeys ?? roleButtons.filter((r) => r.role_id === role.id).map((r) => r.key);
    if (holdsAdminGrants(c.mode ?? role.mode, held, keys, adminMenuIds)) out.add(role.id);
  }
  return out;
}

/** Whether grants of a (not built-in) role make it an administrator role, given the ids of ADMIN_MENU_NAMES. */
function holdsAdminGrants(
  mode: string,
  menuIds: readonly number[],
  keys: readonly string[],
  adminMenuIds: readonly number[],
): boolean {
  return (
    mode === 'full' &&
    adminMenuIds.length === ADMIN_MENU_NAMES.length &&
    adminMenuIds.every((id) => menuIds.includes(id)) &&
    ADMIN_BUTTONS.every((k) => keys.includes(k))
  );
}

/** Whether a role with these grants (as a role form sends them) is an administrator role. */
export async function grantsMakeAdmin(
  db: Kysely<Database>,
  grants: { mode: string; menu_ids: readonly number[]; button_keys: readonly string[] },
): Promise<boolean> {
  const menus = await db
    .selectFrom('menus')
    .select('id')
    .where('mode', '=', 'full')
    .where('name', 'in', [...ADMIN_MENU_NAMES])
    .execute();
  return holdsAdminGrants(
    grants.mode,
    grants.menu_ids,
    grants.button_keys,
    menus.map((m) => m.id),
  );
}

/** Whether an account is an administrator now (restores and other administrator-only calls). */
export async function isAdministrator(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await administrators(db)).has(userId);
}

/** The ids of the administrator accounts, with a change applied. */
export async function administrators(db: Kysely<Database>, change: AdminChange = {}): Promise<Set<number>> {
  const [roleIds, users] = await Promise.all([
    adminRoleIds(db, change),
    db.selectFrom('users').select(['id', 'role_id', 'enabled']).execute(),
  ]);
  const out = new Set<number>();
  for (const u of users) {
    const c = change.users?.get(u.id) ?? {};
    if (c.deleted) continue;
    if ((c.enabled ?? u.enabled) && roleIds.has(c.role_id ?? u.role_id)) out.add(u.id);
  }
  return out;
}

/**
 * Refuses a change that would take the caller's own administrator rights away, or leave the
 * gateway without any administrator (409, nothing written).
 */
export async function guardAdministrators(
  db: Kysely<Database>,
  caller: Caller,
  lang: Lang,
  change: AdminChange,
): Promise<void> {
  const [before, after] = await Promise.all([administrators(db), administrators(db, change)]);
  if (before.has(caller.user.id) && !after.has(caller.user.id)) {
    throw new ApiError(Code.conflict, say(lang, 'authority.cannotRemoveOwnAdministrator'));
  }
  if (before.size > 0 && after.size === 0) {
    throw new ApiError(Code.conflict, say(lang, 'authority.leastOneAdministratorMust'));
  }
}

/**
 * Runs a change that may affect who is an administrator so that two such changes never interleave
 * (each would pass the check alone and together leave no administrator): one transaction, and on
 * PostgreSQL a transaction-scoped advisory lock. SQLite runs one write transaction at a time.
 */
export async function withAdminLock<T>(
  app: AppContext,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return app.db.kysely.transaction().execute(async (trx) => {
    if (app.db.kind === 'postgres')
      await sql`select pg_advisory_xact_lock(${LOCK_KEYS.adminRules})`.execute(trx);
    return work(trx);
  });
}

/**
 * Role grants changed: the menus and buttons of auth_menu, and what module calls are let through,
 * follow at this instance at once.
 */
export function forgetGrants(app: AppContext): void {
  app.caches.get('grants')?.clear();
  app.caches.get(ROLE_ACCESS_CACHE)?.clear();
}
