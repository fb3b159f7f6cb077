/**
 * The dashboard's card grid without lonely cards: given how many cards there are and how many fit
 * side by side, the cards are spread over the fewest rows, as evenly as possible (rows differ by
 * at most one card, fuller rows first), and every row fills the width. So 17 cards where 5 fit
 * are rows of 5, 4, 4, 4, never 5, 5, 5 and a lone 2 with three empty places.
 */

/** Grid columns: a multiple of every row length up to MAX_PER_ROW, so each row divides it evenly. */
export const GRID_COLUMNS = 60;
export const MAX_PER_ROW = 6;

/** How many cards of `minWidth` fit in `width` with `gap` between them (1 to MAX_PER_ROW). */
export function cardsPerRow(width: number, minWidth: number, gap: number): number {
  if (!(width > 0)) return 1;
  return Math.max(1, Math.min(MAX_PER_ROW, Math.floor((width + gap) / (minWidth + gap))));
}

/** Cards per row: the fewest rows that hold `count` cards of at most `perRow`, evened out. */
export function rowSizes(count: number, perRow: number): number[] {
  if (count <= 0) return [];
  const most = Math.max(1, Math.min(MAX_PER_ROW, Math.floor(perRow)));
  const rows = Math.ceil(count / most);
  const base = Math.floor(count / rows);
  const longer = count % rows;
  return Array.from({ length: rows }, (_, i) => base + (i < longer ? 1 : 0));
}

/** The grid-column span of each card, in order, for a grid of GRID_COLUMNS columns. */
export function cardSpans(count: number, perRow: number): number[] {
  return rowSizes(count, perRow).flatMap((n) => Array.from({ length: n }, () => GRID_COLUMNS / n));
}
