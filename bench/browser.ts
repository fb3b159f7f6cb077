import fs from 'node:fs';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  fillSignIn,
  freshPage,
  inContext,
  kb,
  type ModuleReload,
  RELOAD_PAGES,
  reloadModule,
  signedInState,
} from './browser-session.ts';
import { benchSlowLinkWarm } from './browser-warm.ts';
import { BUDGETS } from './budgets.ts';
import { apiChainDepth, bytesByType, type NetworkLog } from './network-log.ts';
import { type ClickProbe, clickAndTime, LOGIN_SUBMIT, paintTimings } from './page-probes.ts';
import type { Results } from './report.ts';
import type { BenchSettings } from './settings.ts';

/**
 * Two modules of the full menu, both under "System settings": the first is a real page module
 * (its chunk loads on first open), the second the other tab of the tab-switch figure.
 */
const SIDEBAR_GROUP = '系统设置';
const MODULE_A = '/system/log';
const MODULE_B = '/system/dhcp';

interface ColdLoad {
  usableMs: number;
  /** When the app had taken the form over (hydrated): a submit before then is held until it has. */
  takenOverMs: number;
  requestsBeforeUsable: number;
  requestsTotal: number;
  transferKB: number;
  transferBeforeUsableKB: number;
  fcpMs: number;
  lcpMs: number;
  heapMB: number;
  byType: Record<string, number>;
  encodings: string[];
  requests: string[];
}

interface SignedIn {
  dashboardMs: number;
  signInRequests: number;
  signInApiChain: number;
  signInCalls: string[];
  dashboardHeapMB: number;
  moduleOpenMs: number;
  tabSwitchMs: number;
}

async function heapMB(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
  return used === undefined ? Number.NaN : used / 2 ** 20;
}

/** Clicks inside the page and times until the probe's content shows. */
const timeClick = (page: Page, probe: ClickProbe) => page.evaluate(clickAndTime, probe);

/** A cold load of the sign-in page, measured until the sign-in button is usable (drawn and enabled) and the network is quiet. */
async function coldLoad(page: Page, cdp: CDPSession, net: NetworkLog, baseUrl: string, throttled: boolean) {
  const timeout = throttled ? 60_000 : 20_000;
  await page.goto(`${baseUrl}/login`, { waitUntil: 'commit', timeout });
  await page.waitForFunction(() => window.__benchUsableAt !== undefined, null, { timeout, polling: 50 });
  const shownMs = (await page.evaluate(() => window.__benchUsableAt))!;
  await page.waitForFunction(() => window.__benchTakenOverAt !== undefined, null, { timeout, polling: 50 });
  const takenOverMs = (await page.evaluate(() => window.__benchTakenOverAt))!;
  const fetchStart = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).fetchStart,
  );
  await net.settle(throttled ? 1500 : 500, timeout);
  const { fcp, lcp } = await page.evaluate(paintTimings);
  // The probe finds the served button laid out and enabled before the first paint: nobody can
  // press it before it is drawn, so it is usable from the later of the two.
  const usableMs = Number.isNaN(fcp) ? shownMs : Math.max(shownMs, fcp);
  const doc = net.document();
  if (!doc) throw new Error('no document request recorded');
  // CDP time of navigation start: the document request went out `fetchStart` ms after it.
  const navStart = doc.start - fetchStart / 1000;
  const all = net.list();
  const before = all.filter((e) => (e.start - navStart) * 1000 <= usableMs);
  const result: ColdLoad = {
    usableMs,
    takenOverMs,
    requestsBeforeUsable: before.length,
    requestsTotal: all.length,
    transferKB: kb(all),
    transferBeforeUsableKB: kb(before),
    fcpMs: fcp,
    lcpMs: lcp,
    heapMB: await heapMB(cdp),
    byType: bytesByType(all),
    encodings: [...new Set(all.map((e) => e.encoding))],
    requests: all.map((e) => `${e.type} ${new URL(e.url).pathname} ${(e.bytes / 1024).toFixed(1)} KB`),
  };
  return result;
}

