import type { ComponentType } from 'react';
import type { PagePrefetch } from '../features/resource/resource-module-page.tsx';

export interface PageModule {
  default: ComponentType;
  /**
   * Starts the page's first data call before it renders, with the key the page will use; the
   * guard calls it on a page load (router/page-prefetch.ts). Optional: a page without it fetches
   * when it mounts.
   */
  prefetch?: (at: PagePrefetch) => Promise<void>;
}

export type { PagePrefetch };

export type PageLoader = () => Promise<PageModule>;

// The one page registry: every `pages/<area>/<Name>.tsx` (PascalCase file = page module) is a lazy
// chunk keyed `area/Name`, the form the server's menu tree uses in `component`. Kebab-case files
// beside them are helpers, not pages, and tests are excluded.
// The sign-in page is imported by the router itself (it ships in the start chunk), so it is left out.
const modules = import.meta.glob<PageModule>([
  '../pages/*/[A-Z]*.tsx',
  '!../pages/**/*.test.tsx',
  '!../pages/login/Login.tsx',
]);

export const pageRegistry: Readonly<Record<string, PageLoader>> = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [
    file.replace(/^\.\.\/pages\//, '').replace(/\.tsx$/, ''),
    load,
  ]),
);

/** The literal component name of the shell in the menu tree. */
export const LAYOUT = 'Layout';

/** Whether the component has a page file of its own. */
export function hasPage(name: string): boolean {
  return Object.hasOwn(pageRegistry, name);
}

/** Thrown by a loader when a component has neither a page file nor resources to show. */
export class NoPageError extends Error {
  readonly component: string;
  constructor(component: string) {
    super(`No page module for ${component}`);
    this.component = component;
  }
}

/**
 * The loader of a menu component's page. Its own page file wins; otherwise the generic record
 * page of its resources (features/resource/resource-module-page.tsx). Which components that
 * covers is decided in a lazy chunk holding the menu data (resource-modules.ts), so neither the
 * shell nor the sign-in page carries the menus. Rejects with NoPageError when nothing serves
 * the component, before any page UI is loaded.
 */
export function pageLoader(name: string): PageLoader {
  if (hasPage(name)) return pageRegistry[name]!;
  return async () => {
    const { resourceDefsOf } = await import('../features/resource/resource-modules.ts');
    if (!resourceDefsOf(name).length) throw new NoPageError(name);
    const { prefetchResourceModule, resourceModulePage } = await import(
      '../features/resource/resource-module-page.tsx'
    );
    return { default: resourceModulePage(name)!, prefetch: (at) => prefetchResourceModule(name, at) };
  };
}
