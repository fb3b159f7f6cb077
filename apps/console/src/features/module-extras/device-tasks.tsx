import { type DeviceTask, deviceCalls, type TaskDetail, verbCall } from '@igs/contract/calls';
import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { type Lang, useLanguage, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import { resourceKeys } from '../resource/api.ts';
import './record-views-texts.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';

/**
 * What was queued for a device, in its detail drawer (issue 13 item 2; DOMAIN 2.5 TerminalList's
 * tasks and faults sub-views, 2.4's command log): the latest tasks with how each ended, and for a
 * CPE the faults it answered, by CWMP fault code. From `history` on the device's endpoint; a role
 * the server refuses sees nothing of it.
 */

export type DeviceDomain = 'tr069' | 'ac';

const DEVICE: Record<DeviceDomain, ResourceDef> = {
  tr069: resourceByName('tr069:device') as ResourceDef,
  ac: resourceByName('ac:ap') as ResourceDef,
};

/** A CPE task's genieacs name → the verb of the device list that queues it (whose label it takes). */
const VERB_OF: Record<string, string> = {
  factoryReset: 'factory_reset',
  refreshObject: 'refresh',
  setParameterValues: 'set_params',
  getRPCMethods: 'get_rpc_methods',
};

/** Tasks no verb queues (the CPE's own reports): named by a text of their own. */
const OWN_LABEL: Record<string, string> = { autonomousTransfer: 'rv.tasks.autonomousTransfer' };

const TONE: Record<string, string> = {
  pending: 'warning',
  sent: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A task's name as the device list's action that queued it calls it. */
export function taskLabel(domain: DeviceDomain, name: string, lang: Lang, t: (k: string) => string): string {
  const verb = DEVICE[domain].verbs?.find((v) => v.name === (VERB_OF[name] ?? name));
  if (verb) return verb.label[lang];
  return OWN_LABEL[name] ? t(OWN_LABEL[name]) : t('rv.tasks.other');
}

/** A parameter path without its data model's root (`InternetGatewayDevice.`, `Device.`); whole in the tooltip. */
function ParamPath({ path }: { path: string }) {
  return (
    <Typography.Text code ellipsis={{ tooltip: path }} style={{ maxWidth: 260 }}>
      {path.replace(/^(InternetGatewayDevice|Device)\./, '')}
    </Typography.Text>
  );
}

function Detail({
  d,
  t,
}: {
  d: TaskDetail;
  t: (k: string, v?: Record<string, unknown>) => string;
}): ReactNode {
  const parts: ReactNode[] = [];
  for (const p of d.paths ?? [])
    parts.push(
      p ? <ParamPath key={`p${p}`} path={p} /> : <span key="all">{t('rv.tasks.allParameters')}</span>,
    );
  for (const [path, value] of d.values ?? [])
    parts.push(
      <span key={`v${path}`}>
        <ParamPath path={path} /> ={' '}
        {value === null ? <Typography.Text type="secondary">{t('rv.tasks.secret')}</Typography.Text> : value}
      </span>,
    );
  if (d.file) parts.push(<span key="f">{t('rv.tasks.file', { name: d.file })}</span>);
  if (d.version) parts.push(<span key="v">{t('rv.tasks.version', { v: d.version })}</span>);
  if (d.seconds) parts.push(<span key="s">{t('rv.tasks.seconds', { n: d.seconds })}</span>);
  if (d.methods)
    parts.push(
      <span key="m">
        {t('rv.tasks.methods')} {d.methods.join(', ')}
      </span>,
    );
  if (d.url)
    parts.push(
      <Typography.Text key="u" ellipsis={{ tooltip: d.url }} style={{ maxWidth: 320 }}>
        {d.url}
      </Typography.Text>,
    );
  if (d.transfer)
    parts.push(
      <Typography.Text key="t" type="secondary">
        {t(`rv.tasks.transfer.${d.transfer.result === 'sent' ? 'sent' : 'broken'}`, {
          bytes: d.transfer.bytes,
          result: d.transfer.result,
        })}
      </Typography.Text>,
    );
  if (d.wake)
    parts.push(
      <Typography.Text key="w" type="secondary">
        {d.wake.sent
          ? t('rv.tasks.woken')
          : t('rv.tasks.notWoken', { why: d.wake.reason ?? `HTTP ${d.wake.http_status ?? '?'}` })}
      </Typography.Text>,
    );
  return parts.length ? (
    <Flex vertical gap={2} style={{ maxWidth: 320 }}>
      {parts}
    </Flex>
  ) : (
    '—'
  );
}

/** When a task was queued and by whom, and when it ended. */
function Times({ row, t }: { row: DeviceTask; t: (k: string) => string }) {
  return (
    <Flex vertical gap={2} style={{ whiteSpace: 'nowrap' }}>
      <span>
        {row.created_at}
        {row.created_by ? <Typography.Text type="secondary"> · {row.created_by}</Typography.Text> : null}
      </span>
      {row.done_at ? (
        <Typography.Text type="secondary">
          {t('rv.tasks.done')} {row.done_at}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** A CWMP fault: its standard meaning where the code has one, with the device's own words. */
function Fault({ code, text, t }: { code: string; text: string; t: (k: string) => string }) {
  const key = `rv.fault.${code}`;
  const meaning = t(key) === key ? '' : t(key);
  return (
    <Flex vertical gap={2}>
      {code ? (
        <span>
          <Typography.Text code>{code}</Typography.Text> {meaning}
        </span>
      ) : null}
      {text ? <Typography.Text type="secondary">{text}</Typography.Text> : null}
    </Flex>
  );
}

/** Cancels one pending task of a CPE (the `cancel_tasks` verb, under its own button permission). */
function CancelTask({ id, task, t }: { id: number; task: number; t: (k: string) => string }) {
  const def = DEVICE.tr069;
  const verb = def.verbs?.find((v) => v.name === 'cancel_tasks');
  const client = useQueryClient();
  if (!verb) return null;
  return (
    <Popconfirm
      title={t('rv.tasks.cancelAsk')}
      onConfirm={async () => {
        await call(verbCall(def.endpoint, verb), { id, task_id: task });
        await client.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
      }}
    >
      <Button size="small" type="link" danger>
        {t('rv.tasks.cancel')}
      </Button>
    </Popconfirm>
  );
}

export function DeviceTasks({ domain, id }: { domain: DeviceDomain; id: number }) {
  const t = useT();
  const lang = useLanguage();
  const def = DEVICE[domain];
  const canCancel = useHasButton(`${DEVICE.tr069.name}:cancel_tasks`) && domain === 'tr069';
  const { data, isError, isLoading } = useScopedQuery({
    queryKey: [...resourceKeys.all(def.name), 'history', id],
    queryFn: ({ sites }) =>
      call(
        domain === 'tr069' ? deviceCalls.cpeHistory : deviceCalls.apHistory,
        { id, limit: 20 },
        {
          loading: false,
          silent: true,
          sites,
        },
      ),
    retry: false,
  });
  if (isError) return null;
  const faults = domain === 'tr069' ? (data?.list ?? []).filter((x) => x.state === 'failed') : [];

  return (
    <>
      <section className="record-drawer-related">
        <Typography.Title level={5}>
          {t(domain === 'ac' ? 'rv.tasks.apTitle' : 'rv.tasks.title')}
          {data && data.total > data.list.length ? (
            <Typography.Text type="secondary">
              {' '}
              ({t('rv.tasks.more', { n: data.list.length, total: data.total })})
            </Typography.Text>
          ) : data ? (
            <Typography.Text type="secondary"> ({data.total})</Typography.Text>
          ) : null}
        </Typography.Title>
        <Table<DeviceTask>
          size="small"
          rowKey="id"
          loading={isLoading}
          pagination={false}
          dataSource={data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('rv.tasks.none') }}
          columns={[
            {
              key: 'name',
              title: t('rv.tasks.task'),
              dataIndex: 'name',
              render: (v: string) => taskLabel(domain, v, lang, t),
            },
            {
              key: 'state',
              title: t('rv.tasks.state'),
              dataIndex: 'state',
              render: (v: string, row) => {
                const tag = <Tag color={TONE[v] ?? 'default'}>{t(`rv.state.${v}`)}</Tag>;
                return row.not_before && v === 'pending' ? (
                  <Tooltip title={t('rv.tasks.notBefore', { at: row.not_before })}>{tag}</Tooltip>
                ) : (
                  tag
                );
              },
            },
            {
              key: 'detail',
              title: t('rv.tasks.detail'),
              dataIndex: 'detail',
              render: (v: TaskDetail) => <Detail d={v} t={t} />,
            },
            ...(domain === 'ac'
              ? [
                  {
                    key: 'answer',
                    title: t('rv.tasks.answer'),
                    dataIndex: 'fault_string',
                    render: (v: string) => v || '—',
                  },
                ]
              : []),
            {
              key: 'time',
              title: t('rv.tasks.queued'),
              dataIndex: 'created_at',
              render: (_: string, row) => <Times row={row} t={t} />,
            },
            ...(canCancel
              ? [
                  {
                    key: 'cancel',
                    title: '',
                    dataIndex: 'id',
                    render: (task: number, row: DeviceTask) =>
                      row.state === 'pending' ? <CancelTask id={id} task={task} t={t} /> : null,
                  },
                ]
              : []),
          ]}
        />
      </section>
      {faults.length > 0 && (
        <section className="record-drawer-related">
          <Typography.Title level={5}>
            {t('rv.tasks.faults')} <Typography.Text type="secondary">({faults.length})</Typography.Text>
          </Typography.Title>
          <Table<DeviceTask>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={faults}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'at', title: t('rv.tasks.time'), dataIndex: 'done_at', render: (v: string) => v || '—' },
              {
                key: 'name',
                title: t('rv.tasks.task'),
                dataIndex: 'name',
                render: (v: string) => taskLabel(domain, v, lang, t),
              },
              {
                key: 'fault',
                title: t('rv.tasks.code'),
                dataIndex: 'fault_code',
                render: (v: string, row) => <Fault code={v} text={row.fault_string} t={t} />,
              },
            ]}
          />
        </section>
      )}
    </>
  );
}
