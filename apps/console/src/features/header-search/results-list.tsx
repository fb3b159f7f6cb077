import { theme } from 'antd';
import { type CSSProperties, useEffect } from 'react';
import './header-search.css';

export interface ResultOption {
  value: string;
  label: string;
}

/**
 * The search's results under its input: a plain listbox of at most `search()`'s limit (20) rows,
 * in place rather than in antd Select's portal, measured and animated popup: a keystroke then
 * renders and lays out only these rows (docs/performance.md, issue 18). The input keeps the focus
 * (pressing a row does not take it) and says which row is active (aria-activedescendant).
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
  onChoose: (value: string) => void;
}) {
  const { token } = theme.useToken();

  // Arrow keys move the active row: keep it in view when the list scrolls (more than 8 rows).
  useEffect(() => {
    document.getElementById(optionId(id, active))?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active]);

  if (options.length === 0) return null;
  const look = {
    '--header-search-active': token.controlItemBgActive,
    '--header-search-hover': token.controlItemBgHover,
    background: token.colorBgElevated,
    boxShadow: token.boxShadowSecondary,
    borderRadius: token.borderRadiusLG,
    color: token.colorText,
  } as CSSProperties;
  return (
    <div id={id} role="listbox" className="header-search__list" style={look}>
      {options.map((option, i) => (
        // The keyboard is the input's (arrows, Enter): options are never focused themselves.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys for its options
        <div
          key={option.value}
          id={optionId(id, i)}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          className="header-search__option"
          title={option.label}
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => onActivate(i)}
          onClick={() => onChoose(option.value)}
        >
          {option.label}
        </div>
      ))}
    </div>
  );
}

export const optionId = (listId: string, index: number) => `${listId}-${index}`;
