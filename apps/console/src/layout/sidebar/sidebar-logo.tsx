import { Link } from 'react-router';
import { useBrandingStore } from '../../app/branding.ts';
import { useT } from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';

/** Logo and title above the menu: the server's logo and title, else the bundled icon and the default title. */
export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const t = useT();
  const serverLogo = useUserStore((s) => s.logo);
  const brandLogo = useBrandingStore((s) => s.homeLogo);
  const logo = serverLogo || brandLogo || '/favicon.svg';
  const title = useUserStore((s) => s.doctitle) || t('app.title');
  return (
    <Link to="/" className="sidebar-logo" title={title}>
      <img src={logo} alt="" className="sidebar-logo__img" />
      {!collapsed && <span className="sidebar-logo__title">{title}</span>}
    </Link>
  );
}
