/**
 * The header search in a top bar as the shell draws it (antd's provider with the console's theme,
 * the navbar's layout), for screenshots (bench/search-look.ts): `?lang=zh_CN|en&dark=1&overlay=1`.
 */

import { BellOutlined, SettingOutlined } from '@ant-design/icons';
import type { MenuNode, MenuSeed } from '@igs/contract';
import { menuSeedsFor } from '@igs/contract/menus';
import { ConfigProvider, Layout, theme } from 'antd';
import { HeaderSearch } from 'bench-header-search';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { antdTheme } from '../../apps/console/src/app/antd-provider.tsx';
import '../../apps/console/src/features/shell-i18n/texts.ts';
import { loadMenuTitles, setLanguage } from '../../apps/console/src/i18n/index.ts';
import '../../apps/console/src/layout/layout.css';
import { usePermissionStore } from '../../apps/console/src/stores/permission.ts';

function toNode(seed: MenuSeed): MenuNode {
  return {
    path: seed.path,
    component: seed.component,
    name: seed.name,
    ...(seed.hidden ? { hidden: true } : {}),
    meta: { title: seed.titleKey },
    ...(seed.children ? { children: seed.children.map(toNode) } : {}),
  };
}

function Bar({ overlay }: { overlay: boolean }) {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <header
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <div className="navbar" style={{ color: token.colorText }}>
          <span>Home / Voice</span>
          <div className="navbar__right">
            <HeaderSearch overlay={overlay} />
            <BellOutlined className="navbar__icon" />
            <SettingOutlined className="navbar__icon" />
          </div>
        </div>
      </header>
      <Layout.Content style={{ background: token.colorBgLayout }} />
    </Layout>
  );
}

const params = new URLSearchParams(location.search);
const lang = params.get('lang') === 'en' ? 'en' : 'zh_CN';
const dark = params.get('dark') === '1';
await loadMenuTitles();
setLanguage(lang);
usePermissionStore.setState({ menus: menuSeedsFor('full').map(toNode) });
document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
createRoot(document.getElementById('app')!).render(
  <ConfigProvider theme={antdTheme('#1890ff', dark, params.get('size') === 'small')}>
    <MemoryRouter>
      <Bar overlay={params.get('overlay') === '1'} />
    </MemoryRouter>
  </ConfigProvider>,
);
