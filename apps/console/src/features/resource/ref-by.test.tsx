import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
const { setLanguage, i18n } = await import('../../i18n/index.ts');
const { buildColumns } = await import('./columns.tsx');
const { RecordForm } = await import('./record-form.tsx');
const { Providers } = await import('./test-support.tsx');

const plan = resourceByName('ac:timed_reboot')!;
const link: ResourceDef = resourceByName('system:external_link');

/** The server as the console meets it: APs, categories and roles by name. */
function answer(path: string, body: { method: string; field?: string }) {
  if (body.method !== 'options') return Promise.resolve({ list: [], total: 0, id: 5 });
  if (path === '/admin.php/ac/ap')
    return Promise.resolve([
      { value: 3, label: 'Lobby AP' },
      { value: 4, label: 'Pool AP' },
    ]);
  if (path === '/admin.php/ac/ap_category') return Promise.resolve([{ value: 3, label: 'Outdoor' }]);
  if (path === '/admin.php/system/external_link' && body.field === 'role_ids')
    return Promise.resolve([{ value: 2, label: 'Front desk' }]);
  return Promise.resolve([]);
}

function Cells({ def, record }: { def: ResourceDef; record: Record<string, unknown> }) {
  const ctx = {
    lang: i18n.language as 'en',
    t: (k: string) => i18n.t(k),
    exists: (k: string) => i18n.exists(k),
  };
  return (
    <table>
      <tbody>
        <tr>
          {buildColumns(def, ctx).map((c) => (
            <td key={c.key} data-col={c.key}>
              {(c.render?.(record[c.key as string], record as never, 0) as never) ?? null}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

describe('ids named by the record’s kind, and roles', () => {
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation(answer);
    setLanguage('en');
  });
  afterEach(cleanup);

  it('shows a plan’s targets by the names of the kind its row names, never as ids', async () => {
    const withList = {
      ...plan,
      fields: plan.fields.map((f) => (f.name === 'target_ids' ? { ...f, list: true } : f)),
    };
    const { container } = render(
      <Cells
        def={withList}
        record={{ id: 1, name: 'Night', target_type: 'ap', target_ids: [3, 4], cron: '0 4 * * *' }}
      />,
      { wrapper: Providers },
    );
    const cell = () => container.querySelector('[data-col="target_ids"]') as HTMLElement;
    expect(await within(cell()).findByText('Lobby AP')).toBeTruthy();
    expect(cell().textContent).toBe('Lobby APPool AP');
    cleanup();
    // The same ids under another kind are that kind's records.
    const other = render(
      <Cells def={withList} record={{ id: 1, name: 'Night', target_type: 'category', target_ids: [3] }} />,
      { wrapper: Providers },
    );
    expect(
      await within(other.container.querySelector('[data-col="target_ids"]')!).findByText('Outdoor'),
    ).toBeTruthy();
  });

  it('picks targets of the kind chosen, empties them when the kind changes, and sends ids', async () => {
    render(<RecordForm def={plan} mode="add" open onClose={() => {}} onSaved={() => {}} />, {
      wrapper: Providers,
    });
    await userEvent.type(await screen.findByLabelText('Name'), 'Night');
    await userEvent.type(screen.getByLabelText('Schedule (cron)'), '0 4 * * *');
    // "All APs" names nothing to choose.
    expect(await screen.findByText('All APs: nothing to choose')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Target'));
    await userEvent.click(await screen.findByTitle('Chosen APs'));
    await userEvent.click(screen.getByLabelText('Targets'));
    await userEvent.click(await screen.findByTitle('Pool AP'));
    // Another kind: the AP chosen is no category, so the list starts again.
    await userEvent.click(screen.getByLabelText('Target'));
    await userEvent.click(await screen.findByTitle('APs of categories'));
    await userEvent.click(screen.getByLabelText('Targets'));
    await userEvent.click(await screen.findByTitle('Outdoor'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(request.mock.calls.some(([, b]) => b?.method === 'add')).toBe(true));
    const [, body] = request.mock.calls.find(([, b]) => b?.method === 'add')!;
    expect(body).toMatchObject({ target_type: 'category', target_ids: [3] });
  });

  it('asks for the kind first when none is chosen, in words', async () => {
    const rule = resourceByName('aiso:alarm_rule')!;
    render(<RecordForm def={rule} mode="add" open onClose={() => {}} onSaved={() => {}} />, {
      wrapper: Providers,
    });
    expect(await screen.findByText('Choose the Source first')).toBeTruthy();
  });

  it('names roles for an external link through its own endpoint', async () => {
    const withList = {
      ...link,
      fields: link.fields.map((f) => (f.name === 'role_ids' ? { ...f, list: true } : f)),
    };
    const { container } = render(
      <Cells
        def={withList}
        record={{ id: 1, title: 'Duty', url: 'https://duty.example.com', role_ids: [2] }}
      />,
      { wrapper: Providers },
    );
    expect(
      await within(container.querySelector('[data-col="role_ids"]')!).findByText('Front desk'),
    ).toBeTruthy();
    expect(
      request.mock.calls.some(([p, b]) => p === '/admin.php/system/external_link' && b?.field === 'role_ids'),
    ).toBe(true);
  });
});
