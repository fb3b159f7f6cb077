import { Code, Cookies as CookieNames } from '@igs/contract';
import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBrandingStore } from '../app/branding.ts';
import { setLanguage } from '../i18n/index.ts';
import { leaveLoginNotice } from '../pages/login/login-notice.ts';
import { loginStart } from './login-start.tsx';
import { renderLogin } from './prerender.tsx';

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
});
