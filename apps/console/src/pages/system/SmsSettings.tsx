import { type CallOutput, type SmsLogRow, smsCalls } from '@igs/contract/calls';
import { smsSettings } from '@igs/contract/extras';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { SingletonForm } from '../../features/singleton-form/singleton-form.tsx';
import { useSingletonButton } from '../../features/singleton-form/use-singleton.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { isRequestError, requestEnvelope } from '../../request/index.ts';
import { PHONE, smsFieldVisible } from './sms/sms-fields.ts';
import './sms/sms-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

const RESULT_COLOR = { sent: 'green', failed: 'red', refused: 'orange' } as const;

function TestSend({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const valid = PHONE.test(phone.trim());

  const send = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const r = await requestEnvelope<CallOutput<typeof smsCalls.test>>(smsCalls.test.path, {
        method: smsCalls.test.method,
        phone: phone.trim(),
      });
      setOutcome({ ok: true, text: r.msg });
    } catch (error) {
      if (isRequestError(error)) setOutcome({ ok: false, text: error.msg });
    } finally {
      setBusy(false);
      onDone();
    }
  };

  return (
    <Card size="small" title={t('sms.test')} style={{ maxWidth: 720, marginTop: 24 }}>
      <Space wrap align="start">
        <Input
          style={{ width: 240 }}
          placeholder={t('sms.phone')}
          value={phone}
          status={phone && !valid ? 'error' : undefined}
          onChange={(e) => setPhone(e.target.value)}
          onPressEnter={() => valid && void send()}
        />
        <Button type="primary" disabled={!valid} loading={busy} onClick={() => void send()}>
          {t('sms.test')}
        </Button>
      </Space>
      {phone && !valid && <Typography.Text type="danger">{t('sms.phoneInvalid')}</Typography.Text>}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('sms.testHint')}
      </Typography.Paragraph>
      {outcome && (
        <Alert
          style={{ marginTop: 12 }}
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          title={outcome.text}
        />
      )}
    </Card>
  );
}

function SendLog() {
  const t = useT();
  const [page, setPage] = useState({ page: 1, limit: 10 });
  const { data, isFetching } = useScopedQuery({
    queryKey: ['singleton', smsSettings.name, 'history', page],
    queryFn: ({ sites }) => call(smsCalls.history, page, { loading: false, sites }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card size="small" title={t('sms.history')} style={{ marginTop: 24 }}>
      <Table<SmsLogRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        columns={[
          { title: t('sms.col.time'), dataIndex: 'time', width: 170 },
          { title: t('sms.col.provider'), dataIndex: 'provider', width: 90 },
          { title: t('sms.col.phone'), dataIndex: 'phone', width: 150 },
          { title: t('sms.col.purpose'), dataIndex: 'purpose', width: 90 },
          {
            title: t('sms.col.result'),
            dataIndex: 'result',
            width: 110,
            render: (r: SmsLogRow['result']) => <Tag color={RESULT_COLOR[r]}>{t(`sms.result.${r}`)}</Tag>,
          },
          { title: t('sms.col.status'), dataIndex: 'http_status', width: 70 },
          { title: t('sms.col.detail'), dataIndex: 'detail', ellipsis: true },
        ]}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: data?.total ?? 0,
          showTotal: (n) => t('sms.total', { n }),
          onChange: (p, limit) => setPage({ page: p, limit }),
        }}
      />
    </Card>
  );
}

/** system/SmsSettings (DOMAIN 2.9): the SMS provider, a test send and the send log. */
export default function SmsSettings() {
  const t = useT();
  const client = useQueryClient();
  const canTest = useSingletonButton(smsSettings, 'test');
  const refresh = () => void client.invalidateQueries({ queryKey: ['singleton', smsSettings.name] });
  return (
    <div className="sms-settings-page">
      <SingletonForm
        def={smsSettings}
        visible={smsFieldVisible}
        header={(v) => (
          <Space orientation="vertical" style={{ marginBottom: 16 }}>
            <Tag color={Number(v.sent_today) >= Number(v.daily_limit) ? 'red' : 'blue'}>
              {t('sms.today', { sent: v.sent_today, limit: v.daily_limit })}
            </Tag>
            {v.provider === 'http' && <Typography.Text type="secondary">{t('sms.httpHint')}</Typography.Text>}
          </Space>
        )}
      />
      {canTest && <TestSend onDone={refresh} />}
      <SendLog />
    </div>
  );
}
