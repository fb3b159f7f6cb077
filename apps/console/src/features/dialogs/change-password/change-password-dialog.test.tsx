import { hashPassword, Paths } from '@igs/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../../request/index.ts', async () => ({
  request,
  requestEnvelope: vi.fn(),
  bindSession: vi.fn(),
  ...(await import('../../../request/errors.ts')),
}));
const { RequestError } = await import('../../../request/errors.ts');
const { setLanguage } = await import('../../../i18n/index.ts');
await import('../../shell-i18n/texts.ts');
const { useUserStore } = await import('../../../stores/user.ts');
const { LOGIN_NOTICE_KEY } = await import('../../../pages/login/login-notice.ts');
const { Providers } = await import('../../resource/test-support.tsx');
const { ChangePasswordDialog } = await import('./change-password-dialog.tsx');

const STRONG = 'N3w!Passw0rd';
const WRONG = 'The original password is wrong';

function show(onClose = () => {}) {
  return render(
    <Providers>
      <ChangePasswordDialog open onClose={onClose} />
    </Providers>,
  );
}

async function fillAndSubmit(original: string) {
  await userEvent.type(screen.getByLabelText('Original password'), original);
  await userEvent.type(screen.getByLabelText('New password'), STRONG);
  await userEvent.type(screen.getByLabelText('Confirm password'), STRONG);
  await userEvent.click(screen.getByRole('button', { name: /Submit/ }));
}

/** The toasts shown (the test set-up draws them as plain text). */
const toasts = () => [...document.querySelectorAll('[data-test-toast]')].map((t) => t.textContent);

describe('ChangePasswordDialog', { timeout: 20_000 }, () => {
  const logout = vi.fn(async () => {});

  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    logout.mockClear();
    sessionStorage.clear();
    useUserStore.setState({ logout });
  });

  it('a wrong original password is said once, under its field, not as a toast as well', async () => {
    request.mockRejectedValueOnce(
      new RequestError(422, WRONG, { errors: [{ field: 'password', msg: WRONG }] }, false),
    );
    show();
    await fillAndSubmit('wrong-one');
    // antd's form validates asynchronously before the call: generous on a busy machine.
    await waitFor(() => expect(screen.getAllByText(WRONG)).toHaveLength(1), { timeout: 5_000 });
    const field = screen.getByLabelText('Original password').closest('.ant-form-item')!;
    expect(field.textContent).toContain(WRONG);
    expect(toasts()).toEqual([]);
    // The request layer was told not to toast it.
    expect(request).toHaveBeenCalledWith(
      Paths.personal,
      { method: 'change_password', password: hashPassword('wrong-one'), new_password: STRONG },
      { form: true, silent: true },
    );
    expect(logout).not.toHaveBeenCalled();
  });

  it('a refusal about no field of the form is one toast', async () => {
    request.mockRejectedValueOnce(new RequestError(-1, 'Network error', null, false));
    show();
    await fillAndSubmit('admin123');
    await waitFor(() => expect(toasts()).toEqual(['Network error']), { timeout: 5_000 });
  });

  it('after a change it signs out to the sign-in page, leaving it the notice that the password changed', async () => {
    request.mockResolvedValueOnce(null);
    window.history.replaceState(null, '', '/system/log?x=1');
    const onClose = vi.fn();
    show(onClose);
    await fillAndSubmit('admin123');
    await waitFor(() => expect(logout).toHaveBeenCalled(), { timeout: 5_000 });
    expect(onClose).toHaveBeenCalled();
    expect(sessionStorage.getItem(LOGIN_NOTICE_KEY)).toBe('passwordChanged');
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      `/login?redirect=${encodeURIComponent('/system/log?x=1')}`,
    );
    // No success toast: the page reloads at once, the sign-in page says it instead.
    expect(toasts()).toEqual([]);
  });
});
