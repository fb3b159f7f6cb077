import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { contractTables } from '../apps/console/build/contract-tables.ts';
import { BUDGETS } from './budgets.ts';
import type { Results } from './report.ts';
import type {} from './search-page/search-bench-api.ts';
import { REPO_ROOT } from './server-process.ts';
import type { BenchSettings } from './settings.ts';

/**
 * Header search as the user feels it: the console's real HeaderSearch component (antd Select and
 * all) in Chromium, each keystroke timed from its input event until the dropdown is committed
 * and laid out (bench/search-page/entry.tsx), the first keystroke after opening included.
 */

const PROFILE = process.env.BENCH_SEARCH_PROFILE === '1';
/**
 * BENCH_SEARCH_COMPONENT=<file>: measure another version of header-search.tsx (an older commit's,
 * copied beside the real one) in the same conditions, for a before/after figure.
 */
const COMPONENT = path.resolve(
  process.env.BENCH_SEARCH_COMPONENT ??
    path.join(REPO_ROOT, 'apps/console/src/features/header-search/header-search.tsx'),
);
const PAGE_DIR = path.join(REPO_ROOT, 'bench/search-page');

/** What an operator types over the real menu, per language: pinyin, initials, Chinese, English. */
const TYPED_REAL = {
  zh_CN: ['zhongduan', 'xtsz', '语音设置', 'beifen', 'dhcp'],
  en: ['terminal list', 'upgrade', 'backup', 'log', 'voice'],
} as const;
const KEY_GAP_MS = 50;
const TYPED_SYNTHETIC = ['zhongduanguanli', 'zdgl', '终端升级', 'firmware upgrade', 'log'];

/** The page built for production with Vite (no config file: the console's own is not touched). */
async function buildPage(): Promise<string> {
  const { build } = await import('vite');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-bench-search-page-'));
  process.once('exit', () => fs.rmSync(outDir, { recursive: true, force: true }));
  await build({
    configFile: false,
    logLevel: 'error',
    root: PAGE_DIR,
    // The tables the console's build computes from the contract (the menu titles the search shows).
    plugins: [contractTables()],
    base: './',
    build: { outDir, emptyOutDir: true },
    // BENCH_SEARCH_PROFILE=1: React's profiling build, so the page can tell render time apart.
    resolve: {
      alias: {
        'bench-header-search': COMPONENT,
        ...(PROFILE ? { 'react-dom/client': 'react-dom/profiling' } : {}),
      },
    },
  });
  return outDir;
}

