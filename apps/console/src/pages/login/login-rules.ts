import { LOGIN_PASSWORD_MIN } from '@igs/contract';
import { isMobile } from '../../utils/validate.ts';

/** Which spec text (an i18n key) a login or register field fails with, or null when it is valid. */
export type FieldCheck = (value: string | undefined) => string | null;

export const checkUsername: FieldCheck = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'msg.usernameRequired';
  // The server takes at most 64 characters and no inner spaces.
  if (v.length > 64 || /\s/.test(v)) return 'msg.loginFormatError';
  return null;
};

export const checkPassword: FieldCheck = (value) =>
  (value ?? '').trim().length < LOGIN_PASSWORD_MIN ? 'msg.passwordTooShort' : null;

export const checkCaptcha: FieldCheck = (value) => ((value ?? '').trim() ? null : 'msg.captchaRequired');

export const checkPhone: FieldCheck = (value) => (isMobile(value ?? '') ? null : 'msg.phoneRequired');

/**
 * Whether a refused sign-in asks for the verification code (the server names the `code` field:
 * required or wrong), so the form shows the captcha even if the branding call said none.
 */
export function asksForCaptcha(error: unknown): boolean {
  const data = (error as { data?: { errors?: unknown } } | null)?.data;
  const list = data?.errors;
  return Array.isArray(list) && list.some((e) => (e as { field?: unknown } | null)?.field === 'code');
}
