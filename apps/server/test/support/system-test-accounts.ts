import type { TestServer } from './server.ts';

/**
 * An account whose role holds exactly the full-mode menus listing the given endpoints, and the
 * given button keys: for permission refusals of the system pages' calls.
 */
export async function accountWith(
  s: TestServer,
  username: string,
  endpoints: string[],
  buttons: string[],
): Promise<string> {
  const db = s.app.db.kysely;
  const now = Date.now();
  const role = await db
    .insertInto('roles')
    .values({ name: `role_${username}`, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (endpoints.length) {
    const menus = await db
      .selectFrom('menu_endpoints')
      .innerJoin('menus', 'menus.id', 'menu_endpoints.menu_id')
      .select('menus.id')
      .where(
        'menu_endpoints.path',
        'in',
        endpoints.map((e) => e.toLowerCase()),
      )
      .where('menus.mode', '=', 'full')
      .execute();
    if (menus.length)
      await db
        .insertInto('role_menus')
        .values([...new Set(menus.map((m) => m.id))].map((menu_id) => ({ role_id: role.id, menu_id })))
        .execute();
  }
  if (buttons.length)
    await db
      .insertInto('role_buttons')
      .values(buttons.map((key) => ({ role_id: role.id, key })))
      .execute();
  const hash = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({
      username,
      password_hash: hash.password_hash,
      role_id: role.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return s.login(username, 'admin123');
}
