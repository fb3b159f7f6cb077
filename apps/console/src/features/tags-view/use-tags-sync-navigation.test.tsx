import { act, render, waitFor } from '@testing-library/react';
import { createBrowserRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useTagsViewStore } from '../../stores/tags-view.ts';
import { useCurrentView } from './current-view.ts';
import { useTagsSync } from './use-tags-sync.ts';

function Shell() {
  useTagsSync([], useCurrentView());
  return <Outlet />;
}

const logPage: RouteObject = {
  path: 'system/log',
  handle: { name: 'Log', meta: { title: 'log' } },
  Component: () => <p>log</p>,
};

/** The shell at /system/log, its pages the log page and `others`, rendered. */
function shellAtLog(...others: RouteObject[]) {
  window.history.replaceState(null, '', '/system/log');
  const router = createBrowserRouter([{ path: '/', Component: Shell, children: [logPage, ...others] }]);
  render(<RouterProvider router={router} />);
  return router;
}

const paths = () => useTagsViewStore.getState().visitedViews.map((v) => v.path);

afterEach(() => {
  useTagsViewStore.setState({ visitedViews: [], cachedViews: [], refreshKeys: {} });
  window.history.replaceState(null, '', '/');
});

describe('the tab of the page on show', () => {
  it('comes back when the page is opened again while the closed tab’s neighbour is still loading', async () => {
    // The neighbour's navigation waits on its loader (in the console: the guard's), as it does
    // for a moment after "close" on the active tab.
    let openNeighbour = () => {};
    const neighbourLoading = new Promise<null>((resolve) => {
      openNeighbour = () => resolve(null);
    });
    const router = shellAtLog({
      path: 'system/dhcp',
      handle: { name: 'Dhcp', meta: { title: 'dhcp' } },
      loader: () => neighbourLoading,
      Component: () => <p>dhcp</p>,
    });
    await waitFor(() => expect(paths()).toEqual(['/system/log']));
    act(() =>
      useTagsViewStore.getState().addView({ path: '/system/dhcp', fullPath: '/system/dhcp', meta: {} }),
    );

    // "Close" on the active log tab: the tab goes, the neighbour's page is asked for...
    act(() => {
      useTagsViewStore.getState().delView('/system/log');
      void router.navigate('/system/dhcp');
    });
    expect(router.state.navigation.state).toBe('loading');
    // ...and the sidebar's log entry is clicked before it has come: the address never moved.
    await act(() => router.navigate('/system/log'));
    expect(window.location.pathname).toBe('/system/log');
    expect(paths()).toEqual(['/system/dhcp', '/system/log']);
    // closing dropped the page's state: it opens again fresh (a new keep-alive key)
    expect(useTagsViewStore.getState().refreshKeys['/system/log']).toBe(1);

    openNeighbour();
  });

  it('is not added twice by a navigation to the address already shown', async () => {
    const router = shellAtLog();
    await waitFor(() => expect(paths()).toEqual(['/system/log']));
    await act(() => router.navigate('/system/log?tab=login'));
    expect(paths()).toEqual(['/system/log']);
    expect(useTagsViewStore.getState().visitedViews[0]?.fullPath).toBe('/system/log?tab=login');
    // the page keeps its state: no re-mount
    expect(useTagsViewStore.getState().refreshKeys['/system/log']).toBeUndefined();
  });
});
