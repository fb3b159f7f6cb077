import { render, screen, waitFor } from '@testing-library/react';
import type { EChartsCoreOption } from 'echarts/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom has no canvas: a stand-in chart records what the hook asks of it.
const chart = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
const init = vi.fn((_box: HTMLElement) => chart);
vi.mock('./echarts-setup.ts', () => ({ init }));

const { useEChart } = await import('./use-echart.ts');

function Chart({ option }: { option: EChartsCoreOption }) {
  const { box, state } = useEChart(option);
  return <div ref={box} data-testid="box" data-state={state} />;
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('useEChart', () => {
  it('creates the chart in its box once loaded, gives it each option whole and disposes it', async () => {
    const first = { series: [1] };
    const { rerender, unmount } = render(<Chart option={first} />);
    await waitFor(() => expect(screen.getByTestId('box').dataset.state).toBe('ready'));
    expect(init).toHaveBeenCalledWith(screen.getByTestId('box'));
    // The option is given in a passive effect, which may run after the box already says ready.
    await waitFor(() => expect(chart.setOption).toHaveBeenLastCalledWith(first, { notMerge: true }));

    const second = { series: [2] };
    rerender(<Chart option={second} />);
    expect(chart.setOption).toHaveBeenLastCalledWith(second, { notMerge: true });
    expect(init).toHaveBeenCalledTimes(1);

    unmount();
    expect(chart.dispose).toHaveBeenCalledTimes(1);
  });

  it('says so when the library cannot be loaded, and a later chart tries again', async () => {
    vi.resetModules();
    vi.doMock('./echarts-setup.ts', () => {
      throw new Error('chunk blocked');
    });
    const { useEChart: fresh } = await import('./use-echart.ts');
    function Fresh() {
      const { box, state } = fresh({});
      return <div ref={box} data-testid="fresh" data-state={state} />;
    }
    const { unmount } = render(<Fresh />);
    await waitFor(() => expect(screen.getByTestId('fresh').dataset.state).toBe('failed'));
    unmount();

    vi.doMock('./echarts-setup.ts', () => ({ init }));
    render(<Fresh />);
    await waitFor(() => expect(screen.getByTestId('fresh').dataset.state).toBe('ready'));
    expect(init).toHaveBeenCalledTimes(1);
  });
});
