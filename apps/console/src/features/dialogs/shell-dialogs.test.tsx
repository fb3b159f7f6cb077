import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
const { setLanguage } = await import('../../i18n/index.ts');
await import('../shell-i18n/texts.ts');
const { Providers } = await import('../resource/test-support.tsx');
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

function show() {
  return render(
    <Providers>
      <ShellDialogs />
    </Providers>,
  );
}

/** The titles of the dialogs drawn. */
const titles = () => [...document.querySelectorAll('.ant-modal-title')].map((title) => title.textContent);

describe('the shell dialogs, loaded when first opened', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    useUserStore.setState({ weakPsw: 0 });
    useDialogStore.getState().close();
  });

  it('draws no dialog until one is opened, then the one the user menu asked for, which works', async () => {
    request.mockResolvedValue(detail);
    show();
    expect(document.querySelector('.ant-modal')).toBeNull();
    act(() => useDialogStore.getState().show('personalData'));
    // The dialog's code is imported on opening: generous on a busy machine.
    expect(await screen.findByDisplayValue('Alice', {}, { timeout: 10_000 })).toBeTruthy();
    expect(titles()).toEqual(['Personal data']);
    expect(request).toHaveBeenCalledTimes(1);
    // Closed with its own Cancel: the store hears it, the dialog closes; opened again, it asks again.
    await userEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    expect(useDialogStore.getState().open).toBeNull();
    // Opened again (the same mounted dialog), it asks for the details again, as on every opening.
    act(() => useDialogStore.getState().show('personalData'));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(document.querySelectorAll('.ant-modal-title')).toHaveLength(1);
  });

  it('forces the change-password dialog open for a weak password, with no way to close it', async () => {
    useUserStore.setState({ weakPsw: 1 });
    show();
    expect(await screen.findByLabelText('New password', {}, { timeout: 10_000 })).toBeTruthy();
    expect(titles()).toEqual(['Change password']);
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    expect(screen.getByText(/weak/i)).toBeTruthy();
  });
});
