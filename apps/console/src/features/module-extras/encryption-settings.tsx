import { LockOutlined } from '@ant-design/icons';
import { type EncryptionRow, encryptionCalls, type LiveEncryption } from '@igs/contract/calls';
import { LIVE_ENCRYPTIONS } from '@igs/contract/extras';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Radio, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';
import { useModePath } from './mode-endpoint.ts';
import './module-extras-texts.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';

export interface EncryptionSettingsProps {
  /** Rows already selected in the programme list, preselected here. */
  selectedIds?: number[];
  /** After a change, so the programme list can refresh. */
  onChanged?: () => void;
}

/**
 * "Encryption" for media/LiveProgram and operations/LiveProgram: the `media/encryption` call.
 * Lists the programmes with their encryption and sets none or HLS AES-128 on the chosen ones
 * (`media:encryption:edit`; without it the dialog is read-only).
 */
export function EncryptionSettingsButton({ selectedIds = [], onChanged }: EncryptionSettingsProps) {
  const t = useT();
  const endpoint = useModePath('/admin.php/media/encryption');
  const calls = encryptionCalls(endpoint);
  const canEdit = useHasButton('media:encryption:edit');
  const sites = useSiteIds();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState({ page: 1, limit: 10 });
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [value, setValue] = useState<LiveEncryption>('hls_aes128');
  const [saving, setSaving] = useState(false);
  const list = useScopedQuery({
    queryKey: ['module-extras', 'encryption', endpoint, page, keyword],
    queryFn: ({ sites }) => call(calls.list, { ...page, keyword }, { loading: false, sites }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const apply = async () => {
    setSaving(true);
    try {
      const r = await call(calls.edit, { ids: selected, encryption: value }, { sites });
      toast.success(t('mx.encryption.done', { n: r.updated }));
      await client.invalidateQueries({ queryKey: ['module-extras', 'encryption'] });
      // The programme list shows `encryption` too.
      await client.invalidateQueries({ queryKey: ['resource', 'media:live'] });
      onChanged?.();
    } catch {
      // The request layer has shown why (a multicast programme, a missing key).
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button
        icon={<LockOutlined />}
        onClick={() => {
          setSelected(selectedIds);
          setOpen(true);
        }}
      >
        {t('mx.encryption')}
      </Button>
      <Modal
        title={t('mx.encryption.title')}
        open={open}
        width={760}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        <Alert type="info" showIcon title={t('mx.encryption.hint')} style={{ marginBottom: 12 }} />
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            style={{ width: 220 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage((p) => ({ ...p, page: 1 }));
            }}
          />
          {canEdit && (
            <>
              <Radio.Group
                value={value}
                onChange={(e) => setValue(e.target.value)}
                options={LIVE_ENCRYPTIONS.map((v) => ({ value: v, label: t(`mx.encryption.${v}`) }))}
              />
              <Button
                type="primary"
                disabled={!selected.length}
                loading={saving}
                onClick={() => void apply()}
              >
                {t('mx.encryption.set', { n: selected.length })}
              </Button>
            </>
          )}
        </Space>
        <Table<EncryptionRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          rowSelection={
            canEdit
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys as number[]),
                }
              : undefined
          }
          columns={[
            { title: t('mx.col.number'), dataIndex: 'number', width: 80 },
            { title: t('mx.col.name'), dataIndex: 'name' },
            { title: t('mx.col.type'), dataIndex: 'type', width: 110 },
            {
              title: t('mx.col.encryption'),
              dataIndex: 'encryption',
              width: 140,
              render: (v: EncryptionRow['encryption']) => (
                <Tag color={v === 'none' ? 'default' : 'blue'}>{t(`mx.encryption.${v}`)}</Tag>
              ),
            },
          ]}
          pagination={{
            current: page.page,
            pageSize: page.limit,
            total: list.data?.total ?? 0,
            showTotal: (n) => t('mx.total', { n }),
            onChange: (p, limit) => setPage({ page: p, limit }),
          }}
        />
      </Modal>
    </>
  );
}
