import { VOICE_BASIC_DEFAULTS } from '@igs/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../request/index.ts', () => ({ request, isRequestError: () => false, bindSession: () => {} }));

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../../features/resource/test-support.tsx');
const { default: BasicSettings } = await import('./BasicSettings.tsx');

const stored = { ...VOICE_BASIC_DEFAULTS, local_nets: ['192.168.1.0/24'] };

function show(buttons: string[]) {
  usePermissionStore.setState({ buttons: new Set(buttons) });
  return render(
    <Providers>
      <BasicSettings />
    </Providers>,
  );
}

describe('Voice basic settings page', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_p: string, body: { method: string }) =>
      body.method === 'detail' ? stored : {},
    );
  });

  it('is read-only without voice:basic:edit', async () => {
    show([]);
    expect(await screen.findByDisplayValue('5060')).toBeTruthy();
    expect(screen.getByText('You may view these settings but not change them')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('refuses an RTP range that ends before it starts, without calling the server', async () => {
    show(['voice:basic:edit']);
    const start = await screen.findByDisplayValue('10000');
    await userEvent.clear(start);
    await userEvent.type(start, '30000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('RTP start port must be lower than the RTP end port')).toBeTruthy();
    expect(request.mock.calls.some((c) => c[1].method === 'form')).toBe(false);
  });

  it('reorders codecs and saves the whole form', async () => {
    show(['voice:basic:edit']);
    await userEvent.click(await screen.findByRole('button', { name: 'Move up g722' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/voice/basic',
        expect.objectContaining({ method: 'form' }),
        undefined,
      ),
    );
    const body = request.mock.calls.find((c) => c[1].method === 'form')![1];
    expect(body).toMatchObject({
      codecs: ['alaw', 'g722', 'ulaw'],
      sip_udp_port: 5060,
      local_nets: ['192.168.1.0/24'],
    });
  });
});
