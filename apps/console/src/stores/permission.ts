import type { MenuNode } from '@igs/contract';
import type { RouteObject } from 'react-router';
import { create } from 'zustand';
import { menusToRoutes } from '../router/menu-routes.tsx';

interface PermissionState {
  /** The menu tree the sidebar shows (the server's, plus the shell's fixed home entry). */
  menus: MenuNode[];
  /** Granted button keys (`voice:extension:add`): a button whose key is missing is hidden. */
  buttons: ReadonlySet<string>;
  /** Routes generated from `menus`, registered once per page load. */
  routes: RouteObject[];
  loaded: boolean;
  generateRoutes: (menus: MenuNode[], buttons: readonly string[]) => RouteObject[];
  hasButton: (key: string) => boolean;
}

export const usePermissionStore = create<PermissionState>()((set, get) => ({
  menus: [],
  buttons: new Set(),
  routes: [],
  loaded: false,
  generateRoutes(menus, buttons) {
    const routes = menusToRoutes(menus);
    set({ menus, buttons: new Set(buttons), routes, loaded: true });
    return routes;
  },
  hasButton: (key) => get().buttons.has(key),
}));

/** Re-renders when the button list changes. */
export function useHasButton(key: string): boolean {
  return usePermissionStore((s) => s.buttons.has(key));
}
