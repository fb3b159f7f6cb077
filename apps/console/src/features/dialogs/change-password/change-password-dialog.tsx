import { hashPassword } from '@igs/contract';
import { personalCalls } from '@igs/contract/calls';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { toast } from '../../../app/feedback.ts';
import { useLanguage, useT } from '../../../i18n/index.ts';
import { leaveLoginNotice } from '../../../pages/login/login-notice.ts';
import { call } from '../../../request/call.ts';
import { errorMessage, isRequestError } from '../../../request/index.ts';
import { loginRedirect } from '../../../router/guard.ts';
import { useUserStore } from '../../../stores/user.ts';
import {
  type ChangePasswordForm,
  formInvalidMessage,
  validateConfirmation,
  validateNewPassword,
  validateOriginal,
} from './rules.ts';

export interface ChangePasswordDialogProps {
  open: boolean;
  /** Weak-password mode: a warning, and no way to close the dialog until the password changed. */
  forced?: boolean;
  onClose: () => void;
}

/** A rule for antd's Form from one of the pure validators. */
function ruleOf(check: (value: string | undefined) => string | undefined) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const error = check(value);
      if (error) throw new Error(error);
    },
  };
}

/**
 * After a successful change the session is over (the server ends it too): log out and come back
 * to the current page through /login?redirect= (spec section 4), where a notice says the password
 * was changed (a toast here would go with the reload).
 */
async function logoutToLogin(): Promise<void> {
  const { pathname, search } = window.location;
  leaveLoginNotice('passwordChanged');
  // The logout reloads the page; point the address at the login page first so the reload lands there.
  window.history.replaceState(window.history.state, '', loginRedirect(pathname, search));
  await useUserStore.getState().logout();
}

/** The server's name of each field (`password`, `new_password`) in this form. */
const SERVER_FIELDS: Record<string, keyof ChangePasswordForm> = {
  password: 'password',
  new_password: 'newpass',
};

/**
 * The reasons a refused change gives for fields of this form (a wrong original password), to be
 * shown under those fields: one message where it belongs, not a toast as well.
 */
export function fieldErrorsOf(error: unknown): { name: keyof ChangePasswordForm; errors: string[] }[] {
  if (!isRequestError(error)) return [];
  const list = (error.data as { errors?: { field?: unknown; msg?: unknown }[] } | null)?.errors;
  if (!Array.isArray(list)) return [];
  return list.flatMap((e) => {
    const name = typeof e.field === 'string' ? SERVER_FIELDS[e.field] : undefined;
    return name ? [{ name, errors: [String(e.msg ?? '')] }] : [];
  });
}

export function ChangePasswordDialog({ open, forced = false, onClose }: ChangePasswordDialogProps) {
  const t = useT();
  const lang = useLanguage();
  const [form] = Form.useForm<ChangePasswordForm>();
  const [submitting, setSubmitting] = useState(false);
  const userName = useUserStore((s) => s.name);

  const submit = async () => {
    let values: ChangePasswordForm;
    try {
      values = await form.validateFields();
    } catch {
      toast.error(formInvalidMessage(lang));
      return;
    }
    setSubmitting(true);
    try {
      // Silent: a reason about a field goes under it, any other is toasted below, once.
      await call(
        personalCalls.change_password,
        { password: hashPassword(values.password), new_password: values.newpass },
        { form: true, silent: true },
      );
      // Closing after success resets the weak-password flag (spec section 4).
      useUserStore.getState().setWeakPsw(0);
      onClose();
      await logoutToLogin();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.length > 0) form.setFields(fields);
      else if (!(isRequestError(error) && error.notified))
        toast.error(errorMessage(error, t('msg.hasError')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('shell.changePassword')}
      okText={t('dialog.submit')}
      cancelText={t('dialog.cancel')}
      onOk={submit}
      onCancel={forced ? undefined : onClose}
      confirmLoading={submitting}
      closable={!forced}
      keyboard={!forced}
      mask={{ closable: !forced }}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      forceRender
    >
      {forced && (
        <Alert type="warning" showIcon title={t('password.weakWarning')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" autoComplete="off" requiredMark>
        {/* Lets password managers pair the new password with the account (a browser a11y hint). */}
        <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
        <Form.Item
          name="password"
          label={t('password.original')}
          required
          rules={[ruleOf((v) => validateOriginal(v, lang))]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newpass"
          label={t('password.new')}
          required
          rules={[ruleOf((v) => validateNewPassword(v, lang))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="newpasstwo"
          label={t('password.confirm')}
          required
          dependencies={['newpass']}
          rules={[
            ({ getFieldValue }) => ruleOf((v) => validateConfirmation(v, getFieldValue('newpass'), lang)),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
