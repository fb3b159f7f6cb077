import { Card, Col, Row, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/index.ts';
import './dashboard-texts.ts';
import type { DashboardTrends } from './home-data.ts';
import { TrendChart } from './trend-chart.tsx';
import { type ChartTheme, callsOption, onlineOption, type TrendTexts } from './trend-options.ts';

function useChartTheme(): ChartTheme {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      text: token.colorText,
      secondaryText: token.colorTextSecondary,
      split: token.colorSplit,
      primary: token.colorPrimary,
      success: token.colorSuccess,
      warning: token.colorWarning,
      neutral: token.colorTextQuaternary,
    }),
    [token],
  );
}

function Title({ text, to }: { text: string; to: string | undefined }) {
  return to ? <Link to={to}>{text}</Link> : text;
}

/**
 * The 7-day trends the server sent (only those of pages the role holds): calls per day from the
 * call records, terminals online per day from the daily samples. One trend takes the whole row.
 */
export function Trends({
  trends,
  linkOf,
}: {
  trends: DashboardTrends;
  linkOf: (key: string) => string | undefined;
}) {
  const t = useT();
  const chartTheme = useChartTheme();
  const tx = useMemo<TrendTexts>(
    () => ({
      answered: t('dashboard.trend.answered'),
      missed: t('dashboard.trend.missed'),
      other: t('dashboard.trend.otherOutcome'),
      online: t('dashboard.trend.terminalsSeries'),
      notSampled: t('dashboard.trend.notSampled'),
    }),
    [t],
  );
  const { calls, terminalsOnline } = trends;
  const calls7 = useMemo(() => calls && callsOption(calls, tx, chartTheme), [calls, chartTheme, tx]);
  const online7 = useMemo(
    () => terminalsOnline && onlineOption(terminalsOnline, tx, chartTheme),
    [terminalsOnline, chartTheme, tx],
  );
  const charts = [calls && 'calls', terminalsOnline && 'online'].filter(Boolean);
  if (charts.length === 0) return null;
  const span = charts.length === 1 ? 24 : 12;
  const neverSampled = terminalsOnline?.every((d) => d.value === null);
  // Days before the first sample have no figure: say since when there is one.
  const firstSampled = terminalsOnline?.findIndex((d) => d.value !== null) ?? -1;
  const sampledSince = firstSampled > 0 ? terminalsOnline![firstSampled]!.date : undefined;

  return (
    <section className="dash-section" aria-label={t('dashboard.trends')}>
      <h3 className="dash-section__title">{t('dashboard.trends')}</h3>
      <Row gutter={[12, 12]}>
        {calls7 && (
          <Col xs={24} xl={span}>
            <Card
              size="small"
              className="dash-trend"
              data-trend="calls"
              title={<Title text={t('dashboard.trend.calls')} to={linkOf('trend_calls')} />}
              extra={<Typography.Text type="secondary">{t('dashboard.trend.callsSource')}</Typography.Text>}
            >
              <TrendChart option={calls7} label={t('dashboard.trend.calls')} />
            </Card>
          </Col>
        )}
        {online7 && (
          <Col xs={24} xl={span}>
            <Card
              size="small"
              className="dash-trend"
              data-trend="terminals_online"
              title={
                <Title text={t('dashboard.trend.terminalsOnline')} to={linkOf('trend_terminals_online')} />
              }
              extra={
                <Typography.Text type="secondary" className="dash-section__hint">
                  {t('dashboard.trend.terminalsSource')}
                </Typography.Text>
              }
            >
              {neverSampled ? (
                <Typography.Paragraph type="secondary" className="dash-chart__empty">
                  {t('dashboard.trend.noneSampled')}
                </Typography.Paragraph>
              ) : (
                <>
                  <TrendChart option={online7} label={t('dashboard.trend.terminalsOnline')} />
                  {sampledSince && (
                    <Typography.Text type="secondary" className="dash-section__hint">
                      {t('dashboard.trend.sampledSince', { date: sampledSince })}
                    </Typography.Text>
                  )}
                </>
              )}
            </Card>
          </Col>
        )}
      </Row>
    </section>
  );
}
