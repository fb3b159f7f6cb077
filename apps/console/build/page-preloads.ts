import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Rolldown } from 'vite';
import { tabKeyOf } from '../src/features/resource/module-tabs.ts';
import { joinPath } from '../src/router/join-path.ts';
import type { EarlyPageCall } from '../src/start/early-script.ts';

/*
 * Which scripts each menu page's address loads beyond the start chunk and the shell, for the served
 * page's early script (src/start/early-script.ts) to ask for beside the shell on a reload or a
 * bookmark (issue 18 item 1). Without it the page's chunk was asked for only once the shell had
 * arrived and run and the guard had its route: on a slow link one more round trip and the shell's
 * run after the 300 KB transfer. The routes are the contract's menu trees as the router makes them
 * (a menu the server changes still loads its own page, only without this head start).
 */

/** A menu page: its route and the component the menu tree gives it. */
export interface MenuPage {
  path: string;
  component: string;
}

interface MenuItem {
  path: string;
  component: string;
  children?: readonly MenuItem[];
}

/** Every item of the trees with its full path, as the router joins them (router/join-path.ts). */
export function menuPages(trees: readonly MenuItem[]): MenuPage[] {
  const out: MenuPage[] = [];
  const walk = (items: readonly MenuItem[], parent: string) => {
    for (const item of items) {
      const path = joinPath(parent, item.path);
      if (!item.children?.length) out.push({ path, component: item.component });
      else walk(item.children, path);
    }
  };
  walk(trees, '');
  return out;
}

/** The scripts the early script preloads: `files`, and each route's indexes into it. */
export interface PagePreloads {
  files: string[];
  paths: Record<string, number[]>;
}

/** Chunks every page already has from the served page and the early script. */
const LOADED_NAMES = new Set(['start', 'shell', 'rolldown-runtime']);

/**
 * Each page's scripts in the bundle: the chunk that holds the page's module (its page file,
 * `src/pages/<component>.tsx`, or for a record module the generic record page) and the chunks it
 * imports statically, less those every page has.
 */
export function pagePreloads(
  bundle: Iterable<Rolldown.OutputChunk | Rolldown.OutputAsset>,
  pages: readonly MenuPage[],
  entryOf: (component: string) => string | undefined,
): PagePreloads {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  // The chunk holding each module: a page's chunk holds its area's other pages too (signed-in-chunks.ts).
  const holder = new Map<string, Rolldown.OutputChunk>();
  for (const item of bundle) {
    if (item.type !== 'chunk') continue;
    chunks.set(item.fileName, item);
    for (const id of item.moduleIds) holder.set(id, item);
  }
  const scriptsOf = (entry: Rolldown.OutputChunk): string[] => {
    const seen = new Set<string>();
    const queue = [entry.fileName];
    while (queue.length > 0) {
      const chunk = chunks.get(queue.shift()!);
      if (!chunk || seen.has(chunk.fileName) || LOADED_NAMES.has(chunk.name)) continue;
      seen.add(chunk.fileName);
      queue.push(...chunk.imports);
    }
    return [...seen].sort().map((fileName) => `/${fileName}`);
  };
  const files: string[] = [];
  const paths: Record<string, number[]> = {};
  for (const { path, component } of pages) {
    const entryId = entryOf(component);
    const entry = entryId === undefined ? undefined : holder.get(entryId);
    if (!entry) continue;
    paths[path] = scriptsOf(entry).map((file) => {
      const at = files.indexOf(file);
      return at >= 0 ? at : files.push(file) - 1;
    });
  }
  return { files, paths };
}

/** The generic record page's module. */
export function recordPageOf(consoleRoot: string): string {
  return join(consoleRoot, 'src/features/resource/resource-module-page.tsx');
}

/**
 * The console's own answer to "which module is this component's page": its page file if there is
 * one (router/page-registry.ts), else the generic record page if the component shows resources.
 */
