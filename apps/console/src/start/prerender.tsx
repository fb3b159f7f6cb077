import { Code, Cookies, Headers, Paths } from '@igs/contract';
import { resourceCalls } from '@igs/contract/calls';
import { renderToString } from 'react-dom/server';
import { TAB_PARAM } from '../features/resource/module-tabs.ts';
import { firstListQuery } from '../features/resource/use-resource-list.ts';
import { SITE_PARAM } from '../features/sites/site-ids.ts';
import { i18n, type Lang } from '../i18n/index.ts';
import { jsonBodyOf } from '../request/call.ts';
import { LOGIN_PATH, PUBLIC_PATHS } from '../router/guard.ts';
import { SETTINGS_STORAGE_KEY } from '../stores/settings.ts';
import { EARLY_SESSION_PATHS, EARLY_SUBMIT_ATTRIBUTE, SESSION_MODE_KEY } from './early.ts';
import type { EarlyConfig, EarlyPageCall } from './early-script.ts';
import { loginStart } from './login-start.tsx';

/**
 * The sign-in page as HTML, for the served page (build/prerender-login.ts): rendered at build time
 * from the element the browser hydrates (login-start.tsx), with nothing the browser keeps (no
 * saved sign-in, no branding yet, the default theme), in `lang`.
 */
export function renderLogin(lang: Lang): string {
  void i18n.changeLanguage(lang);
  return renderToString(loginStart());
}

export { handBuiltFirstCalls } from '../router/page-first-calls.ts';
export { earlyStart } from './early-script.ts';

/** What the served page's early script needs to know, from the modules the console itself uses. */
export function earlyConfig(
  shellChunk: string | undefined,
  pages?: { files: string[]; paths: Record<string, number[]> },
  calls?: Record<string, EarlyPageCall[]>,
): EarlyConfig {
  return {
    tokenCookie: Cookies.token,
    languageCookie: Cookies.language,
    publicPaths: [...PUBLIC_PATHS],
    loginPath: LOGIN_PATH,
    englishTemplate: ENGLISH_TEMPLATE_ID,
    settingsKey: SETTINGS_STORAGE_KEY,
    copyrightPath: Paths.copyright,
    captchaPath: Paths.captcha,
    okCode: Code.ok,
    noLoadingHeader: Headers.noLoading,
    tokenHeader: Headers.token,
    sessionPaths: [...EARLY_SESSION_PATHS],
    submitHeldAttribute: EARLY_SUBMIT_ATTRIBUTE,
    tabParam: TAB_PARAM,
    siteParam: SITE_PARAM,
    sitesHeader: Headers.sites,
    customerHeader: Headers.customer,
    modeKey: SESSION_MODE_KEY,
    // The record page's first list (use-resource-list.ts), as the request layer writes its body;
    // the endpoint does not change the body.
    ...(calls && Object.keys(calls).length > 0
      ? { pageCalls: calls, listBody: jsonBodyOf(resourceCalls('').list, firstListQuery()) }
      : {}),
    ...(shellChunk ? { shellChunk } : {}),
    ...(pages && pages.files.length > 0 ? { pageChunkFiles: pages.files, pageChunks: pages.paths } : {}),
  };
}

/** The id of the <template> that holds the English form in the served page. */
export const ENGLISH_TEMPLATE_ID = 'igs-login-en';
