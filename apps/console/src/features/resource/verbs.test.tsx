import type { ResourceDef } from '@igs/contract/resources';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { ResourcePage } = await import('./resource-page.tsx');
const { heldVerbs, VerbReport } = await import('./verbs.tsx');
const { Providers } = await import('./test-support.tsx');

/** An order-like resource with one verb of each kind. */
const orders: ResourceDef = {
  name: 'shop:order',
  endpoint: '/admin.php/shop/order',
  table: 'shop_order',
  title: { en: 'Orders', zh_CN: '订单' },
  fields: [
    { name: 'no', type: 'str', label: { en: 'No.', zh_CN: '单号' }, list: true },
    {
      name: 'state',
      type: 'enum',
      label: { en: 'State', zh_CN: '状态' },
      options: ['pending', 'accepted'],
      list: true,
    },
  ],
  verbs: [
    {
      name: 'accept',
      label: { en: 'Accept', zh_CN: '接单' },
      scope: 'row',
      when: { field: 'state', in: ['pending'] },
    },
    {
      name: 'renew',
      label: { en: 'Renew', zh_CN: '续期' },
      scope: 'batch',
      fields: [
        {
          name: 'days',
          type: 'int',
          label: { en: 'Days', zh_CN: '天数' },
          required: true,
          min: 1,
          max: 3650,
        },
      ],
    },
    {
      name: 'read_all',
      label: { en: 'Mark all read', zh_CN: '全部已读' },
      scope: 'page',
      confirm: { en: 'Mark everything read?', zh_CN: '全部标为已读？' },
    },
  ],
};
const rows = [
  { id: 1, no: 'A-1', state: 'pending' },
  { id: 2, no: 'A-2', state: 'accepted' },
];

const grant = (keys: string[]) => usePermissionStore.setState({ buttons: new Set(keys) });

describe('heldVerbs', () => {
  it('keeps the verbs whose key is held, by scope', () => {
    const v = heldVerbs(orders, new Set(['shop:order:accept', 'shop:order:read_all', 'shop:goods:renew']));
    expect(v.row.map((x) => x.name)).toEqual(['accept']);
    expect(v.batch).toEqual([]);
    expect(v.page.map((x) => x.name)).toEqual(['read_all']);
  });
});

describe('records verbs and replies', () => {
  it('a records verb is both a row button and a selection button', () => {
    const both: ResourceDef = {
      ...orders,
      verbs: [{ name: 'authorize', label: { en: 'Authorize', zh_CN: '授权' }, scope: 'records' }],
    };
    const v = heldVerbs(both, new Set(['shop:order:authorize']));
    expect(v.row.map((x) => x.name)).toEqual(['authorize']);
    expect(v.batch.map((x) => x.name)).toEqual(['authorize']);
  });

  it('shows a reply’s values as terms and its lists as tables', () => {
    render(
      <VerbReport
        data={{ plan: 'Fire', ready: false, steps: [{ step: 1, channel: 'PJSIP/801', ready: true }] }}
      />,
    );
    expect(screen.getByText('Fire')).toBeTruthy();
    expect(screen.getByText('PJSIP/801')).toBeTruthy();
    expect(screen.getByText('channel')).toBeTruthy();
    cleanup();
  });
});

describe('verbs on the record page', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method: string }) =>
      body.method === 'list' ? { list: rows, total: 2 } : {},
    );
  });
  afterEach(cleanup);

  it('shows a row verb only on the records it applies to, and sends it with the id', async () => {
    grant(['shop:order:accept']);
    render(<ResourcePage def={orders} />, { wrapper: Providers });
    await screen.findByText('A-2');
    const buttons = screen.getAllByRole('button', { name: 'Accept' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/shop/order',
        { id: 1, method: 'accept' },
        expect.anything(),
      ),
    );
  });

  it('asks a verb’s fields, refuses bad values before sending, then sends them with the selection', async () => {
    grant(['shop:order:renew']);
    render(<ResourcePage def={orders} />, { wrapper: Providers });
    await screen.findByText('A-1');
    const renew = screen.getByRole('button', { name: 'Renew' });
    expect((renew as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(renew);
    const days = await screen.findByLabelText('Days');
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByText(/Days/, { selector: '.ant-form-item-explain-error' });
    expect(request).not.toHaveBeenCalledWith(
      '/admin.php/shop/order',
      expect.objectContaining({ method: 'renew' }),
      expect.anything(),
    );
    fireEvent.change(days, { target: { value: '30' } });
    // Pressed twice while its check loads: sent once.
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/shop/order',
        { days: 30, ids: [1], method: 'renew' },
        expect.anything(),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(request.mock.calls.filter((c) => c[1]?.method === 'renew')).toHaveLength(1);
  });

  it('asks before a verb with a question, and hides verbs whose key is not held', async () => {
    grant(['shop:order:read_all']);
    render(<ResourcePage def={orders} />, { wrapper: Providers });
    await screen.findByText('A-1');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('Mark everything read?')).toBeTruthy();
    expect(request).not.toHaveBeenCalledWith(
      '/admin.php/shop/order',
      expect.objectContaining({ method: 'read_all' }),
      expect.anything(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/shop/order',
        { method: 'read_all' },
        expect.anything(),
      ),
    );
  });
});
