import type { AppContext } from '../app-context.ts';
import { getSettings } from './settings.ts';

/**
 * The sign-in and session rules in force (DOMAIN system/ManageSettings WebSettings): a value saved
 * in the web settings wins over the server configuration (environment), which gives the defaults.
 * The captcha is on only when both allow it, so GW_CAPTCHA=off (tests, kiosks) stays off.
 */
export interface LoginRules {
  sessionIdleMin: number;
  sessionMaxHours: number;
  lockoutAttempts: number;
  lockoutMinutes: number;
  captcha: boolean;
}

export async function loginRules(app: AppContext): Promise<LoginRules> {
  const s = await getSettings(app);
  const positive = (value: string, fallback: number) => {
    const n = Number(value);
    return value !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    sessionIdleMin: positive(s.session_idle_min, app.config.sessionIdleMin),
    sessionMaxHours: positive(s.session_max_h, app.config.sessionMaxHours),
    lockoutAttempts: positive(s.lockout_attempts, app.config.lockoutAttempts),
    lockoutMinutes: positive(s.lockout_min, app.config.lockoutMinutes),
    captcha: app.config.captcha && s.captcha !== '0',
  };
}
