import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { type ServerLogFile, serverLogCalls } from '@igs/contract/calls';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Collapse, Input, InputNumber, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../../app/feedback.ts';
import { useScopedQuery } from '../../../features/sites/scoped-query.ts';
import { registerTexts, type Texts, useT } from '../../../i18n/index.ts';
import { call } from '../../../request/call.ts';
import { useHasButton } from '../../../stores/permission.ts';
import { formatBytes } from '../../../utils/number.ts';

/**
 * The server's own daily log files (`${DATA_DIR}/logs/server-YYYY-MM-DD.log`) under log
 * management: list, read the tail or page through with filters, download, set the days kept.
 * Nothing is fetched until the section is opened.
 */

const texts: Texts = {
  'srvlog.title': { en: 'Server logs', zh_CN: '服务器日志' },
  'srvlog.files': { en: 'Daily files', zh_CN: '按日文件' },
  'srvlog.date': { en: 'Day', zh_CN: '日期' },
  'srvlog.size': { en: 'Size', zh_CN: '大小' },
  'srvlog.modified': { en: 'Last written', zh_CN: '最后写入' },
  'srvlog.view': { en: 'View', zh_CN: '查看' },
  'srvlog.download': { en: 'Download', zh_CN: '下载' },
  'srvlog.keepDays': { en: 'Days kept', zh_CN: '保留天数' },
  'srvlog.save': { en: 'Save', zh_CN: '保存' },
  'srvlog.saved': { en: 'Saved; {{n}} older file(s) deleted', zh_CN: '已保存；删除了 {{n}} 个过期文件' },
  'srvlog.noFiles': { en: 'No server log files yet', zh_CN: '暂无服务器日志文件' },
  'srvlog.tail': { en: 'Last lines', zh_CN: '最新行' },
  'srvlog.pages': { en: 'Browse', zh_CN: '分页浏览' },
  'srvlog.lines': { en: 'Lines', zh_CN: '行数' },
  'srvlog.keyword': { en: 'Keyword', zh_CN: '关键字' },
  'srvlog.level': { en: 'Lowest level', zh_CN: '最低级别' },
  'srvlog.order.desc': { en: 'Newest first', zh_CN: '最新在前' },
  'srvlog.order.asc': { en: 'Oldest first', zh_CN: '最早在前' },
  'srvlog.refresh': { en: 'Refresh', zh_CN: '刷新' },
  'srvlog.no': { en: 'Line', zh_CN: '行号' },
  'srvlog.levelCol': { en: 'Level', zh_CN: '级别' },
  'srvlog.time': { en: 'Time', zh_CN: '时间' },
  'srvlog.msg': { en: 'Message', zh_CN: '消息' },
  'srvlog.detail': { en: 'Detail', zh_CN: '详情' },
  'srvlog.total': { en: '{{n}} lines', zh_CN: '共 {{n}} 行' },
  'srvlog.pick': { en: 'Pick a day to read its log', zh_CN: '请选择要查看的日期' },
};
registerTexts(texts);

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const LEVEL_COLORS: Record<string, string> = {
  trace: 'default',
  debug: 'default',
  info: 'blue',
  warn: 'orange',
  error: 'red',
  fatal: 'magenta',
};

export interface ParsedLine {
  time: string;
  level: string;
  msg: string;
  /** The remaining fields of a pino line, as JSON; the raw text for a line that is not JSON. */
  detail: string;
}

/** A pino JSON line as time, level, message and the rest; other text is kept as it is. */
export function parseLogLine(text: string): ParsedLine {
  try {
    const o = JSON.parse(text) as Record<string, unknown>;
    if (!o || typeof o !== 'object' || Array.isArray(o)) throw new Error('not an object');
    const { time, level, msg, pid: _pid, hostname: _host, ...rest } = o;
    const d = typeof time === 'number' ? new Date(time) : null;
    const p = (n: number) => String(n).padStart(2, '0');
    return {
      time: d
        ? `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`
        : '',
      level:
        typeof level === 'number'
          ? (LEVEL_NAMES[level] ?? String(level))
          : typeof level === 'string'
            ? level
            : '',
      msg: typeof msg === 'string' ? msg : '',
      detail: Object.keys(rest).length ? JSON.stringify(rest) : '',
    };
  } catch {
    return { time: '', level: '', msg: '', detail: text };
  }
}

