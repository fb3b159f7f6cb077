import { RollbackOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { Link, useLocation, useMatches } from 'react-router';
import { translateTitle, useT } from '../../i18n/index.ts';
import { breadcrumbItems, OPERATIONS_HOME } from './breadcrumb-items.ts';

export function AppBreadcrumb({ isOperations }: { isOperations: boolean }) {
  const t = useT();
  const matches = useMatches();
  const { pathname } = useLocation();
  const crumbs = breadcrumbItems(matches, isOperations);
  const items = crumbs.map((crumb) => ({
    key: crumb.title,
    title: crumb.to ? <Link to={crumb.to}>{translateTitle(crumb.title)}</Link> : translateTitle(crumb.title),
  }));
  // Operations mode has no sidebar: the breadcrumb offers the way back to the operations home.
  if (isOperations && pathname !== OPERATIONS_HOME) {
    items.unshift({
      key: 'back-home',
      title: (
        <Link to={OPERATIONS_HOME} className="breadcrumb__home">
          <RollbackOutlined /> {t('shell.backHome')}
        </Link>
      ),
    });
  }
  return <Breadcrumb className="app-breadcrumb" items={items} />;
}
