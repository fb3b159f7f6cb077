import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton, Space, Typography } from 'antd';
import { useCallback } from 'react';
import { useTabPolling } from '../../features/keep-alive/active-tab.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';
import { useT } from '../../i18n/index.ts';
import { usePermissionStore } from '../../stores/permission.ts';
import { cardRoute } from './card-links.ts';
import './dashboard.css';
import './dashboard-texts.ts';
import { FigureCards } from './figure-cards.tsx';
import { homeQuery } from './home-query.ts';
import { SystemStatus } from './system-status.tsx';
import { Trends } from './trends.tsx';

/**
 * The home page (DOMAIN 2.1): the server's figures of the pages the role holds, each opening its
 * page, the 7-day trends of calls and terminals online, and the host status; nothing invented.
 */
export default function Dashboard() {
  const t = useT();
  const menus = usePermissionStore((s) => s.menus);
  const linkOf = useCallback((key: string) => cardRoute(key, menus, 0), [menus]);
  const { data, isPending, isError, error, refetch, isFetching } = useScopedQuery({
    ...homeQuery,
    refetchInterval: useTabPolling(homeQuery.refetchInterval),
  });

  let body: React.ReactNode;
  if (isPending) body = <Skeleton active />;
  else if (isError)
    body = <Alert type="error" showIcon title={t('dashboard.loadFailed')} description={error.message} />;
  else if (data.cards.length === 0 && !data.system) body = <Empty description={t('dashboard.empty')} />;
  else
    body = (
      <>
        {data.cards.length > 0 && (
          <section className="dash-section" aria-label={t('dashboard.figures')}>
            <FigureCards cards={data.cards} linkOf={linkOf} />
          </section>
        )}
        <Trends trends={data.trends} linkOf={linkOf} />
        {data.system && <SystemStatus system={data.system} linkOf={linkOf} />}
      </>
    );

  return (
    <div className="dashboard">
      <div className="dashboard-head">
        <h2>{t('menu.dashboard.dashboard')}</h2>
        <Space wrap>
          {data?.generatedAt && (
            <Typography.Text type="secondary">
              {t('dashboard.generatedAt', { time: data.generatedAt })}
            </Typography.Text>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching}>
            {t('dashboard.refresh')}
          </Button>
        </Space>
      </div>
      {body}
    </div>
  );
}
