import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import type { PersonalDetail } from '@igs/contract';
import { personalCalls } from '@igs/contract/calls';
import { Avatar, Button, Descriptions, Form, Input, Modal, Popconfirm, Radio, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../../app/feedback.ts';
import { useLanguage, useT } from '../../../i18n/index.ts';
import { call } from '../../../request/call.ts';
import { useUserStore } from '../../../stores/user.ts';
import { formInvalidMessage } from '../change-password/rules.ts';
import { checkAvatar } from './avatar-rules.ts';

interface PersonalForm {
  nickname: string;
  cellphone: string;
  sex: number;
  company_name: string;
}

export interface PersonalDataDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The profile form (spec section 7), sent multipart by call(); the photo part only when a new one
 * was picked.
 */
function savePersonal(id: number, values: PersonalForm, photo: File | undefined) {
  return call(
    personalCalls.form,
    {
      id,
      nickname: values.nickname ?? '',
      cellphone: values.cellphone ?? '',
      sex: values.sex ?? 0,
      company_name: values.company_name ?? '',
    },
    { files: photo ? { photo } : {}, successToast: 'msg.submittedSuccessfully' },
  );
}

/** Personal data (spec section 2): last login time and IP, avatar, name, phone. */
export function PersonalDataDialog({ open, onClose }: PersonalDataDialogProps) {
  const t = useT();
  const lang = useLanguage();
  const [form] = Form.useForm<PersonalForm>();
  const [detail, setDetail] = useState<PersonalDetail>();
  const [photo, setPhoto] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    call(personalCalls.detail, {}, { form: true })
      .then((data) => {
        if (cancelled) return;
        setDetail(data);
        form.setFieldsValue({
          nickname: data.nickname,
          cellphone: data.cellphone,
          sex: data.sex,
          company_name: data.company_name,
        });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [open, form]);

  // The preview URL holds the picked file in memory until it is replaced or the dialog closes.
  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const reset = () => {
    setPhoto(undefined);
    setPreview(undefined);
    setDetail(undefined);
    form.resetFields();
  };

  const submit = async () => {
    if (!detail) return;
    let values: PersonalForm;
    try {
      values = await form.validateFields();
    } catch {
      toast.error(formInvalidMessage(lang));
      return;
    }
    setSubmitting(true);
    try {
      await savePersonal(detail.id, values, photo);
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSubmitting(false);
    }
  };

  const avatarSrc = preview ?? (detail?.photo || undefined);

  /** Ends every session of the account (this one too) and its developer key, then signs out here. */
  const signOutEverywhere = async () => {
    try {
      await call(personalCalls.sign_out_everywhere, {}, { form: true });
    } catch {
      return; // shown by the request layer
    }
    await useUserStore.getState().logout();
  };

  return (
    <Modal
      open={open}
      title={t('shell.personalData')}
      okText={t('dialog.submit')}
      cancelText={t('dialog.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={submitting}
      afterClose={reset}
      forceRender
    >
      <Space align="center" size="large" style={{ marginBottom: 16 }}>
        <Avatar size={64} src={avatarSrc} icon={<UserOutlined />} />
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            const error = checkAvatar(file, lang);
            if (error) toast.error(error);
            else setPhoto(file);
            // Never upload on pick: the photo travels with the form on submit.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('personal.changeAvatar')}</Button>
        </Upload>
      </Space>
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: 'username', label: t('personal.username'), children: detail?.username ?? '' },
          { key: 'mtime', label: t('personal.lastLoginTime'), children: detail?.mtime || '-' },
          { key: 'loginip', label: t('personal.lastLoginIp'), children: detail?.loginip || '-' },
        ]}
      />
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item name="nickname" label={t('personal.nickname')} rules={[{ max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="cellphone"
          label={t('personal.cellphone')}
          rules={[{ pattern: /^1\d{10}$/, message: t('msg.phoneRequired') }]}
        >
          <Input inputMode="tel" />
        </Form.Item>
        <Form.Item name="sex" label={t('personal.sex')}>
          <Radio.Group options={[0, 1, 2].map((value) => ({ value, label: t(`personal.sex.${value}`) }))} />
        </Form.Item>
        <Form.Item name="company_name" label={t('personal.company')} rules={[{ max: 100 }]}>
          <Input />
        </Form.Item>
      </Form>
      <Popconfirm
        title={t('personal.signOutEverywhereConfirm')}
        okText={t('dialog.submit')}
        cancelText={t('dialog.cancel')}
        onConfirm={signOutEverywhere}
      >
        <Button danger>{t('personal.signOutEverywhere')}</Button>
      </Popconfirm>
    </Modal>
  );
}
