import { Card, Col, Progress, Row, Statistic } from 'antd';
import { i18n, useT } from '../../i18n/index.ts';
import { thousands } from '../../utils/number.ts';
import { type DashboardCard, humanise, percent } from './home-data.ts';

/** One business area's figures: a card per figure, with its share when it has a total. */
export function AreaCards({ area, cards }: { area: string; cards: DashboardCard[] }) {
  const t = useT();
  const label = (key: string) => (i18n.exists(key) ? t(key) : undefined);
  return (
    <section className="dashboard-area">
      <h3>{label(`dashboard.area.${area}`) ?? humanise(area)}</h3>
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} xs={24} sm={12} lg={8} xl={6}>
            <Card size="small" data-card={c.key}>
              <Statistic
                title={label(`dashboard.card.${c.key}`) ?? humanise(c.key)}
                value={c.value}
                formatter={(v) => thousands(Number(v))}
                suffix={c.total === undefined ? undefined : `/ ${thousands(c.total)}`}
              />
              {c.total !== undefined && c.total > 0 && (
                <Progress percent={percent(c.value, c.total)} size="small" showInfo={false} />
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
