import { CopyOutlined } from '@ant-design/icons';
import type { DeveloperModeOutput } from '@igs/contract';
import { developerModeCalls } from '@igs/contract/calls';
import { Alert, Button, Descriptions, Form, Input, Modal, Space, Switch, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../../app/feedback.ts';
import { useT } from '../../../i18n/index.ts';
import { call } from '../../../request/call.ts';
import { copyText } from './copy-text.ts';

export interface DeveloperModeDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Developer mode (spec section 4): a switch and submit. The server keeps only the key's hash, so
 * the key is shown, copyable, in the reply that made it and never again; afterwards the dialog
 * shows its last characters, when it was made and when it ends. Without the role's button the
 * switch is hidden (the server refuses anyway).
 */
export function DeveloperModeDialog({ open, onClose }: DeveloperModeDialogProps) {
  const t = useT();
  const [detail, setDetail] = useState<DeveloperModeOutput>();
  const [status, setStatus] = useState<0 | 1>(0);
  const [submitting, setSubmitting] = useState(false);

  const show = useCallback((data: DeveloperModeOutput) => {
    setDetail(data);
    setStatus(data.status === 1 ? 1 : 0);
  }, []);

  const load = useCallback(async () => {
    show(await call(developerModeCalls.detail, {}, { form: true }));
  }, [show]);

  useEffect(() => {
    if (open) load().catch(() => {});
  }, [open, load]);

  const submit = async () => {
    setSubmitting(true);
    try {
      // The reply carries the new key, once: keep it from this reply, not from a second read.
      show(
        await call(
          developerModeCalls.form,
          { status },
          { form: true, successToast: 'msg.submittedSuccessfully' },
        ),
      );
    } catch {
      // shown by the request layer
    } finally {
      setSubmitting(false);
    }
  };

  const copy = async () => {
    if (detail?.key && (await copyText(detail.key))) toast.success(t('msg.copySuccessful'));
  };

  const on = detail?.status === 1;
  // Switching off stays possible when the button was taken away after the key was made.
  const canSwitch = detail !== undefined && (detail.can_enable === 1 || on);

  return (
    <Modal
      open={open}
      title={t('shell.developerMode')}
      okText={t('dialog.submit')}
      cancelText={t('dialog.cancel')}
      onOk={submit}
      okButtonProps={{ disabled: !canSwitch }}
      onCancel={onClose}
      confirmLoading={submitting}
      afterClose={() => setDetail(undefined)}
    >
      <Form layout="vertical">
        {canSwitch ? (
          <Form.Item label={t('developer.status')}>
            <Switch checked={status === 1} onChange={(next) => setStatus(next ? 1 : 0)} />
          </Form.Item>
        ) : (
          detail && (
            <Alert type="info" showIcon title={t('developer.noPermission')} style={{ marginBottom: 16 }} />
          )
        )}
        {on && detail.key && (
          <Form.Item label={t('developer.key')} extra={t('developer.hint')}>
            <Alert type="warning" showIcon title={t('developer.shownOnce')} style={{ marginBottom: 8 }} />
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={detail.key} />
              <Button icon={<CopyOutlined />} onClick={copy}>
                {t('developer.copy')}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        {on && (
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'hint', label: t('developer.keyEnding'), children: `…${detail.key_hint}` },
              { key: 'created', label: t('developer.createdAt'), children: detail.created_at },
              { key: 'expires', label: t('developer.expiresAt'), children: detail.expires_at },
            ]}
          />
        )}
        {on && !detail.key && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('developer.lostKey')}
          </Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}
