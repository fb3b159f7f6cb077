import { Paths } from '@igs/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { afterRestore, createPayload, restoreWithForeignChoice } from './backup-restore-logic.ts';

vi.mock('../../../request/index.ts', () => import('../../../test/request-mock.ts'));
const { request } = await import('../../../test/request-mock.ts');

const { setLanguage } = await import('../../../i18n/index.ts');
const { usePermissionStore } = await import('../../../stores/permission.ts');
const { Providers } = await import('../../../features/resource/test-support.tsx');
const { default: BackupRestore } = await import('../BackupRestore.tsx');

const ROW = {
  id: 7,
  file_name: 'backup-20261121-030000.tar.gz',
  type: 'auto',
  size: 2048,
  sha256: 'a'.repeat(64),
  contents: ['db', 'configs', 'uploads'],
  encrypted: 0,
  note: 'scheduled',
  created_by: 'system',
  created_at: '2026-11-21 03:00:00',
};

describe('backup page logic', () => {
  it('sends every part unless fewer are chosen, and a passphrase only when given', () => {
    expect(createPayload({ note: ' nightly ', contents: ['db', 'configs', 'uploads'] })).toEqual({
      method: 'create',
      note: 'nightly',
    });
    expect(createPayload({ contents: ['uploads', 'db'], passphrase: 'correct horse' })).toEqual({
      method: 'create',
      note: '',
      contents: ['db', 'uploads'],
      passphrase: 'correct horse',
    });
  });

  it('offers to accept a foreign archive with its passphrase, and only for that refusal', async () => {
    const done = { restored: ['db' as const], pre_restore_id: 3, signed_in: true };
    const foreign = {
      code: 422,
      msg: 'This backup was not made by this gateway',
      data: { reason: 'foreign_archive' },
    };
    const sent: Record<string, unknown>[] = [];
    const send = async (extra: Record<string, unknown>, silent: boolean) => {
      sent.push({ ...extra, silent });
      if (!extra.accept_foreign) throw foreign;
      return done;
    };
    const asked: string[] = [];
    const errors: string[] = [];
    const ok = await restoreWithForeignChoice(
      send,
      async (m) => {
        asked.push(m);
        return 'moving house 42';
      },
      (m) => errors.push(m),
    );
    expect(ok).toBe(done);
    expect(asked).toEqual(['This backup was not made by this gateway']);
    expect(sent).toEqual([
      { silent: true },
      { accept_foreign: 1, passphrase: 'moving house 42', silent: false },
    ]);
    expect(errors).toEqual([]);
    // The operator stops at the question: nothing more is sent.
    sent.length = 0;
    expect(
      await restoreWithForeignChoice(
        send,
        async () => null,
        (m) => errors.push(m),
      ),
    ).toBeNull();
    expect(sent).toHaveLength(1);
    // Any other refusal is shown and not retried.
    const wrong = { code: 422, msg: 'Wrong passphrase for this backup', data: null };
    await expect(
      restoreWithForeignChoice(
        async () => {
          throw wrong;
        },
        async () => 'x',
        (m) => errors.push(m),
      ),
    ).rejects.toBe(wrong);
    expect(errors).toEqual(['Wrong passphrase for this backup']);
  });

  it('reloads after a restore, or lands on sign-in when the account is gone', () => {
    expect(afterRestore({ restored: ['db'], pre_restore_id: 1, signed_in: true })).toBe('reload');
    expect(afterRestore({ restored: ['db'], pre_restore_id: 1, signed_in: false })).toBe('sign-in');
  });
});

describe('BackupRestore page', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_p: string, body: { method: string }) => {
      if (body.method === 'list') return { list: [ROW], total: 1 };
      if (body.method === 'config')
        return { auto_cron: '0 3 * * *', keep_count: 7, next_run_at: '2026-11-22 03:00:00' };
      if (body.method === 'create') return { ...ROW, id: 8, type: 'manual', file_name: 'backup-x.tar.gz' };
      return {};
    });
  });

  it('shows the stored backups and the schedule; hides what the role may not do', async () => {
    usePermissionStore.setState({ buttons: new Set() });
    render(<BackupRestore />, { wrapper: Providers });
    expect(await screen.findByText(ROW.file_name)).toBeTruthy();
    expect(screen.getByText('Automatic')).toBeTruthy();
    expect(screen.getByText('2026-11-22 03:00:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Back up now/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Upload and restore/ })).toBeNull();
  });

  it('backs up now with the chosen parts and an encrypted passphrase', async () => {
    usePermissionStore.setState({
      buttons: new Set([
        'system:backup_restore:create',
        'system:backup_restore:restore',
        'system:backup_restore:export',
      ]),
    });
    render(<BackupRestore />, { wrapper: Providers });
    await screen.findByText(ROW.file_name);
    expect(screen.getAllByRole('button', { name: /Restore/ }).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: /Back up now/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Uploaded files' }));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'before change');
    await userEvent.type(within(dialog).getByLabelText('Passphrase'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('At least 8 characters')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Passphrase'), ' enough');
    await userEvent.type(within(dialog).getByLabelText('Passphrase again'), 'short enough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        Paths.backupRestore,
        {
          method: 'create',
          note: 'before change',
          contents: ['db', 'configs'],
          passphrase: 'short enough',
        },
        undefined,
      ),
    );
  });
});