/** A static server of the built page on 127.0.0.1 (modules do not load from file:// URLs). */
export async function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = http.createServer((req, res) => {
    const name = path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = path.join(dir, name === '/' ? 'index.html' : name);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One character as the user gives it: a key press, or (Chinese) text from the input method. */
async function typeChar(page: Page, char: string): Promise<void> {
  if (/^[\x20-\x7e]$/.test(char)) await page.keyboard.press(char === ' ' ? 'Space' : char);
  else await page.keyboard.insertText(char);
}

interface Session {
  keystrokes: number[];
  first: number;
  /** Main-thread CPU time per keystroke, from Chromium's trace: what the machine's load does not inflate. */
  cpuPerKeystroke: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * CPU time (ms) of the page's main thread in a trace: the sum of its top-level tasks' thread
 * durations. Wall-clock figures on a loaded machine count the time the thread waited for a core;
 * this does not. The page's renderer is the one whose main thread worked the most.
 */
function mainThreadCpuMs(trace: Buffer): number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const perThread = new Map<string, number>();
  const endOf = new Map<string, number>();
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.tdur !== undefined)
    .filter((e) => mains.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    const thread = `${task.pid}:${task.tid}`;
    // Nested tasks (a task run inside another) are in their parent's time already.
    if (task.ts < (endOf.get(thread) ?? 0)) continue;
    endOf.set(thread, task.ts + (task.dur ?? 0));
    perThread.set(thread, (perThread.get(thread) ?? 0) + task.tdur! / 1000);
  }
  return Math.max(0, ...perThread.values());
}

/** A fresh page: opens the search over the menu and types each word, timing every keystroke. */
async function typeSession(
  page: Page,
  url: string,
  menu: 'real' | 'synthetic',
  lang: 'zh_CN' | 'en',
  words: readonly string[],
): Promise<Session> {
  await page.goto(url);
  await page.waitForFunction(() => window.searchBench !== undefined);
  await page.evaluate(([m, l]) => window.searchBench.show(m, l), [menu, lang] as const);
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').length);
  await page.locator('.navbar__icon').click();
  await page.locator('input[role="combobox"]').waitFor();
  if (menu === 'synthetic') {
    // Its titles are not built in: pinyin-pro loads (as for titles the server adds) before typing.
    await page.waitForFunction((n) => performance.getEntriesByType('resource').length > n, loaded, {
      timeout: 10_000,
    });
    await page.waitForTimeout(300);
  }
  const keystrokes: number[] = [];
  await page
    .context()
    .browser()!
    .startTracing(page, { categories: ['toplevel'] });
  let keys = 0;
  for (const word of words) {
    for (const [i, char] of [...word].entries()) {
      await typeChar(page, char);
      keys++;
      // Each keystroke once the previous one is handled, some 50 ms apart as a fast typist's: a
      // keystroke sent while the page still handles the last would time the queue, not the search.
      await page.waitForFunction((n) => window.searchBench.timed() > n, i, { polling: 10 });
      await page.waitForTimeout(KEY_GAP_MS);
      if (process.env.BENCH_SEARCH_DEBUG)
        console.log(word, char, (await page.evaluate(() => window.searchBench.options())).length);
    }
    keystrokes.push(...(await page.evaluate(() => window.searchBench.takeKeystrokes())));
    if (PROFILE) {
      const parts = await page.evaluate(() => window.searchBench.takeParts());
      console.log(`    ${word}: ${parts.map((p) => p.map((x) => x.toFixed(1)).join('/')).join('  ')}`);
    }
    if ((await page.evaluate(() => window.searchBench.options())).length === 0)
      throw new Error(
        `the search found nothing for "${await page.locator('input[role="combobox"]').inputValue()}" (${menu}, ${lang})`,
      );
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    keys++;
    await page.waitForTimeout(KEY_GAP_MS * 4);
    await page.evaluate(() => window.searchBench.takeKeystrokes());
  }
  // The clearing keystroke of each word counts: its work is in the trace too.
  const cpu = mainThreadCpuMs(await page.context().browser()!.stopTracing());
  return { keystrokes, first: keystrokes[0] ?? Number.NaN, cpuPerKeystroke: cpu / keys };
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function benchSearchInBrowser(settings: BenchSettings, results: Results): Promise<void> {
  console.log('\n== header search in Chromium (real component) ==');
  const cases = [
    { id: 'zh', menu: 'real', lang: 'zh_CN', words: TYPED_REAL.zh_CN, budget: BUDGETS.searchFeltMs },
    { id: 'en', menu: 'real', lang: 'en', words: TYPED_REAL.en, budget: BUDGETS.searchFeltMs },
    {
      id: 'synthetic',
      menu: 'synthetic',
      lang: 'zh_CN',
      words: TYPED_SYNTHETIC,
      budget: BUDGETS.searchKeystrokeMs,
    },
  ] as const;
  let dir: string;
  try {
    dir = await buildPage();
  } catch (e) {
    const reason = `the search page could not be built: ${(e as Error).message.split('\n')[0]}`;
    console.log(`  SKIPPED: ${reason}`);
    for (const c of cases)
      results.missing(`search.felt.${c.id}`, `header search felt (${c.id})`, 'ms', reason, c.budget);
    return;
  }
  const server = await serve(dir);
  const browser = await chromium.launch({ executablePath: settings.chromiumPath, args: ['--no-sandbox'] });
  try {
    for (const c of cases.filter(
      (c) => !process.env.BENCH_SEARCH_CASE || c.id === process.env.BENCH_SEARCH_CASE,
    )) {
      const means: number[] = [];
      const firsts: number[] = [];
      const worst: number[] = [];
      const cpu: number[] = [];
      for (let run = 0; run < Math.max(3, settings.browserRuns); run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        const s = await typeSession(page, server.url, c.menu, c.lang, c.words);
        await context.close();
        means.push(mean(s.keystrokes));
        firsts.push(s.first);
        worst.push(Math.max(...s.keystrokes));
        cpu.push(s.cpuPerKeystroke);
      }
      const what = c.menu === 'real' ? `real menu, ${c.lang}` : '1,000 titles';
      console.log(
        `  ${what} (load average ${os.loadavg()[0]!.toFixed(1)}): mean ${means.map((m) => m.toFixed(2)).join(' ')} ms, first ${firsts.map((m) => m.toFixed(1)).join(' ')} ms, main-thread CPU ${cpu.map((m) => m.toFixed(2)).join(' ')} ms`,
      );
      results.add(`search.felt.${c.id}`, `header search felt per keystroke (${what})`, 'ms', means, c.budget);
      results.add(
        `search.felt.${c.id}.first`,
        `header search felt, first keystroke (${what})`,
        'ms',
        firsts,
        c.budget,
      );
      results.add(
        `search.felt.${c.id}.cpu`,
        `header search main-thread CPU per keystroke (${what}, trace)`,
        'ms',
        cpu,
      );
      results.add(
        `search.felt.${c.id}.worst`,
        `header search felt, slowest keystroke (${what})`,
        'ms',
        worst,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
