import { Navigate, Outlet, type RouteObject } from 'react-router';
import { useUserStore } from '../stores/user.ts';
import { loadLayout } from './layout-loader.ts';
import { homePath } from './shell-menus.ts';

function PlainShell() {
  return <Outlet />;
}

/** `/` leads to the home page of the current mode. */
function HomeRedirect() {
  const isOperations = useUserStore((s) => s.isOperations);
  return <Navigate to={homePath(isOperations)} replace />;
}

/** The shell route: one layout around every signed-in page; menu routes are patched in below. */
export function shellRoute(): RouteObject {
  return {
    lazy: async () => ({ Component: (await loadLayout()) ?? PlainShell }),
    children: [{ index: true, Component: HomeRedirect }],
  };
}
