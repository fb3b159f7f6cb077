import { describe, expect, it } from 'vitest';
import {
  aliyunSendSms,
  aliyunSignature,
  aliyunStringToSign,
  bodyTemplateError,
  e164,
  fillBodyTemplate,
  interpretReply,
  percentEncode,
  tc3CanonicalRequest,
  tc3Sign,
  tencentSendSms,
} from '../../src/features/sms/providers.ts';

// Aliyun's RPC signature documentation example (ECS DescribeRegions, AccessKeySecret "testsecret").
const DESCRIBE_REGIONS = {
  AccessKeyId: 'testid',
  Action: 'DescribeRegions',
  Format: 'XML',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
  SignatureVersion: '1.0',
  Timestamp: '2016-02-23T12:46:24Z',
  Version: '2014-05-26',
};

describe('Aliyun RPC signature v1 (HMAC-SHA1)', () => {
  it('builds the documented string to sign and signature', () => {
    expect(aliyunStringToSign('GET', DESCRIBE_REGIONS)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML' +
        '%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf' +
        '%26SignatureVersion%3D1.0%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(aliyunSignature('GET', DESCRIBE_REGIONS, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('matches the SMS documentation example with a Chinese sign name', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('encodes the characters encodeURIComponent leaves alone', () => {
    expect(percentEncode("a!b'c(d)e*f ~")).toBe('a%21b%27c%28d%29e%2Af%20~');
  });

  it('signs the SendSms POST it sends, with the parameters it names', () => {
    const req = aliyunSendSms(
      {
        access_key_id: 'testId',
        access_key_secret: 'testSecret',
        sdk_app_id: '',
        sign_name: '网关',
        region: '',
        http_url: '',
        http_body: '',
      },
      '+8613800000000',
      'SMS_1',
      { code: '123456' },
      Date.UTC(2026, 0, 2, 3, 4, 5),
      'nonce-1',
    );
    expect(req.url).toBe('https://dysmsapi.aliyuncs.com/');
    const body = new URLSearchParams(req.body);
    expect(body.get('PhoneNumbers')).toBe('13800000000');
    expect(body.get('Timestamp')).toBe('2026-01-02T03:04:05Z');
    expect(body.get('RegionId')).toBe('cn-hangzhou');
    expect(body.get('TemplateParam')).toBe('{"code":"123456"}');
    const params = Object.fromEntries([...body].filter(([k]) => k !== 'Signature'));
    expect(body.get('Signature')).toBe(aliyunSignature('POST', params, 'testSecret'));
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256', () => {
  // The worked example of Tencent Cloud's "Signature v3" documentation (CVM DescribeInstances).
  const example = {
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    service: 'cvm',
    host: 'cvm.tencentcloudapi.com',
    timestamp: 1551113065,
    payload: String.raw`{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`,
  };

  it('reproduces the documented canonical request, string to sign and signature', () => {
    expect(tc3CanonicalRequest(example)).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\n' +
        'content-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    const signed = tc3Sign(example);
    expect(signed.stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n' +
        '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    );
    expect(signed.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('builds a SendSms request whose headers carry the signature of its body', () => {
    const now = 1551113065_000;
    const cfg = {
      access_key_id: 'id',
      access_key_secret: 'key',
      sdk_app_id: '1400000000',
      sign_name: '网关',
      region: '',
      http_url: '',
      http_body: '',
    };
    const req = tencentSendSms(cfg, '13800000000', '100', ['123456'], now);
    expect(req.headers['x-tc-action']).toBe('SendSms');
    expect(req.headers['x-tc-version']).toBe('2021-01-11');
    expect(req.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(JSON.parse(req.body)).toEqual({
      PhoneNumberSet: ['+8613800000000'],
      SmsSdkAppId: '1400000000',
      SignName: '网关',
      TemplateId: '100',
      TemplateParamSet: ['123456'],
    });
    const expected = tc3Sign({
      secretId: 'id',
      secretKey: 'key',
      service: 'sms',
      host: 'sms.tencentcloudapi.com',
      timestamp: 1551113065,
      payload: req.body,
    });
    expect(req.headers.authorization).toBe(expected.authorization);
    expect(e164('+447700900000')).toBe('+447700900000');
  });
});

describe('http provider body template', () => {
  it('substitutes JSON-escaped values', () => {
    const body = fillBodyTemplate('{"to":"{phone}","msg":"{text}","again":"{phone}"}', {
      phone: '+86138',
      text: 'say "hi"\nnow \\ ok',
    });
    expect(JSON.parse(body)).toEqual({ to: '+86138', msg: 'say "hi"\nnow \\ ok', again: '+86138' });
  });

  it('refuses a template that is not JSON', () => {
    expect(bodyTemplateError('{"a":"{text}"}')).toBeNull();
    expect(bodyTemplateError('phone={phone}&text={text}')).not.toBeNull();
    expect(bodyTemplateError('{"a":{text}}')).not.toBeNull();
  });

  it('reads each provider answer', () => {
    expect(interpretReply('aliyun', 200, '{"Code":"OK","Message":"OK"}').ok).toBe(true);
    expect(interpretReply('aliyun', 200, '{"Code":"isv.BUSINESS_LIMIT_CONTROL","Message":"limit"}')).toEqual({
      ok: false,
      message: 'isv.BUSINESS_LIMIT_CONTROL: limit',
    });
    expect(
      interpretReply(
        'tencent',
        200,
        '{"Response":{"SendStatusSet":[{"Code":"Ok","Message":"send success"}]}}',
      ).ok,
    ).toBe(true);
    expect(
      interpretReply('tencent', 200, '{"Response":{"Error":{"Code":"AuthFailure","Message":"bad"}}}').message,
    ).toBe('AuthFailure: bad');
    expect(interpretReply('http', 204, '').ok).toBe(true);
    expect(interpretReply('http', 500, 'oops').ok).toBe(false);
  });
});
