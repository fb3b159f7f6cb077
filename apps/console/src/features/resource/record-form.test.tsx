import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { RecordForm } = await import('./record-form.tsx');
const { Providers } = await import('./test-support.tsx');

const program = resourceByName('media:live')!;
const category = resourceByName('media:live_type')!;

function renderForm(def: ResourceDef = program, props: Partial<Parameters<typeof RecordForm>[0]> = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(<RecordForm def={def} mode="add" open onClose={onClose} onSaved={onSaved} {...props} />, {
    wrapper: Providers,
  });
  return { onSaved, onClose };
}

const writes = () => request.mock.calls.filter(([, body]) => ['add', 'edit'].includes(body?.method));

describe('RecordForm', () => {
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method: string }) => {
      if (body.method === 'options') return [{ value: 3, label: 'CCTV' }];
      if (body.method === 'detail') return { id: 5, name: '央视', name_en: 'CCTV', sort: 2, enabled: 0 };
      return { id: 9 };
    });
  });
  afterEach(cleanup);

  it('refuses invalid input with the schema messages, in English', async () => {
    setLanguage('en');
    renderForm();
    await userEvent.type(await screen.findByLabelText('Stream URL'), 'ftp://example.com/a');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('English name is required')).toBeTruthy();
    expect(screen.getByText('Classes is required')).toBeTruthy();
    expect(screen.getByText('Stream URL must be a URL (http, https, rtsp, rtmp, rtp or udp)')).toBeTruthy();
    expect(await screen.findByText('Please fill in the required data')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('refuses invalid input with the schema messages, in Chinese', async () => {
    setLanguage('zh_CN');
    renderForm();
    await userEvent.type(await screen.findByLabelText('播放地址'), 'ftp://example.com/a');
    await userEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('请填写名称')).toBeTruthy();
    expect(screen.getByText('请填写英文名称')).toBeTruthy();
    expect(
      screen.getByText('播放地址格式不正确（应为 http、https、rtsp、rtmp、rtp 或 udp 地址）'),
    ).toBeTruthy();
    expect(await screen.findByText('请填写必填数据')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('clears a message once the field is fixed and sends the parsed body with defaults', async () => {
    setLanguage('en');
    const { onSaved, onClose } = renderForm(category);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), '  新闻  ');
    // Editing the field drops its message (it has no rules of its own to re-run).
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect(writes()).toEqual([
      [
        category.endpoint,
        { method: 'add', name: '新闻', sort: 0, enabled: 1 },
        { successToast: 'msg.submittedSuccessfully', sites: null },
      ],
    ]);
  });

  it('edits the loaded record and sends its id', async () => {
    setLanguage('en');
    const { onSaved } = renderForm(category, { mode: 'edit', id: 5 });
    const name = await screen.findByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('央视');
    await userEvent.clear(name);
    await userEvent.type(name, 'CCTV');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()[0]?.[1]).toMatchObject({ method: 'edit', id: 5, name: 'CCTV', sort: 2, enabled: 0 });
    expect(writes()[0]?.[2]).toEqual({ successToast: 'msg.modifiedSuccessfully', sites: null });
  });
});
