import type { MenuNode } from '@igs/contract';
import { Navigate, type RouteObject } from 'react-router';
import { isExternal } from '../utils/validate.ts';
import { joinPath } from './join-path.ts';
import { LAYOUT, pageLoader } from './page-registry.ts';
import type { RouteHandle } from './route-handle.ts';

export { joinPath } from './join-path.ts';

/**
 * The "module unavailable" page, loaded only when needed: it draws antd's Result illustration,
 * which must stay off the sign-in page's critical path.
 */
async function unavailable(name: string): Promise<Pick<RouteObject, 'Component'>> {
  const { ModuleUnavailable } = await import('./module-unavailable.tsx');
  return {
    Component: function Unavailable() {
      return <ModuleUnavailable name={name} />;
    },
  };
}

/**
 * Route properties that render a page module by name: a lazy chunk from the registry (the page's
 * own file, else the generic record page of its resources), or the "module unavailable" page for
 * a name nothing serves or a chunk that fails to load (never a crash).
 */
export function pageRouteProps(component: string): { lazy: () => Promise<Pick<RouteObject, 'Component'>> } {
  const load = pageLoader(component);
  return {
    lazy: async () => {
      try {
        return { Component: (await load()).default };
      } catch {
        return unavailable(component);
      }
    },
  };
}

function isGroup(node: MenuNode): boolean {
  return node.component === LAYOUT || (node.children?.length ?? 0) > 0;
}

/** Where a group's own path leads: its redirect, else its first visible child. */
export function groupRedirect(node: MenuNode, fullPath: string): string | undefined {
  if (node.redirect && node.redirect !== 'noRedirect') return joinPath(fullPath, node.redirect);
  const first = node.children?.find((child) => !child.hidden && !isExternal(child.path));
  return first ? joinPath(fullPath, first.path) : undefined;
}

function handleFor(node: MenuNode, fullPath: string): RouteHandle {
  return { name: node.name, meta: node.meta, hidden: node.hidden, fullPath, component: node.component };
}

/**
 * Turn the server's menu tree into routes for the shell. A `Layout` node below the top is only a
 * grouping (its route renders an outlet): the one shell layout wraps everything, so moving
 * between groups never remounts it and kept-alive tabs survive.
 */
export function menusToRoutes(nodes: readonly MenuNode[], parentPath = ''): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const node of nodes) {
    if (isExternal(node.path)) continue; // external links are sidebar entries, not routes
    const fullPath = joinPath(parentPath, node.path);
    // Children written as absolute paths outside their parent cannot nest: mount them at the top.
    const path = parentPath && node.path.startsWith('/') ? fullPath : node.path;
    const handle = handleFor(node, fullPath);
    if (isGroup(node)) {
      const children = menusToRoutes(node.children ?? [], fullPath);
      const hasIndex = (node.children ?? []).some((child) => child.path === '');
      const target = groupRedirect(node, fullPath);
      if (!hasIndex && target && target !== fullPath) {
        children.unshift({ index: true, element: <Navigate to={target} replace /> });
      }
      routes.push({ path, handle, children });
    } else if (node.path === '') {
      routes.push({ index: true, handle, ...pageRouteProps(node.component) });
    } else {
      routes.push({ path, handle, ...pageRouteProps(node.component) });
    }
  }
  return routes;
}

/** Depth-first search of the menu tree by absolute path. */
export function findMenu(
  nodes: readonly MenuNode[],
  fullPath: string,
  parentPath = '',
): MenuNode | undefined {
  for (const node of nodes) {
    const path = joinPath(parentPath, node.path);
    if (path === fullPath) return node;
    const found = node.children ? findMenu(node.children, fullPath, path) : undefined;
    if (found) return found;
  }
  return undefined;
}
