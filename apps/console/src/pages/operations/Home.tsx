import type { OPERATIONS_HOME_SORTS } from '@igs/contract';
import { homeCalls } from '@igs/contract/calls';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
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

type SortKey = (typeof OPERATIONS_HOME_SORTS)[number];
interface SortState {
  key: SortKey;
  order: 'asc' | 'desc';
}
/** Sites a page of the table shows; the server sends that many (and the totals of all). */
export const SITES_PER_PAGE = 20;
const BY_SITE: SortState = { key: 'site', order: 'asc' };

/**
 * The operations home (DOMAIN 2.1): a tile per operations module, and the figures of the sites.
 * With no site named (or several), the totals of all those sites as figure cards, then a table of
 * them a page at a time (paged and sorted by the server, which sends only that page), the site
 * opening its own home (`?id=`) and each figure its page on that site; with one site named, that
 * site's figure cards, every module opening on it. The figures are counted every few seconds on
 * the server: the time they were counted is shown beside them.
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
  // A site by its registered name, "Site 12" for one in use that the registry does not name.
  const siteLabel = useCallback(
    (site: { id: number; name: string }) => site.name || t('operationsHome.site', { id: site.id }),
    [t],
  );
  // The page shown, of the sites it was chosen for: other sites named start at their first page.
  const [paged, setPaged] = useState({ named, page: 1 });
  const page = paged.named === named ? paged.page : 1;
  const [sort, setSort] = useState<SortState>(BY_SITE);
  const setPage = (p: number) => setPaged({ named, page: p });
  const { data, isPending, isError, error } = useScopedQuery({
    queryKey: ['operations', 'home', page, sort.key, sort.order],
    queryFn: ({ sites }) =>
      call(
        homeCalls.operations,
        { page, limit: SITES_PER_PAGE, sort: sort.key, order: sort.order },
        { loading: false, sites },
      ),
    refetchInterval: polling,
    placeholderData: keepPreviousData,
  });
  const sites = useMemo(
    () =>
      (data?.sites ?? []).map((s) => ({
        id: s.site_id,
        name: s.name ?? '',
        cards: normaliseHome({ cards: s.cards }).cards,
      })),
    [data],
  );
  const totals = useMemo(() => normaliseHome({ cards: data?.totals ?? [] }).cards, [data]);
  const system = useMemo(() => (data ? normaliseHome({ system: data.system }).system : undefined), [data]);
  const single = named !== '' && data?.total === 1 && sites.length === 1 ? sites[0]! : undefined;
  const linkFor = useCallback((site: number) => (key: string) => cardRoute(key, menus, 1, site), [menus]);
  // The totals open each page over the same sites: those named, else every site the account reaches.
  const fleetLink = useCallback(
    (key: string) => {
      const to = cardRoute(key, menus, 1);
      if (!to || named === '') return to;
      const [path, query] = to.split('?');
      const params = new URLSearchParams(query);
      params.set(SITE_PARAM, named);
      return `${path}?${params}`;
    },
    [menus, named],
  );
  const noLink = useCallback(() => undefined, []);
  const onTableChange: TableProps<SiteRow>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const next: SortState =
      s?.order && s.columnKey
        ? { key: s.columnKey as SortKey, order: s.order === 'descend' ? 'desc' : 'asc' }
        : BY_SITE;
    if (next.key !== sort.key || next.order !== sort.order) {
      setSort(next);
      setPage(1);
    } else setPage(pagination.current ?? 1);
  };

  const rows = useMemo(() => siteRows(sites), [sites]);
  const columns = useMemo<TableColumnsType<SiteRow>>(() => {
    const sortOrder = (key: SortKey) =>
      sort.key === key ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
    return [
      {
        title: t('operationsHome.siteColumn'),
        dataIndex: 'id',
        key: 'site',
        fixed: 'left',
        sorter: true,
        sortOrder: sortOrder('site'),
        render: (id: number, row: SiteRow) => (
          <Link
            to={`/operations?${SITE_PARAM}=${id}`}
            aria-label={t('operationsHome.openSite', { site: siteLabel(row) })}
          >
            {siteLabel(row)}
          </Link>
        ),
      },
      ...siteColumns(sites).map((key) => ({
        title: columnTitle(key),
        key,
        align: 'right' as const,
        sorter: true,
        sortOrder: sortOrder(key as SortKey),
        render: (_: unknown, row: SiteRow) => (
          <FigureCell card={row.cards[key]} to={cardRoute(key, menus, 1, row.id)} />
        ),
      })),
    ];
  }, [sites, menus, t, sort, siteLabel]);

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
            <h3 className="dash-section__title">
              {t('operationsHome.siteFiguresOf', { site: siteLabel(single) })}
            </h3>
            <Link to="/operations">{t('operationsHome.allSitesLink')}</Link>
          </div>
          <FigureCards cards={single.cards} linkOf={linkFor(single.id)} />
        </section>
      )}
      {data && (
        <Typography.Text type="secondary" className="ops-figures-at">
          {t('operationsHome.figuresAt', { time: data.figures_at })}
        </Typography.Text>
      )}
      {data && !single && data.total > 0 && totals.length > 0 && (
        <section
          className="dash-section ops-totals"
          aria-label={t('operationsHome.totalsOf', { count: data.total })}
        >
          <h3 className="dash-section__title">{t('operationsHome.totalsOf', { count: data.total })}</h3>
          <FigureCards cards={totals} linkOf={fleetLink} />
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
            onChange={onTableChange}
            pagination={
              data.total > SITES_PER_PAGE
                ? {
                    current: page,
                    pageSize: SITES_PER_PAGE,
                    total: data.total,
                    showSizeChanger: false,
                    showTotal: (total) => t('operationsHome.siteCount', { total }),
                  }
                : false
            }
            locale={{ emptyText: t('operationsHome.noSites') }}
          />
        </section>
      )}
      {system && <SystemStatus system={system} linkOf={noLink} />}
    </div>
  );
}
