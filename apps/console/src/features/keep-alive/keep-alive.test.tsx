import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useIsActiveTab } from './active-tab.ts';
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

afterEach(cleanup);

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
});
