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
