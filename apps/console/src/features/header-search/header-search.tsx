import { SearchOutlined } from '@ant-design/icons';
import { Checkbox, Input, Space, Tooltip, theme } from 'antd';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { translateTitle, useLanguage, useT } from '../../i18n/index.ts';
import { usePermissionStore } from '../../stores/permission.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { isExternal } from '../../utils/validate.ts';
import { flattenMenuRoutes } from '../menu-routes/menu-routes.ts';
import { optionId, ResultsList } from './results-list.tsx';
import type { ToPinyin } from './search-index.ts';

type SearchEngine = typeof import('./search-index.ts');

let engineLoaded: Promise<SearchEngine> | undefined;

/**
 * The search itself (Fuse, the q-gram filter, the build-time pinyin table) loads when the search
 * is first opened, or when the pointer or focus reaches its icon, not with the shell: a page
 * reload on a slow link does not wait for it (docs/performance.md, "Slow links").
 */
function loadEngine(): Promise<SearchEngine> {
  engineLoaded ??= import('./search-index.ts').catch((error: unknown) => {
    engineLoaded = undefined;
    throw error;
  });
  return engineLoaded;
}

/**
 * Fuzzy search over the menu titles (spec section 2), with an optional pinyin mode in Chinese.
 * `overlay` (below 992 px, where the top bar has no room for it): opened, the search covers the
 * top bar's full width instead of sitting among its icons.
 */
export function HeaderSearch({ overlay = false }: { overlay?: boolean }) {
  const t = useT();
  const { token } = theme.useToken();
  const lang = useLanguage();
  const navigate = useNavigate();
  const menus = usePermissionStore((s) => s.menus);
  const supportPinyin = useSettingsStore((s) => s.supportPinyinSearch);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [pinyinOn, setPinyinOn] = useState(true);
  /** The row Enter opens: the first after each keystroke, moved by the arrow keys. */
  const [active, setActive] = useState(0);
  const listId = useId();
  // pinyin-pro, loaded only when a title outside the build-time table needs it (a server-added link).
  const [loadedPinyin, setLoadedPinyin] = useState<ToPinyin>();
  const [engine, setEngine] = useState<SearchEngine>();

  useEffect(() => {
    if (!open || engine) return;
    let cancelled = false;
    loadEngine()
      .then((loaded) => {
        if (!cancelled) setEngine(loaded);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [open, engine]);

  const pinyinAvailable = lang === 'zh_CN' && supportPinyin;
  const usePinyin = pinyinAvailable && pinyinOn;

  // biome-ignore lint/correctness/useExhaustiveDependencies: titles are translated in the current language
  const index = useMemo(() => {
    if (!open || !engine) return undefined;
    const routes = flattenMenuRoutes(menus);
    const pinyin = usePinyin ? engine.menuPinyin(loadedPinyin) : undefined;
    const items = engine.searchItems(routes, translateTitle, pinyin?.toPinyin);
    return { fuse: engine.createSearch(items), needsPinyinPro: pinyin?.missing() ?? false };
  }, [open, engine, menus, usePinyin, loadedPinyin, lang]);
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

  const fuse = index?.fuse;
  // Searched once per query, not on every render (the pinyin toggle, a focus change).
  const options = useMemo(
    () =>
      (fuse && engine ? engine.search(fuse, query) : []).map((item) => ({
        value: item.path,
        label: item.title,
      })),
    [engine, fuse, query],
  );

  const close = () => {
    setQuery('');
    setActive(0);
    setOpen(false);
  };

  const go = (path: string) => {
    close();
    if (isExternal(path)) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (last < 0) return;
      setActive((i) => (e.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (e.key === 'Enter' && options[active]) {
      e.preventDefault();
      go(options[active].value);
    } else if (e.key === 'Escape') {
      close();
    }
  };

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

  return (
    <Space
      size={4}
      className={`header-search${overlay ? ' header-search--overlay' : ''}`}
      style={overlay ? { background: token.colorBgContainer } : undefined}
      // Close when the focus leaves the search and its pinyin toggle, not when it moves between them.
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <div className="header-search__box" style={{ width: overlay ? '100%' : 220 }}>
        <Input
          autoFocus
          role="combobox"
          aria-label={t('shell.search')}
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options.length > 0 ? optionId(listId, active) : undefined}
          placeholder={t('shell.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ResultsList id={listId} options={options} active={active} onActivate={setActive} onChoose={go} />
      </div>
      {pinyinAvailable && (
        <Checkbox checked={pinyinOn} onChange={(e) => setPinyinOn(e.target.checked)}>
          {t('shell.pinyin')}
        </Checkbox>
      )}
    </Space>
  );
}