/** Throttled reloads of each module page of {@link RELOAD_PAGES}, `runs` times each. */
export async function benchModuleReloads(
  browser: Browser,
  baseUrl: string,
  runs: number,
  log: (line: string) => void = console.log,
): Promise<Map<string, ModuleReload[]>> {
  const state = await signedInState(browser, baseUrl);
  const out = new Map<string, ModuleReload[]>(RELOAD_PAGES.map((p) => [p.path, []]));
  for (let run = 0; run < runs; run++)
    for (const { path } of RELOAD_PAGES) {
      const session = await freshPage(browser, true, state);
      try {
        const reload = await reloadModule(session, `${baseUrl}${path}`);
        out.get(path)!.push(reload);
        log(
          `  throttled reload ${run + 1} of ${path}: usable ${reload.usableMs.toFixed(0)} ms, ` +
            `${reload.requestsBeforeUsable} requests, ${reload.transferBeforeUsableKB.toFixed(0)} KB (${reload.encodings.join(', ')})`,
        );
      } finally {
        await session.context.close();
      }
    }
  return out;
}

/** After a cold load: sign in, then open two modules and switch between their tabs. */
async function signedIn(page: Page, cdp: CDPSession, net: NetworkLog): Promise<SignedIn> {
  await fillSignIn(page);
  const before = new Set(net.entries.keys());
  const dash = await timeClick(page, {
    click: LOGIN_SUBMIT,
    kind: 'dashboard',
    timeoutMs: 15_000,
  });
  const signIn = [...net.entries].filter(([id]) => !before.has(id)).map(([, e]) => e);
  const dashboardHeapMB = await heapMB(cdp);

  // Expanding the group is not timed: the figure is the module's own first load.
  await page.locator('.sidebar').getByText(SIDEBAR_GROUP, { exact: true }).click();
  await page.locator(`.sidebar a[href="${MODULE_A}"]`).waitFor({ state: 'visible' });
  const open = await timeClick(page, {
    click: `.sidebar a[href="${MODULE_A}"]`,
    kind: 'newPage',
    timeoutMs: 15_000,
  });
  await net.settle(300, 10_000);
  await timeClick(page, {
    click: `.sidebar a[href="${MODULE_B}"]`,
    kind: 'newPage',
    timeoutMs: 15_000,
  });
  await net.settle(300, 10_000);
  // BENCH_TAB_PROFILE=<file>: a V8 CPU profile of the tab switch (open it in DevTools' Performance
  // panel). The profiler slows the page: the figure of such a run is not comparable.
  const profileFile = process.env.BENCH_TAB_PROFILE;
  if (profileFile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const tab = await timeClick(page, {
    click: `.tags-view .tags-view__label[data-path="${MODULE_A}"]`,
    kind: 'pageShown',
    index: open.index,
    timeoutMs: 5_000,
  });
  if (profileFile) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(profileFile, JSON.stringify(profile));
  }
  return {
    dashboardMs: dash.ms,
    signInRequests: signIn.length,
    signInApiChain: apiChainDepth(signIn),
    signInCalls: signIn.map(
      (e) =>
        `${e.type} ${new URL(e.url).pathname} +${((e.start - signIn[0]!.start) * 1000).toFixed(0)}..${(((e.end ?? e.start) - signIn[0]!.start) * 1000).toFixed(0)} ms`,
    ),
    dashboardHeapMB,
    moduleOpenMs: open.ms,
    tabSwitchMs: tab.ms,
  };
}

