import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { LogEntry } from '@igs/contract';
import { operationLogCalls } from '@igs/contract/calls';
import { keepPreviousData } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { prefetchForRoute, routePrefetchStaleTime } from '../../app/route-prefetch.ts';
import { RangePicker } from '../../features/date-pickers/lazy-pickers.tsx';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import './logs/operation-log-texts.ts';
import { scopedKey, useScopedQuery } from '../../features/sites/scoped-query.ts';
import type { PagePrefetch } from '../../router/page-registry.ts';
import {
  FIRST_LOG_PAGE,
  type LogFilters,
  type LogOrder,
  type LogPaging,
  type LogTab,
  logListInput,
  toFilter,
} from './logs/log-list-input.ts';
import { ServerLogs } from './logs/server-logs.tsx';

/** The page's list query: its key (before the sites) and its call, one place for the page and its route. */
function logList(tab: LogTab, query: ReturnType<typeof toFilter>, page: LogPaging, order: LogOrder) {
  return {
    queryKey: ['system', 'logging', tab, query, page, order] as const,
    queryFn: ({ sites }: { sites: string | null }) =>
      call(operationLogCalls.list, logListInput(query, page, order), { loading: false, sites }),
  };
}

/**
 * The list the page opens with (the operations tab, no filter, newest first), started by the route
 * on a page load before the page renders (router/page-prefetch.ts); the page mounts on it.
 */
export function prefetch(at: PagePrefetch): Promise<void> {
  const sites = at.sites;
  const { queryKey, queryFn } = logList('operations', toFilter('operations', {}), FIRST_LOG_PAGE, 'desc');
  return prefetchForRoute(at.client, scopedKey(queryKey, sites), () => queryFn({ sites }));
}

/** Everything a row keeps: the raw path, method, codes and client beside the words. */
export function EntryDetail({ row }: { row: LogEntry }) {
  const t = useT();
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('oplog.summary')}>{row.summary}</Descriptions.Item>
      <Descriptions.Item label={t('oplog.path')}>
        <code>
          {row.http_method} {row.path}
        </code>
      </Descriptions.Item>
      <Descriptions.Item label={t('oplog.codes')}>
        <code>
          {row.module} · {row.action} · {row.code}
        </code>
      </Descriptions.Item>
      {row.detail && <Descriptions.Item label={t('oplog.detail')}>{row.detail}</Descriptions.Item>}
      {row.user_agent && <Descriptions.Item label={t('oplog.userAgent')}>{row.user_agent}</Descriptions.Item>}
    </Descriptions>
  );
}

/** Log management: every change and every sign-in attempt, searchable, exportable. */
export default function OperationLog() {
  const t = useT();
  const [form] = Form.useForm<LogFilters>();
  const [tab, setTab] = useState<LogTab>('operations');
  const [filters, setFilters] = useState<LogFilters>({});
  const [page, setPage] = useState(FIRST_LOG_PAGE);
  const [order, setOrder] = useState<LogOrder>('desc');
  const canExport = useHasButton('system:logging:export');
  const canDelete = useHasButton('system:logging:del');
  const query = toFilter(tab, filters);

  const { data, isFetching, refetch } = useScopedQuery({
    ...logList(tab, query, page, order),
    placeholderData: keepPreviousData,
    staleTime: routePrefetchStaleTime,
  });

  const exportCsv = async () => {
    const r = await call(operationLogCalls.export, { ...query, order });
    window.open(r.url, '_blank');
  };

  const purge = () => {
    let days = 180;
    Modal.confirm({
      title: t('oplog.purge'),
      content: (
        <Space direction="vertical">
          {t('oplog.purgeDays')}
          <InputNumber min={1} max={3650} defaultValue={days} onChange={(v) => (days = Number(v ?? 180))} />
        </Space>
      ),
      onOk: async () => {
        const r = await call(operationLogCalls.del, { older_than_days: days });
        toast.success(t(r.deleted === 1 ? 'oplog.purgedOne' : 'oplog.purged', { n: r.deleted }));
        await refetch();
      },
    });
  };

  const columns = [
    {
      title: t('oplog.time'),
      dataIndex: 'time',
      width: 170,
      sorter: true,
      sortOrder: order === 'asc' ? ('ascend' as const) : ('descend' as const),
    },
    { title: t('oplog.username'), dataIndex: 'username', width: 120 },
    { title: t('oplog.ip'), dataIndex: 'ip', width: 130 },
    // The menu title and the action in words; the stored codes are in the expanded row.
    {
      title: t('oplog.module'),
      dataIndex: 'module_title',
      width: 180,
      render: (title: string, row: LogEntry) => (
        <Tooltip title={row.module}>
          <span>{title || row.module}</span>
        </Tooltip>
      ),
    },
    {
      title: t('oplog.action'),
      dataIndex: 'action_title',
      width: 150,
      render: (title: string, row: LogEntry) => title || row.action,
    },
    {
      title: t('oplog.result'),
      dataIndex: 'result',
      width: 90,
      render: (r: string) => <Tag color={r === 'success' ? 'green' : 'red'}>{t(`oplog.result.${r}`)}</Tag>,
    },
    { title: t('oplog.detail'), dataIndex: 'detail', ellipsis: true },
  ];

  return (
    <div className="operation-log">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as 'operations' | 'logins');
          setPage((p) => ({ ...p, page: 1 }));
        }}
        items={[
          { key: 'operations', label: t('oplog.tab.operations') },
          { key: 'logins', label: t('oplog.tab.logins') },
        ]}
      />
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => {
          setFilters(values);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="username" label={t('oplog.username')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        {tab === 'operations' && (
          <Form.Item name="module" label={t('oplog.module')}>
            <Input allowClear style={{ width: 160 }} placeholder="system:logging" />
          </Form.Item>
        )}
        <Form.Item name="result" label={t('oplog.result')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={[
              { value: 'success', label: t('oplog.result.success') },
              { value: 'fail', label: t('oplog.result.fail') },
            ]}
          />
        </Form.Item>
        <Form.Item name="ip" label={t('oplog.ip')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="time" label={t('oplog.time')}>
          <RangePicker />
        </Form.Item>
        <Form.Item name="keyword" label={t('oplog.keyword')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('oplog.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
              }}
            >
              {t('oplog.reset')}
            </Button>
            {canExport && (
              <Button icon={<DownloadOutlined />} onClick={() => void exportCsv().catch(() => {})}>
                {t('oplog.export')}
              </Button>
            )}
            {canDelete && (
              <Button danger icon={<DeleteOutlined />} onClick={purge}>
                {t('oplog.purge')}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      <Table<LogEntry>
        rowKey="id"
        size="small"
        loading={isFetching}
        columns={columns}
        dataSource={data?.list ?? []}
        expandable={{ expandedRowRender: (row) => <EntryDetail row={row} /> }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setOrder(s?.order === 'ascend' ? 'asc' : 'desc');
        }}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t(n === 1 ? 'oplog.totalOne' : 'oplog.total', { n }),
          onChange: (p, limit) => setPage({ page: p, limit }),
        }}
      />
      <ServerLogs />
    </div>
  );
}
