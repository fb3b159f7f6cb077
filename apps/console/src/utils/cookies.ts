import { Cookies as CookieNames } from '@igs/contract';
import Cookies from 'js-cookie';

/** Lifetime of the saved authentication values and of "remember me" (spec sections 6 and 9). */
export const AUTH_COOKIE_DAYS = 7;

export function getToken(): string | undefined {
  return Cookies.get(CookieNames.token);
}

export function setToken(token: string): void {
  Cookies.set(CookieNames.token, token, { expires: AUTH_COOKIE_DAYS });
}

export function removeToken(): void {
  Cookies.remove(CookieNames.token);
}

export interface SavedLogin {
  username?: string;
  /** Already hashed: sent back as is on the next login. */
  password?: string;
}

export function getSavedLogin(): SavedLogin {
  return {
    username: Cookies.get(CookieNames.savedUsername),
    password: Cookies.get(CookieNames.savedPassword),
  };
}

export function saveLogin(username: string, hashedPassword: string): void {
  Cookies.set(CookieNames.savedUsername, username, { expires: AUTH_COOKIE_DAYS });
  Cookies.set(CookieNames.savedPassword, hashedPassword, { expires: AUTH_COOKIE_DAYS });
}

export function clearSavedLogin(): void {
  Cookies.remove(CookieNames.savedUsername);
  Cookies.remove(CookieNames.savedPassword);
}

export function getCookie(name: string): string | undefined {
  return Cookies.get(name);
}

export function setCookie(name: string, value: string, days?: number): void {
  Cookies.set(name, value, days === undefined ? undefined : { expires: days });
}

export function removeCookie(name: string): void {
  Cookies.remove(name);
}
