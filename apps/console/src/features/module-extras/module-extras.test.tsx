import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { Providers } = await import('../resource/test-support.tsx');
const { EncryptionSettingsButton } = await import('./encryption-settings.tsx');
const { M3uExportButton } = await import('./media-exports.tsx');
const { SendCommandButton } = await import('./send-command.tsx');

const grant = (keys: string[]) => usePermissionStore.setState({ buttons: new Set(keys) });
const mount = (node: React.ReactNode) => render(<Providers>{node}</Providers>);

describe('module extras', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    useUserStore.setState({ isOperations: 0 });
  });

  it('Send command: hidden without its key, disabled until terminals are selected', async () => {
    grant([]);
    const { unmount } = mount(<SendCommandButton ids={[1]} />);
    expect(screen.queryByText('Send command')).toBeNull();
    unmount();
    grant(['index:app_command:send']);
    mount(<SendCommandButton ids={[]} />);
    expect(screen.getByRole('button', { name: /Send command/ }).hasAttribute('disabled')).toBe(true);
  });

  it('Send command: queues the chosen command for the selected terminals', async () => {
    grant(['index:app_command:send']);
    request.mockResolvedValue({ queued: 2 });
    mount(<SendCommandButton ids={[4, 5]} />);
    await userEvent.click(screen.getByRole('button', { name: /Send command/ }));
    expect(await screen.findByText('Send a command to 2 terminals')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: /Send command/ }).at(-1)!);
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/index/app_command',
        { method: 'send', ids: [4, 5], type: 'reboot', args: {} },
        { sites: null },
      ),
    );
  });

  it('Encryption: lists programmes on the operations twin in operations mode', async () => {
    useUserStore.setState({ isOperations: 1 });
    grant(['media:encryption:edit']);
    request.mockResolvedValue({
      list: [{ id: 3, number: 3, name: '湖南卫视', type: 'hls', encryption: 'none' }],
      total: 1,
    });
    mount(<EncryptionSettingsButton selectedIds={[3]} />);
    await userEvent.click(screen.getByRole('button', { name: /Encryption/ }));
    expect(await screen.findByText('湖南卫视')).toBeTruthy();
    expect(request.mock.calls[0]![0]).toBe('/operations/media/encryption');
    request.mockResolvedValue({ updated: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Set for 1 selected' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/operations/media/encryption',
        { method: 'edit', ids: [3], encryption: 'hls_aes128' },
        // Rendered outside a route: no `?id=`, so explicitly no site.
        { sites: null },
      ),
    );
  });

  it('M3U export: sends the list filter and opens the download', async () => {
    grant(['media:live:export']);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    request.mockResolvedValue({ url: '/admin.php/common/download?token=t' });
    mount(<M3uExportButton filter={{ enabled: 1 }} keyword="CCTV" />);
    await userEvent.click(screen.getByRole('button', { name: /Export M3U/ }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/admin.php/common/download?token=t', '_blank'));
    expect(request).toHaveBeenCalledWith(
      '/admin.php/media/live',
      { method: 'export_m3u', filter: { enabled: 1 }, keyword: 'CCTV' },
      { sites: null },
    );
  });
});
