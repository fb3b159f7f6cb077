import { Headers, Paths } from '@igs/contract';
import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { useBrandingStore } from '../../app/branding.ts';
import { useT } from '../../i18n/index.ts';
import { afterLoginPath, DASHBOARD_PATH, modeHomePath } from '../../router/guard.ts';
import { navigateTo } from '../../router/navigate.ts';
import {
  EARLY_HOME_PATH,
  earlySubmitHeld,
  startSignedInCalls,
  takeEarlyCaptcha,
  takeEarlySubmit,
} from '../../start/early.ts';
import { useHydrated } from '../../start/hydration.ts';
import { preloadSignedIn } from '../../start/signed-in.ts';
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

/** The form as the build prerenders it (start/prerender.tsx): nothing the browser keeps. */
function emptyValues(): Values {
  return { username: '', password: '', remember: false, isOperations: false, code: '' };
}

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

/** A captcha image: `key` tells one image from the next; no `src` while the early one is on its way. */
interface Captcha {
  key: number;
  src?: string;
}

function freshCaptcha(): Captcha {
  const nonce = Date.now();
  return { key: nonce, src: `${Paths.captcha}?t=${nonce}` };
}

/** What the prerendered form's fields hold (typed, or filled in by the browser) before hydration. */
function typedValues(form: HTMLFormElement | null): Values | undefined {
  if (!form) return undefined;
  const field = (id: string) => form.elements.namedItem(id) as HTMLInputElement | null;
  return {
    username: field('username')?.value ?? '',
    password: field('password')?.value ?? '',
    remember: field('remember')?.checked ?? false,
    isOperations: field('isOperations')?.checked ?? false,
    code: '',
  };
}

/** A plain click (no modifier, main button): the page handles it instead of the browser. */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The sign-in page. Rendered without the router on a visitor's first screen (start/main.tsx, from
 * HTML the build prerendered, start/prerender.tsx) and as the router's /login route later (after
 * signing out, from the register page): it reads the address itself and leaves through
 * `navigateTo`, which is whichever of the two is on.
 */
export default function Login() {
  const t = useT();
  // The prerendered form's button is off in the HTML (without any script a submit would send the
  // password unhashed); the served page's early script turns it on and holds a submit made before
  // this component runs, which it then makes (start/early.ts).
  const hydrated = useHydrated();
  const [heldSubmit, setHeldSubmit] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const login = useUserStore((s) => s.login);
  // The captcha field shows when the server asks for a code: its branding call says so, or a
  // sign-in refused for a missing code does (an account slowed after failures is asked anyway).
  const captchaOn = useBrandingStore((s) => s.captcha === true);
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const showCaptcha = captchaOn || captchaDemanded;
  const form = useLoginFormState<Values>(
    hydrated ? initialValues : emptyValues,
    showCaptcha ? CHECKS_WITH_CAPTCHA : CHECKS,
  );
  const { values, errors } = form;
  // A notice left by the page before the reload (the password was changed), shown once.
  const [notice, setNotice] = useState(() => (hydrated ? peekLoginNotice() : undefined));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first (hydrating) render
  useEffect(() => {
    if (!hydrated) {
      // Hydrated over the prerendered form, which the visitor may have filled in before the script
      // arrived: React keeps what the fields hold but its state starts empty, so take it over (the
      // next render would clear them otherwise). Saved values only into a form still empty.
      const typed = typedValues(formRef.current);
      if (typed) form.fillIfEmpty(typed);
      const saved = initialValues();
      if (saved.username || saved.password) form.fillIfEmpty(saved);
      const waiting = peekLoginNotice();
      if (waiting) setNotice(waiting);
      // The served page asked for the shell's script once painted; the rest of what signing in
      // leads to (its style sheet, the dashboard) comes now, not at the first keystroke, and never
      // before the form's first paint (on a busy machine the script can run before it).
      requestAnimationFrame(() => setTimeout(preloadSignedIn, 0));
    }
    clearLoginNotice();
    // Made in the next render, which holds the values taken over above.
    if (takeEarlySubmit()) setHeldSubmit(true);
  }, []);
  // The served page may have fetched the first captcha image already (start/early-script.ts).
  const [captcha, setCaptcha] = useState<Captcha>(() =>
    takeEarlyCaptcha(false) ? { key: 0 } : freshCaptcha(),
  );
  useEffect(() => {
    const early = takeEarlyCaptcha(false);
    if (!early) return;
    let live = true;
    void early.then((image) => {
      if (!live) return;
      takeEarlyCaptcha(true);
      setCaptcha((now) =>
        now.key !== 0 ? now : image ? { key: image.nonce, src: image.url } : freshCaptcha(),
      );
    });
    return () => {
      live = false;
    };
  }, []);
  const [submitting, setSubmitting] = useState(false);
  const errorOf = (name: keyof Values) => (errors[name] ? t(errors[name]) : undefined);

  const refreshCaptcha = () => {
    setCaptcha(freshCaptcha());
    form.set('code', '');
  };

  const submit = async () => {
    // A loading button stays enabled, as antd's does: a second press while signing in does nothing.
    if (submitting || !form.validate()) return;
    setSubmitting(true);
    try {
      await login(showCaptcha ? values : { ...values, code: '' });
      const redirect = new URLSearchParams(window.location.search).get('redirect');
      const to = afterLoginPath(redirect, modeHomePath(values.isOperations ? 1 : 0));
      // Its figures are asked for now, beside the guard's first calls, not after them.
      if (to === DASHBOARD_PATH)
        startSignedInCalls(useUserStore.getState().token, [EARLY_HOME_PATH], { [Headers.noLoading]: '1' });
      navigateTo(to, true);
    } catch (error) {
      // The request layer has shown the server's message; a captcha is single use.
      if (asksForCaptcha(error)) setCaptchaDemanded(true);
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A submit while hydrating reaches both the early script's hold and this handler: made here.
    takeEarlySubmit();
    void submit();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a held submit is handed over
  useEffect(() => {
    if (!heldSubmit) return;
    setHeldSubmit(false);
    void submit();
  }, [heldSubmit]);

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
        ref={formRef}
        className="login-form"
        onSubmit={onSubmit}
        onInput={preloadSignedIn}
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
              <CaptchaImage imageKey={captcha.key} src={captcha.src} onRefresh={refreshCaptcha} />
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
        <SubmitButton
          loading={submitting}
          disabled={!hydrated && !earlySubmitHeld()}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </SubmitButton>
        <div className="login-links">
          <a
            href="/register"
            onClick={(event) => {
              if (!plainClick(event)) return;
              event.preventDefault();
              navigateTo('/register');
            }}
          >
            {t('login.toRegister')}
          </a>
        </div>
      </form>
    </AuthCard>
  );
}
