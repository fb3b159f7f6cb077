/**
 * The bench's floor (BENCH_SEARCH_COMPONENT=bench/search-page/bare-input.tsx): a stand-in for the
 * header search with nothing but a bare `<input>` and one option row, timed by the same page in
 * the same way. What it measures is Chromium's own input, style, layout and paint work and the
 * bench's polling on this machine; the real search's figures are read against it
 * (docs/performance.md, "Header search: what the user feels"). Real menu cases only: it never
 * loads pinyin-pro, which the 1,000-title case waits for.
 */
import { useState } from 'react';

export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  if (!open)
    return (
      <button type="button" className="navbar__icon" onClick={() => setOpen(true)}>
        search
      </button>
    );
  return (
    <div>
      <input
        // biome-ignore lint/a11y/noAutofocus: as the real search, the input has the focus once opened
        autoFocus
        role="combobox"
        aria-expanded
        aria-label="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div role="listbox">
        <div role="option" aria-selected tabIndex={-1}>
          {query}
        </div>
      </div>
    </div>
  );
}