/** The browser half: cold loads of the sign-in page (plain and throttled) and the signed-in figures. */
export async function benchBrowser(
  baseUrl: string,
  settings: BenchSettings,
  results: Results,
): Promise<void> {
  console.log('\n== console in Chromium ==');
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: settings.chromiumPath, args: CHROMIUM_ARGS });
  } catch (e) {
    const reason = `Chromium could not start (${settings.chromiumPath}): ${(e as Error).message.split('\n')[0]}`;
    console.log(`  SKIPPED: ${reason}`);
    results.note(reason);
    results.missing(
      'browser.login.usable',
      'login: sign-in button usable',
      'ms',
      reason,
      BUDGETS.loginUsableMs,
    );
    return;
  }
  console.log(`  Chromium ${browser.version()}, ${settings.browserRuns} runs per profile`);
  try {
    const plain: ColdLoad[] = [];
    const throttled: ColdLoad[] = [];
    const after: SignedIn[] = [];
    // One warm-up load so that the server's first-request costs do not land in run 1.
    await inContext(browser, false, ({ page, cdp, net }) => coldLoad(page, cdp, net, baseUrl, false));
    for (let run = 0; run < settings.browserRuns; run++) {
      await inContext(browser, false, async ({ page, cdp, net }) => {
        const load = await coldLoad(page, cdp, net, baseUrl, false);
        plain.push(load);
        try {
          const s = await signedIn(page, cdp, net);
          after.push(s);
          console.log(
            `  run ${run + 1}: login usable ${load.usableMs.toFixed(0)} ms, ${load.requestsBeforeUsable} requests, ${load.transferBeforeUsableKB.toFixed(1)} KB (${load.transferKB.toFixed(1)} in all); ` +
              `dashboard ${s.dashboardMs.toFixed(0)} ms, module ${s.moduleOpenMs.toFixed(0)} ms, tab ${s.tabSwitchMs.toFixed(1)} ms`,
          );
        } catch (e) {
          results.note(`signed-in run ${run + 1} failed: ${(e as Error).message.split('\n')[0]}`);
          console.log(`  run ${run + 1}: signed-in part failed: ${(e as Error).message.split('\n')[0]}`);
        }
      });
    }
    for (let run = 0; run < settings.browserRuns; run++) {
      const load = await inContext(browser, true, ({ page, cdp, net }) =>
        coldLoad(page, cdp, net, baseUrl, true),
      );
      throttled.push(load);
      console.log(`  throttled run ${run + 1}: login usable ${load.usableMs.toFixed(0)} ms`);
    }
    reportLoads(results, plain, throttled, after);
    try {
      reportReloads(results, await benchModuleReloads(browser, baseUrl, settings.browserRuns));
    } catch (e) {
      const reason = `throttled module reloads failed: ${(e as Error).message.split('\n')[0]}`;
      results.note(reason);
      for (const { key, path } of RELOAD_PAGES)
        results.missing(
          `browser.reloadThrottled.${key}.usable`,
          `reload of ${path} throttled: content usable`,
          'ms',
          reason,
          BUDGETS.reloadUsableThrottledMs,
        );
    }
    // The same reloads with the cache an operator's browser has, and sign-in on the slow link.
    await benchSlowLinkWarm(browser, baseUrl, settings.browserRuns, results);
  } finally {
    await browser.close();
  }
}

function reportReloads(results: Results, reloads: Map<string, ModuleReload[]>): void {
  for (const { key, path } of RELOAD_PAGES) {
    const runs = reloads.get(path) ?? [];
    results.add(
      `browser.reloadThrottled.${key}.usable`,
      `reload of ${path} throttled: content usable`,
      'ms',
      runs.map((r) => r.usableMs),
      BUDGETS.reloadUsableThrottledMs,
    );
    results.add(
      `browser.reloadThrottled.${key}.requests`,
      `reload of ${path} throttled: requests until usable`,
      'requests',
      runs.map((r) => r.requestsBeforeUsable),
      BUDGETS.reloadRequests,
    );
    results.add(
      `browser.reloadThrottled.${key}.transferKB`,
      `reload of ${path} throttled: transfer until usable`,
      'KB',
      runs.map((r) => r.transferBeforeUsableKB),
    );
    if (runs[0]) results.detail(`reload of ${path}: requests until usable (run 1)`, runs[0].requests);
  }
}

