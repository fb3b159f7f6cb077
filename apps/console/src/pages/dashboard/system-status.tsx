import { Card, Descriptions, Progress } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { formatBytes } from '../../utils/number.ts';
import './dashboard-texts.ts';
import { type DashboardSystem, percent, splitUptime } from './home-data.ts';

/** A gauge that opens its page when the role holds one. */
function Gauge({
  name,
  label,
  pct,
  detail,
  to,
}: {
  name: string;
  label: string;
  pct: number;
  detail: ReactNode;
  to: string | undefined;
}) {
  const body = (
    <>
      <Progress
        type="dashboard"
        percent={pct}
        size={96}
        status={pct >= 90 ? 'exception' : 'normal'}
        format={(v) => `${v}%`}
      />
      <span className="dash-gauge__label">{label}</span>
      <span className="dash-gauge__detail">{detail}</span>
    </>
  );
  return to ? (
    <Link to={to} className="dash-gauge dash-gauge--link" data-gauge={name}>
      {body}
    </Link>
  ) : (
    <div className="dash-gauge" data-gauge={name}>
      {body}
    </div>
  );
}

/**
 * Host status as the server measured it, by the same collector as system information; the disk
 * is the filesystem holding the data directory with the percentage the status and disk pages
 * show. A missing figure is left out, never guessed.
 */
export function SystemStatus({
  system,
  linkOf,
}: {
  system: DashboardSystem;
  linkOf: (key: string) => string | undefined;
}) {
  const t = useT();
  const uptime = system.uptimeS === undefined ? undefined : splitUptime(system.uptimeS);
  const host = linkOf('host');
  return (
    <Card
      size="small"
      className="dash-system"
      title={host ? <Link to={host}>{t('dashboard.system')}</Link> : t('dashboard.system')}
    >
      <div className="dash-system__grid">
        <Descriptions column={1} size="small" className="dash-system__facts">
          {system.hostname && (
            <Descriptions.Item label={t('dashboard.hostname')}>{system.hostname}</Descriptions.Item>
          )}
          {uptime && (
            <Descriptions.Item label={t('dashboard.uptime')}>
              {t('dashboard.uptimeValue', uptime)}
            </Descriptions.Item>
          )}
          {system.load && system.load.length > 0 && (
            <Descriptions.Item label={t('dashboard.load')}>{system.load.join(' / ')}</Descriptions.Item>
          )}
          {system.disk?.path && (
            <Descriptions.Item label={t('dashboard.dataDir')}>{system.disk.path}</Descriptions.Item>
          )}
        </Descriptions>
        {system.cpuPercent !== undefined && (
          <Gauge
            name="cpu"
            label={t('dashboard.cpu')}
            pct={Math.round(system.cpuPercent * 10) / 10}
            detail={system.cpuCount === undefined ? null : t('dashboard.cores', { n: system.cpuCount })}
            to={linkOf('cpu')}
          />
        )}
        {system.memory && (
          <Gauge
            name="memory"
            label={t('dashboard.memory')}
            pct={percent(system.memory.used, system.memory.total)}
            detail={t('dashboard.usedOf', {
              used: formatBytes(system.memory.used),
              total: formatBytes(system.memory.total),
            })}
            to={linkOf('memory')}
          />
        )}
        {system.disk && (
          <Gauge
            name="disk"
            label={
              system.disk.mountpoint
                ? t('dashboard.diskOf', { mount: system.disk.mountpoint })
                : t('dashboard.disk')
            }
            pct={system.disk.usedPct}
            detail={t('dashboard.usedOf', {
              used: formatBytes(system.disk.used),
              total: formatBytes(system.disk.total),
            })}
            to={linkOf('disk')}
          />
        )}
      </div>
    </Card>
  );
}
