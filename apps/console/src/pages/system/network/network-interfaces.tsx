import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useT } from '../../../i18n/index.ts';
import { call } from '../../../request/call.ts';
import { useHasButton } from '../../../stores/permission.ts';
import { save } from './network-api.ts';
import {
  CIDR,
  formatSpeed,
  IPV4,
  ifaceFieldsFor,
  ifacePayload,
  linkColor,
  MAC,
  MODES,
  type Mode,
  ROLES,
} from './network-logic.ts';
import './network-texts.ts';

// The rows are the contract's (networkCalls.interfaces); named here for the tabs that import them.
import { type IfaceRow, type LiveView, networkCalls } from '@igs/contract/calls';
import { useScopedQuery } from '../../../features/sites/scoped-query.ts';

export type { IfaceRow, LiveView };

export const interfacesKey = ['network', 'net'] as const;

/** antd rule: an optional value that must match `re`. */
export function pattern(re: RegExp, message: string) {
  return {
    validator: (_: unknown, v: string) =>
      !v || re.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

/** The Interfaces tab's form for one interface (also the first-boot setup screen's). */
export function InterfaceDrawer({
  row,
  open,
  onClose,
  onSaved,
}: {
  row: IfaceRow;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const mode = (Form.useWatch('mode', form) as Mode | undefined) ?? row.mode;
  const shown = new Set(ifaceFieldsFor(mode));

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const r = await save(
      networkCalls.editInterface,
      { ...ifacePayload(row.name, values), name: row.name },
      form,
    );
    setSaving(false);
    if (r) {
      onSaved();
      onClose();
    }
  };

  return (
    <Drawer
      title={t('net.editIface', { name: row.name })}
      open={open}
      onClose={onClose}
      size={520}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('net.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('net.save')}
          </Button>
        </Space>
      }
    >
      {row.bond && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('net.memberOf', { bond: row.bond })}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          ...row,
          role: row.configured ? row.role : undefined,
          pppoe_password: '',
          enabled: Boolean(row.enabled),
        }}
      >
        <Form.Item
          name="role"
          label={t('net.f.role')}
          rules={[{ required: true, message: t('net.required') }]}
        >
          <Select options={ROLES.map((r) => ({ value: r, label: t(`net.role.${r}`) }))} />
        </Form.Item>
        <Form.Item name="mode" label={t('net.f.mode')}>
          <Radio.Group
            optionType="button"
            options={MODES.map((m) => ({ value: m, label: t(`net.mode.${m}`) }))}
          />
        </Form.Item>
        {shown.has('ip') && (
          <Form.Item
            name="ip"
            label={t('net.f.ip')}
            rules={[{ required: true, message: t('net.required') }, pattern(CIDR, t('net.badCidr'))]}
          >
            <Input placeholder="192.168.1.1/24" />
          </Form.Item>
        )}
        {shown.has('gateway') && (
          <Form.Item name="gateway" label={t('net.f.gateway')} rules={[pattern(IPV4, t('net.badIp'))]}>
            <Input placeholder="192.168.1.254" />
          </Form.Item>
        )}
        {shown.has('pppoe_user') && (
          <Form.Item
            name="pppoe_user"
            label={t('net.f.pppoe_user')}
            rules={[{ required: true, message: t('net.required') }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        {shown.has('pppoe_password') && (
          <Form.Item
            name="pppoe_password"
            label={t('net.f.pppoe_password')}
            extra={row.pppoe_password_set ? t('net.unchanged') : undefined}
            rules={row.pppoe_password_set ? [] : [{ required: true, message: t('net.required') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        {shown.has('dns1') && (
          <Space.Compact block>
            <Form.Item
              name="dns1"
              label={t('net.f.dns1')}
              rules={[pattern(IPV4, t('net.badIp'))]}
              style={{ flex: 1 }}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name="dns2"
              label={t('net.f.dns2')}
              rules={[pattern(IPV4, t('net.badIp'))]}
              style={{ flex: 1 }}
            >
              <Input />
            </Form.Item>
          </Space.Compact>
        )}
        <Space wrap>
          <Form.Item name="vlan_id" label={t('net.f.vlan_id')}>
            <InputNumber min={0} max={4094} precision={0} />
          </Form.Item>
          <Form.Item name="mtu" label={t('net.f.mtu')}>
            <InputNumber min={576} max={9000} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="mac_clone" label={t('net.f.mac_clone')} rules={[pattern(MAC, t('net.badMac'))]}>
          <Input placeholder={row.live?.mac} />
        </Form.Item>
        <Form.Item name="enabled" label={t('net.f.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** The Interfaces tab: every interface with its live link and stored settings. */
export function InterfacesTab() {
  const t = useT();
  const client = useQueryClient();
  const canEdit = useHasButton('network:net:edit');
  const [editing, setEditing] = useState<IfaceRow | null>(null);
  const { data, isFetching, refetch, error } = useScopedQuery({
    queryKey: interfacesKey,
    queryFn: ({ sites }) => call(networkCalls.interfaces, {}, { loading: false, sites }),
  });

  return (
    <>
      {error && <Alert type="error" showIcon title={(error as Error).message} style={{ marginBottom: 12 }} />}
      {data?.source === 'node' && (
        <Alert
          type="info"
          showIcon
          title={t('net.source.node', { note: data.note })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          {t('net.refresh')}
        </Button>
      </Space>
      <Table<IfaceRow>
        rowKey="name"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('net.col.name'), dataIndex: 'name', width: 110 },
          {
            title: t('net.col.link'),
            key: 'link',
            width: 150,
            render: (_: unknown, r) =>
              r.live ? (
                <Space size={4}>
                  <Tag color={linkColor(r.live.operstate)}>{r.live.operstate}</Tag>
                  <Typography.Text type="secondary">{formatSpeed(r.live.speed)}</Typography.Text>
                </Space>
              ) : (
                <Tag>{t('net.virtual')}</Tag>
              ),
          },
          { title: t('net.col.ipv4'), key: 'ipv4', render: (_: unknown, r) => r.live?.ipv4.join(', ') },
          {
            title: t('net.col.role'),
            dataIndex: 'role',
            width: 100,
            render: (role: string, r) =>
              r.bond ? (
                <Tag>{t('net.memberOf', { bond: r.bond })}</Tag>
              ) : r.configured ? (
                <Tag color={role === 'wan' ? 'orange' : role === 'lan' ? 'blue' : 'default'}>
                  {t(`net.role.${role}`)}
                </Tag>
              ) : (
                <Typography.Text type="secondary">{t('net.notConfigured')}</Typography.Text>
              ),
          },
          {
            title: t('net.col.settings'),
            key: 'settings',
            render: (_: unknown, r) =>
              r.configured
                ? [
                    t(`net.mode.${r.mode}`),
                    r.mode === 'static' ? r.ip : '',
                    r.mode === 'pppoe' ? r.pppoe_user : '',
                    r.vlan_id ? `VLAN ${r.vlan_id}` : '',
                    `MTU ${r.mtu}`,
                    r.enabled ? '' : `${t('net.f.enabled')}: ${t('net.no')}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : '',
          },
          ...(canEdit
            ? [
                {
                  title: t('net.actions'),
                  key: 'actions',
                  width: 80,
                  render: (_: unknown, r: IfaceRow) => (
                    <Button type="link" size="small" onClick={() => setEditing(r)}>
                      {t('net.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <InterfaceDrawer
          key={editing.name}
          row={editing}
          open
          onClose={() => setEditing(null)}
          onSaved={() => void client.invalidateQueries({ queryKey: ['network'] })}
        />
      )}
    </>
  );
}
