import { DownloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { dnsmasqCalls } from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Modal, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/index.ts';
import { call as callApi } from '../../../request/call.ts';
import { request } from '../../../request/index.ts';
import { useHasButton } from '../../../stores/permission.ts';
import { save } from '../network/network-api.ts';
import './dnsmasq-texts.ts';
import { useScopedQuery } from '../../../features/sites/scoped-query.ts';

export interface HalfStatus {
  path: string;
  written: boolean;
  /**
   * Apply would change something. Record writes rewrite the file themselves, so this is only set
   * by changes made elsewhere (network settings, a restored backup) or a copy in /etc that differs.
   */
  pending: boolean;
  /** off: IGS_APPLY is not 1 (written under the data directory only); in_place: copied into /etc. */
  applied: 'off' | 'in_place' | 'stale';
  can_rollback: boolean;
  test: { ran: boolean; ok: boolean; output: string };
}

export interface DnsmasqDetail extends Record<string, unknown> {
  config: HalfStatus;
  dnsmasq: { installed: boolean; binary: string | null; version: string | null };
}

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
export function DnsmasqSettings({
  path,
  prefix,
  title,
  children,
  toForm,
  toBody,
  header,
}: {
  path: string;
  prefix: 'system:dhcp_set' | 'system:dns_set';
  title: string;
  children: ReactNode;
  toForm: (detail: DnsmasqDetail) => Record<string, unknown>;
  toBody: (values: Record<string, unknown>) => Record<string, unknown>;
  header?: (detail: DnsmasqDetail) => ReactNode;
}) {
  const t = useT();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [modal, holder] = Modal.useModal();
  const [saving, setSaving] = useState(false);
  const can = {
    edit: useHasButton(`${prefix}:edit`),
    export: useHasButton(`${prefix}:export`),
    rollback: useHasButton(`${prefix}:rollback`),
  };
  const key = ['dnsmasq', path];
  const { data } = useScopedQuery({
    queryKey: key,
    queryFn: ({ sites }) => request<DnsmasqDetail>(path, { method: 'detail' }, { loading: false, sites }),
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
    const r = await save(path, { method: 'form', ...toBody(values) }, form);
    setSaving(false);
    if (r) refresh();
  };
  const call = async (method: string) => {
    if (await save(path, { method })) refresh();
  };
  const exportConfig = async () => {
    const r = await callApi(
      prefix === 'system:dhcp_set' ? dnsmasqCalls.exportDhcp : dnsmasqCalls.exportDns,
      {},
    ).catch(() => null);
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
 * that write, so the card shows the new check result and where the file stands.
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
          k[0] === 'resource' &&
          k[1] === resource &&
          k[2] === 'list'
        )
          void client.invalidateQueries({ queryKey: ['dnsmasq'] });
      }),
    [client, resource],
  );
}
