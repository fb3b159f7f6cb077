import { type TodayCall, type TodayState, voiceRecordCalls } from '@igs/contract/calls';
import { type FieldDef, type ResourceDef, resourceByName } from '@igs/contract/resources';
import { Card, Empty, Flex, Statistic, Table, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { i18n, useLanguage, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useTabPolling } from '../keep-alive/active-tab.ts';
import { resourceKeys } from '../resource/api.ts';
import { RefCell } from '../resource/cells.tsx';
import { enumLabel } from '../resource/columns.tsx';
import './record-views.css';
import './record-views-texts.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';

/**
 * Today's wake-up calls under their list (voice/WakeupService, issue 13 item 2): how many are
 * due, calling, done (answered) and failed, and each call of the day with its room, time and how
 * it stands, from the server's reading of the records (`stats`). A due call whose time has gone
 * says so: nothing placed it.
 */

const wakeup = resourceByName('voice:wakeup') as ResourceDef;
const field = (name: string) => wakeup.fields.find((f) => f.name === name) as FieldDef;

/** The tag colour of each standing, on the console's scheme (resource states). */
const TONE: Record<TodayState, string> = {
  due: 'warning',
  calling: 'processing',
  answered: 'success',
  failed: 'error',
  cancelled: 'default',
};

export function WakeupTodayView() {
  const t = useT();
  const lang = useLanguage();
  const { token } = theme.useToken();
  const ctx = { t, exists: (k: string) => i18n.exists(k), lang };
  // A call's time passes and its state changes while the page is open: read again each minute.
  const poll = useTabPolling(60_000);
  const { data } = useScopedQuery({
    queryKey: [...resourceKeys.all(wakeup.name), 'today'],
    queryFn: ({ sites }) => call(voiceRecordCalls.wakeupToday, {}, { loading: false, sites }),
    refetchInterval: poll,
  });

  const figure = (key: TodayState, color?: string) => (
    <Statistic
      title={t(`rv.wakeup.${key}`)}
      value={data ? data.counts[key] : '—'}
      styles={{ content: { color: data?.counts[key] ? color : undefined } }}
    />
  );
  const day = data ? dayjs(data.date) : null;

  return (
    <Card
      className="record-view wakeup-today"
      size="small"
      style={{ marginTop: 16 }}
      title={
        <Flex gap={8} wrap align="baseline">
          {t('rv.wakeup.title')}
          {day ? (
            <Typography.Text type="secondary">
              {lang === 'zh_CN' ? day.format('YYYY年M月D日 dddd') : day.format('dddd, D MMMM YYYY')}
            </Typography.Text>
          ) : null}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Flex className="wakeup-figures" wrap gap={32}>
          <Flex vertical>
            {figure('due', token.colorWarning)}
            {data?.passed ? (
              <Typography.Text type="danger">
                {t('rv.wakeup.passedCount', { n: data.passed })}
              </Typography.Text>
            ) : null}
          </Flex>
          {figure('calling', token.colorInfo)}
          {figure('answered', token.colorSuccess)}
          {figure('failed', token.colorError)}
          {figure('cancelled')}
        </Flex>
        {data && data.list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rv.wakeup.none')} />
        ) : (
          <Table<TodayCall>
            size="small"
            rowKey="id"
            loading={!data}
            dataSource={data?.list ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small' }}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'time', title: t('rv.wakeup.time'), dataIndex: 'time', width: 80 },
              {
                key: 'room',
                title: t('rv.wakeup.room'),
                dataIndex: 'room_ext',
                width: 220,
                render: (v: number | null) => (
                  <RefCell refName="voice:extension" value={v} owner={{ def: wakeup, field: 'room_ext' }} />
                ),
              },
              {
                key: 'today',
                title: t('rv.wakeup.today'),
                dataIndex: 'today',
                width: 260,
                render: (v: TodayState, row) => (
                  <Flex gap={4} wrap>
                    <Tag color={TONE[v]}>{t(`rv.wakeup.${v}`)}</Tag>
                    {row.passed ? <Tag color="error">{t('rv.wakeup.passed')}</Tag> : null}
                  </Flex>
                ),
              },
              {
                key: 'repeat',
                title: t('rv.wakeup.repeat'),
                dataIndex: 'repeat',
                width: 180,
                render: (v: string) => enumLabel(wakeup, field('repeat'), v, ctx),
              },
              {
                key: 'source',
                title: t('rv.wakeup.source'),
                dataIndex: 'source',
                render: (v: string | null) => (v ? enumLabel(wakeup, field('source'), v, ctx) : '—'),
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}
