import type { Browser } from 'playwright-core';
import {
  fillSignIn,
  type ModuleReload,
  navigationStart,
  newContext,
  openPage,
  RELOAD_PAGES,
  reloadModule,
  requestLine,
  type Session,
  signedInState,
  signInAt,
} from './browser-session.ts';
import { BUDGETS } from './budgets.ts';
import { type ClickProbe, clickAndTime, LOGIN_SUBMIT } from './page-probes.ts';
import type { Results } from './report.ts';

/*
 * Issue 18, the slow link as an operator has it: a reload or a bookmark reuses the HTTP cache for
 * the console's hashed scripts (served `immutable` for a year; the page itself is revalidated), and
 * signing in is timed from the click to the dashboard with its figures, on the throttled profile.
 * Cold (cache off) beside warm (the context has loaded the app once), so both are reported.
 */

/** The bound for a page on the slow link: usable within 3.5 s (the reload's own budget). */
const SLOW_LINK_BUDGET = BUDGETS.reloadUsableThrottledMs;

const line = (r: ModuleReload) =>
  `usable ${r.usableMs.toFixed(0)} ms, ${r.requestsBeforeUsable} requests (${r.fromCacheBeforeUsable} from the cache), ` +
  `${r.transferBeforeUsableKB.toFixed(0)} KB`;

/** Loads each module page once, unthrottled, in `session`'s context: its cache then holds their chunks. */
async function primeCache(session: Session, baseUrl: string): Promise<void> {
  for (const { path } of RELOAD_PAGES) {
    await session.page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
    await session.page.waitForFunction(() => window.__benchContentAt !== undefined, null, {
      timeout: 30_000,
      polling: 50,
    });
    await session.net.settle(500, 15_000);
  }
}

/**
 * Warm reloads: per run a signed-in context with the cache on loads each module page once
 * (unthrottled), then each page is opened again in a new throttled tab of that context (a reload,
 * a bookmark) and timed until its table or form shows.
 */
export async function benchWarmReloads(
  browser: Browser,
  baseUrl: string,
  runs: number,
  log: (line: string) => void = console.log,
): Promise<Map<string, ModuleReload[]>> {
  const state = await signedInState(browser, baseUrl);
  const out = new Map<string, ModuleReload[]>(RELOAD_PAGES.map((p) => [p.path, []]));
  for (let run = 0; run < runs; run++) {
    const context = await newContext(browser, state);
    try {
      const primer = await openPage(context, { throttled: false, cache: true });
      await primeCache(primer, baseUrl);
      await primer.page.close();
      for (const { path } of RELOAD_PAGES) {
        const session = await openPage(context, { throttled: true, cache: true });
        try {
          const reload = await reloadModule(session, `${baseUrl}${path}`);
          out.get(path)!.push(reload);
          log(`  warm throttled reload ${run + 1} of ${path}: ${line(reload)}`);
        } finally {
          await session.page.close();
        }
      }
    } finally {
      await context.close();
    }
  }
  return out;
}

export interface ThrottledSignIn {
  cache: 'cold' | 'warm';
  /** `typed`: the form filled and the preload it starts finished before the click; `atOnce`: clicked right after filling. */
  how: 'typed' | 'atOnce';
  dashboardMs: number;
  /** The page's requests from navigation start, and when the click was made and the dashboard showed. */
  timeline: string[];
  /** Requests from the click until the dashboard showed, and how many of them the cache answered. */
  requests: number;
  fromCache: number;
}

/**
 * Throttled sign-in on a loaded sign-in page, timed from the click on the button until the
 * dashboard shows with its figures. `typed` waits until the page's own requests are done, fills
 * the form and waits until the network is quiet again (what the first keystroke preloads has
 * arrived); `atOnce` fills the form and clicks as soon as the button is drawn and enabled (a
 * browser's saved password), before the app's script may have arrived.
 */
async function signInThrottled(session: Session, baseUrl: string, how: ThrottledSignIn['how']) {
  const { page, net, fromCache } = session;
  await page.goto(`${baseUrl}/login`, { waitUntil: 'commit', timeout: 60_000 });
  // Drawn and enabled (the button the served page's early script turned on).
  await page.waitForFunction(
    () =>
      window.__benchUsableAt !== undefined &&
      performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'),
    null,
    { timeout: 60_000, polling: 50 },
  );
  if (how === 'typed') {
    // What the page loads by itself, then the typing, then what the first keystroke loads.
    await net.settle(500, 30_000);
    await fillSignIn(page);
    await net.settle(1000, 60_000);
  } else await fillSignIn(page);
  const before = new Set(net.entries.keys());
  const probe: ClickProbe = { click: LOGIN_SUBMIT, kind: 'dashboard', timeoutMs: 60_000 };
  const clickedAt = await page.evaluate(() => performance.now());
  const dash = await page.evaluate(clickAndTime, probe);
  const after = [...net.entries.keys()].filter((id) => !before.has(id));
  // Every request of the page with its start and end after navigation start: what the click waited for.
  const navStart = await navigationStart(page, net);
  const timeline = [
    `click at +${clickedAt.toFixed(0)} ms, dashboard at +${(clickedAt + dash.ms).toFixed(0)} ms`,
    ...[...net.entries].map(([id, e]) => requestLine(e, navStart, fromCache.has(id))),
  ];
  return {
    dashboardMs: dash.ms,
    requests: after.length,
    fromCache: after.filter((id) => fromCache.has(id)).length,
    timeline,
  };
}

