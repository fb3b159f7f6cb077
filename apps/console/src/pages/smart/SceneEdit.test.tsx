import type { MenuNode } from '@igs/contract';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { Providers } = await import('../../features/resource/test-support.tsx');
const { ResourcePage } = await import('../../features/resource/resource-page.tsx');
const { extrasOf } = await import('../../features/module-extras/registry.tsx');
const { sceneDef } = await import('./scene-edit-model.ts');
const { default: SceneEdit } = await import('./SceneEdit.tsx');

const SCENE = '/admin.php/index/scenario';
const CAROUSEL = '/admin.php/index/scenario_resource';
const OPS_SCENE = '/operations/index/scenario';

const ALL_KEYS = ['add', 'edit', 'del'].flatMap((v) => [
  `index:scenario:${v}`,
  `index:scenario_resource:${v}`,
]);

/** The menu nodes the editor looks for: its own route, the list it belongs to, other settings. */
function menus(mode: 'full' | 'operations', withOther = true): MenuNode[] {
  const list = mode === 'full' ? '/smart/scene' : '/operations/app-menu';
  const listNode: MenuNode =
    mode === 'full'
      ? {
          path: '/smart',
          component: 'Layout',
          name: 'SmartGroup',
          meta: { title: 'g' },
          children: [{ path: 'scene', component: 'smart/ApplicationScene', name: 'A', meta: { title: 't' } }],
        }
      : {
          path: '/operations',
          component: 'Layout',
          name: 'OperationsGroup',
          meta: { title: 'g' },
          children: [{ path: 'app-menu', component: 'operations/AppMenu', name: 'B', meta: { title: 't' } }],
        };
  const hidden = [
    {
      path: 'scenelistadd',
      component: 'smart/SceneEdit',
      name: 'E',
      hidden: true,
      meta: { title: 'route.sceneListAdd', activeMenu: list },
    },
    ...(withOther
      ? [
          {
            path: 'otherconfig',
            component: 'smart/SceneOtherConfig',
            name: 'O',
            hidden: true,
            meta: { title: 'route.otherConfig', activeMenu: list },
          },
        ]
      : []),
  ];
  return [
    listNode,
    { path: '/', component: 'Layout', name: 'H', hidden: true, meta: { title: 'h' }, children: hidden },
  ];
}

function grant(keys: string[], mode: 'full' | 'operations' = 'full', withOther = true) {
  usePermissionStore.setState({ buttons: new Set(keys), menus: menus(mode, withOther) });
  useUserStore.setState({ isOperations: mode === 'full' ? 0 : 1 });
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}

