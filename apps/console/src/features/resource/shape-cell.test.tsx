import { enumField, jsonField, moneyField, part, type ResourceDef } from '@igs/contract/resources';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
const { setLanguage } = await import('../../i18n/index.ts');
const { buildColumns } = await import('./columns.tsx');
const { RecordForm } = await import('./record-form.tsx');
const { Providers } = await import('./test-support.tsx');
const { i18n } = await import('../../i18n/index.ts');

const def: ResourceDef = {
  name: 'test:route',
  endpoint: '/admin.php/test/route',
  table: 'test_route',
  title: { en: 'Route', zh_CN: '路由' },
  fields: [
    { name: 'name', type: 'str', label: { en: 'Name', zh_CN: '名称' }, list: true, required: true },
    moneyField('price', { en: 'Price', zh_CN: '价格' }, { list: true }),
    enumField(
      'state',
      { en: 'State', zh_CN: '状态' },
      {
        registered: { en: 'Registered', zh_CN: '已注册', tone: 'success' },
        unreachable: { en: 'Unreachable', zh_CN: '不可达', tone: 'error' },
      },
      { list: true },
    ),
    jsonField(
      'patterns',
      { en: 'Dial patterns', zh_CN: '拨号规则' },
      {
        kind: 'rows',
        fields: [
          part('prefix', 'str', { en: 'Prefix', zh_CN: '前缀' }),
          part(
            'match',
            'str',
            { en: 'Match pattern', zh_CN: '匹配模式' },
            {
              required: true,
              pattern: {
                source: '^_?[0-9XZN.!]+$',
                message: { en: 'Not a dial pattern', zh_CN: '不是拨号模式' },
              },
            },
          ),
        ],
      },
      { list: true },
    ),
    jsonField(
      'weekdays',
      { en: 'Weekdays', zh_CN: '星期' },
      {
        kind: 'list',
        of: enumField(
          'day',
          { en: 'Day', zh_CN: '日' },
          { '1': { en: 'Mon', zh_CN: '周一' }, '2': { en: 'Tue', zh_CN: '周二' } },
        ),
      },
      { list: true },
    ),
  ],
};

const record = {
  id: 1,
  name: 'Local',
  price: 3800,
  state: 'unreachable',
  patterns: [{ prefix: '9', match: '_X.' }],
  weekdays: [1, 2],
};

function Row() {
  const ctx = {
    lang: i18n.language as 'en',
    t: (k: string) => i18n.t(k),
    exists: (k: string) => i18n.exists(k),
  };
  const cols = buildColumns(def, ctx);
  return (
    <table>
      <tbody>
        <tr>
          {cols.map((c) => (
            <td key={c.key} data-col={c.key}>
              {(c.render?.(record[c.key as keyof typeof record], record as never, 0) as never) ?? null}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

describe('values as a person reads them', () => {
  afterEach(cleanup);

  it('shows states as coloured words, money in yuan, rows and lists by their words, never JSON', () => {
    setLanguage('en');
    const { container } = render(<Row />, { wrapper: Providers });
    const cell = (k: string) => container.querySelector(`[data-col="${k}"]`) as HTMLElement;
    expect(cell('price').textContent).toBe('¥38.00');
    expect(within(cell('state')).getByText('Unreachable').className).toMatch(/error/);
    expect(cell('patterns').textContent).toBe('9 · _X.');
    expect(cell('weekdays').textContent).toBe('MonTue');
    expect(container.textContent).not.toMatch(/[[{"]/);
    // The state column comes right after the name.
    expect([...container.querySelectorAll('td')].map((td) => td.dataset.col).slice(0, 2)).toEqual([
      'name',
      'state',
    ]);
  });

  it('reads a state nothing has reported yet as unknown, not as empty', () => {
    setLanguage('en');
    const ctx = { lang: 'en' as const, t: (k: string) => i18n.t(k), exists: (k: string) => i18n.exists(k) };
    const state = buildColumns(def, ctx).find((c) => c.key === 'state')!;
    const { container } = render(
      <span>{state.render?.(null, { ...record, state: null } as never, 0) as never}</span>,
      {
        wrapper: Providers,
      },
    );
    expect(container.textContent).toBe('Unknown');
  });

  it('reads the same row in Chinese', () => {
    setLanguage('zh_CN');
    const { container } = render(<Row />, { wrapper: Providers });
    expect(container.textContent).toContain('不可达');
    expect(container.textContent).toContain('周一');
    expect(container.textContent).not.toMatch(/Unreachable|Mon/);
  });
});

describe('structured editors', () => {
  beforeEach(() => {
    request.mockReset();
    request.mockResolvedValue({ id: 9 });
    setLanguage('en');
  });
  afterEach(cleanup);

  it('take yuan and rows, and send fen and the structure', async () => {
    render(<RecordForm def={def} mode="add" open onClose={() => {}} onSaved={() => {}} />, {
      wrapper: Providers,
    });
    await userEvent.type(await screen.findByLabelText('Name'), 'Out');
    await userEvent.type(screen.getByLabelText('Price'), '12.5');
    await userEvent.click(screen.getByRole('button', { name: /Add a row/ }));
    await userEvent.type(screen.getByPlaceholderText('Prefix'), '0');
    await userEvent.type(screen.getByPlaceholderText('Match pattern'), '_1NXX');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(request).toHaveBeenCalled());
    const [, body] = request.mock.calls.find(([, b]) => b?.method === 'add')!;
    expect(body).toMatchObject({ name: 'Out', price: 1250, patterns: [{ prefix: '0', match: '_1NXX' }] });
  });

  it('refuses a bad row with the row and the rule, sending nothing', async () => {
    render(<RecordForm def={def} mode="add" open onClose={() => {}} onSaved={() => {}} />, {
      wrapper: Providers,
    });
    await userEvent.type(await screen.findByLabelText('Name'), 'Out');
    await userEvent.click(screen.getByRole('button', { name: /Add a row/ }));
    await userEvent.type(screen.getByPlaceholderText('Match pattern'), 'rm -rf');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Dial patterns, row 1: Not a dial pattern')).toBeTruthy();
    expect(request.mock.calls.filter(([, b]) => b?.method === 'add')).toEqual([]);
  });
});

describe('values that name a record by a field, and live states', () => {
  afterEach(cleanup);

  it('show an agent by its extension number and the extension’s name, and a busy queue as a badge', async () => {
    const { ShapeCell } = await import('./shape-cell.tsx');
    const { resourceByName } = await import('@igs/contract/resources');
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (path: string, body: { method: string }) =>
      path === '/admin.php/voice/extension' && body.method === 'list'
        ? { list: [{ id: 1, extension: '8001', name: '礼宾部', name_en: 'Concierge' }], total: 1 }
        : { list: [], total: 0 },
    );
    const queue = resourceByName('voice:queue')!;
    const members = queue.fields.find((f) => f.name === 'members')!;
    const live = queue.fields.find((f) => f.name === 'live')!;
    const { container } = render(
      <div>
        <ShapeCell def={queue} field={members} value={[{ extension: '8001', penalty: 0 }]} />
        <ShapeCell def={queue} field={live} value={{ waiting: 2, agents: 3 }} />
      </div>,
      { wrapper: Providers },
    );
    expect(await screen.findByText(/8001 Concierge/)).toBeTruthy();
    expect(container.querySelector('.ant-badge-status-processing')).toBeTruthy();
  });
});
