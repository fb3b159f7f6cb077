import type {
  CopyrightOutput,
  CredentialsOutput,
  HintOutput,
  OtherInfoOutput,
  SettingsOutput,
} from '@igs/contract';
import { sessionInfoCalls, shellCalls } from '@igs/contract/calls';
import type { AppContext } from '../../platform/app-context.ts';
import { seesResource } from '../../platform/auth/record-kinds.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { pendingOrders, unreadTerminalRecords } from '../../platform/resources/counts.ts';
import { loginRules } from '../../platform/settings/login-rules.ts';
import { brandTitles, getSettings } from '../../platform/settings/settings.ts';

export const shellActions = [
  defineCallAction(shellCalls.copyright, {
    summary:
      'Branding for the login page and the shell: page title (Chinese and English), logo, company; captcha 1 when sign-in asks for a verification code',
    access: 'public',
    mutates: false,
    async handler({ app }): Promise<CopyrightOutput> {
      const [s, rules] = await Promise.all([getSettings(app), loginRules(app)]);
      return {
        ...brandTitles(s),
        home_logo: s.logo,
        company_url: s.company_url,
        company: s.company,
        captcha: rules.captcha ? 1 : 0,
      };
    },
  }),

  defineCallAction(shellCalls.otherInfo, {
    summary: 'Footer info: service hotline, copyright text, debug flag',
    access: 'public',
    mutates: false,
    async handler({ app }): Promise<OtherInfoOutput> {
      const s = await getSettings(app);
      return { service_call: s.service_call, Copyright: s.copyright, debug: s.debug === '0' ? 0 : 1 };
    },
  }),

  defineCallAction(sessionInfoCalls.settings, {
    summary:
      "Settings read after sign-in: title (Chinese and English), the caller's weak-password flag, logo and favicon",
    access: 'session',
    mutates: false,
    async handler({ app, caller }): Promise<SettingsOutput> {
      const s = await getSettings(app);
      return {
        ...brandTitles(s),
        weak_psw: caller.user.weak_psw ? 1 : 0,
        home_logo: s.logo,
        icon: s.favicon,
      };
    },
  }),

  defineCallAction(sessionInfoCalls.credentials, {
    summary: "The session's mode, customer id and the languages offered",
    access: 'session',
    mutates: false,
    async handler({ caller }): Promise<CredentialsOutput> {
      return {
        detail: {
          is_operations: caller.isOperations,
          c_id: caller.user.cid,
          username: caller.user.username,
        },
        lang: [
          { value: 'zh_CN', label: '中文' },
          { value: 'en', label: 'English' },
        ],
      };
    },
  }),

  defineCallAction(shellCalls.account, {
    summary: 'The signed-in account name',
    access: 'session',
    mutates: false,
    async handler({ caller }) {
      return { account: caller.user.username };
    },
  }),

  defineCallAction(shellCalls.hint, {
    summary:
      "Badge counts polled every 30 s: tip = unread terminal records, order = unhandled mall orders; each 0 unless the caller's role holds that list's page, and of the caller's sites in operations mode",
    access: 'session',
    mutates: false,
    async handler({ app, caller, scope }): Promise<HintOutput> {
      const sites = caller.isOperations ? scope.read : null;
      // A badge counts records of a page: only a role that holds the page sees its count.
      const [seesRecords, seesOrders] = await Promise.all([
        seesResource(app, caller, 'smart:terminal_record'),
        seesResource(app, caller, 'shop:order'),
      ]);
      const [tip, order] = await Promise.all([
        seesRecords ? unreadTerminalRecords(app, sites) : 0,
        seesOrders ? pendingOrders(app, sites) : 0,
      ]);
      return { tip, order };
    },
  }),

  defineCallAction(shellCalls.clearCache, {
    httpMethod: 'GET',
    summary: "Clears the server's caches (settings, menus) and expired captchas and downloads",
    access: 'session',
    mutates: true,
    async handler({ app }) {
      await clearServerCaches(app);
      return null;
    },
  }),
];

/** Empties this instance's caches and removes expired captchas and downloads (also a scheduled job). */
export async function clearServerCaches(app: AppContext): Promise<void> {
  for (const c of app.caches.values()) c.clear();
  const now = app.now();
  await app.db.kysely.deleteFrom('captchas').where('expires_at', '<', now).execute();
  await app.db.kysely.deleteFrom('downloads').where('expires_at', '<', now).execute();
}
