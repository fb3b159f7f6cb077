import { hashPassword, keepText } from '@igs/contract';
import type { AppContext } from '../app-context.ts';
import { hashSecret } from '../auth/password-hash.ts';
import { allSeedButtons, syncMenus } from '../menus/menu-sync.ts';

export const DEFAULT_ADMIN = { username: 'admin', password: 'admin123' } as const;

/**
 * First start and every start: menus follow the contract; the built-in `admin` role holds every
 * menu and button; a `viewer` role (dashboard only) receives self-registered accounts; the
 * `admin` account is created once with the weak default password (forced change at first sign-in).
 */
export async function seed(app: Pick<AppContext, 'db' | 'now'>): Promise<void> {
  const db = app.db.kysely;
  await syncMenus(db);
  const now = app.now();
  await db.transaction().execute(async (trx) => {
    // The built-in roles' descriptions are kept as catalogue keys, read in the reader's language.
    for (const [name, description, seededBefore] of [
      [
        'admin',
        keepText('authority.builtinAdminDescription'),
        'Built-in administrators: every menu and button',
      ],
      [
        'viewer',
        keepText('authority.viewerDescription'),
        'Dashboard only; the role of self-registered accounts',
      ],
    ] as const) {
      const found = await trx
        .selectFrom('roles')
        .select(['id', 'description'])
        .where('name', '=', name)
        .executeTakeFirst();
      if (!found)
        await trx
          .insertInto('roles')
          .values({ name, description, enabled: 1, created_at: now, updated_at: now })
          .execute();
      // A database seeded before keeps the English words: unless an operator changed them, they
      // become the kept text too.
      else if (found.description === seededBefore)
        await trx.updateTable('roles').set({ description }).where('id', '=', found.id).execute();
    }
    const admin = await trx
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const viewer = await trx
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'viewer')
      .executeTakeFirstOrThrow();

    const menus = await trx.selectFrom('menus').select(['id', 'name', 'parent_id']).execute();
    await trx.deleteFrom('role_menus').where('role_id', '=', admin.id).execute();
    await trx
      .insertInto('role_menus')
      .values(menus.map((m) => ({ role_id: admin.id, menu_id: m.id })))
      .execute();
    await trx.deleteFrom('role_buttons').where('role_id', '=', admin.id).execute();
    const buttons = allSeedButtons();
    if (buttons.length)
      await trx
        .insertInto('role_buttons')
        .values(buttons.map((key) => ({ role_id: admin.id, key })))
        .execute();

    const viewerHas = await trx
      .selectFrom('role_menus')
      .select('menu_id')
      .where('role_id', '=', viewer.id)
      .executeTakeFirst();
    const dashboard = menus.find((m) => m.name === 'Dashboard');
    if (!viewerHas && dashboard)
      await trx.insertInto('role_menus').values({ role_id: viewer.id, menu_id: dashboard.id }).execute();

    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('username', '=', DEFAULT_ADMIN.username)
      .executeTakeFirst();
    if (!user) {
      await trx
        .insertInto('users')
        .values({
          username: DEFAULT_ADMIN.username,
          password_hash: await hashSecret(hashPassword(DEFAULT_ADMIN.password)),
          weak_psw: 1,
          role_id: admin.id,
          nickname: 'Administrator',
          can_operations: 1,
          // Every site, explicitly (auth/sites.ts): no grant would reach none.
          all_sites: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  });
}
