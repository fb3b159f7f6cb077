import { ReloadOutlined } from '@ant-design/icons';
import { voiceManagementCalls } from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Modal,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useIsActiveTab } from '../../features/keep-alive/active-tab.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { isRequestError } from '../../request/index.ts';
import { useHasButton } from '../../stores/permission.ts';
import { formatBytes } from '../../utils/number.ts';
import { ConfFileViewer } from './conf-file-viewer.tsx';
import { type FileRow, fileRows, STATE_COLOR, TRUNK_COLOR, uptimeParts } from './management-data.ts';
import './management-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

export const STATUS_REFRESH_MS = 10_000;

function Duration({ seconds }: { seconds: number | null }) {
  const t = useT();
  if (seconds === null) return <>—</>;
  return (
    <>
      {uptimeParts(seconds)
        .map((p) => t(`vmgmt.unit.${p.unit}`, { n: p.n }))
        .join(' ')}
    </>
  );
}

function CheckTag({ row }: { row: FileRow }) {
  const t = useT();
  if (row.ok === null) return <Tag>{t('vmgmt.notChecked')}</Tag>;
  return (
    <Space size={4} wrap>
      {row.ok ? (
        <Tag color="green">{t('vmgmt.ok')}</Tag>
      ) : (
        <Tag color="red">{t('vmgmt.errors', { n: row.errors.length })}</Tag>
      )}
      {row.warnings.length > 0 && <Tag color="orange">{t('vmgmt.warnings', { n: row.warnings.length })}</Tag>}
    </Space>
  );
}

