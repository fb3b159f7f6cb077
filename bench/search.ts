import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { contractTables } from '../apps/console/build/contract-tables.ts';
import { BUDGETS } from './budgets.ts';
import type { Results } from './report.ts';
import { benchSearchInBrowser } from './search-browser.ts';
import { syntheticGroups } from './search-menus.ts';
import { REPO_ROOT } from './server-process.ts';
import type { BenchSettings } from './settings.ts';
import { percentile } from './stats.ts';

const SEARCH_MODULE = path.join(REPO_ROOT, 'apps/console/src/features/header-search/search-index.ts');

/** The parts of the console's search module the benchmark drives (see search-index.ts). */
interface SearchModule {
  searchItems(routes: readonly unknown[], translate: (key: string) => string, toPinyin?: unknown): unknown[];
  createSearch(items: readonly unknown[]): unknown;
  search(fuse: unknown, query: string, limit?: number): unknown[];
  loadPinyin(): Promise<(text: string) => string[]>;
}

/**
 * The console's real search module, bundled for Node with Vite in library mode: it imports
 * `.tsx` router code that Node cannot load. Everything is bundled, so the file runs anywhere.
 */
async function loadSearchModule(): Promise<SearchModule> {
  const { build } = await import('vite');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-bench-search-'));
  // Kept until exit: pinyin-pro is a lazy chunk beside the bundle, loaded on first use.
  process.once('exit', () => fs.rmSync(outDir, { recursive: true, force: true }));
  await build({
    configFile: false,
    // antd comes along through the router's fallback page; its bundling notices are noise here.
    logLevel: 'error',
    root: path.dirname(SEARCH_MODULE),
    // The tables the console's build computes from the contract (the menu titles the search shows).
    plugins: [contractTables()],
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node22',
      lib: { entry: SEARCH_MODULE, formats: ['es'], fileName: 'search-index' },
    },
  });
  const file = fs.readdirSync(outDir).find((f) => f.startsWith('search-index') && /\.m?js$/.test(f));
  if (!file) throw new Error(`vite wrote no search-index bundle into ${outDir}`);
  return (await import(pathToFileURL(path.join(outDir, file)).href)) as SearchModule;
}

/**
 * 1,000 menu pages (half Chinese, half English titles) under 50 groups, as the console's
 * flattened menu routes: enough to stand for the largest menu a gateway will have.
 */
export function menuRoutes(count = 1000): unknown[] {
  const routes: unknown[] = [];
  syntheticGroups(count).forEach(({ title, pages }, g) => {
    const group = {
      path: `/group${g}`,
      name: `Group${g}`,
      component: 'Layout',
      meta: { title },
      hidden: false,
      parents: [],
      hasChildren: true,
    };
    routes.push(group);
    pages.forEach((page, i) => {
      routes.push({
        path: `/group${g}/page${i}`,
        name: `Page${g}-${i}`,
        component: `group${g}/Page${i}`,
        meta: { title: page },
        hidden: false,
        parents: [group],
        hasChildren: false,
      });
    });
  });
  return routes;
}

/** What an operator types, one keystroke at a time: pinyin, initials, Chinese and English. */
const TYPED = ['zhongduanguanli', 'zdgl', '设备升级', 'firmware upgrade', 'log'];

/** Header search: time per keystroke over 1,000 menu titles with pinyin, in Node on this CPU. */
export async function benchSearch(settings: BenchSettings, results: Results): Promise<void> {
  console.log('\n== header search ==');
  let mod: SearchModule;
  try {
    mod = await loadSearchModule();
  } catch (e) {
    const reason = `the console's search module could not be built: ${(e as Error).message.split('\n')[0]}`;
    console.log(`  SKIPPED: ${reason}`);
    results.missing(
      'search.keystroke',
      'header search per keystroke',
      'ms',
      reason,
      BUDGETS.searchKeystrokeMs,
    );
    return;
  }
  const routes = menuRoutes();
  const t0 = performance.now();
  const toPinyin = await mod.loadPinyin();
  const t1 = performance.now();
  const items = mod.searchItems(routes, (key) => key, toPinyin);
  const fuse = mod.createSearch(items);
  const t2 = performance.now();
  console.log(
    `  ${items.length} pages; pinyin-pro loaded in ${(t1 - t0).toFixed(0)} ms, index built in ${(t2 - t1).toFixed(0)} ms`,
  );

  // Warm up the JIT as a page would after the first few keystrokes.
  for (const word of TYPED) mod.search(fuse, word);
  const means: number[] = [];
  const worst: number[] = [];
  for (let run = 0; run < Math.max(5, settings.browserRuns); run++) {
    const times: number[] = [];
    for (const word of TYPED) {
      for (let len = 1; len <= word.length; len++) {
        const start = performance.now();
        mod.search(fuse, word.slice(0, len));
        times.push(performance.now() - start);
      }
    }
    means.push(times.reduce((a, b) => a + b, 0) / times.length);
    worst.push(percentile(times, 100));
  }
  results.add(
    'search.keystroke',
    'header search per keystroke (mean)',
    'ms',
    means,
    BUDGETS.searchKeystrokeMs,
  );
  results.add('search.keystrokeWorst', 'header search slowest keystroke', 'ms', worst);
  results.add('search.indexBuild', 'header search index with pinyin', 'ms', [t2 - t1]);

  // The figure the user feels: the real component in Chromium, dropdown included.
  await benchSearchInBrowser(settings, results);
}
