import { type Localized, say, texts } from '@igs/contract';
import { smsCalls } from '@igs/contract/calls';
import { smsSettings } from '@igs/contract/extras';
import { defineCallAction } from '../../platform/http/action.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { singletonActions } from '../../platform/singletons/store.ts';
import { bodyTemplateError } from './providers.ts';
import { sendSms, sentToday } from './send.ts';

/** `system/sms` (DOMAIN 2.9): the SMS singleton, a test send and the send log. */
export const smsActions = [
  ...singletonActions(smsSettings, {
    check(ctx, values) {
      const need = (field: string, label: Localized) => {
        if (String(values[field] ?? '') === '')
          throw invalidField(field, say(ctx.lang, 'common.required', { label }));
      };
      if (values.provider === 'http') {
        need('http_url', texts('sms.httpUrl'));
        const bad = bodyTemplateError(String(values.http_body ?? ''));
        if (bad) throw invalidField('http_body', say(ctx.lang, 'sms.httpBodyNotValid', { bad }));
        return;
      }
      need('access_key_id', { en: 'AccessKey ID', zh_CN: 'AccessKey ID' });
      need('access_key_secret', { en: 'AccessKey secret', zh_CN: 'AccessKey Secret' });
      need('sign_name', texts('sms.signatureName'));
      if (!values.template_code && !values.template_alarm)
        throw invalidField('template_code', say(ctx.lang, 'sms.leastOneTemplateRequired'));
      if (values.provider === 'tencent') need('sdk_app_id', { en: 'SMS SdkAppId', zh_CN: 'SdkAppId' });
    },
    extra: async (ctx, values) => ({
      sent_today: await sentToday(ctx.app),
      daily_limit: Number(values.daily_limit),
    }),
  }),
  defineCallAction(smsCalls.test, {
    summary: 'Sends a test SMS to {phone} through the stored provider and reports its answer',
    access: 'module',
    async handler(ctx, input) {
      const code = String(Math.floor(100000 + Math.random() * 900000));
      const r = await sendSms(
        ctx.app,
        {
          phone: input.phone,
          text: say(ctx.lang, 'sms.gatewayConsoleTestMessage', { code }),
          template: 'code',
          params: { code },
          purpose: 'test',
        },
        ctx.lang,
      );
      ctx.logDetail = `test to ${input.phone}: ${r.provider} HTTP ${r.http_status}`;
      ctx.msg = say(ctx.lang, 'sms.testSmsSentHttp', { provider: r.provider, http_status: r.http_status });
      return r;
    },
  }),
  defineCallAction(smsCalls.history, {
    summary: 'The SMS send log, newest first',
    access: 'module',
    async handler(ctx, input) {
      const db = ctx.app.db.kysely;
      const [{ n }, rows] = await Promise.all([
        db
          .selectFrom('sms_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('sms_log')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(input.limit)
          .offset((input.page - 1) * input.limit)
          .execute(),
      ]);
      return {
        total: Number(n),
        list: rows.map((r) => ({
          id: r.id,
          time: formatDateTime(r.at),
          provider: r.provider,
          phone: r.phone,
          purpose: r.purpose,
          result: r.result,
          http_status: r.http_status,
          detail: r.detail,
        })),
      };
    },
  }),
];
