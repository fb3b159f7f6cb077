import { hashPassword, Paths } from '@igs/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../request/index.ts', () => ({ request, requestEnvelope: vi.fn(), bindSession: vi.fn() }));

const { setLanguage } = await import('../../i18n/index.ts');
const { useUserStore } = await import('../../stores/user.ts');
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
    useUserStore.getState().resetToken();
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
});