/** voice/VoiceManagement (DOMAIN 2.2): Asterisk's state, the voice figures and the generated files. */
export default function VoiceManagement() {
  const t = useT();
  const active = useIsActiveTab();
  const client = useQueryClient();
  const canReload = useHasButton('voice:management:reload');
  const canRestart = useHasButton('voice:management:restart');
  const [viewing, setViewing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const status = useScopedQuery({
    queryKey: ['voice', 'management', 'status'],
    queryFn: ({ sites }) => call(voiceManagementCalls.status, {}, { loading: false, sites }),
    refetchInterval: active ? STATUS_REFRESH_MS : false,
  });
  const check = useScopedQuery({
    queryKey: ['voice', 'management', 'check'],
    queryFn: ({ sites }) => call(voiceManagementCalls.check, {}, { loading: false, sites }),
  });

  const refresh = () => void client.invalidateQueries({ queryKey: ['voice', 'management'] });

  const runVerb = async (verb: 'reload' | 'restart') => {
    setBusy(verb);
    setOutcome(null);
    try {
      await call(voiceManagementCalls[verb], {}, { silent: true });
      setOutcome({ ok: true, text: t(verb === 'reload' ? 'vmgmt.reloaded' : 'vmgmt.restarted') });
    } catch (error) {
      if (isRequestError(error)) setOutcome({ ok: false, text: error.msg });
    } finally {
      setBusy(null);
      refresh();
    }
  };
  const confirm = (verb: 'reload' | 'restart') =>
    Modal.confirm({
      title: t(`vmgmt.${verb}`),
      content: t(verb === 'reload' ? 'vmgmt.reloadConfirm' : 'vmgmt.restartConfirm'),
      onOk: () => runVerb(verb),
    });

  if (status.isError && !status.data)
    return <Result status="warning" title={t('vmgmt.loadFailed')} subTitle={status.error.message} />;
  const s = status.data;
  const rows = fileRows(s, check.data);

  return (
    <div className="voice-management">
      <Space wrap style={{ marginBottom: 16 }}>
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          {t('vmgmt.refresh')}
        </Button>
        <Button loading={check.isFetching} onClick={() => void check.refetch()}>
          {t('vmgmt.check')}
        </Button>
        {canReload && (
          <Button type="primary" loading={busy === 'reload'} onClick={() => confirm('reload')}>
            {t('vmgmt.reload')}
          </Button>
        )}
        {canRestart && (
          <Button danger loading={busy === 'restart'} onClick={() => confirm('restart')}>
            {t('vmgmt.restart')}
          </Button>
        )}
      </Space>
      {outcome && (
        <Alert
          style={{ marginBottom: 16 }}
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          closable
          title={outcome.text}
          onClose={() => setOutcome(null)}
        />
      )}
      {!s ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('vmgmt.asterisk')}>
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('vmgmt.asterisk')}>
                    <Tag color={STATE_COLOR[s.asterisk.state]} data-testid="asterisk-state">
                      {t(`vmgmt.state.${s.asterisk.state}`)}
                    </Tag>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('vmgmt.version')}>
                    {s.asterisk.version ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('vmgmt.uptime')}>
                    <Duration seconds={s.asterisk.uptime_s} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('vmgmt.lastReload')}>
                    <Duration seconds={s.asterisk.last_reload_s} />
                  </Descriptions.Item>
                </Descriptions>
                {s.asterisk.reason && <Alert type="warning" showIcon title={s.asterisk.reason} />}
              </Card>
            </Col>
            <Col xs={12} lg={6}>
              <Card size="small">
                <Statistic
                  title={t('vmgmt.endpoints')}
                  value={s.endpoints.registered}
                  suffix={`/ ${s.endpoints.total}`}
                />
              </Card>
            </Col>
            <Col xs={12} lg={6}>
              <Card size="small">
                <Tooltip title={s.channels.reason ?? undefined}>
                  <Statistic title={t('vmgmt.channels')} value={s.channels.active ?? '—'} />
                </Tooltip>
              </Card>
            </Col>
          </Row>
          {s.source === 'data' && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('vmgmt.fromData')}
            </Typography.Paragraph>
          )}
          <Card size="small" title={t('vmgmt.trunks')} style={{ marginTop: 16 }}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={s.trunks}
              locale={{ emptyText: t('vmgmt.trunk.none') }}
              columns={[
                { title: t('vmgmt.trunk.name'), dataIndex: 'name' },
                { title: t('vmgmt.trunk.server'), dataIndex: 'sip_server' },
                { title: t('vmgmt.trunk.registration'), dataIndex: 'registration' },
                {
                  title: t('vmgmt.trunk.state'),
                  dataIndex: 'state',
                  render: (v: string) => (
                    <Tag color={TRUNK_COLOR[v] ?? 'default'}>{t(`vmgmt.tstate.${v}`)}</Tag>
                  ),
                },
              ]}
            />
          </Card>
        </>
      )}
      <Card
        size="small"
        title={t('vmgmt.files')}
        style={{ marginTop: 16 }}
        extra={
          check.data && (
            <Tag color={check.data.ok ? 'green' : 'red'}>
              {t(check.data.ok ? 'vmgmt.checkedOk' : 'vmgmt.checkedBad')}
            </Tag>
          )
        }
      >
        {s && (
          <Typography.Paragraph type="secondary">
            {t('vmgmt.filesIn', { dir: s.dir })} ·{' '}
            {t(s.apply.enabled ? 'vmgmt.applyOn' : 'vmgmt.applyOff', { dir: s.apply.target })}
          </Typography.Paragraph>
        )}
        <Table<FileRow>
          rowKey="file"
          size="small"
          pagination={false}
          loading={check.isFetching}
          dataSource={rows}
          expandable={{
            rowExpandable: (r) => r.errors.length + r.warnings.length > 0,
            expandedRowRender: (r) => (
              <Space orientation="vertical">
                {r.errors.map((e) => (
                  <Typography.Text key={e} type="danger">
                    {e}
                  </Typography.Text>
                ))}
                {r.warnings.map((w) => (
                  <Typography.Text key={w} type="warning">
                    {w}
                  </Typography.Text>
                ))}
              </Space>
            ),
          }}
          columns={[
            { title: t('vmgmt.file'), dataIndex: 'file' },
            { title: t('vmgmt.written'), dataIndex: 'written_at', render: (v: string | null) => v ?? '—' },
            {
              title: t('vmgmt.size'),
              dataIndex: 'bytes',
              render: (v: number | null) => (v === null ? '—' : formatBytes(v)),
            },
            {
              title: t('vmgmt.result'),
              key: 'result',
              render: (_: unknown, r: FileRow) => <CheckTag row={r} />,
            },
            {
              title: '',
              key: 'view',
              width: 80,
              render: (_: unknown, r: FileRow) => (
                <Button size="small" type="link" onClick={() => setViewing(r.file)}>
                  {t('vmgmt.view')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <ConfFileViewer file={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