function mount(url: string, page = <SceneEdit />) {
  const elements = (node: React.ReactNode) => (
    <>
      {node}
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/scenelistadd', element: elements(page) },
      { path: '/smart/scene', element: elements(<p>the scene list</p>) },
      { path: '/operations/app-menu', element: elements(<p>the app menu</p>) },
      { path: '/otherconfig', element: elements(<p>other settings page</p>) },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const where = () => screen.getByTestId('where').textContent;
const calls = (method: string) => request.mock.calls.filter(([, body]) => body?.method === method);

let carousel: { id: number; file: string; title: string; duration_s: number; sort: number }[];

// Whole pages with many antd controls: slow in jsdom on a busy machine.
describe('smart/SceneEdit', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setLanguage('en');
    carousel = [
      { id: 11, file: 'f-lake', title: 'Lake', duration_s: 8, sort: 0 },
      { id: 12, file: 'f-lobby', title: 'Lobby', duration_s: 6, sort: 1 },
      { id: 13, file: 'f-pool', title: 'Pool', duration_s: 5, sort: 2 },
    ];
    request.mockReset();
    request.mockImplementation(async (path: string, body: Record<string, unknown>) => {
      if (body.method === 'options')
        return path.endsWith('easy_template') || body.field === 'template_id'
          ? [{ value: 2, label: 'Grid 4 × 2' }]
          : [];
      if (body.method === 'detail')
        return { id: 5, name: 'Lakeside welcome', industry: 'hotel', template_id: 2, enabled: 1 };
      if (body.method === 'list') return { list: carousel, total: carousel.length };
      if (body.method === 'sort') {
        const ids = body.ids as number[];
        carousel = ids.map((id, i) => ({ ...carousel.find((c) => c.id === id)!, sort: i }));
        return {};
      }
      return { id: 9 };
    });
  });
  afterEach(cleanup);

  it('adds: the form only, saving with the schema rules, then stays on the new scene with its carousel', async () => {
    grant(ALL_KEYS);
    mount('/scenelistadd');
    expect(await screen.findByText('New scenario')).toBeTruthy();
    expect(screen.getByText('Save the scenario first; its carousel can then be added here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Other settings/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Template is required')).toBeTruthy();
    expect(calls('add')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Name'), 'Spring welcome');
    await userEvent.click(screen.getByLabelText('Template'));
    await userEvent.click(await screen.findByTitle('Grid 4 × 2'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('add')).toHaveLength(1));
    expect(calls('add')[0]?.[0]).toBe(SCENE);
    expect(calls('add')[0]?.[1]).toMatchObject({
      method: 'add',
      name: 'Spring welcome',
      template_id: 2,
      industry: 'hotel',
      show_clock: 1,
      enabled: 1,
    });
    // Now the saved scene: its own URL, its detail, its carousel and the link to other settings.
    await waitFor(() => expect(where()).toBe('/scenelistadd?scene_id=9'));
    expect(await screen.findByText('Lake')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Other settings/ })).toBeTruthy();
    expect(calls('list').at(-1)?.[1]).toMatchObject({ filter: { scene_id: 9 }, sort: 'sort', order: 'asc' });
  });

  it('edits: loads the scene, saves its id, and stays', async () => {
    grant(ALL_KEYS);
    mount('/scenelistadd?scene_id=5');
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Lakeside welcome'));
    expect(screen.getByRole('heading', { name: 'Lakeside welcome' })).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, 'Lakeside');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('edit')).toHaveLength(1));
    expect(calls('edit')[0]?.[1]).toMatchObject({ method: 'edit', id: 5, name: 'Lakeside', template_id: 2 });
    expect(where()).toBe('/scenelistadd?scene_id=5');
    await userEvent.click(screen.getByRole('button', { name: /Back to the list/ }));
    await waitFor(() => expect(where()).toBe('/smart/scene'));
  });

  it('reorders the carousel with the arrows and stores the order by sort', async () => {
    grant(ALL_KEYS);
    mount('/scenelistadd?scene_id=5');
    expect(await screen.findByText('Lake')).toBeTruthy();
    const titles = () =>
      [...document.querySelectorAll('.carousel-table tbody tr')].map(
        (tr) => tr.textContent?.match(/Lake|Lobby|Pool/)?.[0],
      );
    expect(titles()).toEqual(['Lake', 'Lobby', 'Pool']);
    const firstRow = document.querySelector('.carousel-table tbody tr') as HTMLElement;
    expect(within(firstRow).getByRole('button', { name: 'Move up' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(firstRow).getByRole('button', { name: 'Move down' }));
    await waitFor(() => expect(calls('sort')).toHaveLength(1));
    expect(calls('sort')[0]).toEqual([CAROUSEL, { method: 'sort', ids: [12, 11, 13] }, { sites: null }]);
    await waitFor(() => expect(titles()).toEqual(['Lobby', 'Lake', 'Pool']));
    // The last one up to the top.
    const rows = document.querySelectorAll('.carousel-table tbody tr');
    await userEvent.click(within(rows[2] as HTMLElement).getByRole('button', { name: 'Move up' }));
    await waitFor(() => expect(calls('sort').at(-1)?.[1]).toEqual({ method: 'sort', ids: [12, 13, 11] }));
    await waitFor(() => expect(titles()).toEqual(['Lobby', 'Pool', 'Lake']));
  });

  it('puts the stored order back when the server refuses a move', async () => {
    grant(ALL_KEYS);
    const ok = request.getMockImplementation()!;
    request.mockImplementation(async (path: string, body: Record<string, unknown>) => {
      if (body.method === 'sort') throw new Error('refused');
      return ok(path, body);
    });
    mount('/scenelistadd?scene_id=5');
    expect(await screen.findByText('Lake')).toBeTruthy();
    const firstRow = document.querySelector('.carousel-table tbody tr') as HTMLElement;
    await userEvent.click(within(firstRow).getByRole('button', { name: 'Move down' }));
    await waitFor(() => expect(calls('sort')).toHaveLength(1));
    await waitFor(() =>
      expect(document.querySelector('.carousel-table tbody tr')?.textContent).toContain('Lake'),
    );
  });

  it('adds a carousel item last, with its scene fixed and not asked for', async () => {
    grant(ALL_KEYS);
    mount('/scenelistadd?scene_id=5');
    expect(await screen.findByText('Lake')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Add item/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByLabelText('Scenario')).toBeNull();
    expect(within(drawer).queryByLabelText('Sort')).toBeNull();
    await userEvent.type(within(drawer).getByLabelText('Title'), 'Spa');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    // The file is required: refused in place, nothing sent.
    expect(await within(drawer).findByText('File is required')).toBeTruthy();
    expect(calls('add')).toEqual([]);
  });

  it('shows only what the held keys allow', async () => {
    grant(['index:scenario:add'], 'full', false);
    mount('/scenelistadd?scene_id=5');
    expect(await screen.findByText('Lake')).toBeTruthy();
    expect(screen.getByText('You may view this scenario but not change it.')).toBeTruthy();
    for (const name of [/^Save$/, /Add item/, /Move up/, /Move down/, /^Edit$/, /^Delete$/, /Other settings/])
      expect(screen.queryByRole('button', { name }), String(name)).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect(document.querySelector('.carousel-table tr[draggable="true"]')).toBeNull();
  });

  it('operations mode: the template options come from the scene endpoint, the site stays on the links', async () => {
    grant(ALL_KEYS, 'operations');
    mount('/scenelistadd?id=3&scene_id=5');
    expect(await screen.findByText('Lake')).toBeTruthy();
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        OPS_SCENE,
        { method: 'options', limit: 200, field: 'template_id' },
        // The page's own site (`?id=3`), named by the call rather than read from the address bar.
        { loading: false, sites: '3' },
      ),
    );
    expect(request.mock.calls.some(([path]) => String(path).includes('easy_template'))).toBe(false);
    expect(calls('detail')[0]?.[0]).toBe(OPS_SCENE);
    await userEvent.click(screen.getByRole('button', { name: /Other settings/ }));
    await waitFor(() => expect(where()).toBe('/otherconfig?id=3&scene_id=5'));
  });
});

