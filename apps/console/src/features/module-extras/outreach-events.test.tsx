import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
const requestEnvelope = vi.fn();
vi.mock('../../request/index.ts', () => ({
  request,
  requestEnvelope,
  bindSession: vi.fn(),
  isRequestError: () => false,
}));

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../resource/test-support.tsx');
const { OutreachEvents } = await import('./outreach-events.tsx');

afterEach(cleanup);

describe('OutreachEvents', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    requestEnvelope.mockReset();
    request.mockImplementation(async (_p: string, body: { method: string }) => {
      if (body.method === 'list')
        return {
          list: [
            {
              id: 1,
              name: 'Opera',
              type: 'fias',
              host: '10.0.0.5',
              port: 5010,
              enabled: 1,
              link_state: 'linked',
            },
            { id: 2, name: 'HIS', type: 'his_http', host: null, port: null, enabled: 1, link_state: null },
          ],
          total: 2,
        };
      if (body.method === 'occupancy')
        return {
          list: [
            {
              area_id: 7,
              code: '0805',
              area_name: 'Room 0805',
              state: 'occupied',
              guest_name: 'Zhang San',
              reservation: 'R1',
              language: 'EA',
              arrival: '2026-03-01',
              departure: '2026-03-04',
              source: 'fias',
              interface_id: 1,
              extra: {},
              updated_at: '2026-03-01 12:00:00',
            },
          ],
          total: 1,
        };
      return {
        list: [
          {
            id: 9,
            time: '2026-03-01 12:00:00',
            interface_id: 1,
            interface_name: 'Opera',
            record: 'GI',
            room: '0805',
            guest: 'Zhang San',
            result: 'ok',
            detail: 'occupied; greet: welcome message queued for terminal #3',
          },
        ],
        total: 1,
      };
    });
  });

  it('shows link states, rooms and the event log; verbs only with their keys', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:outreach:resync']) });
    requestEnvelope.mockResolvedValue({ code: 200, msg: 'Resync requested', data: { sent: true } });
    render(
      <Providers>
        <OutreachEvents />
      </Providers>,
    );
    expect(await screen.findByText('Linked')).toBeTruthy();
    expect(screen.getByText('10.0.0.5:5010')).toBeTruthy();
    expect(screen.getByText('Inbound (HIS posts)')).toBeTruthy();
    expect(await screen.findByText('Room 0805')).toBeTruthy();
    expect(screen.getByText('2026-03-01 → 2026-03-04')).toBeTruthy();
    expect(await screen.findByText('GI')).toBeTruthy();
    expect(screen.getAllByText('Zhang San').length).toBe(2);
    expect(screen.queryByRole('button', { name: 'Test' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resync' }));
    await waitFor(() =>
      expect(requestEnvelope).toHaveBeenCalledWith(
        '/admin.php/system/outreach',
        { method: 'resync', id: 1 },
        undefined,
      ),
    );
  });
});
