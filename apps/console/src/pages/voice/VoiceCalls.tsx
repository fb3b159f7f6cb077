import { PhoneOutlined } from '@ant-design/icons';
import { type ActiveCall, voiceCallCalls } from '@igs/contract/calls';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Modal,
  Progress,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useIsActiveTab } from '../../features/keep-alive/active-tab.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import { answerRate, CALLS_REFRESH_MS, dayBars, formatDuration, isDialable } from './calls-data.ts';
import './calls-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

const DIRECTION_COLOR = { internal: 'blue', inbound: 'green', outbound: 'purple' } as const;

function StatsCards() {
  const t = useT();
  const { data } = useScopedQuery({
    queryKey: ['voice', 'calls', 'stats'],
    queryFn: ({ sites }) => call(voiceCallCalls.stats, {}, { loading: false, sites }),
  });
  if (!data) return null;
  const rate = answerRate(data.today);
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('vcall.today')} value={data.today.total} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('vcall.answered')}
              value={data.today.answered}
              suffix={rate === null ? '' : `(${rate}%)`}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('vcall.missed')} value={data.today.missed} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('vcall.avg')} value={formatDuration(data.today.avg_billsec)} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('vcall.week')} extra={t('vcall.fromCdr')} style={{ marginTop: 16 }}>
        {dayBars(data.days).map((d) => (
          <Row key={d.date} gutter={8} align="middle" data-testid="day-bar">
            <Col flex="96px">{d.date.slice(5)}</Col>
            <Col flex="auto">
              <Progress percent={d.pct} showInfo={false} size="small" />
            </Col>
            <Col flex="120px">
              {d.total} / {t('vcall.answered')} {d.answered}
            </Col>
          </Row>
        ))}
      </Card>
    </>
  );
}

function NumberModal({
  title,
  fields,
  onSubmit,
  onClose,
}: {
  title: string;
  fields: { name: string; label: string; digitsOnly?: boolean }[];
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<Record<string, string>>();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields();
        await onSubmit(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v).trim()])));
        onClose();
      }}
    >
      <Form form={form} layout="vertical">
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            rules={[
              {
                validator: (_, v: string | undefined) =>
                  v && (f.digitsOnly ? /^\d{1,16}$/.test(v.trim()) : isDialable(v))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('vcall.numberInvalid'))),
              },
            ]}
          >
            <Input />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** voice/VoiceCalls (DOMAIN 2.2): calls in progress from Asterisk, and the day's figures from the CDR. */
export default function VoiceCalls() {
  const t = useT();
  const active = useIsActiveTab();
  const client = useQueryClient();
  const canHangup = useHasButton('voice:calls:hangup');
  const canOriginate = useHasButton('voice:calls:originate');
  const canTransfer = useHasButton('voice:calls:transfer');
  const [direction, setDirection] = useState<ActiveCall['direction'] | undefined>();
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [dialog, setDialog] = useState<{ kind: 'originate' } | { kind: 'transfer'; channel: string } | null>(
    null,
  );

  const calls = useScopedQuery({
    queryKey: ['voice', 'calls', 'list', direction, page],
    queryFn: ({ sites }) =>
      call(
        voiceCallCalls.list,
        { ...page, filter: direction ? { direction } : {} },
        { loading: false, sites },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (active && q.state.data?.live !== false ? CALLS_REFRESH_MS : false),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['voice', 'calls'] });
  const verb = async (done: Promise<unknown>) => {
    await done;
    toast.success(t('vcall.done'));
    refresh();
  };

  const data = calls.data;
  const columns = [
    { title: t('vcall.caller'), dataIndex: 'caller', width: 140 },
    { title: t('vcall.callee'), dataIndex: 'callee', width: 140 },
    { title: t('vcall.state'), dataIndex: 'state', width: 90 },
    {
      title: t('vcall.direction'),
      dataIndex: 'direction',
      width: 100,
      render: (d: ActiveCall['direction']) => <Tag color={DIRECTION_COLOR[d]}>{t(`vcall.dir.${d}`)}</Tag>,
    },
    { title: t('vcall.trunk'), dataIndex: 'trunk', width: 120 },
    { title: t('vcall.started'), dataIndex: 'started_at', width: 170 },
    {
      title: t('vcall.duration'),
      dataIndex: 'duration',
      width: 90,
      render: (s: number) => formatDuration(s),
    },
    { title: t('vcall.channel'), dataIndex: 'channel', ellipsis: true },
    ...(canHangup || canTransfer
      ? [
          {
            title: t('vcall.actions'),
            key: 'actions',
            width: 150,
            render: (_: unknown, c: ActiveCall) => (
              <Space size={0}>
                {canHangup && (
                  <Button
                    type="link"
                    danger
                    size="small"
                    onClick={() =>
                      Modal.confirm({
                        title: t('vcall.hangup'),
                        content: t('vcall.hangupConfirm', { channel: c.channel }),
                        onOk: () => verb(call(voiceCallCalls.hangup, { channel: c.channel })),
                      })
                    }
                  >
                    {t('vcall.hangup')}
                  </Button>
                )}
                {canTransfer && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDialog({ kind: 'transfer', channel: c.channel })}
                  >
                    {t('vcall.transfer')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="voice-calls">
      <StatsCards />
      <Card
        size="small"
        title={t('vcall.active')}
        style={{ marginTop: 16 }}
        extra={
          <Space>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('vcall.allDirections')}
              value={direction}
              onChange={(v) => {
                setDirection(v);
                setPage((p) => ({ ...p, page: 1 }));
              }}
              options={(['internal', 'inbound', 'outbound'] as const).map((d) => ({
                value: d,
                label: t(`vcall.dir.${d}`),
              }))}
            />
            {canOriginate && (
              <Button icon={<PhoneOutlined />} onClick={() => setDialog({ kind: 'originate' })}>
                {t('vcall.originate')}
              </Button>
            )}
          </Space>
        }
      >
        {data && !data.live ? (
          <Empty description={data.reason} data-testid="calls-not-live" />
        ) : (
          <Table<ActiveCall>
            rowKey="channel"
            size="small"
            loading={!data}
            columns={columns}
            dataSource={data?.list ?? []}
            locale={{ emptyText: t('vcall.none') }}
            pagination={{
              current: page.page,
              pageSize: page.limit,
              total: data?.total ?? 0,
              onChange: (p, limit) => setPage({ page: p, limit }),
            }}
          />
        )}
      </Card>
      {dialog?.kind === 'originate' && (
        <NumberModal
          title={t('vcall.originate')}
          fields={[
            { name: 'from_ext', label: t('vcall.fromExt'), digitsOnly: true },
            { name: 'to_number', label: t('vcall.toNumber') },
          ]}
          onSubmit={(v) =>
            verb(call(voiceCallCalls.originate, { from_ext: v.from_ext ?? '', to_number: v.to_number ?? '' }))
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'transfer' && (
        <NumberModal
          title={`${t('vcall.transfer')} ${dialog.channel}`}
          fields={[{ name: 'to', label: t('vcall.transferTo') }]}
          onSubmit={(v) => verb(call(voiceCallCalls.transfer, { channel: dialog.channel, to: v.to ?? '' }))}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
