import { SearchOutlined } from '@ant-design/icons';
import { Checkbox, Select, Space, Tooltip, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { translateTitle, useLanguage, useT } from '../../i18n/index.ts';
import { usePermissionStore } from '../../stores/permission.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { isExternal } from '../../utils/validate.ts';
import { flattenMenuRoutes } from '../menu-routes/menu-routes.ts';
import { createSearch, loadPinyin, search, searchItems, type ToPinyin } from './search-index.ts';

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
  const [toPinyin, setToPinyin] = useState<ToPinyin>();

  const pinyinAvailable = lang === 'zh_CN' && supportPinyin;
  const usePinyin = pinyinAvailable && pinyinOn;

  // pinyin-pro is loaded on the first open with pinyin on, never on page load.
  useEffect(() => {
    if (!open || !usePinyin || toPinyin) return;
    let cancelled = false;
    loadPinyin()
      .then((fn) => {
        if (!cancelled) setToPinyin(() => fn);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [open, usePinyin, toPinyin]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: titles are translated in the current language
  const fuse = useMemo(() => {
    if (!open) return undefined;
    const routes = flattenMenuRoutes(menus);
    return createSearch(searchItems(routes, translateTitle, usePinyin ? toPinyin : undefined));
  }, [open, menus, usePinyin, toPinyin, lang]);

  const results = fuse ? search(fuse, query) : [];

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
        options={results.map((item) => ({ value: item.path, label: item.title }))}
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
