import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../request/index.ts', () => import('../../../test/request-mock.ts'));
const { request } = await import('../../../test/request-mock.ts');

const { setLanguage } = await import('../../../i18n/index.ts');
const { usePermissionStore } = await import('../../../stores/permission.ts');
const { Providers } = await import('../../../features/resource/test-support.tsx');
const { default: SmsSettings } = await import('../SmsSettings.tsx');
const { default: Itms } = await import('../../tr069/Itms.tsx');

describe('settings pages', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
  });

  it('SMS: today count, the provider fields, the test send with its key, and the send log', async () => {
    usePermissionStore.setState({ buttons: new Set(['system:sms:edit', 'system:sms:test']) });
    request.mockImplementation(async (_p: string, body: { method: string }) =>
      body.method === 'history'
        ? {
            list: [
              {
                id: 1,
                time: '2026-03-01 10:00:00',
                provider: 'http',
                phone: '138',
                purpose: 'test',
                result: 'sent',
                http_status: 200,
                detail: 'ok',
              },
            ],
            total: 1,
          }
        : {
            provider: 'http',
            http_url: 'http://10.0.0.2/',
            http_body: '{}',
            daily_limit: 200,
            sent_today: 3,
            secret_set: {},
          },
    );
    render(
      <Providers>
        <SmsSettings />
      </Providers>,
    );
    expect(await screen.findByText('Sent today: 3 of 200')).toBeTruthy();
    expect(screen.queryByLabelText('AccessKey ID / SecretId')).toBeNull();
    expect(screen.getAllByText('Send test SMS').length).toBeGreaterThan(0);
    expect(await screen.findByText('Sent')).toBeTruthy();
  });

  it('ITMS: warns when nothing listens on the CWMP port; no test without its key', async () => {
    usePermissionStore.setState({ buttons: new Set(['tr069:itms:edit']) });
    request.mockResolvedValue({
      cwmp_port: 7547,
      acs_url: 'http://10.0.0.1:7547/',
      lan_address: '10.0.0.1',
      acs_listening: false,
      dnsmasq_lines: [],
      secret_set: {},
    });
    render(
      <Providers>
        <Itms />
      </Providers>,
    );
    expect(await screen.findByText(/Nothing listens on CWMP port 7547/)).toBeTruthy();
    expect(screen.getByText('10.0.0.1')).toBeTruthy();
    expect(screen.queryByText('Test a connection request')).toBeNull();
  });
});
