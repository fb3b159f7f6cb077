import { describe, expect, it } from 'vitest';
import {
  formInvalidMessage,
  validateChangePassword,
  validateConfirmation,
  validateNewPassword,
  validateOriginal,
} from './rules.ts';

describe('change-password rules (spec section 5)', () => {
  it('new password: required, then the strength rule, in English', () => {
    expect(validateNewPassword('', 'en')).toBe('Please enter the password');
    expect(validateNewPassword('short1A!', 'en')).toBeUndefined();
    for (const weak of ['Abc1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefgh1']) {
      expect(validateNewPassword(weak, 'en')).toBe(
        'Password must be over 8 characters and contain upper and lower case letters, digits and special characters',
      );
    }
  });

  it('new password messages in Chinese', () => {
    expect(validateNewPassword('', 'zh_CN')).toBe('请输入密码');
    expect(validateNewPassword('abc', 'zh_CN')).toBe('密码必须大于8位，并包含大小写字母、数字和特殊字符');
  });

  it('confirmation: required, then equal', () => {
    expect(validateConfirmation('', 'Abcdefg1!', 'en')).toBe('Please enter the password again');
    expect(validateConfirmation('Abcdefg1?', 'Abcdefg1!', 'en')).toBe('The two passwords do not match');
    expect(validateConfirmation('Abcdefg1!', 'Abcdefg1!', 'en')).toBeUndefined();
    expect(validateConfirmation('', 'x', 'zh_CN')).toBe('请再次输入密码');
    expect(validateConfirmation('y', 'x', 'zh_CN')).toBe('两次输入的密码不一致');
  });

  it('original password: required', () => {
    expect(validateOriginal('', 'en')).toBe('Please enter the original password');
    expect(validateOriginal(undefined, 'zh_CN')).toBe('请输入原密码');
    expect(validateOriginal('admin123', 'en')).toBeUndefined();
  });

  it('an invalid form is reported with the required-data message', () => {
    expect(formInvalidMessage('en')).toBe('Please fill in the required data');
    expect(formInvalidMessage('zh_CN')).toBe('请填写必填数据');
    expect(validateChangePassword({}, 'en')).toEqual({
      password: 'Please enter the original password',
      newpass: 'Please enter the password',
      newpasstwo: 'Please enter the password again',
    });
    expect(
      validateChangePassword({ password: 'a', newpass: 'Abcdefg1!', newpasstwo: 'Abcdefg1!' }, 'en'),
    ).toEqual({});
  });
});
