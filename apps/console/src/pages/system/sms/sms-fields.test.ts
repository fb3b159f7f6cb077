import { smsSettings } from '@igs/contract/extras';
import { describe, expect, it } from 'vitest';
import { PHONE, smsFieldVisible } from './sms-fields.ts';

const shown = (provider: string) =>
  smsSettings.fields.filter((f) => smsFieldVisible(f, { provider })).map((f) => f.name);

describe('SMS settings fields by provider', () => {
  it('shows each provider only the fields it uses', () => {
    expect(shown('http')).toEqual(['provider', 'http_url', 'http_body', 'daily_limit']);
    expect(shown('aliyun')).toEqual([
      'provider',
      'access_key_id',
      'access_key_secret',
      'sign_name',
      'region',
      'template_alarm',
      'template_code',
      'daily_limit',
    ]);
    expect(shown('tencent')).toContain('sdk_app_id');
  });

  it('accepts the phone numbers the server accepts', () => {
    expect(PHONE.test('+8613800000000')).toBe(true);
    expect(PHONE.test('13800000000')).toBe(true);
    expect(PHONE.test('138-0000')).toBe(false);
  });
});
