import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SvgChart } from './svg-chart.tsx';
import { chartScale, linePath } from './svg-scale.ts';

const bars = (container: HTMLElement) =>
  [...container.querySelectorAll('.svg-chart__bars rect')].map((r) => ({
    series: r.getAttribute('data-series'),
    value: Number(r.getAttribute('data-value')),
    y: Number(r.getAttribute('y')),
    height: Number(r.getAttribute('height')),
  }));
const tooltips = (container: HTMLElement) =>
  [...container.querySelectorAll('.svg-chart__hover title')].map((t) => t.textContent);

describe('SVG chart', () => {
  it('stacks the bars of a day, each as tall as its value, and names every value in the tooltip', () => {
    const { container } = render(
      <SvgChart
        kind="bar"
        stacked
        height={240}
        label="Calls"
        labels={['11-25', '11-26']}
        series={[
          { name: 'Answered', color: 'green', data: [0, 2] },
          { name: 'Missed', color: 'orange', data: [1, 2] },
        ]}
      />,
    );
    expect(container.querySelector('svg')!.getAttribute('aria-label')).toBe('Calls');
    const drawn = bars(container);
    // A zero draws no bar.
    expect(drawn.map((b) => [b.series, b.value])).toEqual([
      ['Answered', 2],
      ['Missed', 1],
      ['Missed', 2],
    ]);
    // On 11-26 the missed calls sit on the answered ones, each as tall as its value.
    const [answered26, , missed26] = drawn;
    expect(missed26!.y + missed26!.height).toBeCloseTo(answered26!.y);
    expect(missed26!.height).toBeCloseTo(answered26!.height);
    expect(tooltips(container)).toEqual(['11-25\nAnswered: 0\nMissed: 1', '11-26\nAnswered: 2\nMissed: 2']);
    expect(container.querySelector('.svg-chart__legend')!.textContent).toBe('AnsweredMissed');
  });

  it('a missing value has no bar and reads as the missing text', () => {
    const { container } = render(
      <SvgChart
        kind="bar"
        height={200}
        labels={['a', 'b']}
        series={[{ name: 'Online', data: [null, 7] }]}
        missingText="No data"
      />,
    );
    expect(bars(container).map((b) => b.value)).toEqual([7]);
    expect(tooltips(container)).toEqual(['a\nOnline: No data', 'b\nOnline: 7']);
  });

  it('draws lines broken where a sample is missing, on a fixed top, with formatted values', () => {
    const { container } = render(
      <SvgChart
        kind="line"
        height={220}
        max={100}
        format={(v) => `${v}%`}
        labels={['10:00', '10:01', '10:02', '10:03']}
        series={[{ name: 'CPU', data: [10, 20, null, 40] }]}
      />,
    );
    const d = container.querySelector('.svg-chart__line')!.getAttribute('d')!;
    expect(d.match(/M/g)).toHaveLength(2);
    expect(d.match(/L/g)).toHaveLength(1);
    const axis = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(axis).toEqual(expect.arrayContaining(['0%', '50%', '100%']));
    expect(tooltips(container)[2]).toBe('10:02\nCPU: –');
  });
});

describe('chart scale', () => {
  it('reaches the highest value (stacked: the highest sum) with round ticks from 0', () => {
    expect(chartScale([{ data: [3, 7] }], 2, false)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(chartScale([{ data: [3, 7] }, { data: [5, 5] }], 2, true).top).toBeGreaterThanOrEqual(12);
    expect(chartScale([{ data: [null, 0] }], 2, false)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(chartScale([{ data: [30] }], 1, false, 100)).toEqual({ top: 100, ticks: [0, 25, 50, 75, 100] });
  });

  it('moves to each value and lines between neighbours', () => {
    expect(
      linePath(
        [1, 2, null, 3],
        (i) => i,
        (v) => v,
      ),
    ).toBe('M0.0,1.0L1.0,2.0M3.0,3.0');
  });
});
