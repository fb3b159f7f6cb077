import { afterAll, beforeAll, expect, it } from 'vitest';
import { getSettings, setSetting } from '../src/platform/settings/settings.ts';
import { AUTHORITY, addAccount, addRole, PASSWORD } from './support/admin-api.ts';
import { type Fleet, startInstances, type TestServer } from './support/server.ts';

/**
 * Caches coherent across instances (issue 17 item 5, platform/cache/coherence.ts): a change made
 * through one instance takes effect on another that had just cached the old state, well before
 * that cache's own life ends (1 s for a session's caller, 5 s for a role's grants and the
 * settings): a sign-out, a disabled account, a role's grants, a setting. PostgreSQL only: SQLite
 * runs one instance.
 */

const LOGGING = '/admin.php/system/logging';
const AUTH_MENU = '/admin.php/System/auth_menu';
const PERSONAL = '/admin.php/index/personal';
/** How long the other instance is given to hear of a change (the bound). */
const HEARD_WITHIN_MS = 100;
const settle = () => new Promise((r) => setTimeout(r, HEARD_WITHIN_MS));

let fleet: Fleet | undefined;
let reason = '';
let a: TestServer;
let b: TestServer;
let admin: string;

beforeAll(async () => {
  try {
    fleet = await startInstances(2);
  } catch (e) {
    reason = (e as Error).message;
    console.warn(`SKIPPED cache coherence across instances: ${reason}`);
    return;
  }
  [a, b] = fleet.instances as [TestServer, TestServer];
  admin = await a.login();
});
afterAll(async () => fleet?.close());

it('a sign-out and a disabled account on one instance are refused on the other at once', async () => {
  if (!fleet) return;
  const t = await a.login();
  expect((await b.call(PERSONAL, { method: 'detail' }, { token: t })).code).toBe(200); // cached on b
  expect((await a.call('/admin.php/common/logout', {}, { token: t })).code).toBe(200);
  await settle();
  expect((await b.call(PERSONAL, { method: 'detail' }, { token: t })).code).not.toBe(200);

  const rid = await addRole(a, admin, { name: 'coherent', menus: ['SystemLog'] });
  const id = await addAccount(a, admin, { username: 'coherent', role_id: rid });
  const u = await a.login('coherent', PASSWORD);
  expect((await b.call(LOGGING, { method: 'list' }, { token: u })).code).toBe(200);
  const off = await a.call(
    '/admin.php/system/administrator',
    { method: 'state', ids: [id], enabled: 0 },
    {
      token: admin,
    },
  );
  expect(off.code, off.msg).toBe(200);
  await settle();
  expect((await b.call(LOGGING, { method: 'list' }, { token: u })).code).not.toBe(200);
});

it("a role's grants changed on one instance apply on the other at once (calls and menus)", async () => {
  if (!fleet) return;
  const rid = await addRole(a, admin, { name: 'readers', menus: ['SystemLog'] });
  await addAccount(a, admin, { username: 'reader', role_id: rid });
  const u = await b.login('reader', PASSWORD);
  expect((await b.call(LOGGING, { method: 'list' }, { token: u })).code).toBe(200);
  const menu = await b.call<{ name: string }[]>(AUTH_MENU, {}, { token: u });
  expect(JSON.stringify(menu.data)).toContain('SystemLog');

  const r = await a.call(AUTHORITY, { method: 'edit', id: rid, menu_ids: [] }, { token: admin });
  expect(r.code, r.msg).toBe(200);
  await settle();
  expect((await b.call(LOGGING, { method: 'list' }, { token: u })).code).toBe(403);
  expect(JSON.stringify((await b.call(AUTH_MENU, {}, { token: u })).data)).not.toContain('SystemLog');
});

it('a setting changed on one instance is read on the other at once', async () => {
  if (!fleet) return;
  const before = await getSettings(b.app); // cached on b for 5 s
  const next = before.log_retention_days === '45' ? '46' : '45';
  await setSetting(a.app, 'log_retention_days', next);
  await settle();
  expect((await getSettings(b.app)).log_retention_days).toBe(next);
});
