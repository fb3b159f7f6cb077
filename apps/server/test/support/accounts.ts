import type { TestServer } from './server.ts';
import { grantSitesText } from './sites.ts';

/** The password of every account these helpers make (the seeded admin's). */
export const TEST_PASSWORD = 'admin123';

export interface RoleGrant {
  /** The role's name (unique). */
  name: string;
  /** Endpoints whose menus of `menuMode` the role holds (matched without case). */
  endpoints?: readonly string[];
  /** Every menu of `menuMode` instead of named ones. */
  allMenus?: boolean;
  /** The mode of the menus granted: full (default) or operations. */
  menuMode?: 'full' | 'operations';
  /** Button keys the role holds. */
  buttons?: readonly string[];
  /** Columns of the role itself (mode, site_ids …). */
  columns?: Record<string, unknown>;
}

/** A role holding the menus that list `endpoints` (or all menus) and the given buttons: its id. */
export async function grantRole(s: TestServer, grant: RoleGrant): Promise<number> {
  const db = s.app.db.kysely;
  const now = Date.now();
  const { site_ids, ...columns } = grant.columns ?? {};
  const role = await db
    .insertInto('roles')
    .values({ name: grant.name, created_at: now, updated_at: now, ...columns } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  // Sites as the text columns took them (`*`, `1,2`): an explicit flag and join rows since migration 033.
  if (typeof site_ids === 'string') await grantSitesText(s, 'role', role.id, site_ids);
  const endpoints = grant.endpoints ?? [];
  if (grant.allMenus || endpoints.length) {
    let menus = db
      .selectFrom('menus')
      .select('menus.id')
      .where('menus.mode', '=', grant.menuMode ?? 'full');
    if (!grant.allMenus)
      menus = menus.innerJoin('menu_endpoints', 'menus.id', 'menu_endpoints.menu_id').where(
        'menu_endpoints.path',
        'in',
        endpoints.map((e) => e.toLowerCase()),
      );
    const ids = [...new Set((await menus.execute()).map((m) => m.id))];
    if (ids.length)
      await db
        .insertInto('role_menus')
        .values(ids.map((menu_id) => ({ role_id: role.id, menu_id })))
        .execute();
  }
  if (grant.buttons?.length)
    await db
      .insertInto('role_buttons')
      .values(grant.buttons.map((key) => ({ role_id: role.id, key })))
      .execute();
  return role.id;
}

/** An account of `roleId` with the admin's password (`TEST_PASSWORD`); `columns` adds can_operations, cid and the like, and `site_ids` as text (`*`, `1,2`). */
export async function addUser(
  s: TestServer,
  username: string,
  roleId: number,
  columns: Record<string, unknown> = {},
): Promise<void> {
  const db = s.app.db.kysely;
  const now = Date.now();
  const admin = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const { site_ids, ...rest } = columns;
  const user = await db
    .insertInto('users')
    .values({
      username,
      password_hash: admin.password_hash,
      role_id: roleId,
      created_at: now,
      updated_at: now,
      ...rest,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  // Sites as the text column took them (`*`, `1,2`): an explicit flag and join rows since migration 033.
  if (typeof site_ids === 'string') await grantSitesText(s, 'account', user.id, site_ids);
}

/** A new account of a new role (`role_<username>` unless `grant.name` says), signed in: its token. */
export async function signedInAs(
  s: TestServer,
  username: string,
  grant: Omit<RoleGrant, 'name'> & { name?: string },
  columns: Record<string, unknown> = {},
): Promise<string> {
  const roleId = await grantRole(s, { name: `role_${username}`, ...grant });
  await addUser(s, username, roleId, columns);
  return s.login(username, TEST_PASSWORD);
}
