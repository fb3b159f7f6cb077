import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../../features/resource/test-support.tsx');
const { default: TerminalStatistics } = await import('./TerminalStatistics.tsx');

const empty = {
  range: { from: '2026-03-01', to: '2026-03-02' },
  online_window_s: 90,
  summary: { total: 0, online: 0, offline: 0, pending: 0, authorized: 0, rejected: 0, disabled: 0 },
  by_area: [],
  by_model: [],
  by_app_version: [],
  daily: [
    { date: '2026-03-01', plays: 0, hours: 0, active_terminals: 0 },
    { date: '2026-03-02', plays: 0, hours: 0, active_terminals: 0 },
  ],
  by_content_type: [],
  top_channels: [],
  top_films: [],
  totals: { plays: 0, hours: 0 },
};

describe('terminal statistics page', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockResolvedValue(empty);
  });

  it('shows zeros and empty states for an empty database, and asks for whole days', async () => {
    usePermissionStore.setState({ buttons: new Set() });
    render(
      <Providers>
        <TerminalStatistics />
      </Providers>,
    );
    expect((await screen.findAllByText('No plays in this range')).length).toBeGreaterThan(0);
    expect(screen.getByText('No terminals yet')).toBeTruthy();
    expect(screen.getByText('Terminals')).toBeTruthy();
    expect(screen.queryByText('Export CSV')).toBeNull();
    const [path, body] = request.mock.calls[0]!;
    expect(path).toBe('/admin.php/smart/terminal_stat');
    expect(body).toMatchObject({ method: 'stats' });
    expect(body.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('offers the CSV export with the key', async () => {
    usePermissionStore.setState({ buttons: new Set(['smart:terminal_stat:export']) });
    render(
      <Providers>
        <TerminalStatistics />
      </Providers>,
    );
    expect(await screen.findByText('Export CSV')).toBeTruthy();
  });
});
