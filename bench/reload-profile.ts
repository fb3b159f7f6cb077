import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { prepareAdmin } from './api.ts';
import {
  CHROMIUM_ARGS,
  newContext,
  openPage,
  RELOAD_PAGES,
  reloadModule,
  signedInState,
} from './browser-session.ts';
import { CONSOLE_DIST, consoleBuilt } from './console-build.ts';
import { ServerProcess, sqliteTarget } from './server-process.ts';
import { readSettings } from './settings.ts';

/*
 * Issue 18 item 1: where a warm, throttled reload of a module page spends its main thread.
 * `node bench/reload-profile.ts [path...]` (default: the bench's three reload pages) serves the
 * built console (CONSOLE_DIR or apps/console/dist; build it with `--sourcemap` to see source files
 * instead of chunks) from a fresh SQLite server, signs in, loads each page once unthrottled (the
 * HTTP cache then holds its chunks), then opens it in a new throttled tab of that context with V8's
 * sampling profiler on, until its table or form shows. Printed per page: the requests with their
 * times, the self time by source file (via the chunks' source maps when present) and by function,
 * and, per 250 ms of the reload, the source file that had most of the samples.
 * BENCH_PROFILE_DIR=<dir> also keeps each .cpuprofile (open it in DevTools' Performance panel).
 * The profiler slows the page a little: the usable time of such a run is not the bench's figure.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();

/** The chunk's source map from the built folder, if the build wrote one. */
function mapOf(url: string): SourceMapConsumer | null {
  if (maps.has(url)) return maps.get(url)!;
  let consumer: SourceMapConsumer | null = null;
  try {
    const pathname = new URL(url).pathname;
    const file = path.join(CONSOLE_DIST, `${pathname}.map`);
    if (pathname.startsWith('/assets/') && fs.existsSync(file))
      consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    consumer = null;
  }
  maps.set(url, consumer);
  return consumer;
}

/** Where a frame's code came from: a source file (shortened) or the chunk, and its original name. */
function origin(frame: ProfileNode['callFrame']): { file: string; fn: string } {
  if (!frame.url) return { file: frame.functionName || '(native)', fn: frame.functionName || '(native)' };
  const map = mapOf(frame.url);
  const chunk = frame.url.replace(/^https?:\/\/[^/]+/, '');
  if (!map) return { file: chunk, fn: `${frame.functionName || '(anonymous)'} ${chunk}:${frame.lineNumber}` };
  const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (pos.source ?? chunk)
    .replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, 'npm:')
    .replace(/^.*\/(apps|packages)\//, '$1/');
  // A package's own files are grouped under the package: which library the time goes to.
  const file = source.startsWith('npm:') ? source.replace(/^npm:((@[^/]+\/)?[^/]+)\/.*$/, 'npm:$1') : source;
  return { file, fn: `${pos.name ?? frame.functionName ?? '(anonymous)'} ${source}:${pos.line ?? '?'}` };
}

function summarise(profile: CpuProfile, navStartUs: number, top: number, window?: [number, number]) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // The console's or the contract's own frame nearest to a sample: whose code asked for the work.
  const appFrame = new Map<number, string>();
  const appOf = (id: number): string => {
    const known = appFrame.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const { fn } = origin(node.callFrame);
    const up = parent.get(id);
    const found = /(^| )(apps|packages)\//.test(fn) ? fn : up === undefined ? '(no app frame)' : appOf(up);
    appFrame.set(id, found);
    return found;
  };
  const selfByApp = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  const buckets = new Map<number, Map<string, number>>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    t += profile.timeDeltas[i] ?? 0;
    const node = byId.get(profile.samples[i]!)!;
    const { file, fn } = origin(node.callFrame);
    if (file === '(idle)') continue;
    const atMs = (t - navStartUs) / 1000;
    if (window && (atMs < window[0] || atMs > window[1])) continue;
    selfByFile.set(file, (selfByFile.get(file) ?? 0) + dt);
    selfByFn.set(fn, (selfByFn.get(fn) ?? 0) + dt);
    const app = appOf(node.id);
    selfByApp.set(app, (selfByApp.get(app) ?? 0) + dt);
    const bucket = Math.floor((t - navStartUs) / 250_000);
    const b = buckets.get(bucket) ?? new Map<string, number>();
    b.set(file, (b.get(file) ?? 0) + dt);
    buckets.set(bucket, b);
  }
  const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  const busy = [...selfByFile].filter(([f]) => f !== '(program)' && f !== '(garbage collector)');
  return {
    totalBusy: ms(busy.reduce((s, [, v]) => s + v, 0)),
    byFile: sorted(selfByFile)
      .slice(0, top)
      .map(([k, v]) => `${ms(v).padStart(8)}  ${k}`),
    byAppFrame: sorted(selfByApp)
      .slice(0, top)
      .map(([k, v]) => `${ms(v).padStart(8)}  ${k}`),
    byFunction: sorted(selfByFn)
      .slice(0, top)
      .map(([k, v]) => `${ms(v).padStart(8)}  ${k}`),
    timeline: [...buckets]
      .sort((a, b) => a[0] - b[0])
      .map(([at, m]) => {
        const total = [...m.values()].reduce((s, v) => s + v, 0);
        const [[first, v1] = ['', 0], [second, v2] = ['', 0]] = sorted(m);
        return `${String(at * 250).padStart(6)} ms: busy ${ms(total).padStart(7)}; ${first} ${ms(v1)}, ${second} ${ms(v2)}`;
      }),
  };
}

