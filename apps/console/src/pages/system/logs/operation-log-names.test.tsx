import type { LogEntry } from '@igs/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../request/index.ts', () => import('../../../test/request-mock.ts'));
const { request } = await import('../../../test/request-mock.ts');

const { setLanguage } = await import('../../../i18n/index.ts');
const { Providers } = await import('../../../features/resource/test-support.tsx');
const { default: OperationLog } = await import('../OperationLog.tsx');

const entry: LogEntry = {
  id: 7,
  time: '2026-11-20 10:00:00',
  username: 'admin',
  ip: '10.0.0.9',
  module: 'index:personal',
  action: 'change_password',
  module_title: 'Personal data',
  action_title: 'Change password',
  summary: 'Personal data — Change password',
  path: '/admin.php/index/personal',
  http_method: 'POST',
  result: 'fail',
  code: 422,
  detail: 'The original password is wrong',
  user_agent: 'Mozilla/5.0',
};

describe('operation log', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method: string }) =>
      body.method === 'list' ? { list: [entry], total: 1 } : { list: [], keep_days: 30 },
    );
  });

  it('shows the menu title and the action in words, the raw path and codes when a row opens', async () => {
    render(
      <Providers>
        <OperationLog />
      </Providers>,
    );
    expect(await screen.findByText('Personal data')).toBeTruthy();
    expect(screen.getByText('Change password')).toBeTruthy();
    expect(screen.queryByText('index:personal')).toBeNull();
    expect(screen.getByText('1 entry')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: /expand row/i })[0]!);
    expect(await screen.findByText('Personal data — Change password')).toBeTruthy();
    expect(screen.getByText(/POST \/admin\.php\/index\/personal/)).toBeTruthy();
    expect(screen.getByText(/index:personal · change_password · 422/)).toBeTruthy();
  });
});
