/**
 * The served page's early script (issue 18 item 2): written into index.html by the build
 * (build/prerender-login.ts) as `(earlyStart)(config)`, so it runs while the page is parsed, before
 * the first paint and long before the start chunk arrives on a slow link. It must stay
 * self-contained: no imports, nothing outside its body (it is embedded as its source text).
 *
 * 1. Whether the prerendered sign-in form is the first screen: no token cookie, and the address is
 *    the sign-in page or one the guard sends to it (start-route.ts decides the same, tested side by
 *    side). Otherwise the form is taken out before it is drawn. Either way the signed-in shell's
 *    chunk is fetched (`modulepreload`): on a signed-in page at once, beside the start chunk; on
 *    the sign-in page, which leads to it, once the form is painted (on a slow link its 400 KB took
 *    2.6 s after a click on "Sign in" made at once, docs/performance.md).
 * 2. The language the console will choose (i18n/language.ts: the cookie, then the browser's
 *    languages, then Chinese): the English form replaces the Chinese one before it is drawn.
 * 3. The display settings' dark theme and colour, as the sign-in card will show them.
 * 4. The copyright call (branding, and whether a verification code is asked), and then the captcha
 *    image when it is: started here, handed to the app in `window.__igsEarly`, which uses them
 *    instead of asking again (start/early.ts).
 * 5. With a token, on a page the guard opens (not the sign-in or a public page): the guard's first
 *    calls (router/session.ts: menus, settings, credentials) and the copyright call, as the app
 *    would send them, so that the session's round trip runs while the scripts arrive and are
 *    evaluated instead of after (a reload on a slow link waited ~0.8 s for it, docs/performance.md).
 * 6. The sign-in button, from the first paint: the served one is off, because without any script a
 *    submit would send the typed password as it is (spec section 5: it is hashed before sending);
 *    this script turns it on, and a submit made before the app has taken the form over is held
 *    (the page shows the button busy) and made by the app as soon as it runs (start/early.ts).
 * 7. With a token, on a page the menu names: the page's first data call (a record page's page 1 of
 *    the tab the address names, else the first; the dashboard's figures; the operation log's first
 *    page), with the endpoint and headers of the session's mode as the console last kept it
 *    (start/early.ts `SESSION_MODE_KEY`), so that its round trip runs beside the session's instead
 *    of after the shell has arrived and run. The request layer takes its reply only for the very
 *    same call (`takeEarlyCall`); a guess gone stale (another mode, other sites) is never used.
 */
/**
 * A page's first call: [tab key ('' for a page without tabs), endpoint, operations-mode endpoint
 * ('' the same, '-' none: the page makes no such call in that mode), body (none: a record page's
 * first list, `listBody`)].
 */
export type EarlyPageCall = [string, string, string] | [string, string, string, string];

export interface EarlyConfig {
  tokenCookie: string;
  languageCookie: string;
  /** Paths a visitor without a token may open (router/guard.ts). */
  publicPaths: string[];
  loginPath: string;
  /** The id of the <template> holding the English form. */
  englishTemplate: string;
  settingsKey: string;
  copyrightPath: string;
  captchaPath: string;
  okCode: number;
  noLoadingHeader: string;
  /** The signed-in shell's chunk, preloaded when the first screen is not the sign-in page. */
  shellChunk?: string;
  /**
   * The scripts of each menu page beyond the start chunk and the shell (build/page-preloads.ts):
   * `pageChunks[path]` indexes `pageChunkFiles`; preloaded beside the shell on a signed-in page.
   */
  pageChunkFiles?: string[];
  pageChunks?: Record<string, number[]>;
  /** The header that carries the token (request/client.ts). */
  tokenHeader: string;
  /** The calls the guard sends first with a token, each a POST of `{}` (router/session.ts). */
  sessionPaths: string[];
  /** Set on `#app` while a submit is held: the button looks busy (pages/login/login.css). */
  submitHeldAttribute: string;
  /**
   * Each page's first data call (build/page-preloads.ts `pageFirstCalls`): per route, a record
   * page's tabs, the first the page's default, or a hand-built page's one call.
   */
  pageCalls?: Record<string, EarlyPageCall[]>;
  /** The body of a record page's first list call, as the console sends it (features/resource). */
  listBody?: string;
  /** The address query of the open tab (features/resource/module-tabs.ts). */
  tabParam: string;
  /** The address query of the operations mode's sites (features/sites/site-ids.ts). */
  siteParam: string;
  /** The headers of the operations mode's sites and customer (request/client.ts). */
  sitesHeader: string;
  customerHeader: string;
  /** Where the console keeps the session's mode (start/early.ts `SESSION_MODE_KEY`). */
  modeKey: string;
}

