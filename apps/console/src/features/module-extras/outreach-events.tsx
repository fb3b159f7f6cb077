import { ReloadOutlined } from '@ant-design/icons';
import { outreachCalls, resourceCalls } from '@igs/contract/calls';
import { type Occupancy, type OutreachEvent, SystemServicePaths } from '@igs/contract/extras';
import { resourceByName } from '@igs/contract/resources';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { toast } from '../../app/feedback.ts';
import { registerTexts, type Texts, useLanguage, useT } from '../../i18n/index.ts';
import { call, callEnvelope } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import { useTabPolling } from '../keep-alive/active-tab.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';

/**
 * The live side of system/ExternalInterface (DOMAIN 2.9), mounted below the generic record page
 * of `system/outreach`: each interface's link state with its `test` and `resync` verbs, the rooms
 * and beds as the PMS/HIS last reported them, and the event log. Refreshes every 5 s while shown.
 * Mount: `<OutreachEvents />` (no props).
 */

const texts: Texts = {
  'outreach.links': { en: 'Links', zh_CN: '接口连接' },
  'outreach.rooms': { en: 'Rooms and beds', zh_CN: '房间与床位' },
  'outreach.events': { en: 'Event log', zh_CN: '事件日志' },
  'outreach.refresh': { en: 'Refresh', zh_CN: '刷新' },
  'outreach.test': { en: 'Test', zh_CN: '测试' },
  'outreach.resync': { en: 'Resync', zh_CN: '重新同步' },
  'outreach.link.connected': { en: 'Connected', zh_CN: '已连接' },
  'outreach.link.linked': { en: 'Linked', zh_CN: '已链接' },
  'outreach.link.down': { en: 'Down', zh_CN: '断开' },
  'outreach.link.inbound': { en: 'Inbound (HIS posts)', zh_CN: '接收（HIS推送）' },
  'outreach.col.name': { en: 'Interface', zh_CN: '接口' },
  'outreach.col.type': { en: 'Type', zh_CN: '类型' },
  'outreach.col.address': { en: 'PMS address', zh_CN: 'PMS地址' },
  'outreach.col.state': { en: 'Link', zh_CN: '连接' },
  'outreach.col.time': { en: 'Time', zh_CN: '时间' },
  'outreach.col.record': { en: 'Record', zh_CN: '记录' },
  'outreach.col.room': { en: 'Room / bed', zh_CN: '房间/床位' },
  'outreach.col.guest': { en: 'Guest / patient', zh_CN: '住客/患者' },
  'outreach.col.result': { en: 'Result', zh_CN: '结果' },
  'outreach.col.detail': { en: 'Detail', zh_CN: '详情' },
  'outreach.col.area': { en: 'Area', zh_CN: '区域' },
  'outreach.col.occupancy': { en: 'State', zh_CN: '状态' },
  'outreach.col.stay': { en: 'Stay', zh_CN: '入住期间' },
  'outreach.col.updated': { en: 'Updated', zh_CN: '更新时间' },
  'outreach.occupied': { en: 'Occupied', zh_CN: '在住' },
  'outreach.vacant': { en: 'Vacant', zh_CN: '空闲' },
  'outreach.result.ok': { en: 'OK', zh_CN: '成功' },
  'outreach.result.partial': { en: 'Partly done', zh_CN: '部分完成' },
  'outreach.result.failed': { en: 'Failed', zh_CN: '失败' },
  'outreach.result.skipped': { en: 'Skipped', zh_CN: '已跳过' },
  'outreach.allRecords': { en: 'All records', zh_CN: '全部记录' },
  'outreach.allResults': { en: 'All results', zh_CN: '全部结果' },
  'outreach.total': { en: '{{n}} entries', zh_CN: '共 {{n}} 条' },
  'outreach.hisHint': {
    en: 'The HIS posts to {{path}} with "Authorization: Bearer <token>".',
    zh_CN: 'HIS 以 “Authorization: Bearer <令牌>” 向 {{path}} 推送事件。',
  },
};
registerTexts(texts);

