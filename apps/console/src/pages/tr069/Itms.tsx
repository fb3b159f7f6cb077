import { type CallOutput, itmsCalls, resourceCalls } from '@igs/contract/calls';
import { itmsSettings } from '@igs/contract/extras';
import { Alert, Button, Card, Descriptions, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { SingletonForm } from '../../features/singleton-form/singleton-form.tsx';
import { useSingletonButton } from '../../features/singleton-form/use-singleton.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { isRequestError, requestEnvelope } from '../../request/index.ts';
import './itms-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

/** Sends the `test` verb for one CPE and shows the answer beside the toast. */
function ConnectionRequestTest() {
  const t = useT();
  const [device, setDevice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; note?: string } | null>(null);
  const devices = useScopedQuery({
    queryKey: ['tr069', 'device', 'options'],
    queryFn: ({ sites }) =>
      call(resourceCalls('/admin.php/tr069/device').options, { limit: 200 }, { loading: false, sites }),
  });

  const run = async () => {
    if (!device) return;
    setBusy(true);
    setOutcome(null);
    try {
      const r = await requestEnvelope<CallOutput<typeof itmsCalls.test>>(itmsCalls.test.path, {
        method: 'test',
        device_id: device,
      });
      setOutcome({
        ok: true,
        text: `${r.msg} — ${t('itms.testOk', { url: r.data.url, status: r.data.http_status, auth: r.data.auth })}`,
        note: r.data.guessed_url ? t('itms.guessed') : undefined,
      });
    } catch (error) {
      if (isRequestError(error)) setOutcome({ ok: false, text: error.msg });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t('itms.testTitle')} style={{ maxWidth: 720, marginTop: 24 }}>
      <Space wrap>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          style={{ width: 320 }}
          placeholder={t('itms.testDevice')}
          loading={devices.isFetching}
          value={device}
          onChange={setDevice}
          options={(devices.data ?? []).map((d) => ({ value: d.label, label: d.label }))}
        />
        <Button type="primary" disabled={!device} loading={busy} onClick={() => void run()}>
          {t('itms.testRun')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('itms.testHint')}
      </Typography.Paragraph>
      {outcome && (
        <Alert
          style={{ marginTop: 12 }}
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          title={outcome.text}
          description={outcome.note}
        />
      )}
    </Card>
  );
}

/** tr069/Itms (DOMAIN 2.5): the ACS settings CPEs are provisioned with, and a connection-request test. */
export default function Itms() {
  const t = useT();
  const canTest = useSingletonButton(itmsSettings, 'test');
  return (
    <div className="itms-page">
      <SingletonForm
        def={itmsSettings}
        header={(v) => (
          <>
            <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('itms.lan')}>{String(v.lan_address ?? '')}</Descriptions.Item>
              {Array.isArray(v.dnsmasq_lines) && v.dnsmasq_lines.length > 0 && (
                <Descriptions.Item label={t('itms.option43')}>
                  <Typography.Text code>{(v.dnsmasq_lines as string[]).join('\n')}</Typography.Text>
                </Descriptions.Item>
              )}
            </Descriptions>
            <Alert
              style={{ marginBottom: 16 }}
              showIcon
              type={v.acs_listening ? 'success' : 'warning'}
              title={t(v.acs_listening ? 'itms.listening' : 'itms.notListening', { port: v.cwmp_port })}
            />
          </>
        )}
      />
      {canTest && <ConnectionRequestTest />}
    </div>
  );
}