function LogViewer({ date }: { date: string }) {
  const t = useT();
  const [mode, setMode] = useState<'tail' | 'page'>('tail');
  const [lines, setLines] = useState(200);
  const [keyword, setKeyword] = useState('');
  const [level, setLevel] = useState<string>();
  const [order, setOrder] = useState<'desc' | 'asc'>('desc');
  const [page, setPage] = useState({ page: 1, limit: 100 });
  const body =
    mode === 'tail' ? { date, mode, lines } : { date, mode, keyword, level: level ?? '', order, ...page };
  const { data, isFetching, refetch } = useScopedQuery({
    queryKey: ['system', 'logging', 'server_log', body],
    queryFn: ({ sites }) => call(serverLogCalls.lines, body, { loading: false, sites }),
    placeholderData: keepPreviousData,
  });
  const rows = (data?.lines ?? []).map((l, i) => ({
    key: `${l.n ?? 'e'}:${i}`,
    n: l.n,
    ...parseLogLine(l.text),
  }));
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{date}</Typography.Text>
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'tail' | 'page')}
          options={[
            { value: 'tail', label: t('srvlog.tail') },
            { value: 'page', label: t('srvlog.pages') },
          ]}
        />
        {mode === 'tail' ? (
          <Space>
            {t('srvlog.lines')}
            <InputNumber min={1} max={2000} value={lines} onChange={(v) => setLines(Number(v ?? 200))} />
          </Space>
        ) : (
          <>
            <Input.Search
              allowClear
              placeholder={t('srvlog.keyword')}
              style={{ width: 200 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage((p) => ({ ...p, page: 1 }));
              }}
            />
            <Select
              allowClear
              placeholder={t('srvlog.level')}
              style={{ width: 130 }}
              value={level}
              onChange={(v) => {
                setLevel(v);
                setPage((p) => ({ ...p, page: 1 }));
              }}
              options={['debug', 'info', 'warn', 'error', 'fatal'].map((v) => ({ value: v, label: v }))}
            />
            <Select
              style={{ width: 130 }}
              value={order}
              onChange={setOrder}
              options={[
                { value: 'desc', label: t('srvlog.order.desc') },
                { value: 'asc', label: t('srvlog.order.asc') },
              ]}
            />
          </>
        )}
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          {t('srvlog.refresh')}
        </Button>
      </Space>
      <Table
        size="small"
        rowKey="key"
        loading={isFetching}
        dataSource={rows}
        scroll={{ x: 900 }}
        columns={[
          { title: t('srvlog.no'), dataIndex: 'n', width: 70, render: (n: number | null) => n ?? '' },
          { title: t('srvlog.time'), dataIndex: 'time', width: 110 },
          {
            title: t('srvlog.levelCol'),
            dataIndex: 'level',
            width: 80,
            render: (l: string) => (l ? <Tag color={LEVEL_COLORS[l] ?? 'default'}>{l}</Tag> : null),
          },
          { title: t('srvlog.msg'), dataIndex: 'msg', width: 320 },
          {
            title: t('srvlog.detail'),
            dataIndex: 'detail',
            render: (d: string) => (
              <Typography.Text code style={{ wordBreak: 'break-all', fontSize: 12 }}>
                {d}
              </Typography.Text>
            ),
          },
        ]}
        pagination={
          mode === 'page'
            ? {
                current: page.page,
                pageSize: page.limit,
                total: data?.mode === 'page' ? data.total : 0,
                showSizeChanger: true,
                pageSizeOptions: [50, 100, 200, 500],
                showTotal: (n) => t('srvlog.total', { n }),
                onChange: (p, limit) => setPage({ page: p, limit }),
              }
            : false
        }
      />
    </div>
  );
}

function ServerLogsPanel() {
  const t = useT();
  const canExport = useHasButton('system:logging:export');
  const canEdit = useHasButton('system:logging:edit');
  const [date, setDate] = useState<string>();
  const [keep, setKeep] = useState<number | null>(null);
  const { data, isFetching, refetch } = useScopedQuery({
    queryKey: ['system', 'logging', 'server_logs'],
    queryFn: ({ sites }) => call(serverLogCalls.files, {}, { loading: false, sites }),
  });
  useEffect(() => {
    if (data && keep === null) setKeep(data.keep_days);
    if (data && !date && data.list[0]) setDate(data.list[0].date);
  }, [data, keep, date]);

  const download = async (day: string) => {
    const r = await call(serverLogCalls.download, { date: day });
    window.open(r.url, '_blank');
  };
  const saveKeep = async () => {
    const r = await call(serverLogCalls.config_form, { keep_days: keep });
    toast.success(t('srvlog.saved', { n: r.removed.length }));
    await refetch();
  };

  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('srvlog.files')}</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          {t('srvlog.refresh')}
        </Button>
        <span>{t('srvlog.keepDays')}</span>
        <InputNumber
          size="small"
          min={1}
          max={365}
          value={keep}
          disabled={!canEdit}
          onChange={(v) => setKeep(v === null ? null : Number(v))}
        />
        {canEdit && (
          <Button size="small" onClick={() => void saveKeep().catch(() => {})} disabled={keep === null}>
            {t('srvlog.save')}
          </Button>
        )}
      </Space>
      <Table<ServerLogFile>
        size="small"
        rowKey="date"
        dataSource={data?.list ?? []}
        pagination={{ pageSize: 7, hideOnSinglePage: true }}
        locale={{ emptyText: t('srvlog.noFiles') }}
        rowClassName={(r) => (r.date === date ? 'ant-table-row-selected' : '')}
        columns={[
          { title: t('srvlog.date'), dataIndex: 'date', width: 130 },
          { title: t('srvlog.size'), dataIndex: 'size', width: 110, render: (v: number) => formatBytes(v) },
          {
            title: t('srvlog.modified'),
            dataIndex: 'modified_at',
            width: 190,
            render: (v: number) => new Date(v).toLocaleString(),
          },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, r) => (
              <Space>
                <Button size="small" type="link" onClick={() => setDate(r.date)}>
                  {t('srvlog.view')}
                </Button>
                {canExport && (
                  <Button
                    size="small"
                    type="link"
                    icon={<DownloadOutlined />}
                    onClick={() => void download(r.date).catch(() => {})}
                  >
                    {t('srvlog.download')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {date ? (
        <LogViewer key={date} date={date} />
      ) : (
        <Typography.Text type="secondary">{t('srvlog.pick')}</Typography.Text>
      )}
    </div>
  );
}

/** A closed section under the operation log; opening it loads the files. */
export function ServerLogs() {
  const t = useT();
  return (
    <Collapse
      style={{ marginTop: 16 }}
      items={[{ key: 'server-logs', label: t('srvlog.title'), children: <ServerLogsPanel /> }]}
    />
  );
}
