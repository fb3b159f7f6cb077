import type { Plugin } from 'vite';

/**
 * Tables the console reads from the contract's menu trees, computed when the console is built
 * (issue 18). The trees (every item's path, component, icon, endpoints and button keys, some 40 KB
 * minified) would otherwise load and be walked on the pages that need one fact of them:
 * - `virtual:igs-menu-titles`: the menu and route titles by key, which the guard loads with the
 *   shell on every signed-in page load (some 7 KB);
 * - `virtual:igs-record-modules`: which resources each menu component's record page shows, which
 *   the record page's chunk needs.
 * Each is the contract's own function's result, taken from it by the build, the development server
 * and the tests alike, so the console and the server cannot differ.
 */
const TABLES: Record<string, () => Promise<string>> = {
  'virtual:igs-menu-titles': async () => {
    const { menuTitles } = await import('@igs/contract/menus');
    return `export const menuTitles = ${JSON.stringify(menuTitles)};\n`;
  },
  'virtual:igs-record-modules': async () => {
    const { fullMenus, hiddenMenus, operationsMenus } = await import('@igs/contract/menus');
    const { resourceModules, resources } = await import('@igs/contract/resources');
    // Both trees: a component is in one of them, and the console serves either mode.
    const modules = resourceModules([...fullMenus, ...hiddenMenus, ...operationsMenus], resources);
    const names = Object.fromEntries([...modules].map(([component, m]) => [component, m.resources]));
    return `export const recordModules = ${JSON.stringify(names)};\n`;
  },
};

/** A table module's text, by its name. */
export function contractTableSource(name: string): Promise<string> {
  const make = TABLES[name];
  if (!make) throw new Error(`no contract table named ${name}`);
  return make();
}

export function contractTables(): Plugin {
  return {
    name: 'igs-contract-tables',
    resolveId(id) {
      return id in TABLES ? `\0${id}` : undefined;
    },
    load(id) {
      return id.startsWith('\0') && id.slice(1) in TABLES ? contractTableSource(id.slice(1)) : undefined;
    },
  };
}
