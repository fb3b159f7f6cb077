import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../request/index.ts', () => ({ request, isRequestError: () => false, bindSession: () => {} }));

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../../features/resource/test-support.tsx');
const { default: VoiceCalls } = await import('./VoiceCalls.tsx');

const stats = {
  today: {
    total: 3,
    answered: 2,
    missed: 1,
    avg_billsec: 90,
    by_direction: { internal: 1, inbound: 1, outbound: 1 },
  },
  days: [
    { date: '2026-01-01', total: 1, answered: 0, missed: 1 },
    { date: '2026-01-02', total: 3, answered: 2, missed: 1 },
  ],
};
const live = {
  live: true,
  reason: null,
  total: 1,
  list: [
    {
      channel: 'PJSIP/8001-00000001',
      caller: '8001',
      callee: '8002',
      state: 'Up',
      direction: 'internal',
      trunk: '',
      started_at: '2026-01-02 10:00:00',
      duration: 75,
    },
  ],
};

function show(buttons: string[], calls: unknown) {
  usePermissionStore.setState({ buttons: new Set(buttons) });
  request.mockImplementation(async (_p: string, body: { method: string }) =>
    body.method === 'stats' ? stats : calls,
  );
  return render(
    <Providers>
      <VoiceCalls />
    </Providers>,
  );
}

describe('Voice calls page', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
  });

  it('shows the reason instead of calls when Asterisk is not running, and the CDR figures', async () => {
    const reason = 'Asterisk is not running';
    show(['voice:calls:hangup'], { list: [], total: 0, live: false, reason });
    expect((await screen.findByTestId('calls-not-live')).textContent).toContain(reason);
    expect(await screen.findByText('1:30')).toBeTruthy();
    expect(screen.getAllByTestId('day-bar')).toHaveLength(2);
  });

  it('lists calls in progress with the actions the role holds', async () => {
    show(['voice:calls:hangup'], live);
    expect(await screen.findByText('PJSIP/8001-00000001')).toBeTruthy();
    expect(screen.getByText('1:15')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hang up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /New call/ })).toBeNull();
  });
});
