import { hashPassword, Paths } from '@igs/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../request/index.ts', () => ({ request, requestEnvelope: vi.fn(), bindSession: vi.fn() }));
const preloadShell = vi.fn();
vi.mock('../../router/shell.tsx', () => ({ preloadShell }));

const { setLanguage } = await import('../../i18n/index.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { DEFAULT_THEME, useSettingsStore } = await import('../../stores/settings.ts');
const { default: Login } = await import('./Login.tsx');

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: Login },
      { path: '/voice/extension', element: <p>landed</p> },
    ],
    { initialEntries: ['/login?redirect=%2Fvoice%2Fextension'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Login page', () => {
  afterEach(cleanup);

  beforeEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
    request.mockReset();
    preloadShell.mockReset();
    useUserStore.getState().resetToken();
    useSettingsStore.getState().resetSettings();
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
    expect(request).toHaveBeenCalledWith(Paths.login, {
      username: 'admin',
      password: hashPassword('secret1'),
      code: 'ab12',
      is_operations: 1,
    });
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
    expect(preloadShell).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Username'), 'a');
    expect(preloadShell).toHaveBeenCalled();
  });
});
