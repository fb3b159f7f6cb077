import { type ReactNode, type UIEvent, useLayoutEffect, useRef, useState } from 'react';
import './header-search.css';

export interface ResultOption {
  path: string;
  title: string;
}

/** A row's height (header-search.css), the list's padding and its height with 8 rows in view. */
export const ROW_HEIGHT = 32;
const PADDING = 4;
const VIEW_HEIGHT = 8 * ROW_HEIGHT + 2 * PADDING;

/**
 * The rows a list scrolled to `scrollTop` shows, in whole or in part, and the active row wherever
 * it is (the input's aria-activedescendant names it, so it always exists).
 */
export function rowsToDraw(count: number, scrollTop: number, active: number): number[] {
  const first = Math.max(0, Math.floor((scrollTop - PADDING) / ROW_HEIGHT));
  const last = Math.min(count - 1, Math.floor((scrollTop + VIEW_HEIGHT - PADDING - 1) / ROW_HEIGHT));
  const rows: number[] = [];
  if (active >= 0 && active < first) rows.push(active);
  for (let i = first; i <= last; i++) rows.push(i);
  if (active > last && active < count) rows.push(active);
  return rows;
}

/** Where the list must scroll for row `index` to be wholly in view, or undefined when it is. */
export function scrollFor(index: number, scrollTop: number): number | undefined {
  const top = PADDING + index * ROW_HEIGHT;
  if (top < scrollTop + PADDING) return index * ROW_HEIGHT;
  if (top + ROW_HEIGHT > scrollTop + VIEW_HEIGHT - PADDING)
    return (index + 1) * ROW_HEIGHT + 2 * PADDING - VIEW_HEIGHT;
  return undefined;
}

const gap = (rows: number, key: string) =>
  rows > 0 ? <div key={key} role="presentation" style={{ height: rows * ROW_HEIGHT }} /> : null;

/**
 * The search's results under its input: a plain listbox of at most `search()`'s limit (20) rows,
 * in place rather than in antd Select's portal, measured and animated popup. Only the rows in view
 * (at most 9) and the active one are drawn, the others are space of their height: a keystroke
 * renders and lays out those rows alone (docs/performance.md, issue 18). The input keeps the focus
 * (pressing a row does not take it) and says which row is active (aria-activedescendant); each row
 * says its place among all (aria-posinset, aria-setsize). Its look comes from the frame's --hs-*
 * variables (input-look.ts): no theme hook runs here.
 */
export function ResultsList({
  id,
  options,
  active,
  onActivate,
  onChoose,
}: {
  id: string;
  options: readonly ResultOption[];
  active: number;
  onActivate: (index: number) => void;
  onChoose: (path: string) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  // The list's scroll position as last set or reported (read back from the DOM it would cost a layout).
  const scrolled = useRef(0);
  const [view, setView] = useState({ options, scrollTop: 0 });
  const scrollTop = view.options === options ? view.scrollTop : 0;

  const scrollTo = (top: number) => {
    scrolled.current = top;
    if (list.current) list.current.scrollTop = top;
    setView({ options, scrollTop: top });
  };

  // New results start at the top (the first row is the active one after a keystroke).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new list of results
  useLayoutEffect(() => {
    if (!list.current) scrolled.current = 0;
    else if (scrolled.current !== 0) scrollTo(0);
  }, [options]);

  // Arrow keys move the active row: keep it wholly in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the active row
  useLayoutEffect(() => {
    const top = scrollFor(active, scrolled.current);
    if (top !== undefined && list.current) scrollTo(top);
  }, [active]);

  if (options.length === 0) return null;
  const rows: ReactNode[] = [];
  let next = 0;
  for (const i of rowsToDraw(options.length, scrollTop, active)) {
    rows.push(gap(i - next, `gap-${i}`));
    next = i + 1;
    const option = options[i]!;
    rows.push(
      // The keyboard is the input's (arrows, Enter): options are never focused themselves.
      // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys for its options
      <div
        key={option.path}
        id={optionId(id, i)}
        role="option"
        tabIndex={-1}
        aria-selected={i === active}
        aria-posinset={i + 1}
        aria-setsize={options.length}
        className="header-search__option"
        title={option.title}
        onMouseDown={(e) => e.preventDefault()}
        onMouseEnter={() => onActivate(i)}
        onClick={() => onChoose(option.path)}
      >
        {option.title}
      </div>,
    );
  }
  rows.push(gap(options.length - next, 'gap-end'));
  return (
    <div
      ref={list}
      id={id}
      role="listbox"
      className="header-search__list"
      onScroll={(e: UIEvent<HTMLDivElement>) => {
        scrolled.current = e.currentTarget.scrollTop;
        setView({ options, scrollTop: scrolled.current });
      }}
    >
      {rows}
    </div>
  );
}

export const optionId = (listId: string, index: number) => `${listId}-${index}`;
