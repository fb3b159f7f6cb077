import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { NavigationType, UNSAFE_LocationContext, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { useIsActiveTab, useTabPolling } from './active-tab.ts';
import { KeepAlive, type KeepAliveProps } from './keep-alive.tsx';

function Counter({ id }: { id: string }) {
  const [count, setCount] = useState(0);
  const active = useIsActiveTab();
  return (
    <button
      type="button"
      data-testid={id}
      data-active={String(active)}
      onClick={() => setCount((c) => c + 1)}
    >
      {id}:{count}
    </button>
  );
}

const page = (id: string) => <Counter id={id} />;

function setup(initial: KeepAliveProps) {
  const view = render(<KeepAlive {...initial} />);
  return (props: KeepAliveProps) => act(() => view.rerender(<KeepAlive {...props} />));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('keep-alive tabs', () => {
  it('keeps the state of a cached page while another is shown', () => {
    const update = setup({ outlet: page('a'), activePath: '/a', cachedPaths: ['/a'], refreshKeys: {} });
    fireEvent.click(screen.getByTestId('a'));
    expect(screen.getByTestId('a').textContent).toBe('a:1');
    update({ outlet: page('b'), activePath: '/b', cachedPaths: ['/a', '/b'], refreshKeys: {} });
    expect(screen.getByTestId('a').getAttribute('data-active')).toBe('false');
    update({ outlet: page('a'), activePath: '/a', cachedPaths: ['/a', '/b'], refreshKeys: {} });
    expect(screen.getByTestId('a').textContent).toBe('a:1');
    expect(screen.getByTestId('a').getAttribute('data-active')).toBe('true');
  });

  it('does not keep no-cache pages', () => {
    const update = setup({ outlet: page('n'), activePath: '/n', cachedPaths: [], refreshKeys: {} });
    fireEvent.click(screen.getByTestId('n'));
    update({ outlet: page('b'), activePath: '/b', cachedPaths: ['/b'], refreshKeys: {} });
    expect(screen.queryByTestId('n')).toBeNull();
    update({ outlet: page('n'), activePath: '/n', cachedPaths: ['/b'], refreshKeys: {} });
    expect(screen.getByTestId('n').textContent).toBe('n:0');
  });

  it('closing a tab drops its state', () => {
    const update = setup({ outlet: page('a'), activePath: '/a', cachedPaths: ['/a'], refreshKeys: {} });
    fireEvent.click(screen.getByTestId('a'));
    update({ outlet: page('b'), activePath: '/b', cachedPaths: ['/b'], refreshKeys: {} });
    expect(screen.queryByTestId('a')).toBeNull();
    update({ outlet: page('a'), activePath: '/a', cachedPaths: ['/a', '/b'], refreshKeys: {} });
    expect(screen.getByTestId('a').textContent).toBe('a:0');
  });

  it('refresh re-mounts the page in place', () => {
    const update = setup({ outlet: page('a'), activePath: '/a', cachedPaths: ['/a'], refreshKeys: {} });
    fireEvent.click(screen.getByTestId('a'));
    update({ outlet: page('a'), activePath: '/a', cachedPaths: ['/a'], refreshKeys: { '/a': 1 } });
    expect(screen.getByTestId('a').textContent).toBe('a:0');
  });

  it('shows a page again without re-mounting it or re-rendering it from the top', () => {
    const mounts = vi.fn();
    const renders = vi.fn();
    function Table() {
      renders();
      useEffect(() => mounts(), []);
      return <p>table</p>;
    }
    // The router makes a new outlet element on every navigation: the first one is kept.
    const update = setup({ outlet: <Table />, activePath: '/a', cachedPaths: ['/a'], refreshKeys: {} });
    update({ outlet: page('b'), activePath: '/b', cachedPaths: ['/a', '/b'], refreshKeys: {} });
    expect(screen.getByText('table').closest('.keep-alive')?.hasAttribute('hidden')).toBe(true);
    update({ outlet: <Table />, activePath: '/a', cachedPaths: ['/a', '/b'], refreshKeys: {} });
    expect(screen.getByText('table').closest('.keep-alive')?.hasAttribute('hidden')).toBe(false);
    expect(mounts).toHaveBeenCalledTimes(1);
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it('a hidden page neither sees nor re-renders for the addresses shown after it', () => {
    const seen = vi.fn();
    function Reader() {
      const { pathname, search } = useLocation();
      seen(pathname + search);
      return <p>at {pathname + search}</p>;
    }
    const at = (path: string) => {
      const [pathname = '', search = ''] = path.split(/(?=\?)/);
      return {
        location: { pathname, search, hash: '', state: null, key: path },
        navigationType: NavigationType.Push,
      };
    };
    // The router gives every navigation a new location; the container reads it from its context.
    const shown = (path: string, props: KeepAliveProps) => (
      <UNSAFE_LocationContext value={at(path)}>
        <KeepAlive {...props} />
      </UNSAFE_LocationContext>
    );
    const both = ['/a', '/b'];
    const view = render(
      shown('/a', { outlet: <Reader />, activePath: '/a', cachedPaths: ['/a'], refreshKeys: {} }),
    );
    act(() =>
      view.rerender(shown('/b', { outlet: page('b'), activePath: '/b', cachedPaths: both, refreshKeys: {} })),
    );
    act(() =>
      view.rerender(
        shown('/b?id=2', { outlet: page('b'), activePath: '/b', cachedPaths: both, refreshKeys: {} }),
      ),
    );
    // Hidden, it still reads the address it was shown at, and did not render again for the others.
    expect(screen.getByText('at /a')).toBeTruthy();
    expect(seen.mock.calls.map(([path]) => path)).toEqual(['/a']);
    act(() =>
      view.rerender(
        shown('/a?tab=x', { outlet: <Reader />, activePath: '/a', cachedPaths: both, refreshKeys: {} }),
      ),
    );
    expect(screen.getByText('at /a?tab=x')).toBeTruthy();
  });

  it("hides a page's open drawer with the page and shows it again with it", () => {
    const withDrawer = (
      <Drawer open title="Edit channel">
        form
      </Drawer>
    );
    const update = setup({ outlet: withDrawer, activePath: '/a', cachedPaths: ['/a'], refreshKeys: {} });
    const layerOf = () => screen.getByText('Edit channel').closest('.keep-alive-layer') as HTMLElement;
    expect(layerOf().parentElement).toBe(document.body);
    expect(layerOf().hidden).toBe(false);
    update({ outlet: page('b'), activePath: '/b', cachedPaths: ['/a', '/b'], refreshKeys: {} });
    expect(layerOf().hidden).toBe(true);
    update({ outlet: page('b'), activePath: '/a', cachedPaths: ['/a', '/b'], refreshKeys: {} });
    expect(layerOf().hidden).toBe(false);
    // Closing the tab removes its layer.
    update({ outlet: page('b'), activePath: '/b', cachedPaths: ['/b'], refreshKeys: {} });
    expect(document.querySelectorAll('.keep-alive-layer')).toHaveLength(1);
  });

  it('pauses the polling of a hidden page and resumes it when shown', async () => {
    vi.useFakeTimers();
    const fetches = vi.fn(async () => 'ok');
    function Polling() {
      useScopedQuery({
        queryKey: ['status'],
        queryFn: () => fetches(),
        refetchInterval: useTabPolling(1000),
      });
      return <p>status</p>;
    }
    const client = new QueryClient();
    const wrap = (outlet: React.ReactElement, activePath: string) => (
      <QueryClientProvider client={client}>
        <KeepAlive outlet={outlet} activePath={activePath} cachedPaths={['/a', '/b']} refreshKeys={{}} />
      </QueryClientProvider>
    );
    const view = render(wrap(<Polling />, '/a'));
    await act(() => vi.advanceTimersByTimeAsync(3500));
    const shown = fetches.mock.calls.length;
    expect(shown).toBeGreaterThanOrEqual(3);
    view.rerender(wrap(page('b'), '/b'));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetches).toHaveBeenCalledTimes(shown);
    view.rerender(wrap(page('b'), '/a'));
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(fetches.mock.calls.length).toBeGreaterThan(shown);
    client.clear();
  });
});
