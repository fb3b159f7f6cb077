import {
  type CallOutput,
  type HotStandbySyncLocal,
  type HotStandbySyncPeer,
  hotStandbyCalls,
  type PeerCheck,
} from '@igs/contract/calls';
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
      {Number(v.enabled) === 1 && Number(v.sync_config) === 1 && v.role === 'master' && !v.sync_push && (
        <Alert type="warning" showIcon title={t('hs.syncIdle')} />
      )}
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

type Translate = ReturnType<typeof useT>;

/** A failure reason of the sync (HOT_STANDBY_SYNC_REASONS) in the reader's language. */
function reasonText(t: Translate, reason: string): string {
  const key = `hs.reason.${reason}`;
  const text = t(key);
  return text === key ? reason : text;
}

const versionAt = (t: Translate, version: number, at: string) =>
  version ? t('hs.versionAt', { version, at: at || '—' }) : t('hs.none');

/**
 * The configuration sync: this gateway's versions (from detail), the peer's (asked on demand over
 * the authenticated channel), the last push's result, and pushing now.
 */
function SyncPanel({
  v,
  endpoint,
  canSync,
  onPushed,
}: {
  v: SingletonValues;
  endpoint: string;
  canSync: boolean;
  onPushed: () => void;
}) {
  const t = useT();
  const local = v.sync as HotStandbySyncLocal | undefined;
  const [peer, setPeer] = useState<{ peer: HotStandbySyncPeer | null; peer_error: string } | null>(null);
  const [busy, setBusy] = useState<'' | 'ask' | 'push'>('');
  // Hooks above run on every render; the panel itself only where hot standby syncs.
  if (!local || Number(v.enabled) !== 1 || Number(v.sync_config) !== 1) return null;
  const ask = async () => {
    setBusy('ask');
    try {
      const r = await call(hotStandbyCalls.sync_state, {}, { loading: false });
      setPeer({ peer: r.peer, peer_error: r.peer_error });
    } catch {
      setPeer(null);
    } finally {
      setBusy('');
    }
  };
  const push = async () => {
    setBusy('push');
    try {
      const r = await requestEnvelope<HotStandbySyncLocal>(endpoint, {
        method: hotStandbyCalls.sync_now.method,
      });
      if (r.data.last_push?.ok) toast.success(r.msg);
      else toast.warning(r.msg);
      onPushed();
    } catch {
      // shown by the request layer
    } finally {
      setBusy('');
    }
  };
  const last = local.last_push;
  return (
    <Descriptions size="small" column={1} title={t('hs.sync')} style={{ marginTop: 16 }}>
      <Descriptions.Item label={t('hs.sync.target')}>{String(v.sync_target || '—')}</Descriptions.Item>
      <Descriptions.Item label={t('hs.sync.local')}>
        {v.role === 'master'
          ? t('hs.sync.localMaster', {
              version: versionAt(t, local.version, local.changed_at),
              pushed: versionAt(t, local.pushed_version, local.pushed_at),
            })
          : t('hs.sync.localBackup', { held: versionAt(t, local.held_version, local.held_at) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('hs.sync.last')}>
        {last ? (
          <Space wrap>
            <Tag color={last.ok ? 'green' : 'red'}>{last.ok ? t('hs.sync.ok') : t('hs.sync.failed')}</Tag>
            <Typography.Text type="secondary">
              {t('hs.sync.lastAt', { at: last.at, version: last.version })}
            </Typography.Text>
            {last.reason && <Typography.Text>{reasonText(t, last.reason)}</Typography.Text>}
            {!last.ok && last.detail && <Typography.Text type="secondary">{last.detail}</Typography.Text>}
          </Space>
        ) : (
          t('hs.none')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('hs.sync.peer')}>
        <Space wrap>
          {peer?.peer ? (
            <Typography.Text>
              {t('hs.sync.peerState', {
                role: peer.peer.role === 'master' ? t('hs.role.master') : t('hs.role.backup'),
                held: versionAt(t, peer.peer.held_version, peer.peer.held_at),
              })}
            </Typography.Text>
          ) : peer ? (
            <Tag color="red">{reasonText(t, peer.peer_error)}</Tag>
          ) : null}
          <Button size="small" loading={busy === 'ask'} onClick={() => void ask()}>
            {t('hs.sync.ask')}
          </Button>
          {canSync && v.role === 'master' && (
            <Button size="small" type="primary" loading={busy === 'push'} onClick={() => void push()}>
              {t('hs.sync.now')}
            </Button>
          )}
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** system/HotStandby (DOMAIN 2.9): VRRP settings written for keepalived, its state, the peer, switchover. */
export default function HotStandby() {
  const t = useT();
  const { endpoint, refresh } = useSingleton(hotStandbySettings);
  const canSwitch = useSingletonButton(hotStandbySettings, 'switchover');
  // sync_now needs the settings' own key (the server checks system:hot_standby:edit).
  const canSync = useSingletonButton(hotStandbySettings, 'edit');
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
        header={(v) => (
          <>
            <StateHeader v={v} />
            <SyncPanel v={v} endpoint={endpoint} canSync={canSync} onPushed={() => void refresh()} />
          </>
        )}
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
