import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../src/platform/lib/csv.ts';

describe('csv', () => {
  it('round-trips quotes, commas, newlines, Chinese text and formula-like values', () => {
    const rows = [
      ['a,b', 'say "hi"', 'line1\nline2'],
      ['频道一', '=SUM(A1)', ''],
    ];
    const text = toCsv(['x', 'y', 'z'], rows);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain("'=SUM(A1)");
    expect(parseCsv(text)).toEqual([['x', 'y', 'z'], ...rows]);
  });

  it('accepts LF line ends and skips blank lines', () => {
    expect(parseCsv('a,b\n1,2\n\n3,4\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });
});