export function consoleEntryOf(consoleRoot: string, recordComponents: ReadonlySet<string>) {
  const recordPage = recordPageOf(consoleRoot);
  return (component: string): string | undefined => {
    const file = join(consoleRoot, 'src/pages', `${component}.tsx`);
    if (/^[a-z0-9-]+\/[A-Z]\w*$/.test(component) && existsSync(file)) return file;
    return recordComponents.has(component) ? recordPage : undefined;
  };
}

/** What the early script needs of a record module's resource: its tab key and endpoints. */
export interface RecordTab {
  name: string;
  endpoint: string;
  opsEndpoint?: string;
}

/** Each page's first calls for the early script, by route (src/start/early-script.ts `EarlyPageCall`). */
export type PageFirstCalls = Record<string, EarlyPageCall[]>;

/** A hand-built page's first call (src/router/page-first-calls.ts). */
interface HandBuiltCall {
  path: string;
  body: string;
  operations: boolean;
}

/**
 * The first data call of each page, for the early script to send beside the session's calls on a
 * reload or a bookmark (src/start/early-script.ts, point 7). A record page opens the tab its address
 * names, else the first (features/resource/module-tabs.ts), and each tab lists from its endpoint,
 * the operations one in operations mode (features/resource/api.ts `endpointOf`); a hand-built page
 * has the one call `handBuilt` gives its component.
 */
export function pageFirstCalls(
  pages: readonly MenuPage[],
  tabsOf: (component: string) => readonly RecordTab[] | undefined,
  handBuilt: Readonly<Record<string, HandBuiltCall>> = {},
): PageFirstCalls {
  const out: PageFirstCalls = {};
  for (const { path, component } of pages) {
    const tabs = tabsOf(component);
    const own = Object.hasOwn(handBuilt, component) ? handBuilt[component] : undefined;
    if (own) out[path] = [['', own.path, own.operations ? '' : '-', own.body]];
    else if (tabs?.length)
      out[path] = tabs.map((tab) => [
        tabKeyOf(tab),
        tab.endpoint,
        tab.opsEndpoint && tab.opsEndpoint !== tab.endpoint ? tab.opsEndpoint : '',
      ]);
  }
  return out;
}

/** The contract's menu pages and the resources its record page shows for each component, read at build time. */
export async function contractMenuPages(): Promise<{
  pages: MenuPage[];
  recordComponents: Set<string>;
  recordTabs: Map<string, RecordTab[]>;
}> {
  const { fullMenus, hiddenMenus, operationsMenus } = await import('@igs/contract/menus');
  const { resourceModules, resources } = await import('@igs/contract/resources');
  const trees = [...fullMenus, ...hiddenMenus, ...operationsMenus];
  const modules = resourceModules(trees, resources);
  const byName = new Map(resources.map((def) => [def.name, def]));
  const recordTabs = new Map<string, RecordTab[]>();
  for (const [component, module] of modules)
    recordTabs.set(
      component,
      module.resources.flatMap((name) => byName.get(name) ?? []),
    );
  return { pages: menuPages(trees), recordComponents: new Set(modules.keys()), recordTabs };
}

/**
 * The first calls of the contract's menu pages as the build writes them: a component with a page
 * file of its own draws itself, whatever its endpoints, so only the generic record page's
 * components get their tabs' lists.
 */
export function contractFirstCalls(
  consoleRoot: string,
  menu: Awaited<ReturnType<typeof contractMenuPages>>,
  handBuilt: Readonly<Record<string, HandBuiltCall>> = {},
): PageFirstCalls {
  const entryOf = consoleEntryOf(consoleRoot, menu.recordComponents);
  const recordPage = recordPageOf(consoleRoot);
  return pageFirstCalls(
    menu.pages,
    (component) => (entryOf(component) === recordPage ? menu.recordTabs.get(component) : undefined),
    handBuilt,
  );
}
