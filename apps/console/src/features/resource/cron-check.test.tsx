import { resourceByName } from '@igs/contract/resources';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The cron check (cron-parser and luxon, some 30 KB gzip) is a chunk that only forms with a cron
 * field load (cron-check.ts). Here its module counts its imports: a record page without a cron field
 * must never import it, and a cron field must still be checked with the contract's words.
 * The tests run in order: the first one needs the module not yet imported by this file.
 */
const cronModule = vi.hoisted(() => ({ imports: 0 }));
vi.mock('./cron-parser-check.ts', async (importOriginal) => {
  cronModule.imports++;
  return importOriginal();
});
vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { ResourcePage } = await import('./resource-page.tsx');
const { RecordForm } = await import('./record-form.tsx');
const { Providers } = await import('./test-support.tsx');
const { hasCronField } = await import('./cron-check.ts');

const program = resourceByName('media:live')!;
const source = resourceByName('media:source')!;
const writes = () => request.mock.calls.filter(([, body]) => ['add', 'edit'].includes(body?.method));

describe('the cron check, loaded with a cron field only', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method: string }) => {
      if (body.method === 'list') return { list: [], total: 0 };
      if (body.method === 'options') return [{ value: 3, label: 'CCTV' }];
      return { id: 9 };
    });
  });
  afterEach(cleanup);

  it('knows which descriptions have a cron field, also as a part of a structured one', () => {
    expect(hasCronField(program.fields)).toBe(false);
    expect(hasCronField(source.fields)).toBe(true);
    const part = { name: 'at', type: 'cron', label: { en: 'At', zh_CN: '时间' } } as const;
    const label = { en: 'Plan', zh_CN: '计划' };
    expect(hasCronField([{ name: 'plan', type: 'json', label, shape: { kind: 'list', of: part } }])).toBe(
      true,
    );
    expect(
      hasCronField([{ name: 'plan', type: 'json', label, shape: { kind: 'rows', fields: [part] } }]),
    ).toBe(true);
  });

  it('a record page without a cron field, its add form and its submit never import it', async () => {
    usePermissionStore.setState({ buttons: new Set(['media:live:add']) });
    render(<ResourcePage def={program} />, { wrapper: Providers });
    await userEvent.click(await screen.findByRole('button', { name: /Add/ }));
    await userEvent.type(await screen.findByLabelText('Stream URL'), 'ftp://example.com/a');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(writes()).toEqual([]);
    expect(cronModule.imports).toBe(0);
  });

  it('a cron field loads it when its form opens and is refused with the contract words', async () => {
    render(<RecordForm def={source} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, {
      wrapper: Providers,
    });
    const cron = await screen.findByLabelText('Sync schedule (cron)');
    await waitFor(() => expect(cronModule.imports).toBe(1));
    await userEvent.type(await screen.findByLabelText('Name'), 'Feed');
    await userEvent.clear(cron);
    // Five fields, so the shape check passes: cron-parser refuses minute 61.
    await userEvent.type(cron, '61 5 * * *');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Sync schedule \(cron\): Invalid cron expression: /)).toBeTruthy();
    expect(writes()).toEqual([]);
    // A valid one passes the console's check and is sent.
    await userEvent.clear(cron);
    await userEvent.type(cron, '0 4 * * 1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]![1]).toMatchObject({ method: 'add', sync_cron: '0 4 * * 1' });
    expect(cronModule.imports).toBe(1);
  });
});
