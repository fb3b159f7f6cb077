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
 * An account of the spec's own with the built-in admin role, allowed operations mode, and a
 * strong password (so no forced-change dialog covers the pages). admin's own password is left
 * alone: the journeys spec changes it, and either spec may run first.
 */
export async function ownAdminAccount(
  api: APIRequestContext,
  prefix: string,
): Promise<{ username: string; password: string; token: string }> {
  let admin = await apiLogin(api, 'admin', STRONG_PASSWORD);
  if (admin.code !== 200) admin = await apiLogin(api, 'admin', 'admin123');
  expect(admin.code, `admin signs in with neither password: ${admin.msg}`).toBe(200);
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
