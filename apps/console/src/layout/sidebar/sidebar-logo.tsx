import { Link } from 'react-router';
import { bundledIcon, useBrandingStore, useBrandTitle } from '../../app/branding.ts';
import { modeHomePath } from '../../router/guard.ts';
import { useUserStore } from '../../stores/user.ts';

/** Logo and title above the menu: the server's logo and title, else the bundled icon and the default title. */
export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const serverLogo = useUserStore((s) => s.logo);
  const brandLogo = useBrandingStore((s) => s.homeLogo);
  const logo = serverLogo || brandLogo || bundledIcon;
  const title = useBrandTitle();
  const home = modeHomePath(useUserStore((s) => s.isOperations));
  return (
    <Link to={home} className="sidebar-logo" title={title}>
      <img src={logo} alt="" className="sidebar-logo__img" />
      {!collapsed && <span className="sidebar-logo__title">{title}</span>}
    </Link>
  );
}
