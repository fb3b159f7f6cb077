import { type CallOutput, hotStandbyCalls, type PeerCheck } from '@igs/contract/calls';
import { hotStandbySettings } from '@igs/contract/extras';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { SingletonForm } from '../../features/singleton-form/singleton-form.tsx';
import {
  type SingletonValues,
  useSingleton,
  useSingletonButton,
} from '../../features/singleton-form/use-singleton.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { requestEnvelope } from '../../request/index.ts';
import './hot-standby/hot-standby-texts.ts';

const STATE_COLOR: Record<string, string> = { MASTER: 'green', BACKUP: 'blue', FAULT: 'red', STOP: 'orange' };

function StateHeader({ v }: { v: SingletonValues }) {
  const t = useT();
  const state = String(v.state ?? 'unknown');
  const interfaces = (v.interfaces as string[] | undefined) ?? [];
  return (
    <Space orientation="vertical" style={{ marginBottom: 16, width: '100%' }}>
      <Space wrap>
        <Typography.Text>{t('hs.state')}:</Typography.Text>
        {state === 'unknown' ? (
          <Tag>{t('hs.state.unknown')}</Tag>
        ) : (
          <Tag color={STATE_COLOR[state] ?? 'default'}>{state}</Tag>
        )}
        {v.state_at ? (
          <Typography.Text type="secondary">{t('hs.stateAt', { at: v.state_at })}</Typography.Text>
        ) : null}
        <Typography.Text type="secondary">{t('hs.priority', { n: v.priority_effective })}</Typography.Text>
      </Space>
      <Typography.Text type="secondary">
        {t('hs.interfaces', { list: interfaces.join(', ') || '—' })}
      </Typography.Text>
      {v.keepalived_installed === false && <Alert type="warning" showIcon title={t('hs.noKeepalived')} />}
      {v.apply_enabled === false && <Alert type="info" showIcon title={t('hs.notApplied')} />}
      {Number(v.sync_config) === 1 && <Alert type="info" showIcon title={t('hs.syncNotBuilt')} />}
    </Space>
  );
}

function PeerResult({ r }: { r: PeerCheck }) {
  const t = useT();
  return (
    <Descriptions size="small" column={1} title={t('hs.peer', { ip: r.peer_ip })} style={{ marginTop: 16 }}>
      <Descriptions.Item label="TCP">
        <Tag color={r.tcp.ok ? 'green' : 'red'}>
          {r.tcp.ok
            ? t('hs.tcpOk', { port: r.tcp.port, ms: r.tcp.ms })
            : t('hs.tcpFail', { port: r.tcp.port, error: r.tcp.error })}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label="Ping">
        {r.ping.ran ? (
          <Tag color={r.ping.ok ? 'green' : 'red'}>{r.ping.ok ? t('hs.pingOk') : t('hs.pingFail')}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('hs.pingNotRun', { why: r.ping.output })}</Typography.Text>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** system/HotStandby (DOMAIN 2.9): VRRP settings written for keepalived, its state, the peer, switchover. */
export default function HotStandby() {
  const t = useT();
  const { endpoint, refresh } = useSingleton(hotStandbySettings);
  const canSwitch = useSingletonButton(hotStandbySettings, 'switchover');
  const [peer, setPeer] = useState<PeerCheck | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async () => {
    setChecking(true);
    try {
      setPeer(await call(hotStandbyCalls.check, {}, { loading: false }));
    } catch {
      setPeer(null);
    } finally {
      setChecking(false);
    }
  };

  const switchover = async () => {
    try {
      const r = await requestEnvelope<CallOutput<typeof hotStandbyCalls.switchover>>(endpoint, {
        method: hotStandbyCalls.switchover.method,
      });
      if (r.data.applied) toast.success(r.msg);
      else toast.warning(r.msg);
      await refresh();
    } catch {
      // shown by the request layer
    }
  };

  return (
    <Card>
      <SingletonForm
        def={hotStandbySettings}
        header={(v) => <StateHeader v={v} />}
        actions={() => (
          <>
            <Button loading={checking} onClick={() => void check()}>
              {t('hs.check')}
            </Button>
            {canSwitch && (
              <Popconfirm
                title={t('hs.switchoverConfirm')}
                okText={t('hs.ok')}
                cancelText={t('hs.cancel')}
                onConfirm={switchover}
              >
                <Button danger>{t('hs.switchover')}</Button>
              </Popconfirm>
            )}
          </>
        )}
      />
      {peer && <PeerResult r={peer} />}
    </Card>
  );
}
