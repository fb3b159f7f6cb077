import { resourceByName } from '@igs/contract/resources';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
const { setLanguage } = await import('../../i18n/index.ts');
const { ResourcePage } = await import('./resource-page.tsx');
const { Providers } = await import('./test-support.tsx');

const category = resourceByName('media:live_type')!;
const cctv = {
  id: 3,
  name: '央视',
  name_en: 'CCTV',
  code: 'cctv',
  sort: 0,
  enabled: 1,
  created_at: '2025-01-02 03:04:05',
};
const channel = {
  id: 7,
  number: 1,
  name: '新闻',
  name_en: 'News',
  category_ids: [3],
  type: 'hls',
  health: 'down',
  enabled: 1,
};

describe('a record’s detail drawer', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (path: string, body: Record<string, unknown>) => {
      if (path === category.endpoint && body.method === 'list') return { list: [cctv], total: 1 };
      if (path === category.endpoint && body.method === 'detail') return cctv;
      if (path === '/admin.php/media/live' && body.method === 'list') return { list: [channel], total: 1 };
      if (body.method === 'options') return [{ value: 3, label: 'CCTV' }];
      throw new Error(`refused ${path} ${String(body.method)}`);
    });
  });
  afterEach(cleanup);

  it('opens from the name with every field and the records that name it', async () => {
    render(<ResourcePage def={category} />, { wrapper: Providers });
    await userEvent.click(await screen.findByText('央视'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('cctv')).toBeTruthy();
    // The channels of the class, asked of their own list with the reference as the filter.
    expect(await within(drawer).findByText('News')).toBeTruthy();
    expect(within(drawer).getByText('Down')).toBeTruthy();
    const related = request.mock.calls.find(([p, b]) => p === '/admin.php/media/live' && b.method === 'list');
    expect(related?.[1]).toMatchObject({ filter: { category_ids: 3 }, limit: 10 });
  });
});
