import { hashPassword } from '@igs/contract';
import { describe, expect, it } from 'vitest';
import { asksForCaptcha, checkCaptcha, checkPassword, checkPhone, checkUsername } from './login-rules.ts';
import { buildRegisterForm } from './register-payload.ts';

describe('login rules', () => {
  it('username: required after trimming, and well formed', () => {
    expect(checkUsername('  ')).toBe('msg.usernameRequired');
    expect(checkUsername(undefined)).toBe('msg.usernameRequired');
    expect(checkUsername(' admin ')).toBeNull();
    expect(checkUsername('ad min')).toBe('msg.loginFormatError');
    expect(checkUsername('a'.repeat(65))).toBe('msg.loginFormatError');
  });

  it('password: at least 6 characters after trimming', () => {
    expect(checkPassword('12345')).toBe('msg.passwordTooShort');
    expect(checkPassword('  12345  ')).toBe('msg.passwordTooShort');
    expect(checkPassword(undefined)).toBe('msg.passwordTooShort');
    expect(checkPassword('123456')).toBeNull();
  });

  it('captcha: required', () => {
    expect(checkCaptcha(' ')).toBe('msg.captchaRequired');
    expect(checkCaptcha('ab12')).toBeNull();
  });

  it('phone: a mobile number', () => {
    expect(checkPhone('')).toBe('msg.phoneRequired');
    expect(checkPhone('12345')).toBe('msg.phoneRequired');
    expect(checkPhone('13800138000')).toBeNull();
  });
});

describe('register payload', () => {
  it('sends method offline, trimmed fields, the hashed password and the raw auth code', () => {
    const form = buildRegisterForm({
      username: ' ops ',
      password: ' secret1 ',
      auth_code: ' AB 12 ',
      phone: ' 13800138000 ',
    });
    expect(Object.fromEntries(form.entries())).toEqual({
      method: 'offline',
      username: 'ops',
      password: hashPassword('secret1'),
      auth_code: ' AB 12 ',
      phone: '13800138000',
    });
  });

  it('sends an empty auth code when none was typed', () => {
    const form = buildRegisterForm({ username: 'a', password: 'secret1', phone: '13800138000' });
    expect(form.get('auth_code')).toBe('');
  });
});

describe('asksForCaptcha', () => {
  it('is true for a refusal naming the code field (required or wrong), false otherwise', () => {
    const refusal = (field: string) => ({ code: 422, data: { errors: [{ field, msg: 'x' }] } });
    expect(asksForCaptcha(refusal('code'))).toBe(true);
    expect(asksForCaptcha(refusal('password'))).toBe(false);
    expect(asksForCaptcha({ code: 423, data: null })).toBe(false);
    expect(asksForCaptcha(new Error('network'))).toBe(false);
    expect(asksForCaptcha(undefined)).toBe(false);
  });
});
