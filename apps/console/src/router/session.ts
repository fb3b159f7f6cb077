import { loadMenuTitles } from '../i18n/index.ts';
import { usePermissionStore } from '../stores/permission.ts';
import { useUserStore } from '../stores/user.ts';
import { withShellRoutes } from './shell-menus.ts';

/**
 * First guarded navigation with a token (spec section 4): title and settings (with the menu
 * titles' dictionary), then the menus and buttons; returns the routes to register. The menu call
 * is sent at once beside the others and only used after them: the order the spec gives is kept
 * for what the console does, without a round trip spent waiting (docs/performance.md). It is
 * silent so that a failure is reported once, by the guard, not twice.
 */
export async function loadSession() {
  const menusReply = useUserStore.getState().getMenus({ silent: true });
  // Settled here so that a failure while the first calls are pending is not "unhandled".
  menusReply.catch(() => {});
  await Promise.all([useUserStore.getState().getInfo(), loadMenuTitles()]);
  const { menus, buttons } = await menusReply;
  const { isOperations } = useUserStore.getState();
  return usePermissionStore.getState().generateRoutes(withShellRoutes(menus, isOperations), buttons);
}
