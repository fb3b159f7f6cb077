import { Cookies as CookieNames } from '@igs/contract';
import Cookies from 'js-cookie';

/** Lifetime of the saved authentication values and of "remember me" (spec sections 6 and 9). */
export const AUTH_COOKIE_DAYS = 7;

/**
 * Every cookie the console sets: never sent by another site's request (SameSite=Strict), and
 * only over HTTPS when the page itself is HTTPS (issue 12 item 6).
 */
export function cookieAttributes(
  days?: number,
  protocol: string = typeof window === 'undefined' ? '' : window.location.protocol,
): Cookies.CookieAttributes {
  return {
    sameSite: 'strict',
    secure: protocol === 'https:',
    ...(days === undefined ? {} : { expires: days }),
  };
}

export function getToken(): string | undefined {
  return Cookies.get(CookieNames.token);
}

export function setToken(token: string): void {
  Cookies.set(CookieNames.token, token, cookieAttributes(AUTH_COOKIE_DAYS));
}

export function removeToken(): void {
  Cookies.remove(CookieNames.token);
}

export interface SavedLogin {
  username?: string;
  /**
   * Sent back as is on the next login (spec section 5): the remembered-device token the server
   * issued, or an already hashed password handed over by /setlogindata for this tab only.
   */
  password?: string;
}

/** sessionStorage key of a sign-in pre-filled by /setlogindata: this tab only, never a cookie. */
export const LOGIN_PREFILL_KEY = 'igs-login-prefill';

export function getSavedLogin(): SavedLogin {
  const username = Cookies.get(CookieNames.savedUsername);
  const password = Cookies.get(CookieNames.savedPassword);
  if (username && password) return { username, password };
  const prefill = readPrefill();
  return prefill ?? { username, password };
}

/**
 * "Remember me": the username and the server's device token (single use, one week, ended by a
 * password change), never the password or its hash, which would sign in wherever it is copied.
 */
export function saveLogin(username: string, deviceToken: string): void {
  Cookies.set(CookieNames.savedUsername, username, cookieAttributes(AUTH_COOKIE_DAYS));
  Cookies.set(CookieNames.savedPassword, deviceToken, cookieAttributes(AUTH_COOKIE_DAYS));
}

/** Pre-fills the login form of this tab (/setlogindata) without keeping anything in a cookie. */
export function prefillLogin(username: string, hashedPassword: string): void {
  sessionStorage.setItem(LOGIN_PREFILL_KEY, JSON.stringify({ username, password: hashedPassword }));
}

function readPrefill(): SavedLogin | undefined {
  try {
    const v = JSON.parse(sessionStorage.getItem(LOGIN_PREFILL_KEY) ?? 'null') as SavedLogin | null;
    return v && typeof v.username === 'string' && typeof v.password === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

export function clearSavedLogin(): void {
  Cookies.remove(CookieNames.savedUsername);
  Cookies.remove(CookieNames.savedPassword);
  sessionStorage.removeItem(LOGIN_PREFILL_KEY);
}

export function getCookie(name: string): string | undefined {
  return Cookies.get(name);
}

export function setCookie(name: string, value: string, days?: number): void {
  Cookies.set(name, value, cookieAttributes(days));
}

export function removeCookie(name: string): void {
  Cookies.remove(name);
}
