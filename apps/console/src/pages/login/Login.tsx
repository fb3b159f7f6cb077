import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useBrandingStore } from '../../app/branding.ts';
import { useT } from '../../i18n/index.ts';
import { afterLoginPath, modeHomePath } from '../../router/guard.ts';
import { preloadShell } from '../../router/shell.tsx';
import { type LoginForm, useUserStore } from '../../stores/user.ts';
import { getSavedLogin } from '../../utils/cookies.ts';
import { AuthCard } from './auth-card.tsx';
import { CaptchaImage } from './captcha-image.tsx';
import { Checkbox, Field, PasswordInput, SubmitButton, TextInput } from './login-controls.tsx';
import { useLoginFormState } from './login-form-state.ts';
import { CheckCircleIcon, LockIcon, SafetyIcon, UserIcon } from './login-icons.tsx';
import { clearLoginNotice, LOGIN_NOTICE_TEXT, peekLoginNotice } from './login-notice.ts';
import { asksForCaptcha, checkCaptcha, checkPassword, checkUsername } from './login-rules.ts';

type Values = Required<LoginForm>;

function initialValues(): Values {
  const saved = getSavedLogin();
  return {
    username: saved.username ?? '',
    // The saved value is the server's remembered-device token (or a /setlogindata hash): sent as is.
    password: saved.password ?? '',
    remember: Boolean(saved.username && saved.password),
    isOperations: false,
    code: '',
  };
}

const CHECKS = { username: checkUsername, password: checkPassword };
/** With the captcha shown, the spec's "verification code required" rule applies too. */
const CHECKS_WITH_CAPTCHA = { ...CHECKS, code: checkCaptcha };

export default function Login() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useUserStore((s) => s.login);
  // The captcha field shows when the server asks for a code: its branding call says so, or a
  // sign-in refused for a missing code does (an account slowed after failures is asked anyway).
  const captchaOn = useBrandingStore((s) => s.captcha === true);
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const showCaptcha = captchaOn || captchaDemanded;
  const form = useLoginFormState<Values>(initialValues, showCaptcha ? CHECKS_WITH_CAPTCHA : CHECKS);
  const { values, errors } = form;
  // A notice left by the page before the reload (the password was changed), shown once.
  const [notice] = useState(peekLoginNotice);
  useEffect(clearLoginNotice, []);
  const [captchaNonce, setCaptchaNonce] = useState(() => Date.now());
  const [submitting, setSubmitting] = useState(false);
  const errorOf = (name: keyof Values) => (errors[name] ? t(errors[name]) : undefined);

  const refreshCaptcha = () => {
    setCaptchaNonce(Date.now());
    form.set('code', '');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A loading button stays enabled, as antd's does: a second press while signing in does nothing.
    if (submitting || !form.validate()) return;
    setSubmitting(true);
    try {
      await login(showCaptcha ? values : { ...values, code: '' });
      navigate(afterLoginPath(params.get('redirect'), modeHomePath(values.isOperations ? 1 : 0)), {
        replace: true,
      });
    } catch (error) {
      // The request layer has shown the server's message; a captcha is single use.
      if (asksForCaptcha(error)) setCaptchaDemanded(true);
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard heading={t('login.heading')}>
      {notice && (
        <div className="login-notice" role="status" data-testid="login-notice">
          <span className="login-notice__icon">
            <CheckCircleIcon />
          </span>
          <span>{t(LOGIN_NOTICE_TEXT[notice])}</span>
        </div>
      )}
      {/* The first keystroke (or autofill, or a tick) starts loading the signed-in console. */}
      <form
        className="login-form"
        onSubmit={onSubmit}
        onInput={preloadShell}
        autoComplete="on"
        noValidate
        data-captcha={showCaptcha ? 'on' : 'off'}
      >
        <Field id="username" error={errorOf('username')}>
          <TextInput
            id="username"
            error={errorOf('username')}
            icon={<UserIcon />}
            placeholder={t('login.username')}
            autoComplete="username"
            autoFocus
            value={values.username}
            onChange={(e) => form.set('username', e.target.value)}
          />
        </Field>
        <Field id="password" error={errorOf('password')}>
          <PasswordInput
            id="password"
            error={errorOf('password')}
            icon={<LockIcon />}
            placeholder={t('login.password')}
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => form.set('password', e.target.value)}
          />
        </Field>
        {showCaptcha && (
          <Field id="code" error={errorOf('code')}>
            <div className="login-captcha-row">
              <TextInput
                id="code"
                error={errorOf('code')}
                icon={<SafetyIcon />}
                placeholder={t('login.captcha')}
                autoComplete="off"
                maxLength={16}
                value={values.code}
                onChange={(e) => form.set('code', e.target.value)}
              />
              <CaptchaImage nonce={captchaNonce} onRefresh={refreshCaptcha} />
            </div>
          </Field>
        )}
        <div className="login-options">
          <Checkbox id="remember" checked={values.remember} onChange={(on) => form.set('remember', on)}>
            {t('login.remember')}
          </Checkbox>
          <Checkbox
            id="isOperations"
            checked={values.isOperations}
            onChange={(on) => form.set('isOperations', on)}
          >
            {t('login.operations')}
          </Checkbox>
        </div>
        <SubmitButton loading={submitting} data-testid="login-submit">
          {t('login.submit')}
        </SubmitButton>
        <div className="login-links">
          <Link to="/register">{t('login.toRegister')}</Link>
        </div>
      </form>
    </AuthCard>
  );
}
