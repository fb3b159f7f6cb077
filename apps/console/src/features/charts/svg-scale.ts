/** The y scale of a small chart: a round top and four or five round ticks from 0 (svg-chart.tsx). */
export function chartScale(
  series: readonly { data: readonly (number | null)[] }[],
  points: number,
  stacked: boolean,
  max?: number,
): { top: number; ticks: number[] } {
  let highest = 0;
  for (let i = 0; i < points; i++) {
    const values = series.map((s) => s.data[i]).filter((v): v is number => typeof v === 'number');
    const here = stacked ? values.reduce((a, v) => a + Math.max(v, 0), 0) : Math.max(0, ...values);
    highest = Math.max(highest, here);
  }
  const top = max ?? niceTop(highest);
  const step = niceStep(top / 4);
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 1e6; t += step) ticks.push(Math.round(t * 1e6) / 1e6);
  return { top: Math.max(top, ticks[ticks.length - 1] ?? top), ticks };
}

/** 1, 2, 2.5 or 5 times a power of ten, at least `raw`. */
function niceStep(raw: number): number {
  if (raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw - 1e-9) return m * power;
  return 10 * power;
}

/** A round top for the axis: four steps of a nice size that reach the highest value (4 when all are 0, so that the ticks are whole). */
function niceTop(highest: number): number {
  if (highest <= 0) return 4;
  const step = niceStep(highest / 4);
  return Math.ceil(highest / step - 1e-9) * step;
}

/** An SVG path through the values, broken where a value is missing. */
export function linePath(
  data: readonly (number | null)[],
  x: (i: number) => number,
  y: (v: number) => number,
): string {
  let d = '';
  let drawing = false;
  data.forEach((v, i) => {
    if (typeof v !== 'number') {
      drawing = false;
      return;
    }
    d += `${drawing ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
    drawing = true;
  });
  return d;
}
