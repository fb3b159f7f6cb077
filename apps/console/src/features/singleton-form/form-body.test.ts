import { itmsSettings, smsSettings } from '@igs/contract/extras';
import { describe, expect, it } from 'vitest';
import { singletonBody } from './form-body.ts';
import { serverErrors } from './server-errors.ts';

describe('singleton form body', () => {
  it('leaves an empty secret out, so the stored one is kept', async () => {
    const { body, errors } = await singletonBody(
      smsSettings,
      { provider: 'http', access_key_secret: '', http_url: 'http://10.0.0.2/sms', daily_limit: 50 },
      'en',
    );
    expect(errors).toEqual([]);
    expect(body).not.toHaveProperty('access_key_secret');
    expect(body).toMatchObject({ provider: 'http', http_url: 'http://10.0.0.2/sms', daily_limit: 50 });
  });

  it('checks with the contract schema and words, in the user language', async () => {
    const en = await singletonBody(itmsSettings, { acs_url: 'ftp://x/', inform_interval_s: 10 }, 'en');
    expect(en.errors).toEqual([
      { name: 'acs_url', errors: ['ACS URL must be an http:// or https:// URL'] },
      { name: 'inform_interval_s', errors: ['Inform interval (s) must be between 60 and 86400'] },
    ]);
    const zh = await singletonBody(itmsSettings, { acs_url: 'rtsp://x/' }, 'zh_CN');
    expect(zh.errors[0]).toEqual({ name: 'acs_url', errors: ['ACS地址必须是 http:// 或 https:// 地址'] });
    expect((await singletonBody(itmsSettings, { acs_url: '' }, 'en')).errors[0]).toEqual({
      name: 'acs_url',
      errors: ['ACS URL is required'],
    });
  });

  it('places the server field errors it knows', () => {
    const shown = new Set(['cr_username', 'cr_password']);
    expect(
      serverErrors(
        {
          errors: [
            { field: 'cr_password', msg: 'x' },
            { field: 'other', msg: 'y' },
          ],
        },
        shown,
      ),
    ).toEqual([{ name: 'cr_password', errors: ['x'] }]);
    expect(serverErrors(null, shown)).toEqual([]);
  });
});
