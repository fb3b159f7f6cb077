/**
 * Code that runs inside the console page. Each function is serialised by Playwright, so it must
 * not use anything from this module's scope: only its arguments and the page's globals.
 */

/** The sign-in button: a test id if the console has one, else the login form's submit button. */
export const LOGIN_SUBMIT = '[data-testid="login-submit"], form button[type="submit"]';

declare global {
  interface Window {
    /** Set by {@link watchLoginUsable}: ms after navigation start when the sign-in button was usable. */
    __benchUsableAt?: number;
    /** Set by {@link watchLoginUsable}: ms after navigation start when the app took the sign-in form over. */
    __benchTakenOverAt?: number;
    /** Set by {@link watchContentShown}: ms after navigation start when the page's content showed. */
    __benchContentAt?: number;
  }
}

/**
 * Init script of every cold load: notes the first moment the sign-in button is visible and
 * enabled, checked on every DOM change and every frame from the very start of the document.
 */
export function watchLoginUsable(selector: string): void {
  const usable = (): boolean => {
    const el = document.querySelector<HTMLButtonElement>(selector);
    if (!el || el.disabled || el.classList.contains('ant-btn-loading')) return false;
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  // The console's app has taken the served form over from its early script (start/early.ts):
  // from then on a submit is sent at once instead of held until the script arrives.
  const takenOver = (): boolean =>
    (window as { __igsEarly?: { submit?: { live?: boolean } } }).__igsEarly?.submit?.live === false;
  let done = false;
  const check = () => {
    if (!done && usable()) {
      done = true;
      window.__benchUsableAt = performance.now();
    }
    if (window.__benchTakenOverAt === undefined && takenOver()) window.__benchTakenOverAt = performance.now();
    if (done && window.__benchTakenOverAt !== undefined) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  const frame = () => {
    check();
    if (!done || window.__benchTakenOverAt === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** A module page's content (its table or its form, inside the shell), as e2e/tests/deep-link-requests.spec.ts has it. */
export const MODULE_CONTENT = '.app-content .ant-table, .app-content .ant-form';

/**
 * Init script of a module page's reload: notes the first moment an element matching `selector`
 * is visible, checked on every DOM change and every frame from the very start of the document.
 */
export function watchContentShown(selector: string): void {
  // The same watcher as the sign-in probe's above, written again on purpose: each probe is handed
  // to the browser as its own source text (an init script), so it can call nothing outside itself.
  let done = false;
  const check = () => {
    if (done) return;
    const el = document.querySelector(selector);
    if (!el?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
    done = true;
    window.__benchContentAt = performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  const frame = () => {
    check();
    if (!done) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** FCP and LCP from the buffered paint entries, in ms after navigation start. */
export async function paintTimings(): Promise<{ fcp: number; lcp: number }> {
  const read = (type: string) =>
    new Promise<PerformanceEntry[]>((resolve) => {
      const list: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((entries) => list.push(...entries.getEntries()));
      observer.observe({ type, buffered: true });
      // Buffered entries arrive in the first callback, queued as a task.
      setTimeout(() => {
        observer.disconnect();
        resolve(list);
      }, 50);
    });
  const paints = await read('paint');
  const lcps = await read('largest-contentful-paint');
  const fcp = paints.find((e) => e.name === 'first-contentful-paint')?.startTime ?? Number.NaN;
  const lcp = lcps.at(-1)?.startTime ?? Number.NaN;
  return { fcp, lcp };
}

export interface ClickProbe {
  /** CSS selector of the element to click. */
  click: string;
  /**
   * What counts as shown: the dashboard with its figures (no skeleton left), a page root that was
   * not in `.app-main` before the click, or the `.app-main` child at `index` becoming visible.
   */
  kind: 'dashboard' | 'newPage' | 'pageShown';
  /** For `pageShown`: index of the `.app-main` child that must become visible. */
  index?: number;
  timeoutMs: number;
}

export interface ClickTiming {
  ms: number;
  /** Index among `.app-main` children of the page that appeared or was shown. */
  index: number;
}

/**
 * Clicks an element from inside the page and times until the expected content is visible:
 * the dashboard with its figures, a newly mounted page, or a kept-alive page shown again.
 * Checked on DOM changes and on every frame; the time is taken at the first check that passes.
 */
export function clickAndTime(probe: ClickProbe): Promise<ClickTiming> {
  const main = () => document.querySelector('.app-main');
  const children = () => Array.from(main()?.children ?? []);
  const visible = (el: Element | null | undefined) =>
    !!el && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const before = new Set(children());
  const target = document.querySelector<HTMLElement>(probe.click);
  if (!target) return Promise.reject(new Error(`nothing to click at ${probe.click}`));

  const found = (): number => {
    const list = children();
    if (probe.kind === 'dashboard') {
      const dash = document.querySelector('.dashboard');
      if (location.pathname !== '/dashboard' || !visible(dash)) return -1;
      return dash!.querySelector('.ant-skeleton') ? -1 : 0;
    }
    if (probe.kind === 'newPage') return list.findIndex((el) => !before.has(el) && visible(el));
    return visible(list[probe.index ?? -1]) ? probe.index! : -1;
  };

  return new Promise((resolve, reject) => {
    let settled = false;
    const check = () => {
      if (settled) return;
      const index = found();
      if (index < 0) return;
      settled = true;
      observer.disconnect();
      resolve({ ms: performance.now() - start, index });
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    const frame = () => {
      check();
      if (!settled) requestAnimationFrame(frame);
    };
    setTimeout(() => {
      if (settled) return;
      settled = true;
      observer.disconnect();
      reject(new Error(`${probe.kind} not shown within ${probe.timeoutMs} ms after clicking ${probe.click}`));
    }, probe.timeoutMs);
    const start = performance.now();
    target.click();
    requestAnimationFrame(frame);
  });
}
