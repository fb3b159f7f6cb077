import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { resourceByName } from '@igs/contract/resources';
import { Button, Form, Input, InputNumber, Space, Switch, Typography } from 'antd';
import { ResourcePage } from '../../features/resource/resource-page.tsx';
import { useT } from '../../i18n/index.ts';
import { HostsImport } from './dnsmasq/dns-hosts-import.tsx';
import { DnsmasqSettings, useFollowRecords } from './dnsmasq/dnsmasq-settings.tsx';
import { pattern } from './network/network-interfaces.tsx';
import { HOST, splitList } from './network/network-logic.ts';
import './dnsmasq/dnsmasq-texts.ts';

const records = resourceByName('system:dns_host')!;
const flags = ['enabled', 'no_resolv'] as const;

/**
 * system/Dns (DOMAIN 2.9): the DNS settings with domain overrides (`system/dns_set`, written as
 * dnsmasq's igs-dns.conf and checked with `dnsmasq --test`) and the local host records
 * (`system:dns_host`, written as address=/host/ip).
 */
export default function Dns() {
  const t = useT();
  useFollowRecords(records.name);
  return (
    <div className="dns-page">
      <DnsmasqSettings
        half="dns"
        title={t('dnsmasq.settings.dns')}
        toForm={(d) => ({
          ...d,
          upstream: d.upstream.join('\n'),
          ...Object.fromEntries(flags.map((k) => [k, Boolean(d[k])])),
        })}
        toBody={(v) => ({
          ...v,
          upstream: splitList(v.upstream as string),
          ...Object.fromEntries(flags.map((k) => [k, v[k] ? 1 : 0])),
        })}
      >
        <Space wrap>
          <Form.Item name="enabled" label={t('dns.f.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="port" label={t('dns.f.port')}>
            <InputNumber min={1} max={65535} precision={0} />
          </Form.Item>
          <Form.Item name="cache_size" label={t('dns.f.cache_size')}>
            <InputNumber min={0} max={10000} precision={0} />
          </Form.Item>
          <Form.Item name="no_resolv" label={t('dns.f.no_resolv')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="upstream" label={t('dns.f.upstream')}>
          <Input.TextArea rows={3} style={{ width: 320 }} placeholder={'223.5.5.5\n119.29.29.29'} />
        </Form.Item>
        <Typography.Text strong>{t('dns.f.overrides')}</Typography.Text>
        <Form.List name="overrides">
          {(fields, { add, remove }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((f) => (
                <Space key={f.key} align="start">
                  <Form.Item
                    name={[f.name, 'domain']}
                    rules={[
                      { required: true, message: t('dnsmasq.required') },
                      pattern(HOST, t('dnsmasq.badHost')),
                    ]}
                  >
                    <Input placeholder={t('dns.f.domain')} style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'server']}
                    rules={[{ required: true, message: t('dnsmasq.required') }]}
                  >
                    <Input placeholder={t('dns.f.server')} style={{ width: 180 }} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('dnsmasq.remove')}
                    onClick={() => remove(f.name)}
                  />
                </Space>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined />} onClick={() => add({ domain: '', server: '' })}>
                  {t('dns.addOverride')}
                </Button>
              </Form.Item>
            </div>
          )}
        </Form.List>
      </DnsmasqSettings>
      <div style={{ marginBottom: 8 }}>
        <HostsImport endpoint={records.endpoint} resource={records.name} />
      </div>
      <ResourcePage def={records} />
    </div>
  );
}
