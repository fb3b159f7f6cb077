import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { translateTitle, useLanguage } from '../../i18n/index.ts';
import { usePermissionStore } from '../../stores/permission.ts';
import { MenuIcon } from './menu-icon.tsx';
import { buildSidebarEntries, openKeysFor, type SidebarEntry } from './menu-rules.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

function toItem(entry: SidebarEntry): MenuItem {
  const icon = entry.icon ? <MenuIcon icon={entry.icon} /> : undefined;
  const title = translateTitle(entry.title);
  if (entry.kind === 'submenu')
    return {
      key: entry.key,
      icon,
      label: title,
      children: toItems(entry.children),
      // The collapsed sidebar's pop-ups wrap long titles too (layout.css).
      popupClassName: 'sidebar-popup',
    };
  const label = entry.external ? (
    <a href={entry.path} target="_blank" rel="noopener noreferrer">
      {title}
    </a>
  ) : (
    <Link to={entry.path}>{title}</Link>
  );
  return { key: entry.key, icon, label };
}

function toItems(entries: readonly SidebarEntry[]): MenuItem[] {
  return entries.map(toItem);
}

export interface SidebarMenuProps {
  /** The path to highlight: the route's activeMenu, else the location path. */
  activePath: string;
  collapsed: boolean;
}

/** The sidebar menu built from the permission store's menu tree. */
export function SidebarMenu({ activePath, collapsed }: SidebarMenuProps) {
  const menus = usePermissionStore((s) => s.menus);
  const lang = useLanguage();
  const entries = useMemo(() => buildSidebarEntries(menus), [menus]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: titles are translated in the current language
  const items = useMemo(() => toItems(entries), [entries, lang]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(entries, activePath));

  // Navigating elsewhere (a tab, the search) opens the submenus that lead to the page.
  useEffect(() => {
    const needed = openKeysFor(entries, activePath);
    setOpenKeys((keys) => [...new Set([...keys, ...needed])]);
  }, [entries, activePath]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[activePath]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
    />
  );
}
