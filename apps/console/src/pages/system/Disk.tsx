import { LockOutlined, ReloadOutlined } from '@ant-design/icons';
import { diskCalls } from '@igs/contract/calls';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Progress,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import { formatBytes } from '../../utils/number.ts';
import {
  type DiskSettings,
  EDITABLE_ROLES,
  isFolderPath,
  type TreeRow,
  toTreeRows,
} from './disk/disk-data.ts';
import './disk/disk-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

function RoleCell({ row, canEdit, onSaved }: { row: TreeRow; canEdit: boolean; onSaved: () => void }) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const disk = row.disk;
  if (!disk) return null;
  if (disk.system) {
    return (
      <Tooltip title={t('disk.systemLocked')}>
        <Tag icon={<LockOutlined />} color="blue">
          {t('disk.role.system')}
        </Tag>
      </Tooltip>
    );
  }
  if (!canEdit) return <Tag>{t(`disk.role.${disk.role}`)}</Tag>;
  return (
    <Select
      size="small"
      style={{ width: 120 }}
      value={disk.role}
      loading={saving}
      disabled={saving}
      options={EDITABLE_ROLES.map((r) => ({ value: r, label: t(`disk.role.${r}`) }))}
      onChange={async (role) => {
        setSaving(true);
        try {
          await call(diskCalls.edit, { name: disk.name, role });
          toast.success(t('disk.roleSaved', { name: disk.name, role: t(`disk.role.${role}`) }));
          onSaved();
        } catch {
          // the request layer has shown the server's message
        } finally {
          setSaving(false);
        }
      }}
    />
  );
}

function SettingsCard({ canEdit, onSaved }: { canEdit: boolean; onSaved: () => void }) {
  const t = useT();
  const [form] = Form.useForm<DiskSettings>();
  const { data } = useScopedQuery({
    queryKey: ['system', 'disk_set', 'config'],
    queryFn: ({ sites }) => call(diskCalls.config, {}, { loading: false, sites }),
  });
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const folderRule = {
    validator: (_: unknown, v: string | undefined) =>
      isFolderPath(v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('disk.pathRule'))),
  };
  return (
    <Card title={t('disk.settings')} size="small" style={{ marginTop: 16 }}>
      <Form
        form={form}
        layout="inline"
        disabled={!canEdit}
        style={{ rowGap: 8 }}
        onFinish={async (values) => {
          await call(diskCalls.configForm, values);
          toast.success(t('disk.saved'));
          onSaved();
        }}
      >
        <Form.Item name="media_path" label={t('disk.media_path')} rules={[folderRule]}>
          <Input style={{ width: 200 }} placeholder="/srv/media" />
        </Form.Item>
        <Form.Item name="record_path" label={t('disk.record_path')} rules={[folderRule]}>
          <Input style={{ width: 200 }} placeholder="/srv/record" />
        </Form.Item>
        <Form.Item name="cleanup_pct" label={t('disk.cleanup_pct')} rules={[{ required: true }]}>
          <InputNumber min={50} max={99} precision={0} />
        </Form.Item>
        <Form.Item name="retention_days" label={t('disk.retention_days')} rules={[{ required: true }]}>
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
        {canEdit && (
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('disk.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

/** Disk configuration (system/disk_set): the host's disks as they are; only the role is set here. */
export default function Disk() {
  const t = useT();
  const canEdit = useHasButton('system:disk_set:edit');
  const { data, isFetching, refetch, isError, error } = useScopedQuery({
    queryKey: ['system', 'disk_set', 'list'],
    queryFn: ({ sites }) => call(diskCalls.list, {}, { loading: false, sites }),
  });
  const refresh = () => void refetch();
  const bytes = (v: number | null) => (v === null ? '–' : formatBytes(v));

  const columns = [
    { title: t('disk.name'), dataIndex: 'name', width: 140 },
    {
      title: t('disk.model'),
      key: 'model',
      render: (_: unknown, r: TreeRow) =>
        r.disk ? (
          <Space size={4} wrap>
            <span>{r.disk.model || '–'}</span>
            <Tag>{r.disk.rotational ? t('disk.kind.hdd') : t('disk.kind.ssd')}</Tag>
            {r.disk.removable ? <Tag color="purple">{t('disk.kind.removable')}</Tag> : null}
          </Space>
        ) : (
          r.label || ''
        ),
    },
    { title: t('disk.size'), dataIndex: 'size', width: 100, render: (v: number) => formatBytes(v) },
    { title: t('disk.fstype'), dataIndex: 'fstype', width: 90 },
    {
      title: t('disk.mountpoint'),
      dataIndex: 'mountpoints',
      render: (m: string[]) => m.join(', '),
    },
    { title: t('disk.used'), dataIndex: 'used', width: 100, render: bytes },
    { title: t('disk.avail'), dataIndex: 'avail', width: 100, render: bytes },
    {
      title: t('disk.usage'),
      dataIndex: 'used_pct',
      width: 150,
      render: (v: number | null, r: TreeRow) =>
        v === null ? '–' : <Progress percent={v} size="small" status={r.warning ? 'exception' : 'normal'} />,
    },
    ...(data?.smart_available
      ? [
          {
            title: t('disk.smart'),
            key: 'smart',
            width: 110,
            render: (_: unknown, r: TreeRow) =>
              r.disk?.smart_health ? (
                <Tag
                  color={
                    r.disk.smart_health === 'PASSED'
                      ? 'green'
                      : r.disk.smart_health === 'FAILED'
                        ? 'red'
                        : 'default'
                  }
                >
                  {r.disk.smart_health}
                </Tag>
              ) : null,
          },
        ]
      : []),
    {
      title: t('disk.role'),
      key: 'role',
      width: 140,
      render: (_: unknown, r: TreeRow) => <RoleCell row={r} canEdit={canEdit} onSaved={refresh} />,
    },
  ];

  return (
    <div className="disk-page">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Text type="secondary">{data ? t(`disk.source.${data.source}`) : ''}</Typography.Text>
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={refresh}>
          {t('disk.refresh')}
        </Button>
      </Space>
      {isError && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 12 }} />}
      {data && data.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('disk.warnings', { pct: data.threshold })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {data.warnings.map((w) => (
                <li key={`${w.name}:${w.mountpoint}`}>{w.msg}</li>
              ))}
            </ul>
          }
        />
      )}
      <Table<TreeRow>
        // Mounted afresh once the rows arrive, so they open expanded.
        key={data ? 'rows' : 'empty'}
        rowKey="key"
        size="small"
        loading={isFetching && !data}
        columns={columns}
        dataSource={data ? toTreeRows(data.list) : []}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: t('disk.noDisks') }}
      />
      <SettingsCard canEdit={canEdit} onSaved={refresh} />
    </div>
  );
}
