import { SearchOutlined } from '@ant-design/icons';
import { Checkbox, ConfigProvider, Space, Tooltip, theme } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { translateTitle, useLanguage, useT } from '../../i18n/index.ts';
import { usePermissionStore } from '../../stores/permission.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { isExternal } from '../../utils/validate.ts';
import { flattenMenuRoutes } from '../menu-routes/menu-routes.ts';
import { type InputSize, inputLook } from './input-look.ts';
import { optionId, ResultsList } from './results-list.tsx';
import type { SearchIndex, ToPinyin } from './search-index.ts';

type SearchEngine = typeof import('./search-index.ts');

let engineLoaded: Promise<SearchEngine> | undefined;
/** The engine once loaded: a later opening searches from its first render. */
let engineReady: SearchEngine | undefined;

/**
 * The search itself (Fuse, the q-gram filter, the build-time pinyin table) loads when the search
 * is first opened, or when the pointer or focus reaches its icon, not with the shell: a page
 * reload on a slow link does not wait for it (docs/performance.md, "Slow links").
 */
function loadEngine(): Promise<SearchEngine> {
  engineLoaded ??= import('./search-index.ts').then(
    (engine) => {
      engineReady = engine;
      return engine;
    },
    (error: unknown) => {
      engineLoaded = undefined;
      throw error;
    },
  );
  return engineLoaded;
}

/**
 * Fuzzy search over the menu titles (spec section 2), with an optional pinyin mode in Chinese.
 * `overlay` (below 992 px, where the top bar has no room for it): opened, the search covers the
 * top bar's full width instead of sitting among its icons.
 */
export function HeaderSearch({ overlay = false }: { overlay?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Kept while the search is closed, as the user left it.
  const [pinyinOn, setPinyinOn] = useState(true);
  const close = useCallback(() => setOpen(false), []);

  if (!open) {
    return (
      <Tooltip title={t('shell.search')}>
        <SearchOutlined
          className="navbar__icon"
          onPointerEnter={() => loadEngine().catch(() => {})}
          onFocus={() => loadEngine().catch(() => {})}
          onClick={() => setOpen(true)}
          aria-label={t('shell.search')}
        />
      </Tooltip>
    );
  }
  return <OpenSearch overlay={overlay} pinyinOn={pinyinOn} onPinyin={setPinyinOn} onClose={close} />;
}

/**
 * The open search's frame: the index, antd's theme (once, as CSS variables) and the pinyin
 * toggle. Typing does not render it: the query lives in SearchBox, which a keystroke renders
 * with the results alone (docs/performance.md, issue 18).
 */
function OpenSearch({
  overlay,
  pinyinOn,
  onPinyin,
  onClose,
}: {
  overlay: boolean;
  pinyinOn: boolean;
  onPinyin: (on: boolean) => void;
  onClose: () => void;
}) {
  const t = useT();
  const { token } = theme.useToken();
  // antd's size for its controls (the console's size setting): 'medium' is antd 6's name for 'middle'.
  const configured = ConfigProvider.useConfig().componentSize;
  const size: InputSize = configured === 'small' || configured === 'large' ? configured : 'middle';
  const lang = useLanguage();
  const navigate = useNavigate();
  const menus = usePermissionStore((s) => s.menus);
  const supportPinyin = useSettingsStore((s) => s.supportPinyinSearch);
  // pinyin-pro, loaded only when a title outside the build-time table needs it (a server-added link).
  const [loadedPinyin, setLoadedPinyin] = useState<ToPinyin>();
  const [engine, setEngine] = useState(engineReady);

  useEffect(() => {
    if (engine) return;
    let cancelled = false;
    loadEngine()
      .then((loaded) => {
        if (!cancelled) setEngine(loaded);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [engine]);

  const pinyinAvailable = lang === 'zh_CN' && supportPinyin;
  const usePinyin = pinyinAvailable && pinyinOn;

  // biome-ignore lint/correctness/useExhaustiveDependencies: titles are translated in the current language
  const index = useMemo(() => {
    if (!engine) return undefined;
    const routes = flattenMenuRoutes(menus);
    const pinyin = usePinyin ? engine.menuPinyin(loadedPinyin) : undefined;
    const items = engine.searchItems(routes, translateTitle, pinyin?.toPinyin);
    return { search: engine.createSearch(items), needsPinyinPro: pinyin?.missing() ?? false };
  }, [engine, menus, usePinyin, loadedPinyin, lang]);
  const needsPinyinPro = index?.needsPinyinPro ?? false;

  useEffect(() => {
    if (!needsPinyinPro || loadedPinyin) return;
    let cancelled = false;
    loadEngine()
      .then((loaded) => loaded.loadPinyin())
      .then((fn) => {
        if (!cancelled) setLoadedPinyin(() => fn);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [needsPinyinPro, loadedPinyin]);

  const go = useCallback(
    (path: string) => {
      onClose();
      if (isExternal(path)) window.open(path, '_blank', 'noopener');
      else navigate(path);
    },
    [onClose, navigate],
  );

  const look = useMemo(
    () => ({ ...inputLook(token, size), ...(overlay ? { background: token.colorBgContainer } : {}) }),
    [token, size, overlay],
  );

  return (
    <Space
      size={4}
      className={`header-search${overlay ? ' header-search--overlay' : ''}`}
      style={look}
      // Close when the focus leaves the search and its pinyin toggle, not when it moves between them.
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onClose();
      }}
    >
      <SearchBox
        label={t('shell.search')}
        width={overlay ? '100%' : 220}
        engine={engine}
        index={index?.search}
        onGo={go}
        onClose={onClose}
      />
      {pinyinAvailable && (
        <Checkbox checked={pinyinOn} onChange={(e) => onPinyin(e.target.checked)}>
          {t('shell.pinyin')}
        </Checkbox>
      )}
    </Space>
  );
}

/**
 * The input and its results: a plain `<input>` drawn as antd's (header-search.css), the query,
 * the active row and the search once per query. A keystroke renders this and the list, nothing
 * around it. The input is a combobox owning the listbox (ARIA 1.2).
 */
function SearchBox({
  label,
  width,
  engine,
  index,
  onGo,
  onClose,
}: {
  label: string;
  width: number | string;
  engine: SearchEngine | undefined;
  index: SearchIndex | undefined;
  onGo: (path: string) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  /** The row Enter opens: the first after each keystroke, moved by the arrow keys. */
  const [active, setActive] = useState(0);
  const listId = useId();
  // Searched once per query (and index), not on every render (an arrow key).
  const options = useMemo(() => (index && engine ? engine.search(index, query) : []), [engine, index, query]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (last < 0) return;
      setActive((i) => (e.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (e.key === 'Enter' && options[active]) {
      e.preventDefault();
      onGo(options[active].path);
    } else if (e.key === 'Escape') {
      onClose();
    }
  };

  return (
    <div className="header-search__box" style={{ width }}>
      <input
        // biome-ignore lint/a11y/noAutofocus: the search opens on the user's click to be typed into
        autoFocus
        className="header-search__input"
        role="combobox"
        aria-label={label}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(listId, active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={label}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ResultsList id={listId} options={options} active={active} onActivate={setActive} onChoose={onGo} />
    </div>
  );
}
