import { Headers, hashPassword, Paths } from '@igs/contract';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../request/index.ts', () => ({ request, requestEnvelope: vi.fn(), bindSession: vi.fn() }));
const preloadSignedIn = vi.fn();
vi.mock('../../start/signed-in.ts', () => ({ preloadSignedIn }));

const { setLanguage } = await import('../../i18n/index.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { useBrandingStore } = await import('../../app/branding.ts');
const { DEFAULT_THEME, useSettingsStore } = await import('../../stores/settings.ts');
const { leaveLoginNotice, LOGIN_NOTICE_KEY } = await import('./login-notice.ts');
const { default: Login } = await import('./Login.tsx');
const { bindNavigate } = await import('../../router/navigate.ts');

/**
 * The sign-in page at `entry`: it reads the address itself (it runs without the router on the first
 * screen, start/main.tsx) and leaves through navigateTo, bound here to a router as the app binds it.
 */
function renderLogin(entry = '/login?redirect=%2Fvoice%2Fextension') {
  window.history.replaceState(null, '', entry);
  const router = createMemoryRouter(
    [
      { path: '/login', Component: Login },
      { path: '/voice/extension', element: <p>landed</p> },
      { path: '/dashboard', element: <p>dashboard</p> },
      { path: '/operations', element: <p>operations</p> },
    ],
    { initialEntries: [entry] },
  );
  bindNavigate((to, replace) => void router.navigate(to, { replace }));
  render(<RouterProvider router={router} />);
  return router;
}

/** What the branding call said about the captcha (undefined: not answered yet). */
function serverAsksCaptcha(captcha: boolean | undefined) {
  useBrandingStore.setState({ captcha, loaded: captcha !== undefined });
}

describe('Login page', () => {
  afterEach(cleanup);

  beforeEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
    request.mockReset();
    preloadSignedIn.mockReset();
    useUserStore.getState().resetToken();
    useSettingsStore.getState().resetSettings();
    sessionStorage.clear();
    serverAsksCaptcha(true);
    setLanguage('en');
  });

  it('shows the spec texts for an empty form', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter the username')).toBeTruthy();
    expect(screen.getByText('Password cannot be less than 6 digits')).toBeTruthy();
    expect(screen.getByText('Verification code is required')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it('signs in with the trimmed, hashed payload and goes to the redirect', async () => {
    request.mockResolvedValueOnce({ token: 'T', weak_psw: 0 });
    const router = renderLogin();
    await userEvent.type(screen.getByPlaceholderText('Username'), ' admin ');
    await userEvent.type(screen.getByPlaceholderText('Password'), 'secret1');
    await userEvent.type(screen.getByPlaceholderText('Verification code'), 'ab12');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Operations login' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/voice/extension'));
    expect(request).toHaveBeenCalledWith(
      Paths.login,
      {
        username: 'admin',
        password: hashPassword('secret1'),
        code: 'ab12',
        is_operations: 1,
      },
      undefined,
    );
  });

  it('refreshes the captcha after a failed sign-in', async () => {
    request.mockRejectedValueOnce(new Error('Verification code is wrong'));
    renderLogin();
    const image = screen.getByAltText('Verification code image') as HTMLImageElement;
    const before = image.src;
    await userEvent.type(screen.getByPlaceholderText('Username'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('Password'), 'secret1');
    await userEvent.type(screen.getByPlaceholderText('Verification code'), 'zzzz');
    await new Promise((r) => setTimeout(r, 5)); // a new nonce needs a later timestamp
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect((screen.getByAltText('Verification code image') as HTMLImageElement).src).not.toBe(before),
    );
    expect(image.src).toContain(Paths.captcha);
  });

  it('pre-fills a remembered login', () => {
    Cookies.set('username', 'admin');
    Cookies.set('password', hashPassword('secret1'));
    renderLogin();
    expect((screen.getByPlaceholderText('Username') as HTMLInputElement).value).toBe('admin');
    expect(
      (screen.getByRole('checkbox', { name: 'Remember me for a week' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('names every field and ties each error to its input', async () => {
    renderLogin();
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.id).toBe('username');
    expect(username.autocomplete).toBe('username');
    expect(document.activeElement).toBe(username);
    expect((screen.getByLabelText('Password') as HTMLInputElement).autocomplete).toBe('current-password');
    expect(screen.getByLabelText('Verification code').id).toBe('code');
    expect(username.getAttribute('aria-invalid')).toBeNull();

    await userEvent.type(username, 'ad min');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = (await screen.findAllByRole('alert')).find(
      (el) => el.textContent === 'Login format error',
    )!;
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBe(alert.id);
    expect(username.closest('.login-input')!.classList.contains('login-input--error')).toBe(true);

    // Fixed while typing, as antd's form does once a field has shown an error.
    await userEvent.clear(username);
    await userEvent.type(username, 'admin');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Login format error')).toBeNull();
  });

  it('shows and hides the password with a labelled toggle button', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(password.type).toBe('password');
  });

  it('marks the button busy while signing in and ignores a second press', async () => {
    let finish: (value: unknown) => void = () => {};
    request.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Verification code'), 'ab12');
    const button = screen.getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.classList.contains('login-submit--loading')).toBe(true);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(button);
    expect(request).toHaveBeenCalledTimes(1);
    finish({ token: 'T', weak_psw: 0 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/voice/extension'));
  });

  it('spaces a two-character Chinese label as antd does', async () => {
    setLanguage('zh_CN');
    renderLogin();
    expect(screen.getByTestId('login-submit').textContent).toBe('登 录');
  });

  it('colours the page with the theme colour setting', () => {
    const page = () => document.querySelector('.login-page') as HTMLElement;
    renderLogin();
    expect(page().style.getPropertyValue('--login-primary')).toBe(DEFAULT_THEME);
    cleanup();
    useSettingsStore.getState().changeSetting('theme', '#722ed1');
    renderLogin();
    expect(page().style.getPropertyValue('--login-primary')).toBe('#722ed1');
  });

  it('starts loading the signed-in console once the visitor types, not before', async () => {
    renderLogin();
    expect(preloadSignedIn).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Username'), 'a');
    expect(preloadSignedIn).toHaveBeenCalled();
  });
  it('shows no captcha field and asks no code when the server does not ask for one', async () => {
    serverAsksCaptcha(false);
    request.mockResolvedValueOnce({ token: 'T', weak_psw: 0 });
    const router = renderLogin();
    expect(screen.queryByPlaceholderText('Verification code')).toBeNull();
    expect(screen.queryByAltText('Verification code image')).toBeNull();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/voice/extension'));
    expect(request).toHaveBeenCalledWith(
      Paths.login,
      {
        username: 'admin',
        password: hashPassword('secret1'),
        code: '',
        is_operations: 0,
      },
      undefined,
    );
    expect(screen.queryByText('Verification code is required')).toBeNull();
  });

  it('shows no captcha before the server has said, and shows it once it asks', async () => {
    serverAsksCaptcha(undefined);
    renderLogin();
    expect(screen.queryByPlaceholderText('Verification code')).toBeNull();
    act(() => serverAsksCaptcha(true));
    expect(await screen.findByPlaceholderText('Verification code')).toBeTruthy();
    // With the field shown, the specification's rule applies.
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Verification code is required')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it('shows the captcha when a sign-in is refused for the code (an account slowed after failures)', async () => {
    serverAsksCaptcha(false);
    request.mockRejectedValueOnce(
      Object.assign(new Error('Verification code is required'), {
        code: 422,
        data: { errors: [{ field: 'code', msg: 'Verification code is required' }] },
      }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByPlaceholderText('Verification code')).toBeTruthy();
    expect(screen.getByAltText('Verification code image')).toBeTruthy();
  });

  it('goes straight to /dashboard after signing in without a redirect, or to /operations', {
    timeout: 20_000,
  }, async () => {
    request.mockResolvedValue({ token: 'T', weak_psw: 0 });
    for (const [entry, operations, landing] of [
      ['/login', false, '/dashboard'],
      ['/login?redirect=%2F', false, '/dashboard'],
      ['/login', true, '/operations'],
    ] as const) {
      const router = renderLogin(entry);
      await userEvent.type(screen.getByLabelText('Username'), 'admin');
      await userEvent.type(screen.getByLabelText('Password'), 'secret1');
      await userEvent.type(screen.getByLabelText('Verification code'), 'ab12');
      if (operations) await userEvent.click(screen.getByRole('checkbox', { name: 'Operations login' }));
      const seen: string[] = [];
      const stop = router.subscribe((state) => seen.push(state.location.pathname));
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(landing));
      // Never through `/` on the way.
      expect(seen).not.toContain('/');
      stop();
      cleanup();
    }
  });

  it("asks for the dashboard's figures beside the guard's first calls where it lands there, and only there", {
    timeout: 20_000,
  }, async () => {
    request.mockResolvedValue({ token: 'T7', weak_psw: 0 });
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ code: 200, msg: '', data: {} })),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      for (const [entry, operations, asksHome] of [
        ['/login', false, true],
        ['/login?redirect=%2Fvoice%2Fextension', false, false],
        ['/login', true, false],
      ] as const) {
        fetchMock.mockClear();
        delete (window as { __igsEarly?: unknown }).__igsEarly;
        const router = renderLogin(entry);
        await userEvent.type(screen.getByLabelText('Username'), 'admin');
        await userEvent.type(screen.getByLabelText('Password'), 'secret1');
        await userEvent.type(screen.getByLabelText('Verification code'), 'ab12');
        if (operations) await userEvent.click(screen.getByRole('checkbox', { name: 'Operations login' }));
        await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
        await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'));
        const home = fetchMock.mock.calls.filter(([url]) => url === Paths.home);
        expect([entry, operations, home.length]).toEqual([entry, operations, asksHome ? 1 : 0]);
        if (asksHome)
          expect(home[0]![1].headers).toMatchObject({
            [Headers.token]: 'T7',
            [Headers.noLoading]: '1',
          });
        cleanup();
      }
    } finally {
      vi.unstubAllGlobals();
      delete (window as { __igsEarly?: unknown }).__igsEarly;
    }
  });

  it('says the password was changed after a change signed the account out, once', () => {
    leaveLoginNotice('passwordChanged');
    renderLogin('/login?redirect=%2Fdashboard');
    expect(screen.getByRole('status').textContent).toBe(
      'Your password has been changed. Sign in with the new password.',
    );
    expect(sessionStorage.getItem(LOGIN_NOTICE_KEY)).toBeNull();
    cleanup();
    renderLogin();
    expect(screen.queryByTestId('login-notice')).toBeNull();
  });

  it('says it in Chinese in the Chinese console', () => {
    setLanguage('zh_CN');
    leaveLoginNotice('passwordChanged');
    renderLogin();
    expect(screen.getByTestId('login-notice').textContent).toBe('密码已修改，请使用新密码登录。');
  });

  it('shows the title in the console language when the server gives both, else the one it gives', () => {
    useBrandingStore.setState({ title: '湖畔酒店', titleEn: 'Lakeside Hotel' });
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lakeside Hotel');
    cleanup();
    setLanguage('zh_CN');
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('湖畔酒店');
    cleanup();
    setLanguage('en');
    useBrandingStore.setState({ title: '湖畔酒店', titleEn: '' });
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('湖畔酒店');
    useBrandingStore.setState({ title: '', titleEn: '' });
  });

  it('draws the card dark with the dark theme setting', () => {
    useSettingsStore.getState().changeSetting('darkTheme', true);
    renderLogin();
    expect(document.querySelector('.login-page')!.classList.contains('login-page--dark')).toBe(true);
  });
});
