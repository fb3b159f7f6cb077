import { Drawer, Layout } from 'antd';
import { useAppStore } from '../../stores/app.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { SidebarLogo } from './sidebar-logo.tsx';
import { SidebarMenu } from './sidebar-menu.tsx';

/** Spec section 9: the sidebar is 210 px wide. */
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;

/**
 * Desktop: a collapsible Sider. Mobile (below 992 px): the same menu in a drawer that the toggle
 * opens and any navigation closes.
 */
export function Sidebar({ activePath }: { activePath: string }) {
  const { opened, withoutAnimation } = useAppStore((s) => s.sidebar);
  const device = useAppStore((s) => s.device);
  const closeSideBar = useAppStore((s) => s.closeSideBar);
  const showLogo = useSettingsStore((s) => s.sidebarLogo);

  if (device === 'mobile') {
    return (
      <Drawer
        open={opened}
        placement="left"
        size={SIDEBAR_WIDTH}
        closable={false}
        onClose={() => closeSideBar()}
        className="sidebar-drawer"
        styles={{ body: { padding: 0 } }}
      >
        <div className="sidebar sidebar--mobile">
          {showLogo && <SidebarLogo collapsed={false} />}
          <SidebarMenu activePath={activePath} collapsed={false} />
        </div>
      </Drawer>
    );
  }

  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={!opened}
      trigger={null}
      theme="dark"
      className={`sidebar${withoutAnimation ? ' sidebar--no-animation' : ''}`}
    >
      {showLogo && <SidebarLogo collapsed={!opened} />}
      <SidebarMenu activePath={activePath} collapsed={!opened} />
    </Layout.Sider>
  );
}
