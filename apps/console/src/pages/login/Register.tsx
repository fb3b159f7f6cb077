import { KeyOutlined, LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Paths } from '@igs/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { request } from '../../request/index.ts';
import { AuthCard } from './auth-card.tsx';
import { ruleOf } from './form-rule.ts';
import { checkPassword, checkPhone, checkUsername } from './login-rules.ts';
import { buildRegisterForm, type RegisterValues } from './register-payload.ts';

export default function Register() {
  const t = useT();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: RegisterValues) => {
    setSubmitting(true);
    try {
      await request(Paths.register, buildRegisterForm(values), { successToast: 'msg.submittedSuccessfully' });
      navigate('/login', { replace: true });
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard heading={t('register.heading')}>
      <Form<RegisterValues> size="large" onFinish={onFinish} autoComplete="off">
        <Form.Item name="username" rules={[ruleOf(checkUsername, t)]}>
          <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[ruleOf(checkPassword, t)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.password')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="auth_code">
          <Input prefix={<KeyOutlined />} placeholder={t('register.authCode')} />
        </Form.Item>
        <Form.Item name="phone" rules={[ruleOf(checkPhone, t)]}>
          <Input
            prefix={<MobileOutlined />}
            placeholder={t('register.phone')}
            inputMode="tel"
            maxLength={11}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('register.submit')}
          </Button>
        </Form.Item>
        <Form.Item className="login-links">
          <Link to="/login">{t('register.toLogin')}</Link>
        </Form.Item>
      </Form>
    </AuthCard>
  );
}
