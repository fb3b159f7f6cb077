import { randomUUID } from 'node:crypto';
import { Code, type Lang, say } from '@igs/contract';
import { smsSettings } from '@igs/contract/extras';
import type { AppContext } from '../../platform/app-context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { readSingleton, type Values } from '../../platform/singletons/store.ts';
import {
  aliyunSendSms,
  httpSms,
  interpretReply,
  type OutgoingRequest,
  type SmsConfig,
  tencentSendSms,
} from './providers.ts';

/**
 * Sending one SMS through the configured provider (DOMAIN system/SmsSettings), for the `test`
 * verb and for preplans and alarms: at most `daily_limit` sent messages per day, each attempt in
 * `sms_log` with the provider's answer.
 */

export interface SmsMessage {
  phone: string;
  /** The text itself: sent as is by the http provider, which has no templates. */
  text: string;
  /** aliyun/tencent: which template to use and the values of its variables, in order. */
  template: 'code' | 'alarm';
  params: Record<string, string>;
  purpose: string;
}

export interface SmsResult {
  provider: string;
  http_status: number;
  message: string;
  sent_today: number;
  daily_limit: number;
}

const TIMEOUT_MS = 10_000;
const LOCK = 'sms-send-lock';

/** Start of the server's current day, for the daily limit. */
function startOfDay(ms: number): number {
  return new Date(ms).setHours(0, 0, 0, 0);
}

export async function sentToday(app: AppContext): Promise<number> {
  const r = await app.db.kysely
    .selectFrom('sms_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('result', '=', 'sent')
    .where('at', '>=', startOfDay(app.now()))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

interface SendQueue {
  tail: Promise<unknown>;
  clear(): void;
}

/** Sends run one at a time in this process, so two cannot both take the last one of the day. */
async function serialised<T>(app: AppContext, work: () => Promise<T>): Promise<T> {
  let queue = app.caches.get(LOCK) as SendQueue | undefined;
  if (!queue) {
    const q: SendQueue = { tail: Promise.resolve(), clear: () => {} };
    app.caches.set(LOCK, q);
    queue = q;
  }
  const run = queue.tail.catch(() => undefined).then(work);
  queue.tail = run;
  return run;
}

/** What the provider's settings still lack to send, or null. */
export function missingSetting(cfg: Values): string | null {
  const has = (k: string) => String(cfg[k] ?? '') !== '';
  if (cfg.provider === 'http') return has('http_url') ? null : 'http_url';
  for (const k of ['access_key_id', 'access_key_secret', 'sign_name']) if (!has(k)) return k;
  if (!has('template_code') && !has('template_alarm')) return 'template_code';
  if (cfg.provider === 'tencent' && !has('sdk_app_id')) return 'sdk_app_id';
  return null;
}

function buildRequest(cfg: Values, msg: SmsMessage, now: number): OutgoingRequest {
  const c = cfg as unknown as SmsConfig;
  const template = String(
    msg.template === 'alarm'
      ? cfg.template_alarm || cfg.template_code
      : cfg.template_code || cfg.template_alarm,
  );
  if (cfg.provider === 'aliyun') return aliyunSendSms(c, msg.phone, template, msg.params, now, randomUUID());
  if (cfg.provider === 'tencent')
    return tencentSendSms(c, msg.phone, template, Object.values(msg.params), now);
  return httpSms(c, msg.phone, msg.text);
}

async function log(
  app: AppContext,
  cfg: Values,
  msg: SmsMessage,
  result: 'sent' | 'failed' | 'refused',
  httpStatus: number | null,
  detail: string,
): Promise<void> {
  await app.db.kysely
    .insertInto('sms_log')
    .values({
      at: app.now(),
      provider: String(cfg.provider),
      phone: msg.phone,
      purpose: msg.purpose,
      result,
      http_status: httpStatus,
      detail: detail.slice(0, 2000),
    })
    .execute();
}

/**
 * Sends one message. Throws ApiError: 422 when the settings are incomplete, 429 at the daily
 * limit, 503 when the provider cannot be reached or refuses the message (naming it and why).
 */
export async function sendSms(app: AppContext, msg: SmsMessage, lang: Lang = 'en'): Promise<SmsResult> {
  const cfg = await readSingleton(app, smsSettings);
  const missing = missingSetting(cfg);
  if (missing)
    throw new ApiError(Code.invalid, say(lang, 'sms.smsSettingsIncompleteNot', { missing }), {
      errors: [{ field: missing, msg: 'required' }],
    });
  return serialised(app, async () => {
    const limit = Number(cfg.daily_limit);
    const today = await sentToday(app);
    if (today >= limit) {
      await log(app, cfg, msg, 'refused', null, `daily limit ${limit} reached`);
      throw new ApiError(Code.rateLimited, say(lang, 'sms.dailySmsLimitReached', { limit }), {
        sent_today: today,
        daily_limit: limit,
      });
    }
    const req = buildRequest(cfg, msg, app.now());
    const host = new URL(req.url).host;
    let status: number;
    let body: string;
    try {
      const res = await fetch(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      body = (await res.text()).slice(0, 2000);
    } catch (e) {
      const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
      const reason =
        err.name === 'TimeoutError'
          ? `no answer within ${TIMEOUT_MS / 1000} s`
          : (err.cause?.code ?? err.cause?.message ?? err.message ?? 'connection failed');
      await log(app, cfg, msg, 'failed', null, `${host} unreachable: ${reason}`);
      app.log.warn({ provider: cfg.provider, host, reason }, 'SMS provider unreachable');
      throw new ApiError(Code.unavailable, say(lang, 'sms.cannotReachSmsProvider', { host, reason }), {
        provider: cfg.provider,
        host,
        reason,
      });
    }
    const verdict = interpretReply(String(cfg.provider), status, body);
    await log(app, cfg, msg, verdict.ok ? 'sent' : 'failed', status, `${host} HTTP ${status}: ${body}`);
    app.log.info({ provider: cfg.provider, host, status, ok: verdict.ok }, 'SMS sent');
    if (!verdict.ok)
      throw new ApiError(
        Code.unavailable,
        say(lang, 'sms.smsProviderRefusedMessage', { host, status, message: verdict.message }),
        { provider: cfg.provider, host, http_status: status, response: body.slice(0, 500) },
      );
    return {
      provider: String(cfg.provider),
      http_status: status,
      message: verdict.message,
      sent_today: today + 1,
      daily_limit: limit,
    };
  });
}