describe('the scene list opens the editor', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_path: string, body: Record<string, unknown>) => {
      if (body.method === 'list')
        return {
          list: [{ id: 7, name: 'Lakeside welcome', industry: 'hotel', template_id: 2, enabled: 1 }],
          total: 1,
        };
      return [];
    });
  });
  afterEach(cleanup);

  const list = () => <ResourcePage def={sceneDef} extras={extrasOf(sceneDef.name)} />;

  it('add and edit go to /scenelistadd; a row links to its other settings', async () => {
    grant(ALL_KEYS);
    mount('/scenelistadd', list());
    expect(await screen.findByText('Lakeside welcome')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Other settings' }));
    await waitFor(() => expect(where()).toBe('/otherconfig?scene_id=7'));
  });

  it('edit opens the scene in the editor, keeping the operations site', async () => {
    grant(ALL_KEYS, 'operations');
    const router = mount('/scenelistadd?id=4', list());
    expect(await screen.findByText('Lakeside welcome')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(where()).toBe('/scenelistadd?id=4&scene_id=7'));
    await router.navigate('/scenelistadd?id=4');
    await userEvent.click(await screen.findByRole('button', { name: /Add/ }));
    await waitFor(() => expect(where()).toBe('/scenelistadd?id=4'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the drawer for a role without the editor route, and hides links to routes not held', async () => {
    grant(ALL_KEYS);
    usePermissionStore.setState({ menus: [] });
    mount('/scenelistadd', list());
    expect(await screen.findByText('Lakeside welcome')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Other settings' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Add/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(where()).toBe('/scenelistadd');
  });
});
