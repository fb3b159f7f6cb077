import { Code, say } from '@igs/contract';
import type { AppContext } from '../app-context.ts';
import type { ActionContext, AnyAction, Caller } from '../http/action.ts';
import { requiredButton } from '../http/action.ts';
import { ApiError } from '../http/errors.ts';
import { appCache } from '../lib/ttl-cache.ts';

/**
 * A page module's calls need the caller's role to hold a menu listing the path; mutating calls
 * also need the button key. The console hides what this refuses; this is the real check.
 */
/**
 * What a role may call in a mode: the endpoint paths of its menus and its button keys. Asked on
 * every module call, so kept per role and mode for as long as the role's menus (GRANTS_TTL_MS in
 * features/menus/menu-tree.ts) and dropped with them (forgetGrants, clear_cache): a permission
 * change applies at this instance at once, at others within seconds.
 */
interface RoleAccess {
  paths: ReadonlySet<string>;
  buttons: ReadonlySet<string>;
}

export const ROLE_ACCESS_CACHE = 'role-access';
const ROLE_ACCESS_TTL_MS = 5000;

async function roleAccess(app: AppContext, roleId: number, mode: 'full' | 'operations'): Promise<RoleAccess> {
  const cache = appCache<string, RoleAccess>(app, ROLE_ACCESS_CACHE, {
    ttlMs: ROLE_ACCESS_TTL_MS,
    tables: ['role_menus', 'menu_endpoints', 'menus', 'roles', 'role_buttons'],
  });
  const key = `${roleId}:${mode}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const [paths, buttons] = await Promise.all([
    app.db.kysely
      .selectFrom('role_menus')
      .innerJoin('menu_endpoints', 'menu_endpoints.menu_id', 'role_menus.menu_id')
      .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
      .innerJoin('roles', 'roles.id', 'role_menus.role_id')
      .select('menu_endpoints.path')
      .where('role_menus.role_id', '=', roleId)
      // A disabled role grants nothing.
      .where('roles.enabled', '=', 1)
      .where('menus.mode', '=', mode)
      .execute(),
    app.db.kysely.selectFrom('role_buttons').select('key').where('role_id', '=', roleId).execute(),
  ]);
  return cache.set(key, {
    paths: new Set(paths.map((r) => r.path)),
    buttons: new Set(buttons.map((r) => r.key)),
  });
}

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
  const access = await roleAccess(app, caller.user.role_id, caller.isOperations ? 'operations' : 'full');
  if (!access.paths.has(action.path.toLowerCase())) {
    throw new ApiError(Code.forbidden, say(ctx.lang, 'auth.noModuleAccess', { path: action.path }));
  }
  const key = requiredButton(action);
  if (key && !access.buttons.has(key)) {
    throw new ApiError(Code.forbidden, say(ctx.lang, 'auth.noButton', { key }));
  }
}

/** Whether a role holds a button key (in either mode: keys are not split by mode). */
export async function hasButton(app: AppContext, roleId: number, key: string): Promise<boolean> {
  return (await roleAccess(app, roleId, 'full')).buttons.has(key);
}

/**
 * Whether the caller's role holds a menu listing any of these endpoint paths in the session's
 * mode: what session-level reads (dashboard cards, badges, pickers) use to show a record kind
 * only to roles that hold its page (auth/record-kinds.ts).
 */
export async function holdsAnyPath(
  app: AppContext,
  caller: Caller,
  paths: readonly string[],
): Promise<boolean> {
  const access = await roleAccess(app, caller.user.role_id, caller.isOperations ? 'operations' : 'full');
  return paths.some((p) => access.paths.has(p.toLowerCase()));
}
