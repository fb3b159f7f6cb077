import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { afterLoginPath } from '../../router/guard.ts';
import { type LoginForm, useUserStore } from '../../stores/user.ts';
import { getSavedLogin } from '../../utils/cookies.ts';
import { AuthCard } from './auth-card.tsx';
import { CaptchaImage } from './captcha-image.tsx';
import { useLoginFormState } from './login-form-state.ts';
import { checkCaptcha, checkPassword, checkUsername } from './login-rules.ts';

type Values = Required<LoginForm>;

function initialValues(): Values {
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

const CHECKS = { username: checkUsername, password: checkPassword, code: checkCaptcha };

/** A field with its error under it, laid out as antd's form items are. */
function Field({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className={`login-field${error ? ' login-field--error' : ''}`}>
      {children}
      {error && (
        <div className="login-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export default function Login() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useUserStore((s) => s.login);
  const form = useLoginFormState<Values>(initialValues, CHECKS);
  const { values, errors } = form;
  const [captchaNonce, setCaptchaNonce] = useState(() => Date.now());
  const [submitting, setSubmitting] = useState(false);
  const status = (name: keyof Values) => (errors[name] ? 'error' : undefined);
  const errorOf = (name: keyof Values) => (errors[name] ? t(errors[name]) : undefined);

  const refreshCaptcha = () => {
    setCaptchaNonce(Date.now());
    form.set('code', '');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
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
      <form className="login-form" onSubmit={onSubmit} autoComplete="on" noValidate>
        <Field error={errorOf('username')}>
          <Input
            id="username"
            size="large"
            status={status('username')}
            prefix={<UserOutlined />}
            placeholder={t('login.username')}
            autoComplete="username"
            autoFocus
            value={values.username}
            onChange={(e) => form.set('username', e.target.value)}
          />
        </Field>
        <Field error={errorOf('password')}>
          <Input.Password
            id="password"
            size="large"
            status={status('password')}
            prefix={<LockOutlined />}
            placeholder={t('login.password')}
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => form.set('password', e.target.value)}
          />
        </Field>
        <Field error={errorOf('code')}>
          <div className="login-captcha-row">
            <Input
              id="code"
              size="large"
              status={status('code')}
              prefix={<SafetyOutlined />}
              placeholder={t('login.captcha')}
              autoComplete="off"
              maxLength={16}
              value={values.code}
              onChange={(e) => form.set('code', e.target.value)}
            />
            <CaptchaImage nonce={captchaNonce} onRefresh={refreshCaptcha} />
          </div>
        </Field>
        <div className="login-options">
          <Checkbox
            id="remember"
            checked={values.remember}
            onChange={(e) => form.set('remember', e.target.checked)}
          >
            {t('login.remember')}
          </Checkbox>
          <Checkbox
            id="isOperations"
            checked={values.isOperations}
            onChange={(e) => form.set('isOperations', e.target.checked)}
          >
            {t('login.operations')}
          </Checkbox>
        </div>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={submitting}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
        <div className="login-links">
          <Link to="/register">{t('login.toRegister')}</Link>
        </div>
      </form>
    </AuthCard>
  );
}
