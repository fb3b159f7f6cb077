import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../request/index.ts', () => ({
  request,
  isRequestError: (e: unknown) => e instanceof Error && 'code' in e,
  bindSession: () => {},
}));

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../../features/resource/test-support.tsx');
const { default: VoiceManagement } = await import('./VoiceManagement.tsx');

const reason = 'Asterisk is not installed on this gateway (no asterisk program found)';
const status = {
  asterisk: { state: 'not_installed', version: null, uptime_s: null, last_reload_s: null, reason },
  source: 'data',
  endpoints: { registered: 0, total: 12 },
  trunks: [
    {
      id: 1,
      name: 'telecom',
      enabled: 1,
      registration: 'send',
      sip_server: 'sip.example.net:5060',
      state: 'unknown',
    },
  ],
  channels: { active: null, reason },
  files: [
    { file: 'pjsip.conf', written_at: '2026-01-01 10:00:00', bytes: 2048 },
    { file: 'queues.conf', written_at: '2026-01-01 10:00:00', bytes: 300 },
  ],
  dir: '/data/etc/asterisk',
  apply: { enabled: false, target: '/etc/asterisk' },
};
const check = {
  ok: false,
  dir: '/data/etc/asterisk',
  files: [
    { file: 'pjsip.conf', ok: true, sections: 9, lines: 80, bytes: 2048, errors: [], warnings: [] },
    {
      file: 'queues.conf',
      ok: false,
      sections: 2,
      lines: 20,
      bytes: 300,
      errors: ['Queue 6500: agent 9999 is not an extension; left out'],
      warnings: [],
    },
  ],
};

function show(buttons: string[]) {
  usePermissionStore.setState({ buttons: new Set(buttons) });
  return render(
    <Providers>
      <VoiceManagement />
    </Providers>,
  );
}

describe('Voice management page', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_p: string, body: { method: string; file?: string }) => {
      if (body.method === 'status') return status;
      if (body.method === 'check') return check;
      if (body.method === 'file')
        return {
          file: body.file,
          text: '[general]\npassword=********\n',
          written_at: null,
          same_as_disk: true,
          check: check.files[0],
        };
      if (body.method === 'reload') {
        const e = Object.assign(new Error(`${reason}; the files were generated`), {
          code: 503,
          msg: `${reason}; the files were generated`,
        });
        throw e;
      }
      return {};
    });
  });

  it('says honestly that Asterisk is not installed, with figures from the data', async () => {
    show([]);
    expect((await screen.findByTestId('asterisk-state')).textContent).toBe('Not installed');
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.getByText('/ 12')).toBeTruthy();
    expect(screen.getByText(/registrations and trunk states are the last ones stored/)).toBeTruthy();
    expect(screen.getByText('telecom')).toBeTruthy();
  });

  it('lists the files with their check results', async () => {
    show([]);
    const row = (await screen.findByText('queues.conf')).closest('tr')!;
    expect(within(row).getByText('1 errors')).toBeTruthy();
    const ok = screen.getByText('pjsip.conf').closest('tr')!;
    expect(within(ok).getByText('OK')).toBeTruthy();
    expect(screen.getByText('Some files have errors')).toBeTruthy();
  });

  it('shows reload and restart only with their keys', async () => {
    show([]);
    await screen.findByTestId('asterisk-state');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restart' })).toBeNull();
    expect(screen.getByRole('button', { name: /Regenerate and check/ })).toBeTruthy();
  });

  it('reports a refused reload with the server words', async () => {
    show(['voice:management:reload']);
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText(`${reason}; the files were generated`)).toBeTruthy();
    expect(request).toHaveBeenCalledWith(
      '/admin.php/voice/management',
      { method: 'reload' },
      { silent: true },
    );
  });

  it('opens a file in the viewer', async () => {
    show([]);
    const row = (await screen.findByText('pjsip.conf')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'View' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/voice/management',
        { method: 'file', file: 'pjsip.conf' },
        { loading: false, sites: null },
      ),
    );
    expect(await screen.findByText(/password=\*{8}/)).toBeTruthy();
  });
});
