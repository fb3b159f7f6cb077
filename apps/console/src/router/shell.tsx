import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { useUserStore } from '../stores/user.ts';
import { homePath } from './shell-menus.ts';

// The shell layout (`Layout` in the menu tree) lives in src/layout/index.tsx as a named export.
// Looked up through a glob so the router still works, with pages rendered plainly, without it.
const layoutModules = import.meta.glob<{ Layout?: ComponentType }>('../layout/index.tsx');

function PlainShell() {
  return <Outlet />;
}

async function loadLayout(): Promise<ComponentType> {
  const load = Object.values(layoutModules)[0];
  if (!load) return PlainShell;
  return (await load()).Layout ?? PlainShell;
}

let preloaded = false;

/**
 * Starts loading the shell (and antd with it) while the visitor fills in the sign-in form, so the
 * first signed-in screen does not wait for it; the sign-in page itself loads none of it
 * (docs/performance.md). Once per page load; a failure is left to the route's own load.
 */
export function preloadShell(): void {
  if (preloaded) return;
  preloaded = true;
  loadLayout().catch(() => {});
}

/** `/` leads to the home page of the current mode. */
function HomeRedirect() {
  const isOperations = useUserStore((s) => s.isOperations);
  return <Navigate to={homePath(isOperations)} replace />;
}

/** The shell route: one layout around every signed-in page; menu routes are patched in below. */
export function shellRoute(): RouteObject {
  return {
    lazy: async () => ({ Component: await loadLayout() }),
    children: [{ index: true, Component: HomeRedirect }],
  };
}
