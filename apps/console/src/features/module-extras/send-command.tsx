import { SendOutlined } from '@ant-design/icons';
import {
  appCommandCalls,
  appCommandOpsCalls,
  resourceCalls,
  type TerminalCommandRow,
} from '@igs/contract/calls';
import { TERMINAL_COMMANDS } from '@igs/contract/extras';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import { useUserStore } from '../../stores/user.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';
import { type CommandFormValues, commandArgs } from './command-args.ts';
import { useModePath } from './mode-endpoint.ts';
import './module-extras-texts.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';

const STATE_COLOR: Record<string, string> = {
  queued: 'default',
  sent: 'processing',
  acked: 'success',
  failed: 'error',
};

/** The terminal command calls of the session's mode (`/admin.php/…` or `/operations/…`). */
function useCommandCalls() {
  const isOperations = useUserStore((s) => s.isOperations);
  return isOperations === 1 ? appCommandOpsCalls : appCommandCalls;
}

/** The published releases offered by an upgrade command, read by their schema from the generic list. */
const Releases = z.array(z.object({ id: z.number(), package_name: z.string(), version_name: z.string() }));

function useReleases(enabled: boolean) {
  const path = useModePath('/admin.php/index/app_upgrade');
  return useScopedQuery({
    queryKey: ['module-extras', 'releases', path],
    queryFn: ({ sites }) =>
      call(
        resourceCalls(path).list,
        { filter: { state: 'published' }, limit: 200 },
        { loading: false, sites },
      ).then((r) => ({ list: Releases.parse(r.list) })),
    enabled,
  });
}

/**
 * "Send command" for smart/TerminalAuthorization and operations/TerminalAuthorization: queues a
 * command (`index/app_command` send, key `index:app_command:send`) for the selected terminals.
 * Hidden without the key; disabled until terminals are selected.
 */
export function SendCommandButton({ ids, onSent }: { ids: number[]; onSent?: () => void }) {
  const t = useT();
  const calls = useCommandCalls();
  const allowed = useHasButton('index:app_command:send');
  const sites = useSiteIds();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<CommandFormValues>();
  const type = Form.useWatch('type', form);
  const releases = useReleases(open && type === 'upgrade');
  if (!allowed) return null;

  const send = async () => {
    const values = form.getFieldsValue(true) as CommandFormValues;
    setSaving(true);
    try {
      // The type select starts at reboot and cannot be cleared.
      const r = await call(calls.send, { ids, type: values.type!, args: commandArgs(values) }, { sites });
      toast.success(t('mx.cmd.queued', { n: r.queued }));
      await client.invalidateQueries({ queryKey: ['module-extras', 'commands'] });
      setOpen(false);
      onSent?.();
    } catch {
      // shown by the request layer, naming the argument or the terminals refused
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Tooltip title={ids.length ? undefined : t('mx.cmd.pick')}>
        <Button icon={<SendOutlined />} disabled={!ids.length} onClick={() => setOpen(true)}>
          {t('mx.cmd.send')}
        </Button>
      </Tooltip>
      <Modal
        title={t('mx.cmd.title', { n: ids.length })}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => void send()}
        okText={t('mx.cmd.send')}
        cancelText={t('mx.cancel')}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ type: 'reboot', duration_s: 10 }}
          preserve={false}
        >
          <Form.Item name="type" label={t('mx.cmd.type')} required>
            <Select options={TERMINAL_COMMANDS.map((c) => ({ value: c, label: t(`mx.cmd.type.${c}`) }))} />
          </Form.Item>
          {type === 'show_message' && (
            <>
              <Form.Item name="text" label={t('mx.cmd.text')} required>
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
              <Form.Item name="duration_s" label={t('mx.cmd.duration')}>
                <InputNumber min={1} max={3600} precision={0} />
              </Form.Item>
            </>
          )}
          {type === 'open_app' && (
            <Form.Item name="package" label={t('mx.cmd.package')} required>
              <Input placeholder="com.example.app" />
            </Form.Item>
          )}
          {type === 'upgrade' && (
            <Form.Item name="release_id" label={t('mx.cmd.release')} required>
              <Select
                loading={releases.isFetching}
                options={(releases.data?.list ?? []).map((r) => ({
                  value: r.id,
                  label: `${r.package_name} ${r.version_name}`,
                }))}
              />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}

/** The command history (`index/app_command` list), newest first; one terminal's when given. */
export function CommandHistory({ terminalId }: { terminalId?: number }) {
  const t = useT();
  const calls = useCommandCalls();
  const [page, setPage] = useState({ page: 1, limit: 10 });
  const filter = terminalId ? { terminal_id: terminalId } : {};
  const { data, isFetching } = useScopedQuery({
    queryKey: ['module-extras', 'commands', calls.list.path, filter, page],
    queryFn: ({ sites }) => call(calls.list, { filter, ...page }, { loading: false, sites }),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<TerminalCommandRow>
      rowKey="id"
      size="small"
      loading={isFetching}
      dataSource={data?.list ?? []}
      columns={[
        { title: t('mx.cmd.col.time'), dataIndex: 'created_at', width: 170 },
        { title: t('mx.cmd.col.terminal'), dataIndex: 'terminal' },
        {
          title: t('mx.cmd.type'),
          dataIndex: 'type',
          width: 130,
          render: (v: string) => t(`mx.cmd.type.${v}`),
        },
        {
          title: t('mx.cmd.col.state'),
          dataIndex: 'state',
          width: 100,
          render: (v: string) => <Tag color={STATE_COLOR[v]}>{t(`mx.cmd.state.${v}`)}</Tag>,
        },
        { title: t('mx.cmd.col.acked'), dataIndex: 'acked_at', width: 170 },
        { title: t('mx.cmd.col.result'), dataIndex: 'result', ellipsis: true },
        { title: t('mx.cmd.col.by'), dataIndex: 'created_by', width: 100 },
      ]}
      pagination={{
        current: page.page,
        pageSize: page.limit,
        total: data?.total ?? 0,
        showTotal: (n) => t('mx.total', { n }),
        onChange: (p, limit) => setPage({ page: p, limit }),
      }}
    />
  );
}
