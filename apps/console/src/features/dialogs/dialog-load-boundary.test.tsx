import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Whether each dialog's code fails to load, and how many times it was imported: a failing import
 * rejects as a browser's does when the chunk is gone (a dropped link, a redeploy's new names).
 */
const chunks = vi.hoisted(() => ({
  fail: { changePassword: false, personalData: false, developerMode: false },
  imports: { changePassword: 0, personalData: 0, developerMode: 0 },
}));
function chunk<T>(name: keyof typeof chunks.fail, original: () => Promise<T>): Promise<T> {
  chunks.imports[name] += 1;
  if (chunks.fail[name]) throw new TypeError('Failed to fetch dynamically imported module');
  return original();
}
vi.mock('./change-password/change-password-dialog.tsx', (original) => chunk('changePassword', original));
vi.mock('./personal-data/personal-data-dialog.tsx', (original) => chunk('personalData', original));
vi.mock('./developer-mode/developer-mode-dialog.tsx', (original) => chunk('developerMode', original));

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
const { setLanguage } = await import('../../i18n/index.ts');
await import('../shell-i18n/texts.ts');
const { Providers } = await import('../resource/test-support.tsx');
const { RootErrorBoundary } = await import('../../router/root.tsx');
const { useUserStore } = await import('../../stores/user.ts');
const { useDialogStore } = await import('./dialog-store.ts');
const { ShellDialogs } = await import('./shell-dialogs.tsx');

const detail = {
  id: 7,
  username: 'alice',
  nickname: 'Alice',
  cellphone: '13800000000',
  sex: 2,
  company_name: 'Hotel',
  photo: '',
};

const FAILED_EN = 'This dialog could not be loaded. Check the connection and try again.';

/** The shell as the layout draws it: a page, and the dialogs, under the route's error screen. */
function show() {
  const Shell = () => (
    <Providers>
      <main>The shell's page</main>
      <ShellDialogs />
    </Providers>
  );
  const router = createMemoryRouter([{ path: '/', Component: Shell, ErrorBoundary: RootErrorBoundary }]);
  return render(<RouterProvider router={router} />);
}

/** The shell is still there: its page drawn, the route's error screen not. */
function expectShellStands() {
  expect(screen.getByText("The shell's page")).toBeTruthy();
  expect(document.querySelector('.root-error')).toBeNull();
}

const titles = () => [...document.querySelectorAll('.ant-modal-title')].map((title) => title.textContent);

describe('a shell dialog whose code does not load', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    useUserStore.setState({ weakPsw: 0 });
    useDialogStore.getState().close();
    // React reports the caught load error on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('says so in the dialog, the shell stays, and a retry once the link is back shows the dialog', async () => {
    request.mockResolvedValue(detail);
    chunks.fail.personalData = true;
    show();
    act(() => useDialogStore.getState().show('personalData'));
    expect(await screen.findByText(FAILED_EN, {}, { timeout: 10_000 })).toBeTruthy();
    expect(titles()).toEqual(['Personal data']);
    expectShellStands();
    expect(request).not.toHaveBeenCalled();

    chunks.fail.personalData = false;
    const before = chunks.imports.personalData;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('Alice', {}, { timeout: 10_000 })).toBeTruthy();
    expect(chunks.imports.personalData).toBe(before + 1);
    expect(screen.queryByText(FAILED_EN)).toBeNull();
    expectShellStands();
    // The dialog works as when it loaded at once: it asked for the details on opening, once.
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('keeps the forced change-password dialog up, unclosable, with the message and retry inside, in Chinese too', async () => {
    setLanguage('zh_CN');
    chunks.fail.changePassword = true;
    useUserStore.setState({ weakPsw: 1 });
    show();
    expect(
      await screen.findByText('此对话框加载失败，请检查网络连接后重试。', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(titles()).toEqual(['修改密码']);
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('此对话框加载失败，请检查网络连接后重试。')).toBeTruthy();
    expectShellStands();

    // A retry that fails again: the import tried again, the message stays up (its button spinning
    // meanwhile), then the button is back.
    const before = chunks.imports.changePassword;
    await userEvent.click(screen.getByRole('button', { name: '重 试' }));
    await waitFor(() => expect(chunks.imports.changePassword).toBe(before + 1));
    await waitFor(() => expect(document.querySelector('.ant-btn-loading')).toBeNull());
    expect(screen.getByText('此对话框加载失败，请检查网络连接后重试。')).toBeTruthy();
    expect(titles()).toEqual(['修改密码']);
    expect(document.querySelector('.ant-modal-close')).toBeNull();

    chunks.fail.changePassword = false;
    await userEvent.click(screen.getByRole('button', { name: '重 试' }));
    expect(await screen.findByLabelText('新密码', {}, { timeout: 10_000 })).toBeTruthy();
    expect(titles()).toEqual(['修改密码']);
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    expectShellStands();
  });

  it('tries the import again when the dialog is opened again after closing the message', async () => {
    request.mockResolvedValue({
      status: 0,
      key: '',
      key_hint: '',
      created_at: '',
      expires_at: '',
      can_enable: 1,
    });
    chunks.fail.developerMode = true;
    show();
    act(() => useDialogStore.getState().show('developerMode'));
    expect(await screen.findByText(FAILED_EN, {}, { timeout: 10_000 })).toBeTruthy();
    expect(titles()).toEqual(['Developer mode']);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(useDialogStore.getState().open).toBeNull();

    chunks.fail.developerMode = false;
    const before = chunks.imports.developerMode;
    act(() => useDialogStore.getState().show('developerMode'));
    expect(await screen.findByRole('switch', {}, { timeout: 10_000 })).toBeTruthy();
    expect(chunks.imports.developerMode).toBe(before + 1);
    expectShellStands();
  });
});
