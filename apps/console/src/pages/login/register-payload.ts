import { hashPassword } from '@igs/contract';

export interface RegisterValues {
  username: string;
  password: string;
  auth_code?: string;
  phone: string;
}

/**
 * Multipart body of the register call (spec sections 5 and 7): method offline, trimmed username
 * and password (hashed), auth_code from its raw value, phone.
 */
export function buildRegisterForm(values: RegisterValues): FormData {
  const form = new FormData();
  form.append('method', 'offline');
  form.append('username', values.username.trim());
  form.append('password', hashPassword(values.password.trim()));
  form.append('auth_code', values.auth_code ?? '');
  form.append('phone', values.phone.trim());
  return form;
}
