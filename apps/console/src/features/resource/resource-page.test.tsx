import { resourceByName } from '@igs/contract/resources';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { ResourcePage } = await import('./resource-page.tsx');
const { resourceButtons } = await import('./use-resource-buttons.ts');
const { Providers } = await import('./test-support.tsx');

const program = resourceByName('media:live')!;
const category = resourceByName('media:live_type')!;
const row = {
  id: 7,
  number: 1,
  name: '新闻',
  name_en: 'News',
  category_ids: [3],
  url: 'udp://239.0.0.1:1234',
  type: 'hls',
  enabled: 1,
  sort: 0,
  created_at: '2025-01-02 03:04:05',
};

function grant(keys: string[]) {
  usePermissionStore.setState({ buttons: new Set(keys) });
}

const ALL = ['add', 'edit', 'del', 'import', 'export'];

describe('permission gating', () => {
  it('derives each button from its key, the read-only flag and the io formats', () => {
    const none = resourceButtons(program, new Set());
    expect(Object.values(none).some(Boolean)).toBe(false);
    const all = resourceButtons(program, new Set(ALL.map((v) => `media:live:${v}`)));
    expect(all).toEqual({ add: true, edit: true, del: true, import: true, export: true });
    // Keys of another resource grant nothing here.
    expect(resourceButtons(category, new Set(ALL.map((v) => `media:live:${v}`))).add).toBe(false);
    // No io in the description: no import/export even with the keys.
    const cls = resourceButtons(category, new Set(ALL.map((v) => `media:live_type:${v}`)));
    expect(cls).toMatchObject({ add: true, import: false, export: false });
    expect(
      resourceButtons({ ...program, readonly: true }, new Set(ALL.map((v) => `media:live:${v}`))),
    ).toEqual({
      add: false,
      edit: false,
      del: false,
      import: false,
      export: true,
    });
  });
});

describe('ResourcePage', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method: string }) => {
      if (body.method === 'list') return { list: [row], total: 1 };
      if (body.method === 'options') return [{ value: 3, label: 'CCTV' }];
      return {};
    });
  });
  afterEach(cleanup);

  it('says "about" of a total the server estimated, and the exact total otherwise', async () => {
    grant([]);
    request.mockImplementation(async (_path: string, body: { method: string }) =>
      body.method === 'list' ? { list: [row], total: 104_233, estimated: true } : [],
    );
    render(<ResourcePage def={program} />, { wrapper: Providers });
    expect(await screen.findByText('about 104233 in total')).toBeTruthy();
    cleanup();
    request.mockImplementation(async (_path: string, body: { method: string }) =>
      body.method === 'list' ? { list: [row], total: 1 } : [],
    );
    render(<ResourcePage def={program} />, { wrapper: Providers });
    expect(await screen.findByText('1 in total')).toBeTruthy();
  });

  it('hides every action without the keys', async () => {
    grant([]);
    render(<ResourcePage def={program} />, { wrapper: Providers });
    expect(await screen.findByText('News')).toBeTruthy();
    for (const name of ['Add', 'Delete selected', 'Import', 'Export', 'Edit', 'Delete'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
    // No selection column either: nothing could be done with a selection.
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it("draws a module's own toolbar buttons with the list's scope, its row details and its footer", async () => {
    grant(['media:live:del']);
    const scopes: unknown[] = [];
    render(
      <ResourcePage
        def={program}
        extras={{
          toolbar: (scope) => {
            scopes.push(scope);
            return <button type="button">Module button</button>;
          },
          expandedRow: (r) => <p>details of {r.id}</p>,
          footer: () => <p>module footer</p>,
        }}
      />,
      { wrapper: Providers },
    );
    expect(await screen.findByText('News')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Module button' })).toBeTruthy();
    expect(screen.getByText('module footer')).toBeTruthy();
    expect(scopes.at(-1)).toMatchObject({ selectedIds: [], filter: {} });
    // The row can be expanded to its details.
    screen.getAllByRole('button', { name: /expand row/i })[0]!.click();
    expect(await screen.findByText('details of 7')).toBeTruthy();
  });

  it('shows exactly the actions whose keys are held', async () => {
    grant(['media:live:add', 'media:live:del']);
    render(<ResourcePage def={program} />, { wrapper: Providers });
    expect(await screen.findByText('News')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Delete selected/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });

  it('renders values by type and sends the list call with paging', async () => {
    grant(ALL.map((v) => `media:live:${v}`));
    render(<ResourcePage def={program} />, { wrapper: Providers });
    expect(await screen.findByText('News')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('CCTV')).toBeTruthy()); // ref by its label
    expect(screen.getByText('HLS')).toBeTruthy();
    expect(screen.getByText('Enabled', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Import/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
    expect(request).toHaveBeenCalledWith(
      program.endpoint,
      { method: 'list', page: 1, limit: 20, keyword: '', filter: {} },
      { loading: false, sites: null },
    );
  });
});
