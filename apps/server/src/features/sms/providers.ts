import { createHash, createHmac } from 'node:crypto';
import { DEFAULT_SMS_HTTP_BODY } from '@igs/contract/extras';

/**
 * The three SMS providers' requests, built as plain data so the signatures can be checked against
 * the providers' published examples: Aliyun SendSms (RPC style, signature v1, HMAC-SHA1),
 * Tencent Cloud SendSms (API 3.0, TC3-HMAC-SHA256) and a plain HTTP POST of a JSON template.
 */

export interface OutgoingRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

export interface SmsConfig {
  access_key_id: string;
  access_key_secret: string;
  sdk_app_id: string;
  sign_name: string;
  region: string;
  http_url: string;
  http_body: string;
}

// ---------------------------------------------------------------- Aliyun (RPC signature v1)

export const ALIYUN_HOST = 'dysmsapi.aliyuncs.com';

/** RFC 3986 encoding as Aliyun requires: only A-Z a-z 0-9 - _ . ~ stay literal. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function aliyunCanonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

export function aliyunStringToSign(method: string, params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(aliyunCanonicalQuery(params))}`;
}

/** Base64(HMAC-SHA1(secret + "&", StringToSign)). */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  return createHmac('sha1', `${secret}&`).update(aliyunStringToSign(method, params)).digest('base64');
}

/** `YYYY-MM-DDTHH:mm:ssZ` in UTC, the timestamp form both RPC and the examples use. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function aliyunSendSms(
  cfg: SmsConfig,
  phone: string,
  templateCode: string,
  templateParam: Record<string, string>,
  nowMs: number,
  nonce: string,
): OutgoingRequest {
  const params: Record<string, string> = {
    AccessKeyId: cfg.access_key_id,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: phone.replace(/^\+86/, ''),
    RegionId: cfg.region || 'cn-hangzhou',
    SignName: cfg.sign_name,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: templateCode,
    TemplateParam: JSON.stringify(templateParam),
    Timestamp: isoSeconds(nowMs),
    Version: '2017-05-25',
  };
  const signed = { ...params, Signature: aliyunSignature('POST', params, cfg.access_key_secret) };
  return {
    url: `https://${ALIYUN_HOST}/`,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: aliyunCanonicalQuery(signed),
  };
}

// ---------------------------------------------------------------- Tencent (TC3-HMAC-SHA256)

export const TENCENT_HOST = 'sms.tencentcloudapi.com';
const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac256 = (key: string | Buffer, msg: string) => createHmac('sha256', key).update(msg, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  /** Unix seconds; the credential date is its UTC day. */
  timestamp: number;
  payload: string;
  contentType?: string;
}

export function tc3CanonicalRequest(input: Tc3Input): string {
  const contentType = input.contentType ?? TC3_CONTENT_TYPE;
  return [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${input.host}\n`,
    'content-type;host',
    sha256Hex(input.payload),
  ].join('\n');
}

export function tc3Sign(input: Tc3Input): { signature: string; authorization: string; stringToSign: string } {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = [
    'TC3-HMAC-SHA256',
    String(input.timestamp),
    scope,
    sha256Hex(tc3CanonicalRequest(input)),
  ].join('\n');
  const secretDate = hmac256(`TC3${input.secretKey}`, date);
  const secretService = hmac256(secretDate, input.service);
  const secretSigning = hmac256(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  const authorization = `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
  return { signature, authorization, stringToSign };
}

/** Tencent wants E.164; a bare mainland number gets +86. */
export function e164(phone: string): string {
  if (phone.startsWith('+')) return phone;
  return `+86${phone}`;
}

export function tencentSendSms(
  cfg: SmsConfig,
  phone: string,
  templateId: string,
  params: string[],
  nowMs: number,
): OutgoingRequest {
  const payload = JSON.stringify({
    PhoneNumberSet: [e164(phone)],
    SmsSdkAppId: cfg.sdk_app_id,
    SignName: cfg.sign_name,
    TemplateId: templateId,
    TemplateParamSet: params,
  });
  const timestamp = Math.floor(nowMs / 1000);
  const { authorization } = tc3Sign({
    secretId: cfg.access_key_id,
    secretKey: cfg.access_key_secret,
    service: 'sms',
    host: TENCENT_HOST,
    timestamp,
    payload,
  });
  return {
    url: `https://${TENCENT_HOST}/`,
    method: 'POST',
    headers: {
      authorization,
      'content-type': TC3_CONTENT_TYPE,
      host: TENCENT_HOST,
      'x-tc-action': 'SendSms',
      'x-tc-timestamp': String(timestamp),
      'x-tc-version': '2021-01-11',
      'x-tc-region': cfg.region || 'ap-guangzhou',
    },
    body: payload,
  };
}

// ---------------------------------------------------------------- plain HTTP

/** A value as it may stand between JSON quotes: escaped, without the quotes. */
function jsonEscaped(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** The body template with {phone} and {text} replaced by their JSON-escaped values. */
export function fillBodyTemplate(template: string, values: { phone: string; text: string }): string {
  return (template || DEFAULT_SMS_HTTP_BODY).replace(/\{(phone|text)\}/g, (_m, key: 'phone' | 'text') =>
    jsonEscaped(values[key]),
  );
}

/** Null when the template gives valid JSON for any phone and text, else the parser's complaint. */
export function bodyTemplateError(template: string): string | null {
  try {
    JSON.parse(fillBodyTemplate(template, { phone: '+8613800000000', text: 'a "quoted"\ntext' }));
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

export function httpSms(cfg: SmsConfig, phone: string, text: string): OutgoingRequest {
  return {
    url: cfg.http_url,
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: fillBodyTemplate(cfg.http_body, { phone, text }),
  };
}

// ---------------------------------------------------------------- replies

/** Whether the provider accepted the message, from its HTTP status and body. */
export function interpretReply(
  provider: string,
  status: number,
  body: string,
): { ok: boolean; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (provider === 'aliyun') {
    const r = json as { Code?: string; Message?: string } | undefined;
    if (status === 200 && r?.Code === 'OK') return { ok: true, message: 'OK' };
    return { ok: false, message: r?.Code ? `${r.Code}: ${r.Message ?? ''}` : `HTTP ${status}` };
  }
  if (provider === 'tencent') {
    const r = (
      json as {
        Response?: {
          Error?: { Code: string; Message: string };
          SendStatusSet?: { Code: string; Message: string }[];
        };
      }
    )?.Response;
    if (r?.Error) return { ok: false, message: `${r.Error.Code}: ${r.Error.Message}` };
    const failed = r?.SendStatusSet?.find((x) => x.Code !== 'Ok');
    if (failed) return { ok: false, message: `${failed.Code}: ${failed.Message}` };
    if (status === 200 && r?.SendStatusSet?.length) return { ok: true, message: 'Ok' };
    return { ok: false, message: `HTTP ${status}` };
  }
  return status >= 200 && status < 300
    ? { ok: true, message: `HTTP ${status}` }
    : { ok: false, message: `HTTP ${status}` };
}
