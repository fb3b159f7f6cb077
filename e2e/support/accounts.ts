import { hashPassword, Paths } from '@igs/contract';
import { type APIRequestContext, expect } from '@playwright/test';
import { STRONG_PASSWORD } from './shell.ts';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One API call with the session token, as the console makes it. */
export async function apiCall<T>(
  api: APIRequestContext,
  path: string,
  data: object,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const res = await api.post(path, { data, headers: token ? { IGSAuth: token, ...headers } : headers });
  return (await res.json()) as Envelope<T>;
}

export const apiLogin = (api: APIRequestContext, username: string, password: string, isOperations = 0) =>
  apiCall<{ token: string }>(api, Paths.login, {
    username,
    password: hashPassword(password),
    code: 'abcd',
    is_operations: isOperations,
  });

/**
 * admin's token for a spec's API set-up. A weak password answers nothing but its own change
 * (code 1007, issue 12 item 4), so while admin still has the seeded default this changes it to
 * STRONG_PASSWORD, as the journeys' first test does in the browser; that test puts the default
 * back first (restoreDefaultAdminPassword), so the specs may run in any order.
 */
export async function adminApiToken(api: APIRequestContext): Promise<string> {
  const strong = await apiLogin(api, 'admin', STRONG_PASSWORD);
  if (strong.code === 200) return strong.data.token;
  const weak = await apiLogin(api, 'admin', 'admin123');
  expect(weak.code, `admin signs in with neither password: ${weak.msg}`).toBe(200);
  const changed = await apiCall(
    api,
    Paths.personal,
    { method: 'change_password', password: hashPassword('admin123'), new_password: STRONG_PASSWORD },
    weak.data.token,
  );
  expect(changed.code, changed.msg).toBe(200);
  return weak.data.token;
}

/** Gives admin the seeded default (weak) password again, for the journey that changes it in the browser. */
export async function restoreDefaultAdminPassword(api: APIRequestContext): Promise<void> {
  const strong = await apiLogin(api, 'admin', STRONG_PASSWORD);
  if (strong.code !== 200) return;
  const ACCOUNTS = '/admin.php/system/administrator';
  const list = await apiCall<{ list: { id: number; username: string }[] }>(
    api,
    ACCOUNTS,
    { method: 'list', keyword: 'admin', limit: 200 },
    strong.data.token,
  );
  const id = list.data.list.find((a) => a.username === 'admin')!.id;
  const reset = await apiCall(
    api,
    ACCOUNTS,
    { method: 'reset_password', id, password: hashPassword('admin123') },
    strong.data.token,
  );
  expect(reset.code, reset.msg).toBe(200);
  await apiCall(api, Paths.logout, {}, strong.data.token);
}

/**
 * An account of the spec's own with the built-in admin role, allowed operations mode, and a
 * strong password (so no forced-change dialog covers the pages).
 */
export async function ownAdminAccount(
  api: APIRequestContext,
  prefix: string,
): Promise<{ username: string; password: string; token: string }> {
  const admin = { data: { token: await adminApiToken(api) } };
  const ACCOUNTS = '/admin.php/system/administrator';
  const roles = await apiCall<{ value: number; label: string }[]>(
    api,
    ACCOUNTS,
    { method: 'role_options' },
    admin.data.token,
  );
  const role = roles.data.find((r) => r.label === 'admin');
  expect(role, 'the built-in admin role').toBeTruthy();
  const username = `${prefix}_${Date.now().toString(36)}`;
  const first = 'E2e-First-Pass1';
  const added = await apiCall(
    api,
    ACCOUNTS,
    {
      method: 'add',
      username,
      password: hashPassword(first),
      role_id: role!.value,
      is_operations: 1,
      // Every site, as admin has: an account with no sites reaches none in operations mode.
      all_sites: 1,
    },
    admin.data.token,
  );
  expect(added.code, added.msg).toBe(200);
  const own = await apiLogin(api, username, first);
  expect(own.code, own.msg).toBe(200);
  const changed = await apiCall(
    api,
    Paths.personal,
    { method: 'change_password', password: hashPassword(first), new_password: STRONG_PASSWORD },
    own.data.token,
  );
  expect(changed.code, changed.msg).toBe(200);
  const token = (await apiLogin(api, username, STRONG_PASSWORD)).data.token;
  return { username, password: STRONG_PASSWORD, token };
}
