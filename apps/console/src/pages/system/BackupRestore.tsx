import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  LockOutlined,
  RollbackOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { type BackupSettings, type BackupType, backupCalls } from '@igs/contract/calls';
import { keepPreviousData } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Select,
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
import { resetCurrentSession } from '../../request/session.ts';
import { useHasButton } from '../../stores/permission.ts';
import { formatBytes } from '../../utils/number.ts';
import {
  BACKUP_TYPES,
  type BackupRow,
  type CreateForm,
  createPayload,
  type ForeignChoice,
  afterRestore as outcome,
  PARTS,
  type RestoreResult,
  restoreWithForeignChoice,
  TYPE_COLORS,
} from './backup/backup-restore-logic.ts';
import './backup/backup-restore-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

const KEY = 'system:backup_restore';

async function finishRestore(result: RestoreResult, t: (k: string) => string): Promise<void> {
  if (outcome(result) === 'sign-in') {
    toast.warning(t('backup.restoredSignIn'));
    await resetCurrentSession();
  } else toast.success(t('backup.restored'));
  setTimeout(() => window.location.reload(), 1200);
}

interface PassphraseQuestion {
  title: string;
  text: string;
  placeholder: string;
  /** The server's refusal, shown above the question. */
  warning?: string;
  okText?: string;
}

/** Asks for a passphrase before a restore; null when the operator cancels. */
function askPassphrase(q: PassphraseQuestion) {
  return new Promise<string | null>((resolve) => {
    let value = '';
    Modal.confirm({
      title: q.title,
      width: q.warning ? 560 : 520,
      okButtonProps: { danger: true },
      ...(q.okText ? { okText: q.okText } : {}),
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          {q.warning && <Alert type="warning" showIcon message={q.warning} />}
          <Typography.Paragraph>{q.text}</Typography.Paragraph>
          <Input.Password
            placeholder={q.placeholder}
            autoComplete="off"
            onChange={(e) => {
              value = e.target.value;
            }}
          />
        </Space>
      ),
      onOk: () => resolve(value),
      onCancel: () => resolve(null),
    });
  });
}

/** A restore's passphrase (left empty for a plain backup). */
const askRestorePassphrase = (name: string, t: (k: string, v?: Record<string, unknown>) => string) =>
  askPassphrase({
    title: t('backup.confirmRestore', { name }),
    text: t('backup.confirmRestoreText'),
    placeholder: t('backup.passphraseIfEncrypted'),
  });

/** Offers to accept a backup this gateway did not make, with its passphrase (null: stop). */
const askForeign = (serverMessage: string, t: (k: string, v?: Record<string, unknown>) => string) =>
  askPassphrase({
    title: t('backup.foreignTitle'),
    text: t('backup.foreignAccept'),
    placeholder: t('backup.foreignPassphrase'),
    warning: serverMessage,
    okText: t('backup.restore'),
  });

