import { Paths } from '@igs/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTabPolling } from '../../features/keep-alive/active-tab.ts';
import { translateTitle, useT } from '../../i18n/index.ts';
import { request } from '../../request/index.ts';
import { joinPath } from '../../router/menu-routes.tsx';
import { usePermissionStore } from '../../stores/permission.ts';
import { AreaCards } from '../dashboard/area-cards.tsx';
import '../dashboard/dashboard.css';
import { normaliseHome } from '../dashboard/home-data.ts';
import { SystemStatus } from '../dashboard/system-status.tsx';
import './home-texts.ts';
import { MenuIcon } from '../../layout/sidebar/menu-icon.tsx';

interface SiteCards {
  site_id: number | null;
  cards: unknown[];
}

/**
 * The operations home (DOMAIN 2.1): a tile per operations module, each opening as a tab, and the
 * dashboard cards of every site named by igs-sids (the route query `id`).
 */
export default function OperationsHome() {
  const t = useT();
  const navigate = useNavigate();
  const menus = usePermissionStore((s) => s.menus);
  const root = menus.find((m) => m.path === '/operations');
  const modules = (root?.children ?? []).filter((c) => c.path !== '' && !c.hidden);
  const polling = useTabPolling(60_000);
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['operations', 'home'],
    queryFn: () =>
      request<{ sites: SiteCards[]; system: unknown; generated_at: string }>(
        Paths.operationsHome,
        {},
        { loading: false },
      ),
    refetchInterval: polling,
  });

  return (
    <div className="dashboard">
      <div className="dashboard-head">
        <h2>{t('operationsHome.modules')}</h2>
      </div>
      <Row gutter={[16, 16]}>
        {modules.map((m) => (
          <Col key={m.name} xs={12} sm={8} lg={6} xl={4}>
            <Card
              hoverable
              size="small"
              onClick={() => navigate(joinPath('/operations', m.path))}
              data-tile={m.name}
            >
              <Typography.Text strong>
                {m.meta.icon && <MenuIcon icon={m.meta.icon} />} {translateTitle(m.meta.title)}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      {isPending && <Skeleton active />}
      {isError && <Alert type="error" showIcon title={error.message} />}
      {data?.sites.map((site) => {
        const home = normaliseHome({ cards: site.cards });
        return (
          <section key={site.site_id ?? 'all'} data-site={site.site_id ?? 'all'}>
            <h2 style={{ marginTop: 24 }}>
              {site.site_id === null
                ? t('operationsHome.allSites')
                : t('operationsHome.site', { id: site.site_id })}
            </h2>
            {home.areas.map((group) => (
              <AreaCards key={group.area} area={group.area} cards={group.cards} />
            ))}
          </section>
        );
      })}
      {data && normaliseHome({ system: data.system }).system && (
        <SystemStatus system={normaliseHome({ system: data.system }).system!} />
      )}
    </div>
  );
}