export function earlyStart(c: EarlyConfig): void {
  const d = document;
  const w = window as unknown as { __igsEarly?: object };
  const html = d.documentElement;
  const app = d.getElementById('app');
  const cookie = (name: string): string | undefined => {
    const m = d.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
    if (!m) return undefined;
    try {
      return decodeURIComponent(m[1] as string);
    } catch {
      return m[1];
    }
  };
  // A POST (of `{}` unless a body is given) as the request layer sends it (request/client.ts), its
  // reply read as its transport does: the status and the parsed body.
  const post = (path: string, headers: Record<string, string>, body = '{}') =>
    fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
      credentials: 'same-origin',
    }).then((r) =>
      r.text().then((text) => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        return { status: r.status, body };
      }),
    );
  const raw = location.pathname;
  const path = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
  // Point 7: the page's first data call, as the console will make it.
  const pageCall = (signedIn: Record<string, string>) => {
    const tabs = c.pageCalls && Object.hasOwn(c.pageCalls, path) ? c.pageCalls[path] : undefined;
    let mode: { operations?: unknown; customer?: unknown } | null = null;
    try {
      mode = JSON.parse(localStorage.getItem(c.modeKey) || 'null');
    } catch {
      mode = null;
    }
    if (!tabs?.[0] || !mode || typeof mode !== 'object') return undefined;
    const query = new URLSearchParams(location.search);
    const asked = query.get(c.tabParam);
    let tab = tabs[0];
    for (const one of tabs) if (one[0] === asked) tab = one;
    const operations = mode.operations === 1;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      ...signedIn,
      [c.noLoadingHeader]: '1',
    };
    if (operations) {
      const sites = (query.get(c.siteParam) || '').trim();
      if (sites) headers[c.sitesHeader] = sites;
      if (typeof mode.customer === 'string' && mode.customer !== '')
        headers[c.customerHeader] = mode.customer;
    }
    const url = operations && tab[2] ? tab[2] : tab[1];
    const body = tab[3] ?? c.listBody;
    if (url === '-' || body === undefined) return undefined;
    const reply = post(url, headers, body);
    reply.catch(() => {});
    return { url, body, headers, reply };
  };
  const legacy = raw === '/index.html' || (raw === '/' && location.hash.indexOf('#/') === 0);
  const login =
    !cookie(c.tokenCookie) && !legacy && (path === c.loginPath || c.publicPaths.indexOf(path) < 0);
  const template = d.getElementById(c.englishTemplate);
  if (template) template.remove();
  if (!app) return;
  const shell = c.shellChunk;
  const modulePreload = (href: string) => {
    const link = d.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    d.head.appendChild(link);
  };
  const preloadShell = () => {
    if (shell) modulePreload(shell);
  };
  // The sign-in page is drawn first: its shell is asked for once the form is painted (the
  // browser's first contentful paint; where it is not reported, after the first frame).
  const paints = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : [];
  if (!login) {
    preloadShell();
    // The page's own scripts beside it, instead of once the shell has run and the guard has its route.
    const pages = c.pageChunks;
    const own = pages && Object.hasOwn(pages, path) ? pages[path] : undefined;
    if (own && c.pageChunkFiles)
      for (const i of own) if (c.pageChunkFiles[i]) modulePreload(c.pageChunkFiles[i]);
  } else if (paints && paints.indexOf('paint') >= 0) {
    const painted = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      painted.disconnect();
      preloadShell();
    });
    painted.observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(() => setTimeout(preloadShell, 0));
  if (!login) {
    app.textContent = '';
    const token = cookie(c.tokenCookie);
    if (token && !legacy && c.publicPaths.indexOf(path) < 0 && typeof fetch === 'function') {
      const signedIn = { [c.tokenHeader]: token };
      const session: Record<string, Promise<unknown>> = {};
      for (const p of c.sessionPaths) {
        session[p] = post(p, signedIn);
        // Settled here: the app may never take it (a redirect elsewhere), and a failed call it
        // does take is reported by the app, from the same promise.
        session[p].catch(() => {});
      }
      const copyright = post(c.copyrightPath, { ...signedIn, [c.noLoadingHeader]: '1' });
      copyright.catch(() => {});
      w.__igsEarly = { token, session, copyright, page: pageCall(signedIn) };
    }
    return;
  }
  let lang = cookie(c.languageCookie);
  if (lang !== 'zh_CN' && lang !== 'en') {
    lang = 'zh_CN';
    const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
    for (const tag of tags) {
      const t = (tag || '').toLowerCase();
      if (t.indexOf('zh') === 0) break;
      if (t.indexOf('en') === 0) {
        lang = 'en';
        break;
      }
    }
  }
  if (lang === 'en' && template instanceof HTMLTemplateElement) {
    app.replaceChildren(template.content.cloneNode(true));
    html.lang = 'en';
  }
  try {
    const stored = JSON.parse(localStorage.getItem(c.settingsKey) || 'null') as {
      state?: { theme?: unknown; darkTheme?: unknown };
    } | null;
    const page = app.querySelector<HTMLElement>('.login-page');
    const state = stored?.state;
    if (page && state) {
      if (state.darkTheme === true) {
        page.classList.add('login-page--dark');
        html.dataset.theme = 'dark';
      }
      if (typeof state.theme === 'string' && state.theme)
        page.style.setProperty('--login-primary', state.theme);
    }
  } catch {
    // No storage (private mode) or a value of another shape: the defaults the form is drawn with.
  }
  const form = app.querySelector('form');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  let submit: { live: boolean; pending: boolean } | undefined;
  if (form && button) {
    const held = { live: true, pending: false };
    submit = held;
    button.disabled = false;
    // On the form itself, so it runs before React's listener on #app once the app has hydrated;
    // by then the app has ended the hold (`live`) and handles the submit alone.
    form.addEventListener('submit', (event) => {
      if (!held.live) return;
      event.preventDefault();
      held.pending = true;
      app.setAttribute(c.submitHeldAttribute, '');
    });
  }
  w.__igsEarly = { submit };
  if (typeof fetch !== 'function') return;
  const copyright = post(c.copyrightPath, { [c.noLoadingHeader]: '1' });
  const captcha = copyright
    .then((reply) => {
      const envelope = reply.body as { code?: unknown; data?: { captcha?: unknown } } | undefined;
      const data = reply.status === 200 && envelope?.code === c.okCode ? envelope.data : undefined;
      // As the branding store reads it: an older server without the flag always asks for a code.
      if (!data || (data.captcha !== undefined && data.captcha !== 1)) return null;
      const nonce = Date.now();
      return fetch(`${c.captchaPath}?t=${nonce}`, { credentials: 'same-origin' })
        .then((r) => (r.ok ? r.blob() : null))
        .then((blob) => (blob ? { nonce, url: URL.createObjectURL(blob) } : null));
    })
    .catch(() => null);
  w.__igsEarly = { copyright, captcha, submit };
}
