import type { DeveloperModeOutput } from '@igs/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../request/index.ts', () => import('../../../test/request-mock.ts'));
const { request } = await import('../../../test/request-mock.ts');
const { setLanguage } = await import('../../../i18n/index.ts');
await import('../../shell-i18n/texts.ts');
const { Providers } = await import('../../resource/test-support.tsx');
const { DeveloperModeDialog } = await import('./developer-mode-dialog.tsx');

const off: DeveloperModeOutput = {
  status: 0,
  key: '',
  key_hint: '',
  created_at: '',
  expires_at: '',
  can_enable: 1,
};
const made: DeveloperModeOutput = {
  status: 1,
  key: `${'a'.repeat(44)}beef`,
  key_hint: 'beef',
  created_at: '2025-01-01 10:00:00',
  expires_at: '2025-04-01 10:00:00',
  can_enable: 1,
};

function show() {
  return render(
    <Providers>
      <DeveloperModeDialog open onClose={() => {}} />
    </Providers>,
  );
}

describe('DeveloperModeDialog', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
  });

  it('shows a new key once, from the reply that made it, with its expiry', async () => {
    request.mockImplementation(async (_path: string, body: { method: string }) =>
      body.method === 'detail' ? off : made,
    );
    show();
    const toggle = await screen.findByRole('switch');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByDisplayValue(made.key)).toBeTruthy();
    expect(screen.getByText(/will not be shown again/)).toBeTruthy();
    expect(screen.getByText('2025-04-01 10:00:00')).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('afterwards shows only the last characters, and hides the switch without the button', async () => {
    request.mockResolvedValue({ ...made, key: '', can_enable: 1 });
    const first = show();
    expect(await screen.findByText('…beef')).toBeTruthy();
    expect(screen.queryByDisplayValue(made.key)).toBeNull();
    first.unmount();
    request.mockResolvedValue({ ...off, can_enable: 0 });
    show();
    await waitFor(() => expect(screen.getByText(/may not switch developer mode on/)).toBeTruthy());
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
