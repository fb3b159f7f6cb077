import { loadMenuTitles } from '../i18n/index.ts';
import { usePermissionStore } from '../stores/permission.ts';
import { useUserStore } from '../stores/user.ts';
import { withShellRoutes } from './shell-menus.ts';

/**
 * First guarded navigation with a token (spec section 4): title and settings (with the menu
 * titles' dictionary, in parallel), then the menus and buttons; returns the routes to register.
 */
export async function loadSession() {
  await Promise.all([useUserStore.getState().getInfo(), loadMenuTitles()]);
  const { menus, buttons } = await useUserStore.getState().getMenus();
  const { isOperations } = useUserStore.getState();
  return usePermissionStore.getState().generateRoutes(withShellRoutes(menus, isOperations), buttons);
}
