import type { MenuMeta, MenuNode } from '@igs/contract';
import { matchPath } from 'react-router';
import { joinPath } from '../../router/menu-routes.tsx';
import { isExternal } from '../../utils/validate.ts';

/**
 * The full path of a menu item, external links included: the router's `joinPath` for routes,
 * and an external link (or anything below one) stands as it is.
 */
export function resolvePath(basePath: string, routePath: string): string {
  if (isExternal(routePath)) return routePath;
  if (isExternal(basePath)) return basePath;
  return joinPath(basePath, routePath);
}

/** A menu item with its full path and the chain of items above it (for breadcrumb and search). */
export interface MenuRoute {
  path: string;
  name: string;
  component: string;
  meta: MenuMeta;
  hidden: boolean;
  redirect?: string;
  /** Ancestors, outermost first. */
  parents: MenuRoute[];
  hasChildren: boolean;
}

/** Every item of the menu tree, parents before children. */
export function flattenMenuRoutes(menus: readonly MenuNode[]): MenuRoute[] {
  const out: MenuRoute[] = [];
  const walk = (nodes: readonly MenuNode[], base: string, parents: MenuRoute[], parentHidden: boolean) => {
    for (const node of nodes) {
      const route: MenuRoute = {
        path: resolvePath(base, node.path),
        name: node.name,
        component: node.component,
        meta: node.meta ?? { title: '' },
        hidden: parentHidden || node.hidden === true,
        parents,
        hasChildren: (node.children?.length ?? 0) > 0,
      };
      if (node.redirect) route.redirect = node.redirect;
      out.push(route);
      if (node.children) walk(node.children, route.path, [...parents, route], route.hidden);
    }
  };
  walk(menus, '', [], false);
  return out;
}

/** Menu items that are pages (not groups and not external links). */
export function pageRoutes(routes: readonly MenuRoute[]): MenuRoute[] {
  return routes.filter((r) => r.component !== 'Layout' && !isExternal(r.path));
}

/**
 * The page item for a location path. Exact paths win over patterns (`/x/:id`), and a group that
 * redirects is never the page itself.
 */
export function findMenuRoute(routes: readonly MenuRoute[], pathname: string): MenuRoute | undefined {
  const pages = pageRoutes(routes);
  const path = joinPath('', pathname);
  return (
    pages.find((r) => r.path === path) ??
    pages.find((r) => r.path.includes(':') && matchPath({ path: r.path, end: true }, path) !== null)
  );
}

/** Tabs that are always open: pages whose meta says affix (the Dashboard, the operations home). */
export function affixRoutes(routes: readonly MenuRoute[]): MenuRoute[] {
  return pageRoutes(routes).filter((r) => r.meta.affix === true);
}
