import { Code, type WebSettings, webSettingsSchema } from '@igs/contract';
import { lockoutCalls, type WebSettingsDetail, webSettingsCalls } from '@igs/contract/calls';
import type { AppContext } from '../../platform/app-context.ts';
import { blockedAddresses, unblockAddress } from '../../platform/auth/lockout.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { validationError } from '../../platform/http/dispatch.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { loginRules } from '../../platform/settings/login-rules.ts';
import { getSettings, type SettingKey, setSetting } from '../../platform/settings/settings.ts';

/**
 * WebSettings (`web_set`, a singleton of DOMAIN system/ManageSettings): branding and footer texts
 * read by copyright/other_info, and the sign-in and session rules the server enforces
 * (platform/settings/login-rules.ts). `detail` shows the values in force; `form` saves them all.
 */

async function currentWebSettings(app: AppContext): Promise<WebSettingsDetail> {
  const [s, rules] = await Promise.all([getSettings(app), loginRules(app)]);
  return {
    title: s.title,
    title_en: s.title_en,
    logo: s.logo,
    favicon: s.favicon,
    company: s.company,
    company_url: s.company_url,
    service_call: s.service_call,
    copyright: s.copyright,
    debug: s.debug === '0' ? 0 : 1,
    session_idle_min: rules.sessionIdleMin,
    session_max_h: rules.sessionMaxHours,
    lockout_attempts: rules.lockoutAttempts,
    lockout_min: rules.lockoutMinutes,
    captcha: s.captcha === '0' ? 0 : 1,
    captcha_forced_off: app.config.captcha ? 0 : 1,
  };
}

export const webSettingsActions = [
  defineCallAction(webSettingsCalls.detail, {
    summary: 'Web settings in force: branding, footer, debug flag, session, lock-out and captcha rules',
    access: 'module',
    async handler({ app }) {
      return currentWebSettings(app);
    },
  }),

  defineCallAction(webSettingsCalls.form, {
    summary: 'Saves the whole web settings singleton; the sign-in and session rules apply from the next call',
    access: 'module',
    async handler(ctx, body) {
      const parsed = webSettingsSchema(ctx.lang).safeParse(body);
      if (!parsed.success) throw validationError(parsed.error, ctx.lang);
      const before = await currentWebSettings(ctx.app);
      const changed: SettingKey[] = [];
      for (const [key, value] of Object.entries(parsed.data) as [
        SettingKey & keyof WebSettings,
        string | number | undefined,
      ][]) {
        // A field the body left out (title_en, newer than the rest) keeps its value.
        if (value === undefined || String(before[key]) === String(value)) continue;
        await setSetting(ctx.app, key, String(value));
        changed.push(key);
      }
      ctx.logDetail = changed.length ? `changed: ${changed.join(', ')}` : 'no change';
      return {};
    },
  }),

  defineCallAction(lockoutCalls.list, {
    summary:
      'Client addresses blocked now after failed sign-ins: address, how many times blocked, since, until, minutes left, account tried',
    access: 'module',
    mutates: false,
    async handler({ app }) {
      const now = app.now();
      const list = (await blockedAddresses(app)).map((b) => ({
        ip: b.ip,
        level: b.level,
        username: b.username,
        locked_at: formatDateTime(b.locked_at),
        blocked_until: formatDateTime(b.blocked_until),
        minutes_left: Math.ceil((b.blocked_until - now) / 60_000),
      }));
      return { list, total: list.length };
    },
  }),

  defineCallAction(lockoutCalls.unlock, {
    summary:
      "Ends a client address's sign-in block; its earlier failures stop counting and its next block starts at the base time",
    access: 'module',
    // The same right as unlocking an account on this page.
    button: 'system:administrator:unlock',
    async handler(ctx, input) {
      if (!(await unblockAddress(ctx.app, input.ip))) {
        const msg =
          ctx.lang === 'zh_CN' ? `地址 ${input.ip} 当前未被锁定` : `The address ${input.ip} is not blocked`;
        throw new ApiError(Code.notFound, msg, { errors: [{ field: 'ip', msg }] });
      }
      ctx.logDetail = `address ${input.ip}: unblocked`;
      return { ip: input.ip };
    },
  }),
];
