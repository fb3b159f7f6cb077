import { smsSettings } from '@igs/contract/extras';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
// The check's code (the contract's schema) arrives when a test lets it (at once unless held).
const schema = vi.hoisted(() => ({ arrived: Promise.resolve() }));
vi.mock('../resource/load-record-schema.ts', () => ({
  loadRecordSchema: () => schema.arrived.then(() => import('../resource/record-schema.ts')),
}));

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../resource/test-support.tsx');
const { SingletonForm } = await import('./singleton-form.tsx');

const stored = {
  provider: 'http',
  access_key_id: '',
  access_key_secret: '',
  sdk_app_id: '',
  sign_name: '',
  region: '',
  template_alarm: '',
  template_code: '',
  http_url: 'http://10.0.0.2/sms',
  http_body: '{"p":"{phone}","t":"{text}"}',
  daily_limit: 200,
  secret_set: { access_key_secret: true },
};

function show(buttons: string[]) {
  usePermissionStore.setState({ buttons: new Set(buttons) });
  return render(
    <Providers>
      <SingletonForm
        def={smsSettings}
        visible={(f, v) => f.name !== 'sdk_app_id' || v.provider === 'tencent'}
      />
    </Providers>,
  );
}

describe('SingletonForm', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method: string }) =>
      body.method === 'detail' ? stored : {},
    );
  });

  it('shows the stored values, never a secret, and says whether one is stored', async () => {
    show(['system:sms:edit']);
    expect(await screen.findByDisplayValue('http://10.0.0.2/sms')).toBeTruthy();
    expect(screen.getByText('Stored; leave empty to keep it')).toBeTruthy();
    expect(screen.queryByLabelText('SMS SdkAppId (Tencent)')).toBeNull();
    expect(request).toHaveBeenCalledWith(
      '/admin.php/system/sms',
      { method: 'detail' },
      { loading: false, sites: null },
    );
  });

  it('saves the whole record through form, the empty secret left out', async () => {
    show(['system:sms:edit']);
    const limit = await screen.findByDisplayValue('200');
    await userEvent.clear(limit);
    await userEvent.type(limit, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/system/sms',
        expect.objectContaining({ method: 'form' }),
        { sites: null },
      ),
    );
    const body = request.mock.calls.find((c) => c[1].method === 'form')![1];
    expect(body).toMatchObject({ provider: 'http', http_url: 'http://10.0.0.2/sms', daily_limit: 50 });
    expect(body).not.toHaveProperty('access_key_secret');
  });

  it('refuses invalid values before calling, with the contract words', async () => {
    show(['system:sms:edit']);
    const url = await screen.findByDisplayValue('http://10.0.0.2/sms');
    await userEvent.clear(url);
    await userEvent.type(url, 'ftp://10.0.0.2/sms');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('HTTP URL must be an http:// or https:// URL')).toBeTruthy();
    expect(request.mock.calls.some((c) => c[1].method === 'form')).toBe(false);
    // Save is not left busy: the corrected values can be saved.
    await userEvent.clear(url);
    await userEvent.type(url, 'https://10.0.0.2/sms');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(request.mock.calls.some((c) => c[1].method === 'form')).toBe(true));
  });

  it('is read-only without the edit key', async () => {
    show([]);
    await screen.findByDisplayValue('http://10.0.0.2/sms');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('You may view these settings but not change them')).toBeTruthy();
  });

  it('saves once when Save is pressed again while its check is loading, with what was typed meanwhile', async () => {
    let arrive: () => void = () => {};
    schema.arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    show(['system:sms:edit']);
    const limit = await screen.findByDisplayValue('200');
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await userEvent.click(save);
    await userEvent.clear(limit);
    await userEvent.type(limit, '60');
    arrive();
    await waitFor(() => expect(request.mock.calls.some((c) => c[1].method === 'form')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const saves = request.mock.calls.filter((c) => c[1].method === 'form');
    expect(saves).toHaveLength(1);
    expect(saves[0]![1]).toMatchObject({ daily_limit: 60 });
    schema.arrived = Promise.resolve();
  });
});
