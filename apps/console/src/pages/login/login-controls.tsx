import { type InputHTMLAttributes, type ReactNode, useRef, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { EyeIcon, EyeInvisibleIcon } from './login-icons.tsx';

/*
 * The sign-in form's controls as plain elements, styled in login.css to look like antd's large
 * Input, Checkbox and primary Button. antd's core with its CSS-in-JS engine was about 70 KB of the
 * sign-in page's start (docs/performance.md); the register page and the signed-in console keep antd.
 */

/** Id of the error text under a field, for the input's aria-describedby. */
const errorIdOf = (id: string) => `${id}-error`;

/** A form row: its control, then its error (announced as it appears), as antd's form items lay out. */
export function Field({ id, error, children }: { id: string; error?: string; children: ReactNode }) {
  return (
    <div className={`login-field${error ? ' login-field--error' : ''}`}>
      {children}
      {error && (
        <div id={errorIdOf(id)} className="login-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'placeholder' | 'prefix'> & {
  id: string;
  placeholder: string;
  /** The field's error text: a red border, and the input points at the text. */
  error?: string;
  icon: ReactNode;
  /** Drawn inside the box after the input (the password toggle). */
  suffix?: ReactNode;
};

/**
 * A large input with a leading icon. The placeholder is also the input's label (visually hidden),
 * so screen readers and voice control name the field even once it holds text.
 */
export function TextInput({ id, placeholder, error, icon, suffix, ...input }: InputProps) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; the input itself is focusable
    <div
      className={`login-input${error ? ' login-input--error' : ''}`}
      // A press on the box's padding or icon focuses the input, as antd's affix wrapper does.
      onMouseDown={(event) => {
        if (event.target === ref.current || (event.target as Element).closest('button')) return;
        event.preventDefault();
        ref.current?.focus();
      }}
    >
      <label className="login-visually-hidden" htmlFor={id}>
        {placeholder}
      </label>
      <span className="login-input__prefix">{icon}</span>
      <input
        {...input}
        ref={ref}
        id={id}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdOf(id) : undefined}
      />
      {suffix}
    </div>
  );
}

/** The password input with antd's show/hide toggle, a real button in the tab order. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'suffix'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="login-input__toggle"
          aria-label={t('login.showPassword')}
          aria-pressed={visible}
          aria-controls={props.id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeIcon /> : <EyeInvisibleIcon />}
        </button>
      }
    />
  );
}

/** A checkbox with its text as the label; the box is drawn over the real (transparent) input. */
export function Checkbox({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="login-check" htmlFor={id}>
      <span className="login-check__box">
        <input
          id={id}
          type="checkbox"
          className="login-check__input"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="login-check__mark" />
      </span>
      <span className="login-check__label">{children}</span>
    </label>
  );
}

/** antd's buttons put a space between exactly two Chinese characters (登录 -> 登 录). */
export function spacedLabel(text: string): string {
  return /^[\u4e00-\u9fa5]{2}$/.test(text) ? text.split('').join(' ') : text;
}

/**
 * The large primary block button. While `loading` it shows a spinner, is marked busy and is
 * dimmed, but stays enabled (and focused), as antd's loading button does; the form ignores a
 * second submit meanwhile.
 */
export function SubmitButton({
  loading,
  disabled = false,
  children,
  ...rest
}: {
  loading: boolean;
  /** Off in the served HTML until a script turns it on (a prerendered form, see Login). */
  disabled?: boolean;
  children: string;
  'data-testid'?: string;
}) {
  return (
    <button
      type="submit"
      disabled={disabled}
      className={`login-submit${loading ? ' login-submit--loading' : ''}`}
      aria-busy={loading || undefined}
      data-testid={rest['data-testid']}
    >
      {/* Always there, shown by the loading class, or while the served page holds a submit. */}
      <span className="login-submit__spinner" aria-hidden="true" />
      <span>{spacedLabel(children)}</span>
    </button>
  );
}
