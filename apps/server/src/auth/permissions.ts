import { Code } from '@igs/contract';
import type { AppContext } from '../app-context.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import type { ActionContext, AnyAction, Caller } from '../http/action.ts';
import { requiredButton } from '../http/dispatch.ts';
import { ApiError, localize } from '../http/errors.ts';

/**
 * A page module's calls need the caller's role to hold a menu listing the path; mutating calls
 * also need the button key. The console hides what this refuses; this is the real check.
 */
export async function requireModule(
  app: AppContext,
  caller: Caller,
  action: AnyAction,
  ctx: ActionContext,
): Promise<void> {
  const path = action.path.toLowerCase();
  const mode = caller.isOperations ? 'operations' : 'full';
  const roleId = caller.user.role_id;
  // Asked on every module call: compiled once (db/compiled-once.ts).
  const query = compiledOnce(
    app.db.kysely,
    'menu-of-role-for-path',
    () =>
      app.db.kysely
        .selectFrom('role_menus')
        .innerJoin('menu_endpoints', 'menu_endpoints.menu_id', 'role_menus.menu_id')
        .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
        .innerJoin('roles', 'roles.id', 'role_menus.role_id')
        .select('menus.id')
        .where('role_menus.role_id', '=', roleId)
        // A disabled role grants nothing.
        .where('roles.enabled', '=', 1)
        .where('menu_endpoints.path', '=', path)
        .where('menus.mode', '=', mode)
        .limit(1),
    [roleId, 1, path, mode, 1],
  );
  const menu = (await app.db.kysely.executeQuery(query)).rows[0];
  if (!menu) {
    throw new ApiError(
      Code.forbidden,
      `${localize('You do not have access to this module', ctx.lang)}: ${action.path}`,
    );
  }
  const key = requiredButton(action);
  if (key && !(await hasButton(app, caller.user.role_id, key))) {
    throw new ApiError(
      Code.forbidden,
      `${localize('You do not have permission for this action', ctx.lang)}: ${key}`,
    );
  }
}

export async function hasButton(app: AppContext, roleId: number, key: string): Promise<boolean> {
  const row = await app.db.kysely
    .selectFrom('role_buttons')
    .select('key')
    .where('role_id', '=', roleId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}
