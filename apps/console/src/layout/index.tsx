import { Layout as AntLayout, theme } from 'antd';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { AntdProvider } from '../app/antd-provider.tsx';
import '../app/dayjs-locale.ts';
import { DebugGuard } from '../app/debug-guard.tsx';
import { MessageBridge } from '../app/message-bridge.tsx';
import { QueryProvider } from '../app/query-provider.tsx';
import '../features/shell-i18n/texts.ts';
import { ShellDialogs } from '../features/dialogs/shell-dialogs.tsx';
import { useCurrentView } from '../features/tags-view/current-view.ts';
import { TagsView } from '../features/tags-view/tags-view.tsx';
import { useTagsSync } from '../features/tags-view/use-tags-sync.ts';
import { handleOf } from '../router/route-handle.ts';
import { useAppStore } from '../stores/app.ts';
import { usePermissionStore } from '../stores/permission.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { useUserStore } from '../stores/user.ts';
import { AppMain } from './app-main.tsx';
import { AppFooter } from './footer/app-footer.tsx';
import { Navbar } from './navbar/navbar.tsx';
import { Sidebar } from './sidebar/sidebar.tsx';
import { useResizeHandler } from './use-resize-handler.ts';
import './layout.css';

export { useIsActiveTab } from '../features/keep-alive/active-tab.ts';

/** The path the sidebar highlights: the route's activeMenu (hidden pages), else the page's path. */
function useActiveMenu(fallback: string): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const active = match ? handleOf(match)?.meta?.activeMenu : undefined;
    if (active) return active;
  }
  return fallback;
}

// The parts of the shell that do not depend on the current page, as elements made once: every
// navigation re-renders the layout, and React skips an element it has already rendered
// (a tab switch is budgeted at 100 ms, docs/performance.md).
const messageBridge = <MessageBridge />;
const debugGuard = <DebugGuard />;
const navbar = <Navbar />;
const footer = <AppFooter />;
const shellDialogs = <ShellDialogs />;

/**
 * The shell (`Layout` in the menu tree): sidebar, navbar with breadcrumb, tag tabs, the kept-alive
 * page area and the footer, plus the settings drawer and the shell dialogs, inside antd's provider
 * (locale, theme colour, size), which is not at the app's root so the sign-in page does without it.
 */
export function Layout() {
  return (
    <AntdProvider>
      <ShellLayout />
    </AntdProvider>
  );
}

function ShellLayout() {
  useResizeHandler();
  const { token } = theme.useToken();
  const menus = usePermissionStore((s) => s.menus);
  const current = useCurrentView();
  useTagsSync(menus, current);
  const activeMenu = useActiveMenu(current?.path ?? '');
  const isOperations = useUserStore((s) => s.isOperations === 1);
  const device = useAppStore((s) => s.device);
  const { tagsView, fixedHeader } = useSettingsStore();

  // The progress bar lives outside React (nprogress appends it to <body>): hand it the theme colour.
  useEffect(() => {
    document.documentElement.style.setProperty('--igs-primary', token.colorPrimary);
  }, [token.colorPrimary]);

  return (
    <QueryProvider>
      {messageBridge}
      {debugGuard}
      <AntLayout className={`app-wrapper app-wrapper--${device}`} style={{ minHeight: '100vh' }}>
        {/* Operations mode works from the operations home's tiles: no sidebar (spec section 2). */}
        {!isOperations && <Sidebar activePath={activeMenu} />}
        <AntLayout className="main-container">
          <header
            className={`app-header${fixedHeader ? ' app-header--fixed' : ''}`}
            style={{
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            {navbar}
            {tagsView && <TagsView activePath={current?.path} />}
          </header>
          <AntLayout.Content className="app-content" style={{ background: token.colorBgLayout }}>
            <AppMain current={current} />
          </AntLayout.Content>
          {footer}
        </AntLayout>
        {shellDialogs}
      </AntLayout>
    </QueryProvider>
  );
}