function reportLoads(results: Results, plain: ColdLoad[], throttled: ColdLoad[], after: SignedIn[]): void {
  const of = <T>(list: T[], pick: (x: T) => number) => list.map(pick);
  results.add(
    'browser.login.transferBeforeUsableKB',
    'login: transfer until usable',
    'KB',
    of(plain, (l) => l.transferBeforeUsableKB),
    BUDGETS.loginTransferKB,
  );
  // Beyond the page itself: the signed-in shell it preloads once drawn (start/early-script.ts).
  results.add(
    'browser.login.transferKB',
    'login: transfer in total, the preloaded shell included',
    'KB',
    of(plain, (l) => l.transferKB),
  );
  results.add(
    'browser.login.requests',
    'login: requests until usable',
    'requests',
    of(plain, (l) => l.requestsBeforeUsable),
    BUDGETS.loginRequests,
  );
  results.add(
    'browser.login.usable',
    'login: sign-in usable',
    'ms',
    of(plain, (l) => l.usableMs),
    BUDGETS.loginUsableMs,
  );
  results.add(
    'browser.login.takenOver',
    'login: script running (a submit before it is held)',
    'ms',
    of(plain, (l) => l.takenOverMs),
  );
  results.add(
    'browser.login.fcp',
    'login: FCP',
    'ms',
    of(plain, (l) => l.fcpMs),
  );
  results.add(
    'browser.login.lcp',
    'login: LCP',
    'ms',
    of(plain, (l) => l.lcpMs),
  );
  results.add(
    'browser.login.heap',
    'login: JS heap used',
    'MB',
    of(plain, (l) => l.heapMB),
  );
  results.add(
    'browser.loginThrottled.usable',
    'login throttled: sign-in usable',
    'ms',
    of(throttled, (l) => l.usableMs),
    BUDGETS.loginUsableThrottledMs,
  );
  results.add(
    'browser.loginThrottled.requests',
    'login throttled: requests until usable',
    'requests',
    of(throttled, (l) => l.requestsBeforeUsable),
    BUDGETS.loginRequests,
  );
  results.add(
    'browser.loginThrottled.takenOver',
    'login throttled: script running (a submit before it is held)',
    'ms',
    of(throttled, (l) => l.takenOverMs),
  );
  results.add(
    'browser.loginThrottled.fcp',
    'login throttled: FCP',
    'ms',
    of(throttled, (l) => l.fcpMs),
  );
  results.add(
    'browser.loginThrottled.lcp',
    'login throttled: LCP',
    'ms',
    of(throttled, (l) => l.lcpMs),
  );
  if (plain[0]) {
    results.detail('login page requests (run 1)', plain[0].requests);
    results.detail('login page KB by type (run 1)', plain[0].byType);
    results.detail('login page encodings', plain[0].encodings);
  }
  if (after.length === 0) {
    const reason = 'every signed-in run failed (see notes)';
    results.missing(
      'browser.dashboard.usable',
      'dashboard usable after sign-in',
      'ms',
      reason,
      BUDGETS.dashboardUsableMs,
    );
    results.missing('browser.tabSwitch', 'switch between two open tabs', 'ms', reason, BUDGETS.tabSwitchMs);
    results.missing('browser.moduleOpen', 'open a not-yet-loaded module', 'ms', reason, BUDGETS.moduleOpenMs);
    return;
  }
  results.add(
    'browser.dashboard.usable',
    'dashboard usable after sign-in',
    'ms',
    of(after, (s) => s.dashboardMs),
    BUDGETS.dashboardUsableMs,
  );
  results.add(
    'browser.signIn.requests',
    'sign-in: requests until dashboard',
    'requests',
    of(after, (s) => s.signInRequests),
  );
  results.add(
    'browser.signIn.chain',
    'sign-in: API calls in sequence',
    'requests',
    of(after, (s) => s.signInApiChain),
  );
  results.add(
    'browser.dashboard.heap',
    'dashboard: JS heap used',
    'MB',
    of(after, (s) => s.dashboardHeapMB),
  );
  results.add(
    'browser.tabSwitch',
    'switch between two open tabs',
    'ms',
    of(after, (s) => s.tabSwitchMs),
    BUDGETS.tabSwitchMs,
  );
  results.add(
    'browser.moduleOpen',
    'open a not-yet-loaded module',
    'ms',
    of(after, (s) => s.moduleOpenMs),
    BUDGETS.moduleOpenMs,
  );
  results.detail('sign-in calls (run 1)', after[0]!.signInCalls);
}
