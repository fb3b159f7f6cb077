import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type CallDef,
  type Connectivity,
  ipoeCalls,
  networkCalls,
  qosCalls,
  wanDnsCalls,
} from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useTabPolling } from '../../../features/keep-alive/active-tab.ts';
import { useT } from '../../../i18n/index.ts';
import { call } from '../../../request/call.ts';
import { useHasButton } from '../../../stores/permission.ts';
import { formatBytes } from '../../../utils/number.ts';
import { save } from './network-api.ts';
import { type Check, checkStatus, formatSpeed, HOST, IPV4, linkColor, splitList } from './network-logic.ts';
import './network-texts.ts';
import { useScopedQuery } from '../../../features/sites/scoped-query.ts';

/** Overview (`index`): every interface of the host, refreshed every 5 s while shown. */
export function OverviewTab() {
  const t = useT();
  const polling = useTabPolling(5000);
  const { data, isFetching } = useScopedQuery({
    queryKey: ['network', 'index'],
    queryFn: ({ sites }) => call(networkCalls.overview, {}, { loading: false, sites }),
    refetchInterval: polling,
  });
  return (
    <>
      {data?.source === 'node' && (
        <Alert
          type="info"
          showIcon
          title={t('net.source.node', { note: data.note })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table
        rowKey="name"
        size="small"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('net.col.name'),
            dataIndex: 'name',
            render: (name: string, r) => (
              <Space size={4}>
                {name}
                {r.role && <Tag>{t(`net.role.${r.role}`)}</Tag>}
                {r.virtual && !r.loopback && <Tag>{t('net.virtual')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('net.col.link'),
            dataIndex: 'operstate',
            render: (s: string) => <Tag color={linkColor(s)}>{s}</Tag>,
          },
          { title: t('net.col.speed'), dataIndex: 'speed', render: (v: number | null) => formatSpeed(v) },
          { title: t('net.col.mac'), dataIndex: 'mac' },
          { title: t('net.col.ipv4'), dataIndex: 'ipv4', render: (v: string[]) => v.join(', ') },
          { title: t('net.col.ipv6'), dataIndex: 'ipv6', render: (v: string[]) => v.join(', ') },
          { title: t('net.col.mtu'), dataIndex: 'mtu' },
          { title: t('net.col.rx'), dataIndex: 'rx_bytes', render: (v: number) => formatBytes(v) },
          { title: t('net.col.tx'), dataIndex: 'tx_bytes', render: (v: number) => formatBytes(v) },
        ]}
      />
    </>
  );
}

function useInterfaceOptions() {
  const { data } = useScopedQuery({
    queryKey: ['network', 'net'],
    queryFn: ({ sites }) => call(networkCalls.interfaces, {}, { loading: false, sites }),
  });
  return (data?.list ?? []).map((r) => ({ value: r.name, label: r.name }));
}

/**
 * A singleton tab's form: loads `detail`, saves with `form`; the save button shows only with the
 * tab's edit key.
 */
function SingletonTab<D extends Record<string, unknown>>({
  tab,
  calls,
  children,
  toForm = (d) => d,
  toBody = (v) => v,
}: {
  tab: string;
  /** The tab's detail (answering D) and form. */
  calls: { detail: CallDef<z.ZodType, z.ZodType<D>>; form: typeof networkCalls.timezoneForm };
  children: React.ReactNode;
  toForm?: (detail: D) => Record<string, unknown>;
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
}) {
  const t = useT();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const canEdit = useHasButton(`network:${tab}:edit`);
  const [saving, setSaving] = useState(false);
  const { data } = useScopedQuery({
    queryKey: ['network', tab, 'detail'],
    queryFn: ({ sites }) => call(calls.detail, {}, { loading: false, sites }),
  });
  // Fill the form when the stored settings arrive, not on every render (that would drop edits).
  const toFormRef = useRef(toForm);
  toFormRef.current = toForm;
  useEffect(() => {
    if (data) form.setFieldsValue(toFormRef.current(data));
  }, [data, form]);
  if (!data) return <Spin />;
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const r = await save(calls.form, toBody(values), form);
    setSaving(false);
    if (r) void client.invalidateQueries({ queryKey: ['network'] });
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 720 }} disabled={!canEdit}>
      {children}
      {canEdit && (
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          {t('net.save')}
        </Button>
      )}
    </Form>
  );
}

