import { Code, Cookies as CookieNames, Headers, Paths } from '@igs/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage } from '../i18n/language.ts';
import { SETTINGS_STORAGE_KEY } from '../stores/settings.ts';
import { EARLY_SUBMIT_ATTRIBUTE, earlySubmitHeld, takeEarlySubmit } from './early.ts';
import { earlyStart } from './early-script.ts';
import { earlyConfig } from './prerender.tsx';
import { startRoute } from './start-route.ts';

const SHELL = '/assets/shell-x.js';

/** The served page as the build writes it, trimmed to what the early script looks at. */
function servedPage() {
  document.head.innerHTML = '';
  document.documentElement.lang = 'zh-CN';
  delete document.documentElement.dataset.theme;
  document.body.innerHTML =
    '<div id="app"><main class="login-page" style="--login-primary:#1890ff"><h2>登录管理控制台</h2></main></div>' +
    '<template id="igs-login-en"><main class="login-page" style="--login-primary:#1890ff"><h2>Sign in</h2></main></template>';
}

function at(address: string) {
  window.history.replaceState(null, '', address);
}

/** Each menu page's own scripts beyond the shell (build/page-preloads.ts). */
const PAGES = {
  files: ['/assets/records-x.js', '/assets/area-system-x.js'],
  paths: { '/media/access': [0], '/system/log': [1] },
};

function run() {
  earlyStart(earlyConfig(SHELL, PAGES) as Parameters<typeof earlyStart>[0]);
  return (window as { __igsEarly?: { copyright?: Promise<unknown>; captcha?: Promise<unknown> } }).__igsEarly;
}

const app = () => document.getElementById('app')!;

