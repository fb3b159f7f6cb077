import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useFirstPageSettled } from '../../app/first-page-settled.ts';
import { ErrorLogButton } from '../../features/error-log/error-log-button.tsx';
import { HeaderSearch } from '../../features/header-search/header-search.tsx';
import { cartPath, useHintPolling } from '../../features/message-hint/hint.ts';
import { HintBadges } from '../../features/message-hint/hint-badges.tsx';
import { ScreenfullButton } from '../../features/screenfull/screenfull-button.tsx';
import { SettingsDrawerButton } from '../../features/settings/settings-drawer.tsx';
import { SizeSelect } from '../../features/size-select/size-select.tsx';
import { ExportHomeButton } from '../../features/user-menu/export-home.tsx';
import { LangSelect } from '../../features/user-menu/lang-select.tsx';
import { UserDropdown } from '../../features/user-menu/user-dropdown.tsx';
import { useT } from '../../i18n/index.ts';
import { useAppStore } from '../../stores/app.ts';
import { useUserStore } from '../../stores/user.ts';
import { AppBreadcrumb } from './app-breadcrumb.tsx';

export function Navbar() {
  const t = useT();
  const opened = useAppStore((s) => s.sidebar.opened);
  const device = useAppStore((s) => s.device);
  const toggleSideBar = useAppStore((s) => s.toggleSideBar);
  const isOperations = useUserStore((s) => s.isOperations === 1);
  // The first poll waits for the page the address opened (app/first-page-settled.ts).
  const counts = useHintPolling(useFirstPageSettled());
  const Toggle = opened ? MenuFoldOutlined : MenuUnfoldOutlined;
  const mobile = device === 'mobile';

  return (
    <div className="navbar">
      {/* Operations mode has no sidebar, so nothing to toggle. */}
      {!isOperations && (
        <Toggle
          className="navbar__icon navbar__toggle"
          onClick={toggleSideBar}
          aria-label={t('shell.toggleSidebar')}
        />
      )}
      <AppBreadcrumb isOperations={isOperations} />
      <div className="navbar__right">
        {isOperations && <ExportHomeButton />}
        {/* Below 992 px: the search icon stays and opens across the bar; the size is in the user menu. */}
        <HeaderSearch overlay={mobile} />
        <ErrorLogButton />
        {!mobile && <ScreenfullButton />}
        {!mobile && <SizeSelect />}
        <LangSelect />
        <HintBadges counts={counts} cartTo={cartPath(isOperations ? 1 : 0)} />
        <SettingsDrawerButton />
        <UserDropdown />
      </div>
    </div>
  );
}
