import { CopyOutlined } from '@ant-design/icons';
import { type DeveloperModeOutput, Paths } from '@igs/contract';
import { Button, Form, Input, Modal, Space, Switch } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../../app/feedback.ts';
import { useT } from '../../../i18n/index.ts';
import { request } from '../../../request/index.ts';
import { copyText } from './copy-text.ts';

export interface DeveloperModeDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Developer mode (spec section 4): a switch and submit; the key is shown, copyable, when on. */
export function DeveloperModeDialog({ open, onClose }: DeveloperModeDialogProps) {
  const t = useT();
  const [detail, setDetail] = useState<DeveloperModeOutput>();
  const [status, setStatus] = useState<0 | 1>(0);
  const [submitting, setSubmitting] = useState(false);

  const load = useCallback(async () => {
    const data = await request<DeveloperModeOutput>(
      Paths.developerMode,
      { method: 'detail' },
      { form: true },
    );
    setDetail(data);
    setStatus(data.status === 1 ? 1 : 0);
  }, []);

  useEffect(() => {
    if (open) load().catch(() => {});
  }, [open, load]);

  const submit = async () => {
    setSubmitting(true);
    try {
      await request(
        Paths.developerMode,
        { method: 'form', status },
        { form: true, successToast: 'msg.submittedSuccessfully' },
      );
      // Switching on creates the key: read it back so it can be shown and copied.
      await load();
    } catch {
      // shown by the request layer
    } finally {
      setSubmitting(false);
    }
  };

  const copy = async () => {
    if (detail?.key && (await copyText(detail.key))) toast.success(t('msg.copySuccessful'));
  };

  const showKey = detail?.status === 1 && Boolean(detail.key);

  return (
    <Modal
      open={open}
      title={t('shell.developerMode')}
      okText={t('dialog.submit')}
      cancelText={t('dialog.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={submitting}
      afterClose={() => setDetail(undefined)}
    >
      <Form layout="vertical">
        <Form.Item label={t('developer.status')}>
          <Switch checked={status === 1} onChange={(on) => setStatus(on ? 1 : 0)} disabled={!detail} />
        </Form.Item>
        {showKey && (
          <Form.Item label={t('developer.key')} extra={t('developer.hint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={detail?.key} />
              <Button icon={<CopyOutlined />} onClick={copy}>
                {t('developer.copy')}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
