import type { FieldDef } from '@igs/contract/resources';

const HTTP_ONLY = new Set(['http_url', 'http_body']);
const CLOUD_ONLY = new Set([
  'access_key_id',
  'access_key_secret',
  'sign_name',
  'region',
  'template_alarm',
  'template_code',
]);

/** The fields the chosen provider uses; the others stay stored but hidden. */
export function smsFieldVisible(field: FieldDef, values: Record<string, unknown>): boolean {
  const provider = values.provider;
  if (HTTP_ONLY.has(field.name)) return provider === 'http';
  if (CLOUD_ONLY.has(field.name)) return provider !== 'http';
  if (field.name === 'sdk_app_id') return provider === 'tencent';
  return true;
}

export const PHONE = /^\+?\d{5,20}$/;
