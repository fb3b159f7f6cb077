import { Code, Cookies as CookieNames, hashPassword, Paths } from '@igs/contract';
import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBrandingStore } from '../app/branding.ts';
import { setLanguage } from '../i18n/index.ts';
import { leaveLoginNotice } from '../pages/login/login-notice.ts';
import { navigateTo } from '../router/navigate.ts';
import { EARLY_SUBMIT_ATTRIBUTE } from './early.ts';
import { earlyStart } from './early-script.ts';
import { loginStart } from './login-start.tsx';
import { earlyConfig, renderLogin } from './prerender.tsx';
import { preloadSignedIn } from './signed-in.ts';

vi.mock('../router/navigate.ts', () => ({ navigateTo: vi.fn() }));
// What signing in leads to is loaded from the hydrated page (Login's first effect): counted, not loaded.
vi.mock('./signed-in.ts', () => ({ preloadSignedIn: vi.fn() }));

const BRANDING_RESET = {
  title: '',
  titleEn: '',
  homeLogo: '',
  company: '',
  companyUrl: '',
  captcha: undefined,
  loaded: false,
};

let root: Root | undefined;
let container: HTMLElement;

/** The served page's #app as the build writes it, then hydrated as start/main.tsx does. */
async function serveAndHydrate(lang: 'zh_CN' | 'en', beforeScript: (c: HTMLElement) => void = () => {}) {
  container.innerHTML = renderLogin(lang);
  setLanguage(lang);
  beforeScript(container);
  await act(async () => {
    root = hydrateRoot(container, loginStart());
  });
}

const byId = (id: string) => container.querySelector<HTMLInputElement>(`#${id}`)!;
const submit = () => container.querySelector<HTMLButtonElement>('[data-testid="login-submit"]')!;

describe('the prerendered sign-in page, hydrated', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
    sessionStorage.clear();
    useBrandingStore.setState(BRANDING_RESET);
    delete (window as { __igsEarly?: unknown }).__igsEarly;
    window.history.replaceState(null, '', '/login');
    fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ code: Code.ok, msg: '', data: { captcha: 0 } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(preloadSignedIn).mockClear();
    container = document.createElement('div');
    document.body.appendChild(container);
    // React reports a hydration mismatch (and any other render problem) on the console.
    errors = vi.spyOn(console, 'error');
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = undefined;
    container.remove();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('holds the whole form in the HTML, the button off until the script runs', () => {
    container.innerHTML = renderLogin('zh_CN');
    expect(byId('username').placeholder).toBe('用户名');
    expect(byId('password').type).toBe('password');
    expect(submit().disabled).toBe(true);
    container.innerHTML = renderLogin('en');
    expect(byId('username').placeholder).toBe('Username');
    expect(submit().textContent).toBe('Sign in');
  });

  for (const lang of ['zh_CN', 'en'] as const)
    it(`hydrates the ${lang} form in place without a mismatch, and enables the button`, async () => {
      let username: HTMLInputElement | undefined;
      await serveAndHydrate(lang, () => {
        username = byId('username');
      });
      await waitFor(() => expect(submit().disabled).toBe(false));
      // The same element: hydrated, not drawn again.
      expect(byId('username')).toBe(username);
      // Once hydrated and painted, what signing in leads to starts loading without waiting for a
      // keystroke (after the next frame: never before the form's first paint).
      await waitFor(() => expect(preloadSignedIn).toHaveBeenCalled());
      expect(errors).not.toHaveBeenCalled();
    });

  it('keeps what the visitor typed before the script arrived', async () => {
    await serveAndHydrate('en', () => {
      byId('username').value = 'adm';
      byId('password').value = 'secret1';
      byId('remember').checked = true;
    });
    await waitFor(() => expect(submit().disabled).toBe(false));
    // Still there after the render that follows hydration (it would set the fields from React's state).
    expect(byId('password').value).toBe('secret1');
    expect(byId('remember').checked).toBe(true);
    await userEvent.type(byId('username'), 'in');
    expect(byId('username').value).toBe('admin');
    expect(errors).not.toHaveBeenCalled();
  });

  it('fills in the remembered sign-in and shows a waiting notice once hydrated, without a mismatch', async () => {
    Cookies.set(CookieNames.savedUsername, 'alice');
    Cookies.set(CookieNames.savedPassword, 'device-token');
    leaveLoginNotice('passwordChanged');
    await serveAndHydrate('en');
    await waitFor(() => expect(byId('username').value).toBe('alice'));
    expect(byId('password').value).toBe('device-token');
    expect(container.querySelector<HTMLInputElement>('#remember')!.checked).toBe(true);
    expect(container.querySelector('[data-testid="login-notice"]')?.textContent).toContain(
      'password has been changed',
    );
    expect(errors).not.toHaveBeenCalled();
  });

  it('uses the copyright reply and captcha image the served page fetched, asking the server nothing again', async () => {
    (window as { __igsEarly?: unknown }).__igsEarly = {
      copyright: Promise.resolve({
        status: 200,
        body: { code: Code.ok, msg: '', data: { title: 'Lakeside Hotel', captcha: 1 } },
      }),
      captcha: Promise.resolve({ nonce: 42, url: 'blob:early-captcha' }),
    };
    await serveAndHydrate('en');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Lakeside Hotel'));
    await waitFor(() =>
      expect(container.querySelector<HTMLImageElement>('.login-captcha img')?.getAttribute('src')).toBe(
        'blob:early-captcha',
      ),
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it('asks the copyright call itself when the page did not (the development server)', async () => {
    await serveAndHydrate('en');
    await waitFor(() => expect(useBrandingStore.getState().loaded).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  describe('with the served page early script', () => {
    const loginBodies = () =>
      fetchMock.mock.calls
        .filter(([url]) => url === Paths.login)
        .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
    beforeEach(() => {
      container.id = 'app';
      Cookies.set(CookieNames.language, 'en');
      vi.mocked(navigateTo).mockClear();
      fetchMock.mockImplementation(
        async (url: string) =>
          new Response(
            JSON.stringify(
              url === Paths.login
                ? { code: Code.ok, msg: '', data: { token: 'T1', weak_psw: 0 } }
                : { code: Code.ok, msg: '', data: { captcha: 0 } },
            ),
          ),
      );
    });

    it('makes a sign-in submitted before the script ran, once, with what was typed', async () => {
      await serveAndHydrate('en', () => {
        earlyStart(earlyConfig(undefined));
        expect(submit().disabled).toBe(false);
        byId('username').value = 'admin';
        byId('password').value = 'secret12';
        container.querySelector('form')!.requestSubmit();
        expect(container.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)).toBe(true);
        expect(loginBodies()).toEqual([]);
      });
      await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/dashboard', true));
      expect(loginBodies()).toEqual([
        { username: 'admin', password: hashPassword('secret12'), code: '', is_operations: 0 },
      ]);
      expect(container.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)).toBe(false);
      expect(Cookies.get(CookieNames.token)).toBe('T1');
      expect(errors).not.toHaveBeenCalled();
    });

    it('hydrates the button the early script turned on without a mismatch, and signs in once per submit after', async () => {
      await serveAndHydrate('en', () => earlyStart(earlyConfig(undefined)));
      expect(submit().disabled).toBe(false);
      await userEvent.type(byId('username'), 'admin');
      await userEvent.type(byId('password'), 'secret12');
      await userEvent.click(submit());
      await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1));
      expect(loginBodies()).toHaveLength(1);
      expect(errors).not.toHaveBeenCalled();
    });
  });
});
