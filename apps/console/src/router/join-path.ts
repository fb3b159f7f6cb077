/**
 * Absolute path of a menu item: top-level items start with `/`, children are relative. Alone in its
 * module so that the build (build/page-preloads.ts) makes the routes' paths as the router does.
 */
export function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path.replace(/\/+$/, '') || '/';
  if (path === '') return parent || '/';
  return `${parent.replace(/\/+$/, '')}/${path}`.replace(/\/{2,}/g, '/');
}