const bool = (d: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, Boolean(d[k])]));
const num = (v: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, v[k] ? 1 : 0]));

export function IpoeTab() {
  const t = useT();
  const ifaces = useInterfaceOptions();
  return (
    <SingletonTab
      tab="ipoe"
      calls={ipoeCalls}
      toForm={(d) => ({ ...d, ...bool(d, 'igmp_proxy') })}
      toBody={(v) => ({ ...v, ...num(v, 'igmp_proxy') })}
    >
      <Form.Item
        name="iface"
        label={t('net.f.iface')}
        rules={[{ required: true, message: t('net.required') }]}
      >
        <Select options={ifaces} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="vlan_id" label={t('net.f.vlan_id')}>
        <InputNumber min={0} max={4094} precision={0} />
      </Form.Item>
      <Form.Item name="option60_vendor" label={t('net.f.option60_vendor')}>
        <Input />
      </Form.Item>
      <Space wrap>
        <Form.Item name="username" label={t('net.f.username')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('net.f.password')} extra={t('net.unchanged')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="igmp_proxy" label={t('net.f.igmp_proxy')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="igmp_version" label={t('net.f.igmp_version')}>
          <Select
            style={{ width: 100 }}
            options={[
              { value: 2, label: 'IGMPv2' },
              { value: 3, label: 'IGMPv3' },
            ]}
          />
        </Form.Item>
      </Space>
    </SingletonTab>
  );
}

export function WanDnsTab() {
  const t = useT();
  return (
    <SingletonTab
      tab="dns"
      calls={wanDnsCalls}
      toForm={(d) => ({ ...d, ...bool(d, 'from_wan') })}
      toBody={(v) => ({ ...v, ...num(v, 'from_wan') })}
    >
      <Form.Item name="dns1" label={t('net.f.dns1')} rules={[{ required: true, message: t('net.required') }]}>
        <Input style={{ width: 260 }} />
      </Form.Item>
      <Form.Item name="dns2" label={t('net.f.dns2')}>
        <Input style={{ width: 260 }} />
      </Form.Item>
      <Form.Item name="from_wan" label={t('net.f.from_wan')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </SingletonTab>
  );
}

export function QosTab() {
  const t = useT();
  const ifaces = useInterfaceOptions();
  return (
    <SingletonTab tab="qos" calls={qosCalls}>
      <Typography.Title level={5}>{t('net.tab.qos')}</Typography.Title>
      <Form.List name="interfaces">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="start" wrap>
                <Form.Item
                  name={[f.name, 'iface']}
                  label={t('net.f.iface')}
                  rules={[{ required: true, message: t('net.required') }]}
                >
                  <Select options={ifaces} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'up_kbps']} label={t('net.f.up_kbps')}>
                  <InputNumber min={0} max={10_000_000} precision={0} />
                </Form.Item>
                <Form.Item name={[f.name, 'down_kbps']} label={t('net.f.down_kbps')}>
                  <InputNumber min={0} max={10_000_000} precision={0} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  style={{ marginTop: 30 }}
                  onClick={() => remove(f.name)}
                  aria-label={t('net.delete')}
                />
              </Space>
            ))}
            <Form.Item>
              <Button icon={<PlusOutlined />} onClick={() => add({ up_kbps: 0, down_kbps: 0 })}>
                {t('net.qos.addIface')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Typography.Title level={5}>{t('net.f.rules')}</Typography.Title>
      <Form.List name="rules">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="start" wrap>
                <Form.Item
                  name={[f.name, 'name']}
                  label={t('net.f.name')}
                  rules={[{ required: true, message: t('net.required') }]}
                >
                  <Input style={{ width: 110 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'src']} label={t('net.f.src')}>
                  <Input style={{ width: 150 }} placeholder="192.168.1.0/24" />
                </Form.Item>
                <Form.Item name={[f.name, 'dst_port']} label={t('net.f.dst_port')}>
                  <InputNumber min={0} max={65535} precision={0} />
                </Form.Item>
                <Form.Item name={[f.name, 'proto']} label={t('net.f.proto')}>
                  <Select
                    style={{ width: 80 }}
                    options={['any', 'tcp', 'udp'].map((p) => ({ value: p, label: p }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'class']} label={t('net.f.class')}>
                  <Select
                    style={{ width: 90 }}
                    options={['high', 'normal', 'low'].map((c) => ({
                      value: c,
                      label: t(`net.qos.class.${c}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'limit_kbps']} label={t('net.f.limit_kbps')}>
                  <InputNumber min={0} max={10_000_000} precision={0} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  style={{ marginTop: 30 }}
                  onClick={() => remove(f.name)}
                  aria-label={t('net.delete')}
                />
              </Space>
            ))}
            <Form.Item>
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ proto: 'any', class: 'normal', dst_port: 0, limit_kbps: 0 })}
              >
                {t('net.qos.addRule')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
    </SingletonTab>
  );
}

export function TimezoneTab() {
  const t = useT();
  const { data: zones } = useScopedQuery({
    queryKey: ['network', 'timezone', 'zones'],
    queryFn: ({ sites }) => call(networkCalls.zones, {}, { loading: false, sites }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { data } = useScopedQuery({
    queryKey: ['network', 'timezone', 'detail'],
    queryFn: ({ sites }) => call(networkCalls.timezone, {}, { loading: false, sites }),
  });
  return (
    <>
      {data?.current && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16, maxWidth: 720 }}
          title={t('net.tz.current', { zone: data.current, source: data.current_source })}
        />
      )}
      <SingletonTab
        tab="timezone"
        calls={{ detail: networkCalls.timezone, form: networkCalls.timezoneForm }}
        toForm={(d) => ({
          ...d,
          ntp_servers: ((d.ntp_servers as string[]) ?? []).join('\n'),
          ...bool(d, 'ntp_enabled'),
        })}
        toBody={(v) => ({ ...v, ntp_servers: splitList(v.ntp_servers as string), ...num(v, 'ntp_enabled') })}
      >
        <Form.Item
          name="timezone"
          label={t('net.f.timezone')}
          rules={[{ required: true, message: t('net.required') }]}
        >
          <Select showSearch options={zones ?? []} style={{ width: 300 }} />
        </Form.Item>
        <Form.Item
          name="ntp_servers"
          label={t('net.f.ntp_servers')}
          rules={[
            {
              validator: (_, v: string) =>
                splitList(v).every((h) => HOST.test(h) || IPV4.test(h))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('net.badHost'))),
            },
          ]}
        >
          <Input.TextArea rows={3} style={{ width: 300 }} />
        </Form.Item>
        <Form.Item name="ntp_enabled" label={t('net.f.ntp_enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </SingletonTab>
    </>
  );
}

/** Connectivity (`connect`, no overlay): runs the checks on demand and shows what happened. */
export function ConnectTab() {
  const t = useT();
  const [host, setHost] = useState('www.baidu.com');
  const [result, setResult] = useState<Connectivity | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setResult(await call(networkCalls.connect, { host: host.trim() }, { loading: false }));
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const label = (c: Check) =>
    c.ok === true ? t('net.connect.ok') : c.ok === false ? t('net.connect.fail') : t('net.connect.untested');
  return (
    <Card size="small" style={{ maxWidth: 720 }}>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text>{t('net.f.host')}</Typography.Text>
        <Input
          value={host}
          status={host && !HOST.test(host.trim()) ? 'error' : undefined}
          onChange={(e) => setHost(e.target.value)}
          style={{ width: 320 }}
        />
        <Button
          type="primary"
          loading={busy}
          disabled={Boolean(host) && !HOST.test(host.trim())}
          onClick={() => void run()}
        >
          {t('net.connect.run')}
        </Button>
      </Space>
      {result && (
        <Descriptions column={1} bordered size="small">
          {(['link', 'gateway_ping', 'dns_resolve', 'internet'] as const).map((k) => (
            <Descriptions.Item key={k} label={t(`net.connect.${k}`)}>
              <Space wrap>
                <Badge status={checkStatus(result[k])} text={label(result[k])} />
                {result[k].target && <Typography.Text code>{result[k].target}</Typography.Text>}
                {result[k].ms !== null && (
                  <Typography.Text type="secondary">{result[k].ms} ms</Typography.Text>
                )}
                <Typography.Text type="secondary">{result[k].detail}</Typography.Text>
              </Space>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
}
