import { SearchOutlined } from '@ant-design/icons';
import { Checkbox, Select, Space, Tooltip, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { translateTitle, useLanguage, useT } from '../../i18n/index.ts';
import { usePermissionStore } from '../../stores/permission.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { isExternal } from '../../utils/validate.ts';
import { flattenMenuRoutes } from '../menu-routes/menu-routes.ts';
import { createSearch, loadPinyin, menuPinyin, search, searchItems, type ToPinyin } from './search-index.ts';

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
  // pinyin-pro, loaded only when a title outside the build-time table needs it (a server-added link).
  const [loadedPinyin, setLoadedPinyin] = useState<ToPinyin>();

  const pinyinAvailable = lang === 'zh_CN' && supportPinyin;
  const usePinyin = pinyinAvailable && pinyinOn;

  // biome-ignore lint/correctness/useExhaustiveDependencies: titles are translated in the current language
  const index = useMemo(() => {
    if (!open) return undefined;
    const routes = flattenMenuRoutes(menus);
    const pinyin = usePinyin ? menuPinyin(loadedPinyin) : undefined;
    const items = searchItems(routes, translateTitle, pinyin?.toPinyin);
    return { fuse: createSearch(items), needsPinyinPro: pinyin?.missing() ?? false };
  }, [open, menus, usePinyin, loadedPinyin, lang]);
  const needsPinyinPro = index?.needsPinyinPro ?? false;

  useEffect(() => {
    if (!needsPinyinPro || loadedPinyin) return;
    let cancelled = false;
    loadPinyin()
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
    () => (fuse ? search(fuse, query) : []).map((item) => ({ value: item.path, label: item.title })),
    [fuse, query],
  );

  const close = () => {
    setQuery('');
    setOpen(false);
  };

  const go = (path: string) => {
    close();
    if (isExternal(path)) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };

  if (!open) {
    return (
      <Tooltip title={t('shell.search')}>
        <SearchOutlined
          className="navbar__icon"
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
      <Select
        autoFocus
        defaultOpen
        showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
        placeholder={t('shell.search')}
        value={null}
        style={{ width: overlay ? '100%' : 220 }}
        notFoundContent={null}
        options={options}
        onChange={(path: string) => go(path)}
      />
      {pinyinAvailable && (
        <Checkbox checked={pinyinOn} onChange={(e) => setPinyinOn(e.target.checked)}>
          {t('shell.pinyin')}
        </Checkbox>
      )}
    </Space>
  );
}
