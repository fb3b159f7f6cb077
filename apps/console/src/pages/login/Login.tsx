import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { afterLoginPath } from '../../router/guard.ts';
import { type LoginForm, useUserStore } from '../../stores/user.ts';
import { getSavedLogin } from '../../utils/cookies.ts';
import { AuthCard } from './auth-card.tsx';
import { CaptchaImage } from './captcha-image.tsx';
import { ruleOf } from './form-rule.ts';
import { checkCaptcha, checkPassword, checkUsername } from './login-rules.ts';

type Values = Required<LoginForm>;

function initialValues(): Partial<Values> {
  const saved = getSavedLogin();
  return {
    username: saved.username ?? '',
    // The saved value is the hashed password; login sends it back as is.
    password: saved.password ?? '',
    remember: Boolean(saved.username && saved.password),
    isOperations: false,
    code: '',
  };
}

export default function Login() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useUserStore((s) => s.login);
  const [form] = Form.useForm<Values>();
  const [captchaNonce, setCaptchaNonce] = useState(() => Date.now());
  const [submitting, setSubmitting] = useState(false);

  const refreshCaptcha = () => {
    setCaptchaNonce(Date.now());
    form.setFieldValue('code', '');
  };

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      await login(values);
      navigate(afterLoginPath(params.get('redirect')), { replace: true });
    } catch {
      // The request layer has shown the server's message; a captcha is single use.
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard heading={t('login.heading')}>
      <Form form={form} size="large" initialValues={initialValues()} onFinish={onFinish} autoComplete="on">
        <Form.Item name="username" rules={[ruleOf(checkUsername, t)]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('login.username')}
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item name="password" rules={[ruleOf(checkPassword, t)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.password')}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item>
          <div className="login-captcha-row">
            <Form.Item name="code" rules={[ruleOf(checkCaptcha, t)]} noStyle>
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('login.captcha')}
                autoComplete="off"
                maxLength={16}
              />
            </Form.Item>
            <CaptchaImage nonce={captchaNonce} onRefresh={refreshCaptcha} />
          </div>
        </Form.Item>
        <div className="login-options">
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>{t('login.remember')}</Checkbox>
          </Form.Item>
          <Form.Item name="isOperations" valuePropName="checked">
            <Checkbox>{t('login.operations')}</Checkbox>
          </Form.Item>
        </div>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('login.submit')}
          </Button>
        </Form.Item>
        <Form.Item className="login-links">
          <Link to="/register">{t('login.toRegister')}</Link>
        </Form.Item>
      </Form>
    </AuthCard>
  );
}
