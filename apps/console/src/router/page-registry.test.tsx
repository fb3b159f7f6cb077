import { resourceByName } from '@igs/contract/resources';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../request/index.ts', () => ({
  request,
  requestEnvelope: vi.fn(),
  get: vi.fn(),
  bindSession: vi.fn(),
  isRequestError: () => false,
}));

const { setLanguage } = await import('../i18n/index.ts');
const { useUserStore } = await import('../stores/user.ts');
const { usePermissionStore } = await import('../stores/permission.ts');
const { hasPage, NoPageError, pageLoader, pageRegistry } = await import('./page-registry.ts');
const { pageRouteProps } = await import('./menu-routes.tsx');
const { Providers } = await import('../features/resource/test-support.tsx');

/** Renders a menu component's route at a URL, as the shell mounts it. */
function mount(component: string, path: string, url = path) {
  const route = { path, HydrateFallback: () => null, ...pageRouteProps(component) };
  const router = createMemoryRouter([route], { initialEntries: [url] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const listCalls = () =>
  request.mock.calls
    .filter(([, body]) => (body as { method: string }).method === 'list')
    .map(([path]) => path);

describe('page registry fallback', () => {
  beforeEach(() => {
    setLanguage('en');
    useUserStore.setState({ isOperations: 0 });
    usePermissionStore.setState({ buttons: new Set() });
    request.mockReset();
    request.mockImplementation(async (path: string, body: { method: string }) => {
      if (body.method === 'list') return { list: [{ id: 1, name: `row of ${path}` }], total: 1 };
      if (body.method === 'options') return [];
      return {};
    });
  });

  it('a page file of its own wins over the generic page', () => {
    expect(hasPage('system/OperationLog')).toBe(true);
    expect(pageLoader('system/OperationLog')).toBe(pageRegistry['system/OperationLog']);
  });

  it('a record module without a page file loads the generic page of its resource', async () => {
    expect(hasPage('media/LiveClass')).toBe(false);
    const first = await pageLoader('media/LiveClass')();
    // The same component each time: re-resolving a route never remounts its page.
    expect((await pageLoader('media/LiveClass')()).default).toBe(first.default);
    mount('media/LiveClass', '/media/live-class');
    expect(
      await screen.findByText('row of /admin.php/media/live_type', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Live classification')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('a component that nothing serves rejects, and its route shows "module unavailable"', async () => {
    // (Settings pages without resources on their endpoints are not record modules either:
    // resource-module-page.test.tsx.)
    await expect(pageLoader('nowhere/Missing')()).rejects.toBeInstanceOf(NoPageError);
    mount('nowhere/Missing', '/nowhere');
    expect(await screen.findByText(/nowhere\/Missing/)).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it('several resources: one tab each, titled in the current language, the open one kept in ?tab=', async () => {
    const router = mount('voice/AddressBook', '/voice/address-book', '/voice/address-book?tab=contact_group');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Contact', 'Contact group']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Contact group');
    await waitFor(() => expect(listCalls()).toEqual(['/admin.php/voice/contact_group']));

    fireEvent.click(screen.getByRole('tab', { name: 'Contact' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=contact'));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Contact');
    await waitFor(() => expect(listCalls()).toContain('/admin.php/voice/contact'));

    act(() => setLanguage('zh_CN'));
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['联系人', '通讯录分组']);
  });

  it('no or an unknown ?tab= opens the first resource, the primary endpoint of the menu', async () => {
    mount('voice/AddressBook', '/voice/address-book', '/voice/address-book?tab=bogus');
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Contact'));
    await waitFor(() => expect(listCalls()).toEqual(['/admin.php/voice/contact']));
  });

  it('in operations mode the operations endpoints are used, and a tab switch keeps the site query', async () => {
    useUserStore.setState({ isOperations: 1 });
    const router = mount('operations/LiveProgram', '/operations/live', '/operations/live?id=3');
    const titles = (await screen.findAllByRole('tab')).map((t) => t.textContent);
    expect(titles).toEqual([
      'Live programme',
      'Live classification',
      resourceByName('media:live_package')!.title.en,
    ]);
    await waitFor(() => expect(listCalls()).toEqual(['/operations/media/live']));
    fireEvent.click(screen.getByRole('tab', { name: 'Live classification' }));
    await waitFor(() => expect(listCalls()).toContain('/operations/media/live_type'));
    expect(new URLSearchParams(router.state.location.search).get('id')).toBe('3');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('live_type');
  });
});
