import { DownloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { type DhcpDetail, type DnsDetail, dhcpCalls, dnsCalls, dnsmasqCalls } from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Modal, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/index.ts';
import { call as callApi } from '../../../request/call.ts';
import { useHasButton } from '../../../stores/permission.ts';
import { save } from '../network/network-api.ts';
import './dnsmasq-texts.ts';
import { useScopedQuery } from '../../../features/sites/scoped-query.ts';

/** What each half's `detail` answers, from the contract. */
type DetailOf = { dhcp: DhcpDetail; dns: DnsDetail };
export type DnsmasqDetail = DhcpDetail | DnsDetail;

const CALLS = { dhcp: dhcpCalls, dns: dnsCalls };
const EXPORT = { dhcp: dnsmasqCalls.exportDhcp, dns: dnsmasqCalls.exportDns };

/** The generated file's state: written, checked by dnsmasq, in place for the daemon, out of date. */
function StatusBar({
  detail,
  canApply,
  onApply,
}: {
  detail: DnsmasqDetail;
  canApply: boolean;
  onApply: () => void;
}) {
  const t = useT();
  const { config, dnsmasq } = detail;
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
      <Space wrap>
        {dnsmasq.installed ? (
          <Tag color="blue">{t('dnsmasq.installed', { version: dnsmasq.version ?? '' })}</Tag>
        ) : (
          <Tag color="orange">{t('dnsmasq.missing')}</Tag>
        )}
        <Typography.Text type="secondary">
          {t('dnsmasq.file')}: <Typography.Text code>{config.path}</Typography.Text>
          {!config.written && ` (${t('dnsmasq.notWritten')})`}
        </Typography.Text>
        {config.test.ran ? (
          <Tag color={config.test.ok ? 'green' : 'red'}>
            {t(config.test.ok ? 'dnsmasq.testOk' : 'dnsmasq.testFail')}
          </Tag>
        ) : (
          <Tag>{t('dnsmasq.testNotRun')}</Tag>
        )}
        {config.written && config.applied === 'in_place' && <Tag color="green">{t('dnsmasq.inPlace')}</Tag>}
        {config.written && config.applied === 'off' && <Tag>{t('dnsmasq.applyOff')}</Tag>}
      </Space>
      {config.test.ran && !config.test.ok && <Alert type="error" showIcon title={config.test.output} />}
      {config.written && config.pending && (
        <Alert
          type="warning"
          showIcon
          title={t('dnsmasq.pending')}
          action={
            canApply && (
              <Button size="small" type="primary" onClick={onApply}>
                {t('dnsmasq.apply')}
              </Button>
            )
          }
        />
      )}
    </Space>
  );
}

/**
 * The settings card of the DHCP and DNS pages: loads `detail`, saves with `form` (the server
 * validates, has dnsmasq check the file, then writes it), and offers apply, export and rollback
 * by the page's keys `system:<set>:edit|export|rollback`.
 */
export function DnsmasqSettings<H extends 'dhcp' | 'dns'>({
  half,
  title,
  children,
  toForm,
  toBody,
  header,
}: {
  half: H;
  title: string;
  children: ReactNode;
  toForm: (detail: DetailOf[H]) => Record<string, unknown>;
  toBody: (values: Record<string, unknown>) => Record<string, unknown>;
  header?: (detail: DetailOf[H]) => ReactNode;
}) {
  const t = useT();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [modal, holder] = Modal.useModal();
  const [saving, setSaving] = useState(false);
  const prefix = `system:${half}_set`;
  const can = {
    edit: useHasButton(`${prefix}:edit`),
    export: useHasButton(`${prefix}:export`),
    rollback: useHasButton(`${prefix}:rollback`),
  };
  const calls = CALLS[half];
  const key = ['dnsmasq', calls.detail.path];
  const { data } = useScopedQuery({
    queryKey: key,
    queryFn: async ({ sites }) => (await callApi(calls.detail, {}, { loading: false, sites })) as DetailOf[H],
  });
  const toFormRef = useRef(toForm);
  toFormRef.current = toForm;
  useEffect(() => {
    if (data) form.setFieldsValue(toFormRef.current(data));
  }, [data, form]);
  const refresh = () => void client.invalidateQueries({ queryKey: ['dnsmasq'] });

  if (!data) return <Spin />;
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const r = await save(calls.form, toBody(values), form);
    setSaving(false);
    if (r) refresh();
  };
  const call = async (verb: 'apply' | 'rollback') => {
    if (await save(calls[verb], {})) refresh();
  };
  const exportConfig = async () => {
    const exportCall: typeof dnsmasqCalls.exportDhcp = EXPORT[half];
    const r = await callApi(exportCall, {}).catch(() => null);
    if (r) window.open(r.url, '_blank');
  };

  return (
    <Card
      title={title}
      size="small"
      extra={
        <Space>
          {can.export && (
            <Button size="small" icon={<DownloadOutlined />} onClick={() => void exportConfig()}>
              {t('dnsmasq.export')}
            </Button>
          )}
          {can.rollback && data.config.can_rollback && (
            <Button
              size="small"
              icon={<RollbackOutlined />}
              onClick={() =>
                modal.confirm({
                  title: t('dnsmasq.rollback'),
                  content: t('dnsmasq.rollbackConfirm'),
                  onOk: () => call('rollback'),
                })
              }
            >
              {t('dnsmasq.rollback')}
            </Button>
          )}
        </Space>
      }
      style={{ marginBottom: 16 }}
    >
      {holder}
      <StatusBar detail={data} canApply={can.edit} onApply={() => void call('apply')} />
      {header?.(data)}
      <Form form={form} layout="vertical" disabled={!can.edit} style={{ maxWidth: 860 }}>
        {children}
        {can.edit && (
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('dnsmasq.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

/**
 * Re-reads the settings card whenever the record list of `resource` is fetched again (after an
 * add, edit, delete or import on the same page): the server has rewritten and checked the file in
 * that write, so the card shows the new check result and where the file stands. Not for the list's
 * first reading: the card was read with it (re-reading then sent the settings and the leases twice
 * on every opening of the page).
 */
export function useFollowRecords(resource: string): void {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((e) => {
        const k = e.query.queryKey;
        if (
          e.type === 'updated' &&
          e.action.type === 'success' &&
          e.query.state.dataUpdateCount > 1 &&
          k[0] === 'resource' &&
          k[1] === resource &&
          k[2] === 'list'
        )
          void client.invalidateQueries({ queryKey: ['dnsmasq'] });
      }),
    [client, resource],
  );
}