const PATH = SystemServicePaths.outreach;
const REFRESH_MS = 5000;
const LINK_COLOR: Record<string, string> = { linked: 'green', connected: 'gold', down: 'red' };
const RESULT_COLOR: Record<OutreachEvent['result'], string> = {
  ok: 'green',
  partial: 'gold',
  failed: 'red',
  skipped: 'default',
};

/** A row of the external interfaces' list, read by its schema (the list's reply is generic records). */
const InterfaceRow = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  host: z.string().nullable(),
  port: z.number().nullable(),
  enabled: z.number(),
  link_state: z.string().nullable(),
});
type InterfaceRow = z.infer<typeof InterfaceRow>;
const InterfaceRows = z.array(InterfaceRow);

/** The link types' words, as the external interface list names them. */
const outreachType = resourceByName('system:outreach')?.fields.find((f) => f.name === 'type');

function Links({ refreshMs }: { refreshMs: number | false }) {
  const t = useT();
  const lang = useLanguage();
  const client = useQueryClient();
  const canTest = useHasButton('system:outreach:test');
  const canResync = useHasButton('system:outreach:resync');
  const [busy, setBusy] = useState<string | null>(null);
  const { data, isFetching, refetch } = useScopedQuery({
    queryKey: ['outreach', 'links'],
    queryFn: ({ sites }) =>
      call(resourceCalls(PATH).list, { limit: 200 }, { loading: false, sites }).then((r) => ({
        list: InterfaceRows.parse(r.list),
      })),
    refetchInterval: refreshMs,
  });
  const verb = async (row: InterfaceRow, method: 'test' | 'resync') => {
    setBusy(`${row.id}:${method}`);
    try {
      const r = await callEnvelope(outreachCalls[method], { id: row.id });
      toast.success(r.msg);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: ['outreach'] });
    }
  };
  return (
    <Card
      size="small"
      title={t('outreach.links')}
      extra={
        <Button size="small" icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()} />
      }
    >
      <Table<InterfaceRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data?.list ?? []}
        columns={[
          { title: t('outreach.col.name'), dataIndex: 'name' },
          {
            title: t('outreach.col.type'),
            dataIndex: 'type',
            width: 120,
            // The link's protocol by the words the description gives it, never its code.
            render: (type: string) => outreachType?.optionLabels?.[type]?.[lang] ?? type,
          },
          {
            title: t('outreach.col.address'),
            key: 'address',
            render: (_: unknown, r) => (r.type === 'fias' && r.host ? `${r.host}:${r.port ?? ''}` : '—'),
          },
          {
            title: t('outreach.col.state'),
            dataIndex: 'link_state',
            width: 160,
            render: (_: unknown, r) =>
              r.type === 'his_http' ? (
                <Tooltip title={t('outreach.hisHint', { path: SystemServicePaths.hisEvent })}>
                  <Tag>{t('outreach.link.inbound')}</Tag>
                </Tooltip>
              ) : (
                <Tag color={LINK_COLOR[r.link_state ?? 'down']}>
                  {t(`outreach.link.${r.link_state ?? 'down'}`)}
                </Tag>
              ),
          },
          {
            title: '',
            key: 'verbs',
            width: 180,
            render: (_: unknown, r) => (
              <Space size={4}>
                {canTest && (
                  <Button
                    size="small"
                    type="link"
                    loading={busy === `${r.id}:test`}
                    onClick={() => void verb(r, 'test')}
                  >
                    {t('outreach.test')}
                  </Button>
                )}
                {canResync && r.type === 'fias' && r.enabled === 1 && (
                  <Button
                    size="small"
                    type="link"
                    disabled={r.link_state === 'down'}
                    loading={busy === `${r.id}:resync`}
                    onClick={() => void verb(r, 'resync')}
                  >
                    {t('outreach.resync')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Rooms({ refreshMs }: { refreshMs: number | false }) {
  const t = useT();
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const { data, isFetching } = useScopedQuery({
    queryKey: ['outreach', 'occupancy', page],
    queryFn: ({ sites }) => call(outreachCalls.occupancy, page, { loading: false, sites }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
  return (
    <Card size="small" title={t('outreach.rooms')} style={{ marginTop: 16 }}>
      <Table<Occupancy>
        rowKey="area_id"
        size="small"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        columns={[
          { title: t('outreach.col.room'), dataIndex: 'code', width: 110 },
          { title: t('outreach.col.area'), dataIndex: 'area_name', width: 140 },
          {
            title: t('outreach.col.occupancy'),
            dataIndex: 'state',
            width: 90,
            render: (s: Occupancy['state']) => (
              <Tag color={s === 'occupied' ? 'blue' : 'default'}>{t(`outreach.${s}`)}</Tag>
            ),
          },
          { title: t('outreach.col.guest'), dataIndex: 'guest_name' },
          {
            title: t('outreach.col.stay'),
            key: 'stay',
            render: (_: unknown, r) => [r.arrival, r.departure].filter(Boolean).join(' → ') || '—',
          },
          { title: t('outreach.col.updated'), dataIndex: 'updated_at', width: 170 },
        ]}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: data?.total ?? 0,
          showTotal: (n) => t('outreach.total', { n }),
          onChange: (p, limit) => setPage({ page: p, limit }),
        }}
      />
    </Card>
  );
}

function Events({ refreshMs }: { refreshMs: number | false }) {
  const t = useT();
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [record, setRecord] = useState<string | undefined>();
  const [result, setResult] = useState<OutreachEvent['result'] | undefined>();
  const filter = { ...(record ? { record } : {}), ...(result ? { result } : {}) };
  const { data, isFetching } = useScopedQuery({
    queryKey: ['outreach', 'events', page, filter],
    queryFn: ({ sites }) => call(outreachCalls.events, { ...page, filter }, { loading: false, sites }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
  return (
    <Card
      size="small"
      title={t('outreach.events')}
      style={{ marginTop: 16 }}
      extra={
        <Space>
          <Select
            allowClear
            size="small"
            style={{ width: 130 }}
            placeholder={t('outreach.allRecords')}
            value={record}
            onChange={(v) => {
              setRecord(v);
              setPage((p) => ({ ...p, page: 1 }));
            }}
            options={['GI', 'GO', 'GC', 'DR', 'admit', 'discharge', 'transfer'].map((v) => ({
              value: v,
              label: v,
            }))}
          />
          <Select
            allowClear
            size="small"
            style={{ width: 130 }}
            placeholder={t('outreach.allResults')}
            value={result}
            onChange={(v) => {
              setResult(v);
              setPage((p) => ({ ...p, page: 1 }));
            }}
            options={(['ok', 'partial', 'failed', 'skipped'] as const).map((v) => ({
              value: v,
              label: t(`outreach.result.${v}`),
            }))}
          />
        </Space>
      }
    >
      <Table<OutreachEvent>
        rowKey="id"
        size="small"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        columns={[
          { title: t('outreach.col.time'), dataIndex: 'time', width: 170 },
          { title: t('outreach.col.name'), dataIndex: 'interface_name', width: 130 },
          { title: t('outreach.col.record'), dataIndex: 'record', width: 90 },
          { title: t('outreach.col.room'), dataIndex: 'room', width: 110 },
          { title: t('outreach.col.guest'), dataIndex: 'guest', width: 140 },
          {
            title: t('outreach.col.result'),
            dataIndex: 'result',
            width: 100,
            render: (r: OutreachEvent['result']) => (
              <Tag color={RESULT_COLOR[r]}>{t(`outreach.result.${r}`)}</Tag>
            ),
          },
          {
            title: t('outreach.col.detail'),
            dataIndex: 'detail',
            ellipsis: { showTitle: false },
            render: (d: string) => (
              <Tooltip title={d} placement="topLeft">
                <Typography.Text>{d}</Typography.Text>
              </Tooltip>
            ),
          },
        ]}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: data?.total ?? 0,
          showTotal: (n) => t('outreach.total', { n }),
          onChange: (p, limit) => setPage({ page: p, limit }),
        }}
      />
    </Card>
  );
}

export function OutreachEvents() {
  const refreshMs = useTabPolling(REFRESH_MS);
  return (
    <div className="outreach-events" style={{ marginTop: 16 }}>
      <Links refreshMs={refreshMs} />
      <Rooms refreshMs={refreshMs} />
      <Events refreshMs={refreshMs} />
    </div>
  );
}
