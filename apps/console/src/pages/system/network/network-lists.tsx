import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type CallDef, networkCalls, openVpnCalls, pptpCalls, teamingCalls } from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { toast } from '../../../app/feedback.ts';
import { uploadFile } from '../../../features/resource/upload.ts';
import { useT } from '../../../i18n/index.ts';
import { call } from '../../../request/call.ts';
import { isRequestError } from '../../../request/index.ts';
import { useHasButton } from '../../../stores/permission.ts';
import { save } from './network-api.ts';
import { pattern } from './network-interfaces.tsx';
import { HOST } from './network-logic.ts';
import './network-texts.ts';
import { useScopedQuery } from '../../../features/sites/scoped-query.ts';

/** The tab's calls: its rows (R) from `list`, and the saves, the same for every tab. */
interface ListCalls<R> {
  list: CallDef<z.ZodType, z.ZodType<{ list: R[]; total: number }>>;
  add: typeof teamingCalls.add;
  edit: typeof teamingCalls.edit;
  del: typeof teamingCalls.del;
}

/**
 * A list tab (bonds, PPTP, OpenVPN): the entries, and a drawer form to add or edit one. Buttons
 * follow the tab's keys `network:<tab>:add|edit|del`.
 */
function ListTab<Row extends { id: number }>({
  tab,
  calls,
  columns,
  fields,
  defaults,
  toForm = (r) => ({ ...r }),
  toBody = (v) => v,
}: {
  tab: 'teaming' | 'pptp' | 'openvpn';
  calls: ListCalls<Row>;
  columns: ColumnsType<Row>;
  fields: (editing: Row | null) => ReactNode;
  defaults: Record<string, unknown>;
  toForm?: (row: Row) => Record<string, unknown>;
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
}) {
  const t = useT();
  const client = useQueryClient();
  const can = {
    add: useHasButton(`network:${tab}:add`),
    edit: useHasButton(`network:${tab}:edit`),
    del: useHasButton(`network:${tab}:del`),
  };
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const { data, isFetching } = useScopedQuery({
    queryKey: ['network', tab],
    queryFn: ({ sites }) => call(calls.list, {}, { loading: false, sites }),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['network'] });

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const body = toBody(values);
    const r =
      editing === 'new'
        ? await save(calls.add, body, form)
        : await save(calls.edit, { ...body, id: (editing as Row).id }, form);
    setSaving(false);
    if (r) {
      setEditing(null);
      refresh();
    }
  };
  const remove = async (id: number) => {
    if (await save(calls.del, { ids: [id] })) refresh();
  };

  const actions: ColumnsType<Row> =
    can.edit || can.del
      ? [
          {
            title: t('net.actions'),
            key: 'actions',
            width: 140,
            render: (_: unknown, r: Row) => (
              <Space size="small">
                {can.edit && (
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    {t('net.edit')}
                  </Button>
                )}
                {can.del && (
                  <Popconfirm title={t('net.confirmDelete')} onConfirm={() => void remove(r.id)}>
                    <Button type="link" size="small" danger>
                      {t('net.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : [];

  return (
    <>
      {can.add && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setEditing('new')}
        >
          {t('net.add')}
        </Button>
      )}
      <Table<Row>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={false}
        columns={[...columns, ...actions]}
      />
      <Drawer
        title={t(`net.tab.${tab}`)}
        open={editing !== null}
        onClose={() => setEditing(null)}
        size={520}
        destroyOnHidden
        footer={
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={() => setEditing(null)}>{t('net.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              {t('net.save')}
            </Button>
          </Space>
        }
      >
        {editing !== null && (
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={editing === 'new' ? defaults : { ...toForm(editing), password: '' }}
          >
            {fields(editing === 'new' ? null : editing)}
          </Form>
        )}
      </Drawer>
    </>
  );
}

const bool01 = (v: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, v[k] ? 1 : 0]));
const asBool = <R extends object>(r: R, ...keys: (keyof R & string)[]) =>
  Object.fromEntries(keys.map((k) => [k, Boolean(r[k])]));

export function TeamingTab() {
  const t = useT();
  const { data } = useScopedQuery({
    queryKey: ['network', 'net'],
    queryFn: ({ sites }) => call(networkCalls.interfaces, {}, { loading: false, sites }),
  });
  // Physical interfaces first; the server refuses what cannot be a member.
  const members = (data?.list ?? [])
    .filter((r) => r.live)
    .map((r) => ({ value: r.name, label: r.live?.virtual ? `${r.name} (${t('net.virtual')})` : r.name }));
  return (
    <ListTab
      tab="teaming"
      calls={teamingCalls}
      defaults={{ mode: 'active-backup', miimon: 100, members: [] }}
      columns={[
        { title: t('net.f.name'), dataIndex: 'name' },
        { title: t('net.f.mode_bond'), dataIndex: 'mode' },
        {
          title: t('net.f.members'),
          dataIndex: 'members',
          render: (m: string[]) => m.map((x) => <Tag key={x}>{x}</Tag>),
        },
        { title: t('net.f.primary'), dataIndex: 'primary' },
        { title: t('net.f.miimon'), dataIndex: 'miimon' },
      ]}
      fields={() => (
        <>
          <Form.Item
            name="name"
            label={t('net.f.name')}
            rules={[{ required: true, message: t('net.required') }]}
          >
            <Input placeholder="bond0" />
          </Form.Item>
          <Form.Item name="mode" label={t('net.f.mode_bond')}>
            <Select
              options={['active-backup', 'balance-rr', '802.3ad', 'balance-alb'].map((m) => ({
                value: m,
                label: m,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="members"
            label={t('net.f.members')}
            rules={[{ required: true, message: t('net.required') }]}
          >
            <Select mode="multiple" options={members} />
          </Form.Item>
          <Form.Item name="primary" label={t('net.f.primary')}>
            <Input />
          </Form.Item>
          <Form.Item name="miimon" label={t('net.f.miimon')}>
            <InputNumber min={0} max={10000} precision={0} />
          </Form.Item>
        </>
      )}
    />
  );
}

export function PptpTab() {
  const t = useT();
  return (
    <ListTab
      tab="pptp"
      calls={pptpCalls}
      defaults={{ mppe: true, default_route: false, enabled: true }}
      toForm={(r) => ({ ...r, ...asBool(r, 'mppe', 'default_route', 'enabled') })}
      toBody={(v) => ({ ...v, ...bool01(v, 'mppe', 'default_route', 'enabled') })}
      columns={[
        { title: t('net.f.name'), dataIndex: 'name' },
        { title: t('net.f.server'), dataIndex: 'server' },
        { title: t('net.f.username'), dataIndex: 'username' },
        {
          title: t('net.f.default_route'),
          dataIndex: 'default_route',
          render: (v: number) => (v ? t('net.yes') : t('net.no')),
        },
        {
          title: t('net.f.enabled'),
          dataIndex: 'enabled',
          render: (v: number) => <Tag color={v ? 'green' : 'default'}>{v ? t('net.yes') : t('net.no')}</Tag>,
        },
      ]}
      fields={(row) => (
        <>
          <Form.Item
            name="name"
            label={t('net.f.name')}
            rules={[{ required: true, message: t('net.required') }]}
          >
            <Input placeholder="office" />
          </Form.Item>
          <Form.Item
            name="server"
            label={t('net.f.server')}
            rules={[{ required: true, message: t('net.required') }, pattern(HOST, t('net.badHost'))]}
          >
            <Input placeholder="vpn.example.com" />
          </Form.Item>
          <Form.Item
            name="username"
            label={t('net.f.username')}
            rules={[{ required: true, message: t('net.required') }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('net.f.password')}
            extra={row ? t('net.unchanged') : undefined}
            rules={row ? [] : [{ required: true, message: t('net.required') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Space wrap>
            <Form.Item name="mppe" label={t('net.f.mppe')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="default_route" label={t('net.f.default_route')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="enabled" label={t('net.f.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </>
      )}
    />
  );
}

/** The profile field: uploads the .ovpn as a text file (DOMAIN 3.6) and keeps its upload id. */
function ProfileUpload({
  value,
  onChange,
  current,
}: {
  value?: string;
  onChange?: (id: string) => void;
  current?: string;
}) {
  const t = useT();
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Space orientation="vertical">
      <Upload
        accept=".ovpn,.conf,.txt"
        showUploadList={false}
        beforeUpload={(file) => {
          setBusy(true);
          uploadFile(file, 'text', () => {})
            .then((up) => {
              setName(up.name);
              onChange?.(up.id);
            })
            .catch((e: Error) => {
              if (!(isRequestError(e) && e.notified)) toast.error(e.message);
            })
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('net.ovpn.upload')}
        </Button>
      </Upload>
      {(name || (value && current)) && (
        <Typography.Text type="secondary">{t('net.ovpn.current', { name: name ?? current })}</Typography.Text>
      )}
    </Space>
  );
}

const STATE_COLOR: Record<string, string> = { active: 'green', failed: 'red', inactive: 'orange' };

export function OpenVpnTab() {
  const t = useT();
  return (
    <ListTab
      tab="openvpn"
      calls={openVpnCalls}
      defaults={{ enabled: true }}
      toForm={(r) => ({ ...r, ...asBool(r, 'enabled') })}
      toBody={(v) => ({ ...v, ...bool01(v, 'enabled') })}
      columns={[
        { title: t('net.f.name'), dataIndex: 'name' },
        { title: t('net.f.ovpn'), dataIndex: 'ovpn_name' },
        { title: t('net.f.username'), dataIndex: 'username' },
        {
          title: t('net.f.state'),
          dataIndex: 'state',
          render: (s: string) => <Tag color={STATE_COLOR[s] ?? 'default'}>{t(`net.ovpn.state.${s}`)}</Tag>,
        },
      ]}
      fields={(row) => (
        <>
          <Form.Item
            name="name"
            label={t('net.f.name')}
            rules={[{ required: true, message: t('net.required') }]}
          >
            <Input placeholder="headquarters" />
          </Form.Item>
          <Form.Item
            name="ovpn"
            label={t('net.f.ovpn')}
            rules={[{ required: !row, message: t('net.required') }]}
          >
            <ProfileUpload current={row ? String(row.ovpn_name ?? '') : undefined} />
          </Form.Item>
          <Form.Item name="username" label={t('net.f.username')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label={t('net.f.password')} extra={row ? t('net.unchanged') : undefined}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="enabled" label={t('net.f.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    />
  );
}
