import { Card, Col, Descriptions, Progress, Row, Statistic } from 'antd';
import { useT } from '../../i18n/index.ts';
import { formatBytes } from '../../utils/number.ts';
import { type DashboardSystem, percent, splitUptime } from './home-data.ts';

function UsageBar({ label, used, total }: { label: string; used: number; total: number }) {
  const value = percent(used, total);
  return (
    <div className="dashboard-usage">
      <div className="dashboard-usage-label">
        <span>{label}</span>
        <span>
          {formatBytes(used)} / {formatBytes(total)}
        </span>
      </div>
      <Progress percent={value} status={value >= 90 ? 'exception' : 'normal'} />
    </div>
  );
}

/** Host status as the server measured it; a missing figure is left out, never guessed. */
export function SystemStatus({ system }: { system: DashboardSystem }) {
  const t = useT();
  const uptime = system.uptimeS === undefined ? undefined : splitUptime(system.uptimeS);
  return (
    <Card title={t('dashboard.system')} size="small">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Descriptions column={1} size="small">
            {system.hostname && (
              <Descriptions.Item label={t('dashboard.hostname')}>{system.hostname}</Descriptions.Item>
            )}
            {uptime && (
              <Descriptions.Item label={t('dashboard.uptime')}>
                {t('dashboard.uptimeValue', uptime)}
              </Descriptions.Item>
            )}
            {system.cpuCount !== undefined && (
              <Descriptions.Item label={t('dashboard.cpuCount')}>{system.cpuCount}</Descriptions.Item>
            )}
            {system.load && system.load.length > 0 && (
              <Descriptions.Item label={t('dashboard.load')}>{system.load.join(' / ')}</Descriptions.Item>
            )}
            {system.disk?.path && (
              <Descriptions.Item label={t('dashboard.dataDir')}>{system.disk.path}</Descriptions.Item>
            )}
          </Descriptions>
        </Col>
        <Col xs={24} lg={14}>
          {system.cpuPercent !== undefined && (
            <Statistic title={t('dashboard.cpu')} value={system.cpuPercent} suffix="%" precision={1} />
          )}
          {system.memory && <UsageBar label={t('dashboard.memory')} {...system.memory} />}
          {system.disk && (
            <UsageBar label={t('dashboard.disk')} used={system.disk.used} total={system.disk.total} />
          )}
        </Col>
      </Row>
    </Card>
  );
}
