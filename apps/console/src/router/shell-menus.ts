import type { MenuNode } from '@igs/contract';
import { DASHBOARD_PATH, modeHomePath } from './guard.ts';
import { findMenu } from './menu-routes.tsx';

/** The home page of a mode (guard.ts modeHomePath). */
export const homePath = modeHomePath;

/** Fallback home entry for a full-mode tree without one, so `/` never leads nowhere. */
export const DASHBOARD_MENU: MenuNode = {
  path: DASHBOARD_PATH,
  component: 'dashboard/Dashboard',
  name: 'Dashboard',
  meta: { title: 'menu.dashboard.dashboard', icon: 'el-icon-s-home', affix: true },
};

export function withShellRoutes(menus: readonly MenuNode[], isOperations: 0 | 1): MenuNode[] {
  if (isOperations === 1 || findMenu(menus, DASHBOARD_PATH)) return [...menus];
  return [DASHBOARD_MENU, ...menus];
}
