import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Space, Typography } from 'antd';
import { useTabPolling } from '../../features/keep-alive/active-tab.ts';
import { useT } from '../../i18n/index.ts';
import { AreaCards } from './area-cards.tsx';
import './dashboard.css';
import { homeQuery } from './home-query.ts';
import { SystemStatus } from './system-status.tsx';

/** The home page: the server's figures per business area and the host status, nothing invented. */
export default function Dashboard() {
  const t = useT();
  const { data, isPending, isError, error, refetch, isFetching } = useQuery({
    ...homeQuery,
    refetchInterval: useTabPolling(homeQuery.refetchInterval),
  });

  let body: React.ReactNode;
  if (isPending) body = <Skeleton active />;
  else if (isError)
    body = <Alert type="error" showIcon title={t('dashboard.loadFailed')} description={error.message} />;
  else if (data.areas.length === 0 && !data.system) body = <Empty description={t('dashboard.empty')} />;
  else
    body = (
      <>
        {data.areas.map((group) => (
          <AreaCards key={group.area} area={group.area} cards={group.cards} />
        ))}
        {data.system && <SystemStatus system={data.system} />}
      </>
    );

  return (
    <div className="dashboard">
      <div className="dashboard-head">
        <h2>{t('menu.dashboard.dashboard')}</h2>
        <Space>
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