/** system/BackupRestore: stored backups, backup now, restore (stored or uploaded), schedule. */
export default function BackupRestore() {
  const t = useT();
  const can = {
    create: useHasButton(`${KEY}:create`),
    restore: useHasButton(`${KEY}:restore`),
    import: useHasButton(`${KEY}:import`),
    export: useHasButton(`${KEY}:export`),
    del: useHasButton(`${KEY}:del`),
    edit: useHasButton(`${KEY}:edit`),
  };
  const [type, setType] = useState<BackupType | undefined>();
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [createForm] = Form.useForm<CreateForm>();
  const [settingsForm] = Form.useForm<BackupSettings>();

  const list = useScopedQuery({
    queryKey: ['system', 'backup_restore', type, page],
    queryFn: ({ sites }) =>
      call(backupCalls.list, { ...page, filter: type ? { type } : {} }, { loading: false, sites }),
    placeholderData: keepPreviousData,
  });
  const settings = useScopedQuery({
    queryKey: ['system', 'backup_restore', 'config'],
    queryFn: ({ sites }) => call(backupCalls.config, {}, { loading: false, sites }),
  });

  const create = async () => {
    // The form shows its own validation messages.
    const values = await createForm.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const r = await call(backupCalls.create, createPayload(values));
      toast.success(t('backup.created', { name: r.file_name }));
      setCreating(false);
      createForm.resetFields();
      await list.refetch();
    } finally {
      setBusy(false);
    }
  };

  const download = async (row: BackupRow) => {
    const r = await call(backupCalls.export, { id: row.id });
    window.open(r.url, '_blank');
  };

  const restoreStored = async (row: BackupRow) => {
    const passphrase = await askRestorePassphrase(row.file_name, t);
    if (passphrase === null) return;
    setBusy(true);
    try {
      const r = await restoreWithForeignChoice(
        (extra, silent) => call(backupCalls.restore, { id: row.id, passphrase, ...extra }, { silent }),
        (msg) => askForeign(msg, t),
        (msg) => toast.error(msg),
      );
      if (r) await finishRestore(r, t);
    } catch {
      // Shown already (by the request layer or above).
    } finally {
      setBusy(false);
    }
  };

  const restoreUploaded = async (file: File) => {
    const passphrase = await askRestorePassphrase(file.name, t);
    if (passphrase === null) return;
    setUpload({ name: file.name, percent: 0 });
    try {
      // Large archives go through the upload endpoint, which streams to disk and reports progress.
      const send = async (extra: ForeignChoice, silent: boolean) => {
        // Each attempt uploads again: the server takes the uploaded file away when it reads it.
        const up = await uploadFile(file, 'firmware', (percent) => setUpload({ name: file.name, percent }));
        setUpload(null);
        setBusy(true);
        return call(backupCalls.import, { file: up.id, passphrase, ...extra }, { silent });
      };
      const r = await restoreWithForeignChoice(
        send,
        (msg) => {
          setBusy(false);
          return askForeign(msg, t);
        },
        (msg) => toast.error(msg),
      );
      if (r) await finishRestore(r, t);
    } catch (e) {
      // Refusals were shown already; an upload failure is shown here.
      if (!isRequestError(e)) toast.error((e as Error).message || t('msg.networkError'));
    } finally {
      setUpload(null);
      setBusy(false);
    }
  };

  const remove = (row: BackupRow) =>
    Modal.confirm({
      title: t('backup.confirmDelete', { name: row.file_name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(backupCalls.del, { ids: [row.id] }, { successToast: 'msg.operationSuccessful' });
        await list.refetch();
      },
    });

  const saveSettings = async () => {
    const v = await settingsForm.validateFields().catch(() => null);
    if (!v) return;
    await call(backupCalls.config_form, { auto_cron: v.auto_cron ?? '', keep_count: v.keep_count });
    toast.success(t('backup.saved'));
    await settings.refetch();
  };

  const columns = [
    {
      title: t('backup.fileName'),
      dataIndex: 'file_name',
      render: (name: string, row: BackupRow) => (
        <Space>
          {row.encrypted ? (
            <Tooltip title={t('backup.encrypted')}>
              <LockOutlined />
            </Tooltip>
          ) : null}
          <Tooltip title={`SHA-256 ${row.sha256}`}>{name}</Tooltip>
        </Space>
      ),
    },
    {
      title: t('backup.type'),
      dataIndex: 'type',
      width: 110,
      render: (v: BackupRow['type']) => <Tag color={TYPE_COLORS[v]}>{t(`backup.type.${v}`)}</Tag>,
    },
    { title: t('backup.size'), dataIndex: 'size', width: 100, render: (v: number) => formatBytes(v) },
    {
      title: t('backup.contents'),
      dataIndex: 'contents',
      render: (v: string[]) => v.map((p) => <Tag key={p}>{t(`backup.part.${p}`)}</Tag>),
    },
    { title: t('backup.note'), dataIndex: 'note', ellipsis: true },
    { title: t('backup.createdBy'), dataIndex: 'created_by', width: 100 },
    { title: t('backup.createdAt'), dataIndex: 'created_at', width: 170 },
    {
      title: t('backup.actions'),
      key: 'actions',
      width: 260,
      render: (_: unknown, row: BackupRow) => (
        <Space size={0} wrap>
          {can.export && (
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download(row)}>
              {t('backup.download')}
            </Button>
          )}
          {can.restore && (
            <Button
              type="link"
              size="small"
              icon={<RollbackOutlined />}
              disabled={busy}
              onClick={() => void restoreStored(row)}
            >
              {t('backup.restore')}
            </Button>
          )}
          {can.del && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
              {t('backup.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="backup-restore">
      <Card size="small" title={t('backup.settings')}>
        {settings.data && (
          <Form
            form={settingsForm}
            layout="inline"
            initialValues={settings.data}
            key={`${settings.data.auto_cron}|${settings.data.keep_count}`}
            style={{ rowGap: 8 }}
          >
            <Form.Item name="auto_cron" label={t('backup.autoCron')} tooltip={t('backup.autoCronHelp')}>
              <Input placeholder="0 3 * * *" style={{ width: 160 }} disabled={!can.edit} allowClear />
            </Form.Item>
            <Form.Item name="keep_count" label={t('backup.keepCount')} rules={[{ required: true }]}>
              <InputNumber min={1} max={365} disabled={!can.edit} />
            </Form.Item>
            <Form.Item label={t('backup.nextRun')}>
              <Typography.Text type="secondary">
                {settings.data.next_run_at || t('backup.none')}
              </Typography.Text>
            </Form.Item>
            {can.edit && (
              <Form.Item>
                <Button icon={<SaveOutlined />} onClick={() => void saveSettings()}>
                  {t('backup.save')}
                </Button>
              </Form.Item>
            )}
          </Form>
        )}
      </Card>

      <Flex gap={8} wrap align="center">
        {can.create && (
          <Button type="primary" icon={<SaveOutlined />} onClick={() => setCreating(true)} disabled={busy}>
            {t('backup.create')}
          </Button>
        )}
        {can.import && (
          <Upload
            accept=".gz,.tgz,.enc"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void restoreUploaded(file);
              return false;
            }}
            disabled={busy || upload !== null}
          >
            <Button icon={<CloudUploadOutlined />} disabled={busy || upload !== null}>
              {t('backup.uploadRestore')}
            </Button>
          </Upload>
        )}
        <Select
          allowClear
          placeholder={t('backup.allTypes')}
          style={{ width: 160 }}
          value={type}
          onChange={(v) => {
            setType(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={BACKUP_TYPES.map((v) => ({ value: v, label: t(`backup.type.${v}`) }))}
        />
      </Flex>
      {upload && (
        <div>
          <Typography.Text>{t('backup.uploading', { name: upload.name })}</Typography.Text>
          <Progress percent={upload.percent} size="small" />
        </div>
      )}
      {busy && !creating && <Typography.Text type="secondary">{t('backup.working')}</Typography.Text>}

      <Table<BackupRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        scroll={{ x: 1000 }}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: list.data?.total ?? 0,
          showTotal: (n) => t('backup.total', { n }),
          onChange: (p, l) => setPage({ page: p, limit: l }),
        }}
      />

      <Modal
        open={creating}
        title={t('backup.create')}
        onCancel={() => setCreating(false)}
        onOk={() => void create()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={createForm} layout="vertical" initialValues={{ contents: [...PARTS] }}>
          <Form.Item
            name="contents"
            label={t('backup.contents')}
            rules={[{ required: true, type: 'array', min: 1 }]}
          >
            <Checkbox.Group options={PARTS.map((p) => ({ value: p, label: t(`backup.part.${p}`) }))} />
          </Form.Item>
          <Form.Item name="note" label={t('backup.note')} rules={[{ max: 255 }]}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item
            name="passphrase"
            label={t('backup.passphrase')}
            extra={t('backup.passphraseHelp')}
            rules={[{ min: 8, message: t('backup.passphraseShort') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="passphrase2"
            label={t('backup.passphraseAgain')}
            dependencies={['passphrase']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v) =>
                  (getFieldValue('passphrase') ?? '') === (v ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('backup.passphraseMismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