describe('the served page early script', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
    localStorage.clear();
    delete (window as { __igsEarly?: unknown }).__igsEarly;
    fetchMock = vi.fn(async (url: string) =>
      url === Paths.copyright
        ? new Response(JSON.stringify({ code: Code.ok, msg: '', data: { title: 'T', captcha: 0 } }))
        : new Response('<svg/>'),
    );
    vi.stubGlobal('fetch', fetchMock);
    servedPage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps the form exactly where start/main.tsx draws the sign-in page, and only there', () => {
    const addresses = [
      '/login',
      '/login/',
      '/login?redirect=%2Fdashboard',
      '/',
      '/dashboard',
      '/system/log?x=1',
      '/register',
      '/404',
      '/setlogindata',
      '/nicset',
      '/index.html',
      '/#/system/log',
      '/#top',
    ];
    for (const token of [false, true])
      for (const address of addresses) {
        servedPage();
        if (token) Cookies.set(CookieNames.token, 'T');
        else Cookies.remove(CookieNames.token);
        at(address);
        run();
        const expected = startRoute({
          path: window.location.pathname,
          search: window.location.search,
          hash: window.location.hash,
          hasToken: token,
        }).type;
        expect([address, token, app().firstElementChild ? 'login' : 'app']).toEqual([
          address,
          token,
          expected,
        ]);
        // The English form never stays in the page.
        expect(document.getElementById('igs-login-en')).toBeNull();
      }
  });

  it('preloads the signed-in shell, on a signed-in page at once and on the sign-in page once painted', async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    // The sign-in pages of the tests before this one ask for the shell after their first frame.
    await frame();
    for (const [address, token] of [
      ['/system/log', true],
      ['/login', false],
      ['/system/log', false],
    ] as const) {
      servedPage();
      if (token) Cookies.set(CookieNames.token, 'T');
      else Cookies.remove(CookieNames.token);
      at(address);
      run();
      const links = () =>
        [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
          l.getAttribute('href'),
        );
      // The sign-in form is drawn first: nothing is asked for before its first frame. A signed-in
      // page's own scripts come beside the shell; the sign-in page does not guess the next page.
      const own = token ? [SHELL, '/assets/area-system-x.js'] : [];
      expect([address, token, links()]).toEqual([address, token, own]);
      await frame();
      expect([address, token, links()]).toEqual([address, token, token ? own : [SHELL]]);
    }
  });

  it('preloads only what the menu names for the address: nothing more for a page it does not know', () => {
    const links = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
        l.getAttribute('href'),
      );
    Cookies.set(CookieNames.token, 'T');
    for (const [address, own] of [
      ['/media/access/', ['/assets/records-x.js']],
      ['/voice/not-a-page', []],
      ['/constructor', []],
    ] as const) {
      servedPage();
      at(address);
      run();
      expect([address, links()]).toEqual([address, [SHELL, ...own]]);
    }
  });

  it("starts the guard's first calls and the copyright call with the token, where the guard opens the page", () => {
    Cookies.set(CookieNames.token, 'T');
    at('/system/log?x=1');
    const early = run() as { token?: string; session?: Record<string, unknown> };
    expect(early.token).toBe('T');
    expect(Object.keys(early.session ?? {}).sort()).toEqual(
      [Paths.authMenu, Paths.settings, Paths.credentials].sort(),
    );
    const sent = fetchMock.mock.calls.map(([url, init]) => [url, init.headers]);
    expect(sent).toEqual(
      expect.arrayContaining([
        [Paths.authMenu, { 'Content-Type': 'application/json', [Headers.token]: 'T' }],
        [Paths.settings, { 'Content-Type': 'application/json', [Headers.token]: 'T' }],
        [Paths.credentials, { 'Content-Type': 'application/json', [Headers.token]: 'T' }],
        [
          Paths.copyright,
          { 'Content-Type': 'application/json', [Headers.token]: 'T', [Headers.noLoading]: '1' },
        ],
      ]),
    );
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('sends nothing for a visitor without a token, a public page or an old hash address', () => {
    const cases: [string, boolean][] = [
      ['/system/log', false],
      ['/register', true],
      ['/404', true],
      ['/#/system/log', true],
      ['/index.html', true],
    ];
    for (const [address, token] of cases) {
      servedPage();
      fetchMock.mockClear();
      delete (window as { __igsEarly?: unknown }).__igsEarly;
      if (token) Cookies.set(CookieNames.token, 'T');
      else Cookies.remove(CookieNames.token);
      at(address);
      const early = run() as { session?: unknown } | undefined;
      // Without a token the sign-in form stays, and only its own copyright call goes out.
      expect([address, early?.session, fetchMock.mock.calls.map(([url]) => url)]).toEqual([
        address,
        undefined,
        token ? [] : [Paths.copyright],
      ]);
    }
  });

  it('shows the form in the language the console detects: cookie, then browser languages, then Chinese', () => {
    const cases: [string | undefined, string[]][] = [
      [undefined, ['en-US', 'zh-CN']],
      [undefined, ['zh-TW', 'en']],
      [undefined, ['fr-FR', 'en-GB']],
      [undefined, ['fr-FR']],
      [undefined, []],
      ['en', ['zh-CN']],
      ['zh_CN', ['en-US']],
      ['de', ['en-US']],
    ];
    const languages = vi.spyOn(navigator, 'languages', 'get');
    for (const [cookie, browser] of cases) {
      servedPage();
      if (cookie) Cookies.set(CookieNames.language, cookie);
      else Cookies.remove(CookieNames.language);
      languages.mockReturnValue(browser);
      at('/login');
      run();
      const expected = detectLanguage(cookie, browser.length ? browser : [navigator.language]);
      const shown = app().textContent === 'Sign in' ? 'en' : 'zh_CN';
      expect([cookie, browser, shown]).toEqual([cookie, browser, expected]);
      expect(document.documentElement.lang).toBe(expected === 'en' ? 'en' : 'zh-CN');
    }
  });

  it('draws the card with the stored dark theme and colour before the script arrives', () => {
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ state: { theme: '#ff0000', darkTheme: true } }),
    );
    at('/login');
    run();
    const page = app().querySelector<HTMLElement>('.login-page')!;
    expect(page.classList.contains('login-page--dark')).toBe(true);
    expect(page.style.getPropertyValue('--login-primary')).toBe('#ff0000');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('starts the copyright call as the branding store sends it, and no captcha when none is asked', async () => {
    at('/login');
    const early = run()!;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(Paths.copyright);
    expect(init).toMatchObject({ method: 'POST', body: '{}', credentials: 'same-origin' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', [Headers.noLoading]: '1' });
    await expect(early.copyright).resolves.toEqual({
      status: 200,
      body: { code: Code.ok, msg: '', data: { title: 'T', captcha: 0 } },
    });
    await expect(early.captcha).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches the captcha image right after the copyright call when the server asks for a code', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === Paths.copyright
        ? new Response(JSON.stringify({ code: Code.ok, msg: '', data: { captcha: 1 } }))
        : new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } }),
    );
    const objectUrl = vi.fn(() => 'blob:captcha');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: objectUrl }));
    at('/login');
    const early = run()!;
    const image = (await early.captcha) as { nonce: number; url: string };
    expect(image.url).toBe('blob:captcha');
    expect(fetchMock.mock.calls[1]![0]).toBe(`${Paths.captcha}?t=${image.nonce}`);
  });

  it('leaves a failed copyright call to the app, and asks no captcha then', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    at('/login');
    const early = run()!;
    await expect(early.copyright).rejects.toThrow('Failed to fetch');
    await expect(early.captcha).resolves.toBeNull();
  });

  it('turns the served sign-in button on and holds a submit until the app takes the form over', () => {
    // In Chinese: the form below is added to the Chinese page only.
    Cookies.set(CookieNames.language, 'zh_CN');
    at('/login');
    const form = () => app().querySelector('form')!;
    const button = () => app().querySelector('button')!;
    app()
      .querySelector('main')!
      .insertAdjacentHTML(
        'beforeend',
        '<form><input id="username"><button type="submit" disabled>Sign in</button></form>',
      );
    run();
    expect(button().disabled).toBe(false);
    expect(earlySubmitHeld()).toBe(true);
    // A submit before the app runs goes nowhere (no unhashed password leaves), the page shows it busy.
    const early = new Event('submit', { cancelable: true });
    form().dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(app().hasAttribute(EARLY_SUBMIT_ATTRIBUTE)).toBe(true);
    // The app takes it once; from then on the form's submits are the app's alone.
    expect(takeEarlySubmit()).toBe(true);
    expect(app().hasAttribute(EARLY_SUBMIT_ATTRIBUTE)).toBe(false);
    expect(earlySubmitHeld()).toBe(false);
    expect(takeEarlySubmit()).toBe(false);
    const later = new Event('submit', { cancelable: true });
    form().dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(app().hasAttribute(EARLY_SUBMIT_ATTRIBUTE)).toBe(false);
  });

  it('holds nothing when no submit came before the app, and leaves a signed-in page alone', () => {
    Cookies.set(CookieNames.language, 'zh_CN');
    at('/login');
    app()
      .querySelector('main')!
      .insertAdjacentHTML('beforeend', '<form><button type="submit" disabled>x</button></form>');
    run();
    expect(takeEarlySubmit()).toBe(false);
    servedPage();
    delete (window as { __igsEarly?: unknown }).__igsEarly;
    Cookies.set(CookieNames.token, 'T');
    at('/system/log');
    run();
    expect(app().querySelector('button')).toBeNull();
    expect(earlySubmitHeld()).toBe(false);
  });
});
