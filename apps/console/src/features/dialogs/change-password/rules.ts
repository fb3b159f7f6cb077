import { isStrongPassword, type Lang, message } from '@igs/contract';

/** The change-password form (spec section 3): original, new and confirmation. */
export interface ChangePasswordForm {
  password: string;
  newpass: string;
  newpasstwo: string;
}

/** Original password: required (spec section 5). */
export function validateOriginal(value: string | undefined, lang: Lang): string | undefined {
  return value ? undefined : message('originalPasswordRequired', lang);
}

/** New password: required, then the strength rule (8+ with lower, upper, digit and special). */
export function validateNewPassword(value: string | undefined, lang: Lang): string | undefined {
  if (!value) return message('passwordRequired', lang);
  if (!isStrongPassword(value)) return message('passwordWeak', lang);
  return undefined;
}

/** Confirmation: required, then equal to the new password. */
export function validateConfirmation(
  value: string | undefined,
  newPassword: string | undefined,
  lang: Lang,
): string | undefined {
  if (!value) return message('passwordAgainRequired', lang);
  if (value !== newPassword) return message('passwordMismatch', lang);
  return undefined;
}

/** Every field's first error, as the dialog shows them. */
export function validateChangePassword(
  form: Partial<ChangePasswordForm>,
  lang: Lang,
): Partial<Record<keyof ChangePasswordForm, string>> {
  const errors: Partial<Record<keyof ChangePasswordForm, string>> = {};
  const original = validateOriginal(form.password, lang);
  const next = validateNewPassword(form.newpass, lang);
  const confirm = validateConfirmation(form.newpasstwo, form.newpass, lang);
  if (original) errors.password = original;
  if (next) errors.newpass = next;
  if (confirm) errors.newpasstwo = confirm;
  return errors;
}

/** The toast when the form is submitted with errors. */
export function formInvalidMessage(lang: Lang): string {
  return message('formInvalid', lang);
}
