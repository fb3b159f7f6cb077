import { ReloadOutlined } from '@ant-design/icons';
import {
  type CallOutput,
  GB_REGISTER_UNKNOWN,
  GB_REGISTER_UNKNOWN_LABELS,
  type ServiceApplyReply,
  type ServiceRow,
  serviceCalls,
} from '@igs/contract/calls';
import { SystemServicePaths } from '@igs/contract/extras';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useIsActiveTab } from '../../features/keep-alive/active-tab.ts';
import { useLanguage, useT } from '../../i18n/index.ts';
import { call, callEnvelope } from '../../request/call.ts';
import { requestEnvelope } from '../../request/index.ts';
import { useHasButton } from '../../stores/permission.ts';
import { type EditValues, editBody, STATUS_COLOR, verbsFor } from './services/service-config-logic.ts';
import './services/service-config-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

const PATH = SystemServicePaths.serviceConfig;
const KEY = ['service_config', 'list'] as const;

/** A reply that did not reach the host (no IGS_APPLY, not installed) is a warning, not a success. */
function showReply(msg: string, data: ServiceApplyReply) {
  if (data.note && !data.applied) toast.warning(msg);
  else toast.success(msg);
}

function EditDialog({ row, onClose }: { row: ServiceRow; onClose: (saved: boolean) => void }) {
  const t = useT();
  const lang = useLanguage();
  const [form] = Form.useForm<EditValues>();
  const [saving, setSaving] = useState(false);
  const gb = row.key === 'gb28181';
  const save = async () => {
    const v = form.getFieldsValue(true) as EditValues;
    const check = editBody(row, v);
    if (!check.ok) {
      form.setFields([{ name: check.field, errors: [t(check.key)] }]);
      return;
    }
    setSaving(true);
    try {
      const r = await requestEnvelope<CallOutput<typeof serviceCalls.edit>>(PATH, check.body);
      showReply(r.msg, r.data);
      onClose(true);
    } catch {
      // The request layer has shown why (a port clash names both services).
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('svc.editTitle', { name: row.title })}
      okText={t('svc.save')}
      cancelText={t('svc.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          enabled: row.enabled === 1,
          auto_start: row.auto_start === 1,
          ports: row.ports.map(String),
          server_id: row.server_id,
          domain: row.domain,
          port: row.port,
          password: '',
          register_unknown: row.register_unknown ?? 'refuse',
        }}
      >
        <Form.Item name="enabled" label={t('svc.enabled')} valuePropName="checked">
          <Switch disabled={row.key === 'web'} />
        </Form.Item>
        <Form.Item name="auto_start" label={t('svc.autoStart')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {!gb && (
          <Form.Item
            name="ports"
            label={t('svc.ports')}
            extra={row.ports_owner ? t('svc.portsOwner', { owner: row.ports_owner }) : t('svc.portsHint')}
          >
            <Select
              mode="tags"
              open={false}
              disabled={Boolean(row.ports_owner)}
              tokenSeparators={[',', ' ']}
            />
          </Form.Item>
        )}
        {gb && (
          <>
            <Form.Item name="server_id" label={t('svc.serverId')}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="domain" label={t('svc.domain')}>
              <Input maxLength={10} />
            </Form.Item>
            <Form.Item name="port" label={t('svc.port')}>
              <InputNumber min={1} max={65535} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('svc.password')}
              extra={row.secret_set?.password ? t('svc.passwordKept') : t('svc.passwordUnset')}
            >
              <Input.Password autoComplete="new-password" maxLength={64} />
            </Form.Item>
            <Form.Item name="register_unknown" label={t('svc.registerUnknown')}>
              <Select
                style={{ width: 280 }}
                options={GB_REGISTER_UNKNOWN.map((v) => ({
                  value: v,
                  label: GB_REGISTER_UNKNOWN_LABELS[v][lang],
                }))}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** system/ServiceConfig (DOMAIN 2.9): the gateway's services, their live state, settings and verbs. */
export default function ServiceConfig() {
  const t = useT();
  const active = useIsActiveTab();
  const client = useQueryClient();
  const [status, setStatus] = useState<ServiceRow['status'] | undefined>();
  const [editing, setEditing] = useState<ServiceRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const canEdit = useHasButton('system:service_config:edit');
  const can = {
    start: useHasButton('system:service_config:start'),
    stop: useHasButton('system:service_config:stop'),
    restart: useHasButton('system:service_config:restart'),
  };
  const { data, isFetching, refetch } = useScopedQuery({
    queryKey: [...KEY, status],
    queryFn: ({ sites }) =>
      call(serviceCalls.list, { filter: status ? { status } : {} }, { loading: false, sites }),
    refetchInterval: active ? 10_000 : false,
  });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

  const runVerb = async (row: ServiceRow, verb: 'start' | 'stop' | 'restart') => {
    setBusy(`${row.key}:${verb}`);
    try {
      const r = await callEnvelope(serviceCalls[verb], { key: row.key });
      showReply(r.msg, r.data);
    } catch {
      // shown by the request layer (503 names the missing program)
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  return (
    <Card
      title={
        <Space>
          <Select
            allowClear
            placeholder={t('svc.allStatuses')}
            style={{ width: 160 }}
            value={status}
            onChange={setStatus}
            options={(['running', 'stopped', 'not_installed'] as const).map((s) => ({
              value: s,
              label: t(`svc.status.${s}`),
            }))}
          />
          <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
            {t('svc.refresh')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon title={t('svc.intro')} style={{ marginBottom: 16 }} />
      {!canEdit && <Alert type="warning" showIcon title={t('svc.readOnly')} style={{ marginBottom: 16 }} />}
      <Table<ServiceRow>
        rowKey="key"
        size="middle"
        pagination={false}
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        columns={[
          {
            title: t('svc.service'),
            dataIndex: 'title',
            render: (_: unknown, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{r.title}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.key}
                  {r.unit ? ` · ${t('svc.unit')} ${r.unit}` : ''}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('svc.status'),
            dataIndex: 'status',
            width: 120,
            render: (_: unknown, r) => (
              <Tooltip title={r.detail}>
                <Tag color={STATUS_COLOR[r.status]}>{t(`svc.status.${r.status}`)}</Tag>
              </Tooltip>
            ),
          },
          {
            title: t('svc.version'),
            dataIndex: 'version',
            width: 120,
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('svc.ports'),
            dataIndex: 'ports',
            render: (_: unknown, r) => (
              <Tooltip title={r.ports_owner ? t('svc.portsOwner', { owner: r.ports_owner }) : undefined}>
                <span>{r.ports.length ? r.ports.join(', ') : '—'}</span>
              </Tooltip>
            ),
          },
          {
            title: t('svc.enabled'),
            dataIndex: 'enabled',
            width: 80,
            render: (v: number) => (v ? t('svc.yes') : t('svc.no')),
          },
          {
            title: t('svc.autoStart'),
            dataIndex: 'auto_start',
            width: 100,
            render: (v: number) => (v ? t('svc.yes') : t('svc.no')),
          },
          {
            title: t('svc.actions'),
            key: 'actions',
            width: 240,
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                {canEdit && (
                  <Button size="small" type="link" onClick={() => setEditing(r)}>
                    {t('svc.edit')}
                  </Button>
                )}
                {verbsFor(r)
                  .filter((verb) => can[verb])
                  .map((verb) => (
                    <Popconfirm
                      key={verb}
                      title={t('svc.confirm', { verb: t(`svc.${verb}`), name: r.title })}
                      okText={t(`svc.${verb}`)}
                      cancelText={t('svc.cancel')}
                      onConfirm={() => runVerb(r, verb)}
                    >
                      <Button
                        size="small"
                        type="link"
                        danger={verb === 'stop'}
                        loading={busy === `${r.key}:${verb}`}
                      >
                        {t(`svc.${verb}`)}
                      </Button>
                    </Popconfirm>
                  ))}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <EditDialog
          row={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      )}
    </Card>
  );
}
