import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSavedLogin,
  cookieAttributes,
  getSavedLogin,
  LOGIN_PREFILL_KEY,
  prefillLogin,
  saveLogin,
  setCookie,
  setToken,
} from './cookies.ts';

describe('cookies the console sets', () => {
  beforeEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('are SameSite=Strict, and Secure only when the page is HTTPS', () => {
    expect(cookieAttributes(7, 'http:')).toEqual({ sameSite: 'strict', secure: false, expires: 7 });
    expect(cookieAttributes(undefined, 'https:')).toEqual({ sameSite: 'strict', secure: true });
  });

  it('token, saved login and preference cookies all carry those attributes', () => {
    const set = vi.spyOn(Cookies, 'set');
    setToken('T');
    saveLogin('admin', 'dt.x');
    setCookie('size', 'small');
    expect(set).toHaveBeenCalledTimes(4);
    for (const call of set.mock.calls) expect(call[2]).toMatchObject({ sameSite: 'strict' });
  });

  it('a login pre-filled by /setlogindata stays in this tab, not in a cookie', () => {
    const hash = 'a'.repeat(64);
    prefillLogin('admin', hash);
    expect(Object.values(Cookies.get())).not.toContain(hash);
    expect(getSavedLogin()).toEqual({ username: 'admin', password: hash });
    clearSavedLogin();
    expect(sessionStorage.getItem(LOGIN_PREFILL_KEY)).toBeNull();
    expect(getSavedLogin()).toEqual({ username: undefined, password: undefined });
  });

  it('a remembered device wins over a pre-fill', () => {
    prefillLogin('other', 'b'.repeat(64));
    saveLogin('admin', 'dt.y');
    expect(getSavedLogin()).toEqual({ username: 'admin', password: 'dt.y' });
  });
});