/**
 * BENCH_AB=<dirA>,<dirB> [BENCH_AB_RUNS=6]: no profiler; two servers, one per built console, and
 * warm throttled reloads of each page alternating A, B, A, B... in one browser, so that the
 * machine's load drifts over both alike. Prints each run (usable, when the page chunk came from the
 * cache and when the last call before the content went out) and the medians.
 */
async function abRuns(dirs: string[], pages: string[], runs: number) {
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const targets = dirs.map(() => sqliteTarget());
  const servers: ServerProcess[] = [];
  for (const [i, dir] of dirs.entries())
    servers.push(await ServerProcess.start(targets[i]!, { CONSOLE_DIR: dir }));
  const browser = await chromium.launch({
    executablePath: readSettings().chromiumPath,
    args: CHROMIUM_ARGS,
  });
  try {
    const states = [];
    for (const server of servers) {
      await prepareAdmin(server.baseUrl);
      states.push(await signedInState(browser, server.baseUrl));
    }
    for (const pagePath of pages) {
      const usable: number[][] = dirs.map(() => []);
      const rows: number[][] = dirs.map(() => []);
      for (let run = 0; run < runs; run++)
        for (const [i, server] of servers.entries()) {
          const context = await newContext(browser, states[i]);
          try {
            const primer = await openPage(context, { throttled: false, cache: true });
            await primer.page.goto(`${server.baseUrl}${pagePath}`, { waitUntil: 'commit' });
            await primer.page.waitForFunction(() => window.__benchContentAt !== undefined, null, {
              timeout: 30_000,
              polling: 50,
            });
            await primer.net.settle(500, 15_000);
            await primer.page.close();
            const session = await openPage(context, { throttled: true, cache: true });
            const load = os.loadavg()[0]!.toFixed(1);
            const reload = await reloadModule(session, `${server.baseUrl}${pagePath}`);
            usable[i]!.push(reload.usableMs);
            // The rows (or the empty list) drawn, the table's spinner gone: polled after "usable",
            // so a time at or just after usable means "already there when the table showed".
            const rowsAt = await session.page.waitForFunction(
              () => {
                const table = document.querySelector('.app-content .ant-table-wrapper');
                const done =
                  table &&
                  !table.querySelector('.ant-spin-spinning') &&
                  table.querySelector('.ant-table-tbody > tr');
                return done ? performance.now() : false;
              },
              null,
              { timeout: 30_000, polling: 20 },
            );
            rows[i]!.push(Number(await rowsAt.jsonValue()));
            const at = (kind: string) =>
              reload.requests
                .filter((r) => r.startsWith(kind))
                .map((r) => Number(/\+(\d+)\.\./.exec(r)?.[1]))
                .at(-1);
            console.log(
              `${pagePath} ${path.basename(dirs[i]!)} run ${run + 1} (load ${load}): usable ${reload.usableMs.toFixed(0)} ms, rows ${rows[i]!.at(-1)!.toFixed(0)} ms; ` +
                `last script ${at('Script')} ms, last call out ${at('Fetch')} ms`,
            );
          } finally {
            await context.close();
          }
        }
      for (const [i, dir] of dirs.entries())
        console.log(
          `${pagePath} ${path.basename(dir)}: median usable ${median(usable[i]!).toFixed(0)} ms of ${usable[i]!.map((u) => u.toFixed(0)).join(', ')}; ` +
            `median rows ${median(rows[i]!).toFixed(0)} ms, rows after usable ${median(rows[i]!.map((r, k) => r - usable[i]![k]!)).toFixed(0)} ms`,
        );
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
    for (const target of targets) await target.dispose();
  }
}

async function main() {
  const ab = process.env.BENCH_AB?.split(',').filter(Boolean);
  if (ab?.length) {
    const pages = process.argv.slice(2).length ? process.argv.slice(2) : RELOAD_PAGES.map((p) => p.path);
    return abRuns(ab, pages, Number(process.env.BENCH_AB_RUNS ?? 6));
  }
  if (!consoleBuilt()) throw new Error(`${CONSOLE_DIST} has no index.html: build the console first`);
  const pages = process.argv.slice(2).length ? process.argv.slice(2) : RELOAD_PAGES.map((p) => p.path);
  const outDir = process.env.BENCH_PROFILE_DIR;
  const target = sqliteTarget();
  const server = await ServerProcess.start(target);
  const browser = await chromium.launch({
    executablePath: readSettings().chromiumPath,
    args: CHROMIUM_ARGS,
  });
  try {
    await prepareAdmin(server.baseUrl);
    const state = await signedInState(browser, server.baseUrl);
    for (const pagePath of pages) {
      const context = await newContext(browser, state);
      try {
        const primer = await openPage(context, { throttled: false, cache: true });
        await primer.page.goto(`${server.baseUrl}${pagePath}`, { waitUntil: 'commit' });
        await primer.page.waitForFunction(() => window.__benchContentAt !== undefined, null, {
          timeout: 30_000,
          polling: 50,
        });
        await primer.net.settle(500, 15_000);
        await primer.page.close();
        const session = await openPage(context, { throttled: true, cache: true });
        await session.cdp.send('Profiler.enable');
        await session.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await session.cdp.send('Profiler.start');
        const load = os.loadavg()[0]!.toFixed(2);
        const reload = await reloadModule(session, `${server.baseUrl}${pagePath}`);
        // The profile's clock (µs) and the page's performance.now() (ms since navigation start)
        // are both monotonic: aligned on the profile's end (off by one CDP round trip).
        const endNow = await session.page.evaluate(() => performance.now());
        const { profile } = (await session.cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        const navStartUs = profile.endTime - endNow * 1000;
        const s = summarise(profile, navStartUs, 25);
        // The stretch of the issue: from the last script (the page's chunk) arriving until the
        // content shows; the page's own data call is the last call sent before then.
        const times = (kind: string) =>
          reload.requests
            .filter((r) => r.startsWith(kind))
            .map((r) => r.match(/\+(\d+)\.\.(\d+|\?) ms$/))
            .flatMap((m) => (m ? [[Number(m[1]), Number(m[2])] as const] : []));
        const scriptsEnd = Math.max(...times('Script').map(([, e]) => e));
        const lastCall = Math.max(...times('Fetch').map(([b]) => b));
        const w = summarise(profile, navStartUs, 15, [scriptsEnd, reload.usableMs]);
        console.log(`\n== warm throttled reload of ${pagePath} (load average ${load}) ==`);
        console.log(
          `usable ${reload.usableMs.toFixed(0)} ms; main thread busy ${s.totalBusy} of the profile`,
        );
        console.log('requests:');
        for (const r of reload.requests) console.log(`  ${r}`);
        console.log('self time by source file:');
        for (const l of s.byFile) console.log(`  ${l}`);
        console.log('time by the nearest console or contract frame (whose code it ran for):');
        for (const l of s.byAppFrame) console.log(`  ${l}`);
        console.log('self time by function:');
        for (const l of s.byFunction) console.log(`  ${l}`);
        console.log(
          `from the last script (${scriptsEnd} ms) to the content (${reload.usableMs.toFixed(0)} ms; last call sent at ${lastCall} ms): busy ${w.totalBusy}`,
        );
        for (const l of w.byFile) console.log(`  ${l}`);
        for (const l of w.byFunction) console.log(`  ${l}`);
        console.log('per 250 ms after navigation start (busy; the two files with most samples):');
        for (const l of s.timeline) console.log(`  ${l}`);
        if (outDir) {
          fs.mkdirSync(outDir, { recursive: true });
          const file = path.join(outDir, `${pagePath.replace(/\//g, '_').replace(/^_/, '')}.cpuprofile`);
          fs.writeFileSync(file, JSON.stringify(profile));
          console.log(`profile: ${file}`);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await target.dispose();
  }
}

await main();
