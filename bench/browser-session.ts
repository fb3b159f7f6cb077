import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { BENCH_PASSWORD } from './api.ts';
import { NetworkLog, type RequestEntry } from './network-log.ts';
import { LOGIN_SUBMIT, MODULE_CONTENT, watchContentShown, watchLoginUsable } from './page-probes.ts';

/** The flags every bench browser runs with (the bench's pages, the reload profile). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/*
 * What the browser figures share (bench/browser.ts, bench/browser-warm.ts): browser contexts with or
 * without the HTTP cache, the throttled profile of the issue, signing in, a module page's reload.
 */

/** The throttled profile of the issue: 4x slower CPU, 562 ms latency, 180 KB/s down. */
export const THROTTLE = { cpuRate: 4, latencyMs: 562, downBytesPerSec: 180 * 1024, upBytesPerSec: 75 * 1024 };

/**
 * Issue 18: module pages of three areas reloaded (a bookmark, a link in a message) in the throttled
 * profile, until their table or form shows: a generic record page and two hand-built pages.
 */
export const RELOAD_PAGES = [
  { path: '/media/access', key: 'mediaAccess' },
  { path: '/system/log', key: 'systemLog' },
  { path: '/voice/management', key: 'voiceManagement' },
] as const;

export interface ModuleReload {
  usableMs: number;
  requestsBeforeUsable: number;
  /** Of those, the requests the HTTP cache answered (none with the cache off). */
  fromCacheBeforeUsable: number;
  transferBeforeUsableKB: number;
  encodings: string[];
  requests: string[];
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface Session {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  net: NetworkLog;
  /** Request ids the HTTP cache answered (memory or disk), never the network. */
  fromCache: Set<string>;
}

/** A browser context that watches for the sign-in button and a module's content from the start. */
export async function newContext(browser: Browser, storageState?: StorageState): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1366, height: 768 },
    ...(storageState ? { storageState } : {}),
  });
  await context.addInitScript(watchLoginUsable, LOGIN_SUBMIT);
  await context.addInitScript(watchContentShown, MODULE_CONTENT);
  return context;
}

/** The throttled profile on a page's CDP session: every later request and script runs under it. */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuRate });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLE.latencyMs,
    downloadThroughput: THROTTLE.downBytesPerSec,
    uploadThroughput: THROTTLE.upBytesPerSec,
  });
}

/**
 * A new page of `context`, recording the network, optionally throttled; with `cache` false the
 * HTTP cache is off for it (a cold load), else the context's cache answers what it holds.
 */
export async function openPage(
  context: BrowserContext,
  opts: { throttled: boolean; cache: boolean },
): Promise<Session> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const net = new NetworkLog(cdp);
  const fromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (e) => fromCache.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) fromCache.add(e.requestId);
  });
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: !opts.cache });
  if (opts.throttled) await throttle(cdp);
  return { context, page, cdp, net, fromCache };
}

/**
 * A fresh context with the cache off, optionally throttled, recording the network; with a storage
 * state, signed in as the context that saved it.
 */
export async function freshPage(browser: Browser, throttled: boolean, storageState?: StorageState) {
  return openPage(await newContext(browser, storageState), { throttled, cache: false });
}

/** Runs `fn` in a fresh context (cache off) and always closes it. */
export async function inContext<T>(
  browser: Browser,
  throttled: boolean,
  fn: (s: Session) => Promise<T>,
): Promise<T> {
  const session = await freshPage(browser, throttled);
  try {
    return await fn(session);
  } finally {
    await session.context.close();
  }
}

export const kb = (entries: readonly RequestEntry[]) => entries.reduce((s, e) => s + e.bytes, 0) / 1024;

/** Fills and submits the sign-in form of a loaded sign-in page. */
export async function fillSignIn(page: Page): Promise<void> {
  await page.locator('input[id$="username"]').first().fill('admin');
  await page.locator('input[type="password"]').first().fill(BENCH_PASSWORD);
  // The bench server runs with the captcha off: the form shows no code field then.
  const code = page.locator('input[id$="code"]').first();
  if (await code.isVisible()) await code.fill('abcd');
}

/** Signs in on a loaded page of `baseUrl` (unthrottled) and waits for the dashboard's address. */
export async function signInAt(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.waitForFunction(() => window.__benchUsableAt !== undefined, null, { timeout: 20_000 });
  await fillSignIn(page);
  await page.locator(LOGIN_SUBMIT).first().click();
  await page.waitForURL(/\/dashboard/, { timeout: 20_000 });
}

/**
 * Signs in through the sign-in page (unthrottled) and returns the session's cookies and storage,
 * once the dashboard has loaded: what the console keeps for the next page load (the session's mode,
 * start/early.ts) is written as it loads the session, after the address has turned to /dashboard.
 */
export async function signedInState(browser: Browser, baseUrl: string): Promise<StorageState> {
  return inContext(browser, false, async ({ page, context }) => {
    await signInAt(page, baseUrl);
    await page.waitForLoadState('networkidle', { timeout: 20_000 });
    return context.storageState();
  });
}

/** The page's navigation start on the CDP clock: the document request went out `fetchStart` ms after it. */
export async function navigationStart(page: Page, net: NetworkLog): Promise<number> {
  const fetchStart = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).fetchStart,
  );
  const doc = net.document();
  if (!doc) throw new Error('no document request recorded');
  return doc.start - fetchStart / 1000;
}

/**
 * A signed-in load of a module page's address, measured from navigation start until its table or
 * form is visible: the requests started before then, how many of them the cache answered, and the
 * bytes on the wire. The page's profile (throttling, cache) is set before it starts.
 */
export async function reloadModule(session: Session, url: string): Promise<ModuleReload> {
  const { page, net, fromCache } = session;
  const timeout = 60_000;
  await page.goto(url, { waitUntil: 'commit', timeout });
  await page.waitForFunction(() => window.__benchContentAt !== undefined, null, { timeout, polling: 50 });
  const usableMs = (await page.evaluate(() => window.__benchContentAt))!;
  const navStart = await navigationStart(page, net);
  const before = [...net.entries]
    .filter(([, e]) => (e.start - navStart) * 1000 <= usableMs)
    .sort(([, a], [, b]) => a.start - b.start);
  const entries = before.map(([, e]) => e);
  const cached = new Set(before.filter(([id]) => fromCache.has(id)).map(([, e]) => e));
  return {
    usableMs,
    requestsBeforeUsable: entries.length,
    fromCacheBeforeUsable: cached.size,
    transferBeforeUsableKB: kb(entries),
    encodings: [
      ...new Set(entries.filter((e) => e.type === 'Script' && !cached.has(e)).map((e) => e.encoding)),
    ],
    // When each request started and ended after navigation start: what the page waited for in turn.
    requests: entries.map((e) => requestLine(e, navStart, cached.has(e))),
  };
}

/**
 * One request as the results' details list it: its type, path, size (or `cache`), and when it
 * started and ended after navigation start (`navStart`, on the CDP clock).
 */
export function requestLine(e: RequestEntry, navStart: number, fromCache: boolean): string {
  const at = (t: number | undefined) => (t === undefined ? '?' : ((t - navStart) * 1000).toFixed(0));
  const size = fromCache ? 'cache' : `${(e.bytes / 1024).toFixed(1)} KB`;
  return `${e.type} ${new URL(e.url).pathname} ${size} +${at(e.start)}..${at(e.end)} ms`;
}
