import { homeCalls } from '@igs/contract/calls';
import { Alert, Card, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useTabPolling } from '../../features/keep-alive/active-tab.ts';
import { routeWithSite, SITE_PARAM } from '../../features/resource/editor-links.tsx';
import { i18n, translateTitle, useT } from '../../i18n/index.ts';
import { MenuIcon } from '../../layout/sidebar/menu-icon.tsx';
import { call } from '../../request/call.ts';
import { joinPath } from '../../router/menu-routes.tsx';
import { usePermissionStore } from '../../stores/permission.ts';
import { thousands } from '../../utils/number.ts';
import { cardRoute } from '../dashboard/card-links.ts';
import '../dashboard/dashboard.css';
import '../dashboard/dashboard-texts.ts';
import { BalancedGrid, FigureCards } from '../dashboard/figure-cards.tsx';
import { type DashboardCard, humanise, normaliseHome } from '../dashboard/home-data.ts';
import { SystemStatus } from '../dashboard/system-status.tsx';
import './home-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';
import { useSiteIds } from '../../features/sites/use-site-ids.ts';
import { type SiteRow, siteColumns, siteRows } from './site-table.ts';

function columnTitle(key: string): string {
  for (const k of [`operationsHome.col.${key}`, `dashboard.card.${key}`])
    if (i18n.exists(k)) return i18n.t(k);
  return humanise(key);
}

/** One figure of the sites table: its value (of its total), opening the page on that site. */
function FigureCell({ card, to }: { card: DashboardCard | undefined; to: string | undefined }) {
  const t = useT();
  if (!card) return <Typography.Text type="secondary">–</Typography.Text>;
  const text =
    card.value === null
      ? t('dashboard.unknown')
      : card.total !== undefined && card.key !== 'programmes_down'
        ? `${thousands(card.value)} / ${thousands(card.total)}`
        : thousands(card.value);
  return to ? <Link to={to}>{text}</Link> : text;
}

/**
 * The operations home (DOMAIN 2.1): a tile per operations module, and the figures of the sites.
 * With no site named (or several), a sortable table of the account's sites, one row each, the
 * site opening its own home (`?id=`) and each figure its page on that site; with one site named,
 * that site's figure cards, every module opening on it.
 */
export default function OperationsHome() {
  const t = useT();
  const { search } = useLocation();
  const menus = usePermissionStore((s) => s.menus);
  const root = menus.find((m) => m.path === '/operations');
  const modules = (root?.children ?? []).filter((c) => c.path !== '' && !c.hidden);
  // The sites this tab names; a hidden (kept-alive) tab keeps the last ones it had.
  const named = useSiteIds() ?? '';
  const polling = useTabPolling(60_000);
  const { data, isPending, isError, error } = useScopedQuery({
    queryKey: ['operations', 'home'],
    queryFn: ({ sites }) => call(homeCalls.operations, {}, { loading: false, sites }),
    refetchInterval: polling,
  });
  const sites = useMemo(
    () => (data?.sites ?? []).map((s) => ({ id: s.site_id, cards: normaliseHome({ cards: s.cards }).cards })),
    [data],
  );
  const system = useMemo(() => (data ? normaliseHome({ system: data.system }).system : undefined), [data]);
  const single = named !== '' && sites.length === 1 ? sites[0]! : undefined;
  const linkFor = useCallback((site: number) => (key: string) => cardRoute(key, menus, 1, site), [menus]);
  const noLink = useCallback(() => undefined, []);

  const rows = useMemo(() => siteRows(sites), [sites]);
  const columns = useMemo<TableColumnsType<SiteRow>>(
    () => [
      {
        title: t('operationsHome.siteColumn'),
        dataIndex: 'id',
        key: 'site',
        fixed: 'left',
        defaultSortOrder: 'ascend',
        sorter: (a, b) => a.id - b.id,
        render: (id: number) => (
          <Link to={`/operations?${SITE_PARAM}=${id}`} aria-label={t('operationsHome.openSite', { id })}>
            {t('operationsHome.site', { id })}
          </Link>
        ),
      },
      ...siteColumns(sites).map((key) => ({
        title: columnTitle(key),
        key,
        align: 'right' as const,
        sorter: (a: SiteRow, b: SiteRow) => (a.values[key] ?? -1) - (b.values[key] ?? -1),
        render: (_: unknown, row: SiteRow) => (
          <FigureCell card={row.cards[key]} to={cardRoute(key, menus, 1, row.id)} />
        ),
      })),
    ],
    [sites, menus, t],
  );

  return (
    <div className="dashboard">
      <div className="dashboard-head">
        <h2>{t('operationsHome.modules')}</h2>
      </div>
      <BalancedGrid
        minWidth={150}
        items={modules.map((m) => ({
          key: m.name,
          node: (
            <Link to={routeWithSite(joinPath('/operations', m.path), {}, search, 1)} data-tile={m.name}>
              <Card hoverable size="small">
                <Typography.Text strong>
                  {m.meta.icon && <MenuIcon icon={m.meta.icon} />} {translateTitle(m.meta.title)}
                </Typography.Text>
              </Card>
            </Link>
          ),
        }))}
      />
      {isPending && <Skeleton active />}
      {isError && <Alert type="error" showIcon title={error.message} />}
      {data && single && (
        <section className="dash-section" data-site={single.id}>
          <div className="dashboard-head">
            <h3 className="dash-section__title">{t('operationsHome.siteFigures', { id: single.id })}</h3>
            <Link to="/operations">{t('operationsHome.allSitesLink')}</Link>
          </div>
          <FigureCards cards={single.cards} linkOf={linkFor(single.id)} />
        </section>
      )}
      {data && !single && (
        <section className="dash-section ops-sites" aria-label={t('operationsHome.sites')}>
          <h3 className="dash-section__title">{t('operationsHome.sites')}</h3>
          <Table<SiteRow>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            locale={{ emptyText: t('operationsHome.noSites') }}
          />
        </section>
      )}
      {system && <SystemStatus system={system} linkOf={noLink} />}
    </div>
  );
}
