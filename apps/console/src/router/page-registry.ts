import type { ComponentType } from 'react';

export interface PageModule {
  default: ComponentType;
}

export type PageLoader = () => Promise<PageModule>;

// The one page registry: every `pages/<area>/<Name>.tsx` (PascalCase file = page module) is a lazy
// chunk keyed `area/Name`, the form the server's menu tree uses in `component`. Kebab-case files
// beside them are helpers, not pages, and tests are excluded.
const modules = import.meta.glob<PageModule>(['../pages/*/[A-Z]*.tsx', '!../pages/**/*.test.tsx']);

export const pageRegistry: Readonly<Record<string, PageLoader>> = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [
    file.replace(/^\.\.\/pages\//, '').replace(/\.tsx$/, ''),
    load,
  ]),
);

/** The literal component name of the shell in the menu tree. */
export const LAYOUT = 'Layout';

export function hasPage(name: string): boolean {
  return Object.hasOwn(pageRegistry, name);
}
