import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { networkCalls } from '@igs/contract/calls';
import { resourceByName } from '@igs/contract/resources';
import { Alert, AutoComplete, Button, Form, Input, Space, Switch, Typography } from 'antd';
import { ResourcePage } from '../../features/resource/resource-page.tsx';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { Leases } from './dnsmasq/dhcp-leases.tsx';
import { DnsmasqSettings, useFollowRecords } from './dnsmasq/dnsmasq-settings.tsx';
import { pattern } from './network/network-interfaces.tsx';
import { HOST, IPV4 } from './network/network-logic.ts';
import './dnsmasq/dnsmasq-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

const hosts = resourceByName('system:dhcp_host')!;

/** Interface choices: the roles, then the host's interfaces when the caller may read them. */
function useInterfaceChoices() {
  const { data } = useScopedQuery({
    queryKey: ['network', 'net'],
    queryFn: ({ sites }) => call(networkCalls.interfaces, {}, { loading: false, silent: true, sites }),
    retry: false,
  });
  return ['lan', 'wan', 'mgmt', ...(data?.list ?? []).map((r) => r.name)].map((v) => ({ value: v }));
}

const flags = ['enabled', 'authoritative'] as const;

/**
 * system/Dhcp (DOMAIN 2.9): the DHCP settings (`system/dhcp_set`, written as dnsmasq's
 * igs-dhcp.conf and checked with `dnsmasq --test`), the static leases (`system:dhcp_host`) and
 * the current leases from the lease file.
 */
export default function Dhcp() {
  const t = useT();
  const choices = useInterfaceChoices();
  useFollowRecords(hosts.name);
  const ip = [pattern(IPV4, t('dnsmasq.badIp'))];
  return (
    <div className="dhcp-page">
      <DnsmasqSettings
        half="dhcp"
        title={t('dnsmasq.settings.dhcp')}
        toForm={(d) => ({ ...d, ...Object.fromEntries(flags.map((k) => [k, Boolean(d[k])])) })}
        toBody={(v) => ({ ...v, ...Object.fromEntries(flags.map((k) => [k, v[k] ? 1 : 0])) })}
        header={(d) => {
          const s = d.subnet;
          const warnings = d.warnings;
          return (
            <>
              {s.ok ? (
                <Typography.Paragraph type="secondary">
                  {t('dhcp.serves', { dev: s.dev, address: s.address, source: t(`dhcp.source.${s.source}`) })}
                </Typography.Paragraph>
              ) : (
                <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={s.msg} />
              )}
              {warnings.map((w) => (
                <Alert key={w} type="warning" showIcon style={{ marginBottom: 12 }} title={w} />
              ))}
            </>
          );
        }}
      >
        <Space wrap>
          <Form.Item name="enabled" label={t('dhcp.f.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="authoritative" label={t('dhcp.f.authoritative')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="interface"
            label={t('dhcp.f.interface')}
            rules={[{ required: true, message: t('dnsmasq.required') }]}
          >
            <AutoComplete options={choices} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item
            name="range_start"
            label={t('dhcp.f.range_start')}
            rules={[{ required: true, message: t('dnsmasq.required') }, ...ip]}
          >
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="range_end"
            label={t('dhcp.f.range_end')}
            rules={[{ required: true, message: t('dnsmasq.required') }, ...ip]}
          >
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="lease_time"
            label={t('dhcp.f.lease_time')}
            rules={[{ required: true, message: t('dnsmasq.required') }]}
          >
            <Input style={{ width: 120 }} placeholder="12h" />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="gateway" label={t('dhcp.f.gateway')} rules={ip}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="dns1" label={t('dhcp.f.dns1')} rules={ip}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="dns2" label={t('dhcp.f.dns2')} rules={ip}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="ntp" label={t('dhcp.f.ntp')} rules={ip}>
            <Input style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="domain" label={t('dhcp.f.domain')} rules={[pattern(HOST, t('dnsmasq.badHost'))]}>
            <Input style={{ width: 200 }} placeholder="hotel.lan" />
          </Form.Item>
          <Form.Item name="option43" label={t('dhcp.f.option43')}>
            <Input style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="option66" label={t('dhcp.f.option66')}>
            <Input style={{ width: 200 }} />
          </Form.Item>
        </Space>
        <Typography.Text strong>{t('dhcp.f.option60_tags')}</Typography.Text>
        <Form.List name="option60_tags">
          {(fields, { add, remove }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((f) => (
                <Space key={f.key} align="start">
                  <Form.Item
                    name={[f.name, 'vendor_class']}
                    rules={[{ required: true, message: t('dnsmasq.required') }]}
                  >
                    <Input placeholder={t('dhcp.f.vendor_class')} style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'tag']}
                    rules={[{ required: true, message: t('dnsmasq.required') }]}
                  >
                    <Input placeholder={t('dhcp.f.tag')} style={{ width: 140 }} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('dnsmasq.remove')}
                    onClick={() => remove(f.name)}
                  />
                </Space>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined />} onClick={() => add({ vendor_class: '', tag: '' })}>
                  {t('dhcp.addTag')}
                </Button>
              </Form.Item>
            </div>
          )}
        </Form.List>
        <Form.Item name="leases_file" label={t('dhcp.f.leases_file')}>
          <Input style={{ width: 360 }} />
        </Form.Item>
      </DnsmasqSettings>
      <ResourcePage def={hosts} />
      <Leases hostsResource={hosts.name} />
    </div>
  );
}
