import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { findMenu } from '../../router/menu-routes.tsx';
import { usePermissionStore } from '../../stores/permission.ts';
import { useUserStore } from '../../stores/user.ts';
import { SITE_PARAM } from '../sites/site-ids.ts';

export { SITE_PARAM } from '../sites/site-ids.ts';

/**
 * A console route with its query. In operations mode the current page's site (`?id=`) goes
 * along: it picks the site of every call, so a page opened from a list works on the same site.
 */
export function routeWithSite(
  path: string,
  query: Readonly<Record<string, string | number | undefined>>,
  currentSearch: string,
  isOperations: 0 | 1,
): string {
  const params = new URLSearchParams();
  const site = new URLSearchParams(currentSearch).get(SITE_PARAM);
  if (isOperations === 1 && site) params.set(SITE_PARAM, site);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

/** Whether the signed-in role holds the route (a hidden editor is a menu item of its own). */
export function useGrantedRoute(path: string | undefined): boolean {
  return usePermissionStore((s) => (path ? findMenu(s.menus, path) !== undefined : false));
}

function useRouteTo(path: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const { search } = useLocation();
  const isOperations = useUserStore((s) => s.isOperations);
  return routeWithSite(path, query, search, isOperations);
}

/** A button that opens a console route (rendered only where there is a router). */
export function RouteButton({
  path,
  query = {},
  ...props
}: ButtonProps & { path: string; query?: Readonly<Record<string, string | number | undefined>> }) {
  const navigate = useNavigate();
  const to = useRouteTo(path, query);
  return <Button {...props} onClick={() => navigate(to)} />;
}

/** A link to a console route, keeping the operations site. */
export function RouteLink({
  path,
  query = {},
  children,
}: {
  path: string;
  query?: Readonly<Record<string, string | number | undefined>>;
  children: ReactNode;
}) {
  const to = useRouteTo(path, query);
  return <Link to={to}>{children}</Link>;
}