/**
 * Sign-in to the dashboard on the throttled profile: cold (a new context, cache off) and warm (a
 * context that has signed in and shown the dashboard once, then lost its session cookies: the
 * cache holds the start chunk, the shell and the dashboard's chunk), typed first and clicked at once.
 */
export async function benchSignInThrottled(
  browser: Browser,
  baseUrl: string,
  runs: number,
  log: (line: string) => void = console.log,
): Promise<ThrottledSignIn[]> {
  const out: ThrottledSignIn[] = [];
  for (let run = 0; run < runs; run++)
    for (const cache of ['cold', 'warm'] as const)
      for (const how of ['typed', 'atOnce'] as const) {
        const context = await newContext(browser);
        try {
          if (cache === 'warm') {
            const primer = await openPage(context, { throttled: false, cache: true });
            await signInAt(primer.page, baseUrl);
            await primer.page.waitForSelector('.dashboard', { timeout: 20_000 });
            await primer.net.settle(500, 15_000);
            await primer.page.close();
            await context.clearCookies();
          }
          const session = await openPage(context, { throttled: true, cache: cache === 'warm' });
          const r = await signInThrottled(session, baseUrl, how);
          out.push({ cache, how, ...r });
          log(
            `  ${cache} throttled sign-in ${run + 1} (${how === 'typed' ? 'typed first' : 'clicked at once'}): ` +
              `dashboard ${r.dashboardMs.toFixed(0)} ms, ${r.requests} requests (${r.fromCache} from the cache)`,
          );
        } finally {
          await context.close();
        }
      }
  return out;
}

export function reportWarmReloads(results: Results, reloads: Map<string, ModuleReload[]>): void {
  for (const { key, path } of RELOAD_PAGES) {
    const runs = reloads.get(path) ?? [];
    results.add(
      `browser.reloadWarmThrottled.${key}.usable`,
      `reload of ${path} throttled, warm cache: content usable`,
      'ms',
      runs.map((r) => r.usableMs),
      SLOW_LINK_BUDGET,
    );
    results.add(
      `browser.reloadWarmThrottled.${key}.network`,
      `reload of ${path} throttled, warm cache: requests to the network until usable`,
      'requests',
      runs.map((r) => r.requestsBeforeUsable - r.fromCacheBeforeUsable),
    );
    results.add(
      `browser.reloadWarmThrottled.${key}.transferKB`,
      `reload of ${path} throttled, warm cache: transfer until usable`,
      'KB',
      runs.map((r) => r.transferBeforeUsableKB),
    );
    if (runs[0]) results.detail(`warm reload of ${path}: requests until usable (run 1)`, runs[0].requests);
  }
}

export function reportSignInThrottled(results: Results, list: ThrottledSignIn[]): void {
  for (const cache of ['cold', 'warm'] as const)
    for (const how of ['typed', 'atOnce'] as const) {
      const runs = list.filter((r) => r.cache === cache && r.how === how);
      const words = how === 'typed' ? 'typed first' : 'clicked at once';
      results.add(
        `browser.signInThrottled.${cache}.${how}.dashboard`,
        `sign-in throttled, ${cache} cache (${words}): dashboard usable`,
        'ms',
        runs.map((r) => r.dashboardMs),
        how === 'typed' ? SLOW_LINK_BUDGET : BUDGETS.signInAtOnceThrottledMs,
      );
      if (runs[0]) results.detail(`throttled sign-in, ${cache} cache (${words}), run 1`, runs[0].timeline);
      results.add(
        `browser.signInThrottled.${cache}.${how}.network`,
        `sign-in throttled, ${cache} cache (${words}): requests to the network until the dashboard`,
        'requests',
        runs.map((r) => r.requests - r.fromCache),
      );
    }
}

/** Both figures, each reported as missing with the reason when it could not be measured. */
export async function benchSlowLinkWarm(
  browser: Browser,
  baseUrl: string,
  runs: number,
  results: Results,
): Promise<void> {
  try {
    reportWarmReloads(results, await benchWarmReloads(browser, baseUrl, runs));
  } catch (e) {
    const reason = `warm throttled reloads failed: ${(e as Error).message.split('\n')[0]}`;
    results.note(reason);
    for (const { key, path } of RELOAD_PAGES)
      results.missing(
        `browser.reloadWarmThrottled.${key}.usable`,
        `reload of ${path} throttled, warm cache: content usable`,
        'ms',
        reason,
        SLOW_LINK_BUDGET,
      );
  }
  try {
    reportSignInThrottled(results, await benchSignInThrottled(browser, baseUrl, runs));
  } catch (e) {
    const reason = `throttled sign-in failed: ${(e as Error).message.split('\n')[0]}`;
    results.note(reason);
    results.missing(
      'browser.signInThrottled.warm.typed.dashboard',
      'sign-in throttled, warm cache (typed first): dashboard usable',
      'ms',
      reason,
      SLOW_LINK_BUDGET,
    );
  }
}
