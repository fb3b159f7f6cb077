import { describe, expect, it } from 'vitest';
import { cardSpans, cardsPerRow, GRID_COLUMNS, rowSizes } from './card-layout.ts';

describe('card layout: no lonely cards', () => {
  it('spreads the cards over the fewest rows, evenly, fuller rows first', () => {
    expect(rowSizes(17, 5)).toEqual([5, 4, 4, 4]);
    expect(rowSizes(17, 6)).toEqual([6, 6, 5]);
    expect(rowSizes(9, 4)).toEqual([3, 3, 3]);
    expect(rowSizes(10, 4)).toEqual([4, 3, 3]);
    expect(rowSizes(13, 6)).toEqual([5, 4, 4]);
    expect(rowSizes(3, 6)).toEqual([3]);
    expect(rowSizes(0, 4)).toEqual([]);
    expect(rowSizes(5, 0)).toEqual([1, 1, 1, 1, 1]);
  });

  it('no row is less than half full, for any count and width', () => {
    for (let n = 1; n <= 40; n++)
      for (let per = 1; per <= 6; per++) {
        const rows = rowSizes(n, per);
        expect(rows.reduce((a, b) => a + b, 0)).toBe(n);
        expect(Math.max(...rows)).toBeLessThanOrEqual(per);
        expect(Math.max(...rows) - Math.min(...rows)).toBeLessThanOrEqual(1);
        // Every row fills the width: its spans add up to the whole grid.
        const spans = cardSpans(n, per);
        let i = 0;
        for (const size of rows) {
          expect(spans.slice(i, i + size).reduce((a, b) => a + b, 0)).toBe(GRID_COLUMNS);
          i += size;
        }
      }
  });

  it('fits as many cards of the narrowest width as there is room for, 1 to 6', () => {
    expect(cardsPerRow(1190, 190, 12)).toBe(5);
    expect(cardsPerRow(560, 190, 12)).toBe(2);
    expect(cardsPerRow(3000, 190, 12)).toBe(6);
    expect(cardsPerRow(120, 190, 12)).toBe(1);
    expect(cardsPerRow(0, 190, 12)).toBe(1);
  });
});
