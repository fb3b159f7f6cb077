import {
  CheckCircleOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  EyeOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { upgradeCalls } from '@igs/contract/calls';
import { keepPreviousData } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Modal,
  Progress,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { uploadFile } from '../../features/resource/upload.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { isRequestError } from '../../request/index.ts';
import { useHasButton } from '../../stores/permission.ts';
import { formatBytes } from '../../utils/number.ts';
import { isUpgradeInfo, type PackageRow, rowVerbs, STATE_COLORS } from './upgrade-logic.ts';
import './upgrade-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

/** authorise/Upgrade: running version, signed packages (upload with progress, verify, apply, rollback). */
export default function Upgrade() {
  const t = useT();
  const can = {
    add: useHasButton('authorise:upgrade:add'),
    verify: useHasButton('authorise:upgrade:verify'),
    apply: useHasButton('authorise:upgrade:apply'),
    rollback: useHasButton('authorise:upgrade:rollback'),
    del: useHasButton('authorise:upgrade:del'),
  };
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [upload, setUpload] = useState<{ name: string; percent: number; verifying: boolean } | null>(null);
  const [shown, setShown] = useState<PackageRow | null>(null);

  const info = useScopedQuery({
    queryKey: ['authorise', 'upgrade', 'info'],
    queryFn: async ({ sites }) => {
      const d = await call(upgradeCalls.detail, {}, { loading: false, sites });
      if (!isUpgradeInfo(d)) throw new Error('upgrade detail without id answered a package');
      return d;
    },
  });
  const list = useScopedQuery({
    queryKey: ['authorise', 'upgrade', page],
    queryFn: ({ sites }) => call(upgradeCalls.list, page, { loading: false, sites }),
    placeholderData: keepPreviousData,
  });
  const refresh = async () => {
    await Promise.all([list.refetch(), info.refetch()]);
  };

  const send = async (file: File) => {
    setUpload({ name: file.name, percent: 0, verifying: false });
    try {
      const up = await uploadFile(file, 'firmware', (percent) =>
        setUpload({ name: file.name, percent, verifying: percent >= 100 }),
      );
      setUpload({ name: file.name, percent: 100, verifying: true });
      const pkg = await call(upgradeCalls.add, { file: up.id });
      toast.success(t('upgrade.verified', { version: pkg.version }));
      setShown(pkg);
      await refresh();
    } catch (e) {
      if (!isRequestError(e)) toast.error((e as Error).message || t('msg.networkError'));
    } finally {
      setUpload(null);
    }
  };

  const details = async (row: PackageRow) => {
    const d = await call(upgradeCalls.detail, { id: row.id });
    if (!isUpgradeInfo(d)) setShown(d);
  };

  const verify = async (row: PackageRow) => {
    try {
      await call(upgradeCalls.verify, { id: row.id }, { successToast: 'msg.operationSuccessful' });
    } finally {
      await refresh();
    }
  };

  const apply = (row: PackageRow) =>
    Modal.confirm({
      title: t('upgrade.confirmApply', { version: row.version }),
      content: t('upgrade.confirmApplyText'),
      onOk: async () => {
        try {
          const r = await call(upgradeCalls.apply, { id: row.id });
          toast.success(r.message);
        } finally {
          await refresh();
        }
      },
    });

  const rollback = () =>
    Modal.confirm({
      title: t('upgrade.confirmRollback', { version: info.data?.previous_release ?? '' }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(upgradeCalls.rollback, {}, { successToast: 'msg.operationSuccessful' });
        await refresh();
      },
    });

  const remove = (row: PackageRow) =>
    Modal.confirm({
      title: t('upgrade.confirmDelete', { name: row.file_name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(upgradeCalls.del, { ids: [row.id] }, { successToast: 'msg.operationSuccessful' });
        await refresh();
      },
    });

  const i = info.data;
  const columns = [
    { title: t('upgrade.fileName'), dataIndex: 'file_name', ellipsis: true },
    {
      title: t('upgrade.version'),
      dataIndex: 'version',
      width: 150,
      render: (v: string, r: PackageRow) => (
        <Tooltip title={r.newer ? t('upgrade.newer') : t('upgrade.notNewer')}>
          {v} {r.build && <Typography.Text type="secondary">({r.build})</Typography.Text>}
        </Tooltip>
      ),
    },
    { title: t('upgrade.size'), dataIndex: 'size', width: 100, render: (v: number) => formatBytes(v) },
    {
      title: t('upgrade.signature'),
      dataIndex: 'signature',
      width: 90,
      render: (v: 'valid' | 'invalid') => (
        <Tag color={v === 'valid' ? 'green' : 'red'}>{t(`upgrade.signature.${v}`)}</Tag>
      ),
    },
    {
      title: t('upgrade.state'),
      dataIndex: 'state',
      width: 100,
      render: (v: PackageRow['state']) => <Tag color={STATE_COLORS[v]}>{t(`upgrade.state.${v}`)}</Tag>,
    },
    { title: t('upgrade.message'), dataIndex: 'message', ellipsis: true },
    { title: t('upgrade.createdAt'), dataIndex: 'created_at', width: 170 },
    {
      title: t('upgrade.actions'),
      key: 'actions',
      width: 300,
      render: (_: unknown, row: PackageRow) => {
        const v = rowVerbs(row, i);
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => void details(row)}>
              {t('upgrade.details')}
            </Button>
            {can.verify && v.verify && (
              <Button
                type="link"
                size="small"
                icon={<SafetyCertificateOutlined />}
                onClick={() => void verify(row)}
              >
                {t('upgrade.verify')}
              </Button>
            )}
            {can.apply && v.apply && (
              <Tooltip title={v.applyEnabled ? '' : t('upgrade.applyOff')}>
                <Button
                  type="link"
                  size="small"
                  icon={<CheckCircleOutlined />}
                  disabled={!v.applyEnabled}
                  onClick={() => apply(row)}
                >
                  {t('upgrade.apply')}
                </Button>
              </Tooltip>
            )}
            {can.del && (
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
                {t('upgrade.delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16} className="upgrade-page">
      <Card size="small">
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={t('upgrade.current')}>
            <Typography.Text strong>{i?.version}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('upgrade.build')}>{i?.build}</Descriptions.Item>
          <Descriptions.Item label={t('upgrade.node')}>{i?.node}</Descriptions.Item>
          {i?.current_release && (
            <Descriptions.Item label={t('upgrade.release')}>{i.current_release}</Descriptions.Item>
          )}
          {i?.previous_release && (
            <Descriptions.Item label={t('upgrade.previous')}>{i.previous_release}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      {i && !i.apply_enabled && <Alert type="info" showIcon title={t('upgrade.applyOff')} />}
      <Flex gap={8} wrap>
        {can.add && (
          <Upload
            accept=".gz,.tgz"
            showUploadList={false}
            maxCount={1}
            disabled={upload !== null}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button type="primary" icon={<CloudUploadOutlined />} loading={upload !== null}>
              {t('upgrade.upload')}
            </Button>
          </Upload>
        )}
        {can.rollback && i?.previous_release && (
          <Button icon={<RollbackOutlined />} disabled={!i.apply_enabled} onClick={rollback}>
            {t('upgrade.rollback')}
          </Button>
        )}
      </Flex>
      {upload && (
        <div>
          <Typography.Text>
            {upload.verifying ? t('upgrade.verifying') : t('upgrade.uploading', { name: upload.name })}
          </Typography.Text>
          <Progress percent={upload.percent} size="small" status={upload.verifying ? 'active' : 'normal'} />
        </div>
      )}
      <Table<PackageRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        scroll={{ x: 1100 }}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: list.data?.total ?? 0,
          onChange: (p, l) => setPage({ page: p, limit: l }),
        }}
      />
      <Drawer
        open={shown !== null}
        onClose={() => setShown(null)}
        size={640}
        title={shown ? `${shown.version} ${shown.build ? `(${shown.build})` : ''}` : ''}
      >
        {shown && (
          <Flex vertical gap={16}>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('upgrade.fileName')}>{shown.file_name}</Descriptions.Item>
              <Descriptions.Item label="SHA-256">
                <Typography.Text code copyable>
                  {shown.sha256}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('upgrade.signature')}>
                {t(`upgrade.signature.${shown.signature}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('upgrade.state')}>
                {t(`upgrade.state.${shown.state}`)}
              </Descriptions.Item>
            </Descriptions>
            <div>
              <Typography.Title level={5}>{t('upgrade.changelog')}</Typography.Title>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                {shown.changelog}
              </Typography.Paragraph>
            </div>
            <div>
              <Typography.Title level={5}>
                {t('upgrade.files', { n: shown.files?.length ?? shown.file_count })}
              </Typography.Title>
              <Table
                rowKey="path"
                size="small"
                pagination={{ pageSize: 50, hideOnSinglePage: true }}
                dataSource={shown.files ?? []}
                columns={[
                  { title: 'Path', dataIndex: 'path', ellipsis: true },
                  {
                    title: t('upgrade.size'),
                    dataIndex: 'size',
                    width: 100,
                    render: (v: number) => formatBytes(v),
                  },
                ]}
              />
            </div>
          </Flex>
        )}
      </Drawer>
    </Flex>
  );
}
