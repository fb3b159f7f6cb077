import { Code, DEVELOPER_MODE_BUTTON, hashPassword, messages, Paths } from '@igs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSessionsReplaced } from '../src/platform/auth/sessions.ts';
import { allowedWhileWeak } from '../src/platform/auth/weak-password-gate.ts';
import { tokenId } from '../src/platform/lib/tokens.ts';
import { ADMINISTRATOR, addAccount, addRole, PASSWORD, roleId } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Issue 12, items 2, 4 and 8: the developer-mode key is a credential with an end, a weak password
 * works for nothing but changing it, and sessions ended by an event answer 1005.
 */

const DEV = Paths.developerMode;
const PERSONAL = Paths.personal;
const ACCOUNT = Paths.account;
const LOGGING = '/admin.php/system/logging';
const DAY = 86_400_000;

interface DevOut {
  status: number;
  key: string;
  key_hint: string;
  created_at: string;
  expires_at: string;
  can_enable: number;
}

const PNG_BYTES = new Uint8Array(
  Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    Buffer.from([0, 0, 0, 0x20, 0, 0, 0, 0x10]),
    Buffer.alloc(64, 7),
  ]),
);
const keyed = (key: string) => ({ headers: { 'IGS-Key': key } });

async function switchOn(s: TestServer, token: string): Promise<string> {
  const r = await s.call<DevOut>(DEV, { method: 'form', status: 1 }, { token });
  expect(r.code, r.msg).toBe(200);
  expect(r.data.key).toMatch(/^[0-9a-f]{48}$/);
  return r.data.key;
}

/** Signs in without the test support's clearing of the weak flag. */
async function weakLogin(s: TestServer, username: string, password: string) {
  const r = await s.call<{ token: string; weak_psw: number }>(Paths.login, {
    username,
    password: hashPassword(password),
    code: '',
  });
  expect(r.code, r.msg).toBe(200);
  return r.data;
}

function ymd(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

describeEachDb('developer key: a credential with an end', (kind) => {
  let s: TestServer;
  let admin: string;
  let viewer: number;

  /** A viewer account whose role also holds the developer button, signed in, with a key. */
  async function developer(name: string) {
    const id = await addAccount(s, admin, { username: name, role_id: viewer });
    const token = await s.login(name, PASSWORD);
    const key = await switchOn(s, token);
    expect((await s.call(ACCOUNT, {}, keyed(key))).data).toEqual({ account: name });
    return { id, token, key };
  }

  beforeAll(async () => {
    s = await startServer(kind, { developerKeyDays: 30 });
    admin = await s.login();
    viewer = await addRole(s, admin, {
      name: 'dev_viewer',
      menus: ['Dashboard'],
      buttons: [DEVELOPER_MODE_BUTTON],
    });
  });
  afterAll(async () => s.close());

  it('is stored hashed, shown once, then only its last 4 characters, its creation and its expiry', async () => {
    const before = s.clock.now();
    const key = await switchOn(s, admin);
    const row = await s.app.db.kysely.selectFrom('developer_keys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key);
    const users = await s.app.db.kysely.selectFrom('users').selectAll().execute();
    expect(JSON.stringify(users)).not.toContain(key);
    const detail = await s.call<DevOut>(DEV, { method: 'detail' }, { token: admin });
    expect(detail.data).toMatchObject({ status: 1, key: '', key_hint: key.slice(-4), can_enable: 1 });
    expect(JSON.stringify(detail)).not.toContain(key);
    // DEVELOPER_KEY_DAYS (30 here) from its making.
    expect(detail.data.created_at.slice(0, 10)).toBe(ymd(before));
    expect(detail.data.expires_at.slice(0, 10)).toBe(ymd(before + 30 * DAY));
    // On again while on keeps the key and does not show it again.
    const again = await s.call<DevOut>(DEV, { method: 'form', status: 1 }, { token: admin });
    expect(again.data).toMatchObject({ status: 1, key: '', key_hint: key.slice(-4) });
    expect((await s.call(ACCOUNT, {}, keyed(key))).code).toBe(200);
    // The operation log names the key by its last characters only.
    const log = await s.call<{ list: { detail: string }[] }>(
      LOGGING,
      { method: 'list', filter: { module: 'system:developer_mode' } },
      { token: admin },
    );
    expect(JSON.stringify(log.data)).not.toContain(key);
    await s.call(DEV, { method: 'form', status: 0 }, { token: admin });
  });

  it('cannot make itself a session: a key mints no hand-off code', async () => {
    const d = await developer('dev_handoff');
    const r = await s.call('/admin.php/common/handoff_code', {}, keyed(d.key));
    expect(r.code).toBe(403);
    expect((await s.call('/admin.php/common/handoff_code', {}, { token: d.token })).code).toBe(200);
  });

  it('ends when its owner changes the password', async () => {
    const d = await developer('dev_pw');
    const r = await s.call(
      PERSONAL,
      { method: 'change_password', password: hashPassword(PASSWORD), new_password: 'N3w!Passw0rd' },
      { token: d.token },
    );
    expect(r.code, r.msg).toBe(200);
    expect(await s.call(ACCOUNT, {}, keyed(d.key))).toMatchObject({
      code: Code.sessionExpired,
      msg: messages.developerKeyEnded.en,
    });
    expect((await s.call<DevOut>(DEV, { method: 'detail' }, { token: d.token })).data.status).toBe(0);
  });

  it('ends when an administrator resets the password', async () => {
    const d = await developer('dev_reset');
    const r = await s.call(
      ADMINISTRATOR,
      { method: 'reset_password', id: d.id, password: hashPassword('Other!Pass1') },
      { token: admin },
    );
    expect(r.code, r.msg).toBe(200);
    expect((await s.call(ACCOUNT, {}, keyed(d.key))).code).toBe(Code.sessionExpired);
  });

  it('ends when the account is disabled, and stays ended when it is enabled again', async () => {
    const d = await developer('dev_off');
    expect(
      (await s.call(ADMINISTRATOR, { method: 'state', ids: [d.id], enabled: 0 }, { token: admin })).code,
    ).toBe(200);
    expect((await s.call(ACCOUNT, {}, keyed(d.key))).code).toBe(Code.sessionExpired);
    await s.call(ADMINISTRATOR, { method: 'state', ids: [d.id], enabled: 1 }, { token: admin });
    expect((await s.call(ACCOUNT, {}, keyed(d.key))).code).toBe(Code.sessionExpired);
  });

  it('ends when the account is deleted', async () => {
    const d = await developer('dev_del');
    expect((await s.call(ADMINISTRATOR, { method: 'del', ids: [d.id] }, { token: admin })).code).toBe(200);
    expect((await s.call(ACCOUNT, {}, keyed(d.key))).code).toBe(Code.sessionExpired);
    const left = await s.app.db.kysely.selectFrom('developer_keys').select('user_id').execute();
    expect(left.map((r) => r.user_id)).not.toContain(d.id);
  });

  it('ends, with every session of the account, on "sign out everywhere"', async () => {
    const d = await developer('dev_all');
    const other = await s.login('dev_all', PASSWORD);
    const r = await s.call<{ ended: number }>(
      PERSONAL,
      { method: 'sign_out_everywhere' },
      { token: d.token },
    );
    expect(r).toMatchObject({ code: 200, data: { ended: 2 } });
    expect((await s.call(ACCOUNT, {}, keyed(d.key))).code).toBe(Code.sessionExpired);
    for (const token of [d.token, other]) {
      const after = await s.call(ACCOUNT, {}, { token });
      expect(after).toMatchObject({ code: Code.sessionExpired, msg: messages.sessionEndedEverywhere.en });
    }
    // The administrator's own session is untouched.
    expect((await s.call(ACCOUNT, {}, { token: admin })).code).toBe(200);
  });

  it('cannot renew itself or change its account: that needs a session', async () => {
    const d = await developer('dev_self');
    expect((await s.call(DEV, { method: 'form', status: 1 }, keyed(d.key))).code).toBe(Code.forbidden);
    const pw = await s.call(
      PERSONAL,
      { method: 'change_password', password: hashPassword(PASSWORD), new_password: 'N3w!Passw0rd' },
      keyed(d.key),
    );
    expect(pw.code).toBe(Code.forbidden);
    expect((await s.call(PERSONAL, { method: 'sign_out_everywhere' }, keyed(d.key))).code).toBe(
      Code.forbidden,
    );
    expect((await s.call(ACCOUNT, {}, keyed(d.key))).code).toBe(200);
  });

  it('needs its button to be switched on; the key carries only its account role', async () => {
    const plain = await addRole(s, admin, { name: 'no_dev_button', menus: ['Dashboard'] });
    await addAccount(s, admin, { username: 'no_button', role_id: plain });
    const token = await s.login('no_button', PASSWORD);
    const detail = await s.call<DevOut>(DEV, { method: 'detail' }, { token });
    expect(detail.data).toMatchObject({ status: 0, can_enable: 0 });
    const r = await s.call(DEV, { method: 'form', status: 1 }, { token });
    expect(r.code).toBe(Code.forbidden);
    expect(r.msg).toContain(DEVELOPER_MODE_BUTTON);
    const noButtonId = (
      await s.app.db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'no_button')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      await s.app.db.kysely
        .selectFrom('developer_keys')
        .selectAll()
        .where('user_id', '=', noButtonId)
        .execute(),
    ).toEqual([]);
    // A key of a viewer reaches the viewer's pages only, not the administrator's.
    const d = await developer('dev_role');
    expect((await s.call(Paths.home, {}, keyed(d.key))).code).toBe(200);
    expect((await s.call(LOGGING, { method: 'list' }, keyed(d.key))).code).toBe(Code.forbidden);
    expect((await s.call(ADMINISTRATOR, { method: 'list' }, keyed(d.key))).code).toBe(Code.forbidden);
  });

  it('ends after its lifetime; the dialog then shows developer mode off', async () => {
    const d = await developer('dev_old');
    s.clock.advance(29 * DAY);
    expect((await s.call(ACCOUNT, {}, keyed(d.key))).code).toBe(200);
    s.clock.advance(2 * DAY);
    expect(await s.call(ACCOUNT, {}, keyed(d.key))).toMatchObject({
      code: Code.sessionExpired,
      msg: messages.developerKeyExpired.en,
    });
    const token = await s.login('dev_old', PASSWORD);
    expect((await s.call<DevOut>(DEV, { method: 'detail' }, { token })).data).toMatchObject({
      status: 0,
      key_hint: '',
      expires_at: '',
    });
    admin = await s.login();
  });

  it('wrong keys count toward the address lockout, which then refuses even a right key (423)', async () => {
    s.clock.advance(60 * 60_000);
    admin = await s.login();
    const d = await developer('dev_lock');
    let code = 0;
    for (let i = 0; i < 20 && code !== Code.locked; i++)
      code = (await s.call(ACCOUNT, {}, keyed('f'.repeat(48)))).code;
    expect(code).toBe(Code.locked);
    expect((await s.call(ACCOUNT, {}, keyed(d.key))).code).toBe(Code.locked);
    // So is a password sign-in from the same address.
    const login = await s.call(Paths.login, {
      username: 'admin',
      password: hashPassword('admin123'),
      code: '',
    });
    expect(login.code).toBe(Code.locked);
    s.clock.advance(24 * 60 * 60_000);
  });
});

describeEachDb('weak password: nothing but changing it', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('refuses every call but the session basics with 1007, and allows all after the change', async () => {
    const { token, weak_psw } = await weakLogin(s, 'admin', 'admin123');
    expect(weak_psw).toBe(1);
    const before = await s.app.db.kysely.selectFrom('users').selectAll().execute();
    for (const [path, body] of [
      [LOGGING, { method: 'list' }],
      [Paths.home, {}],
      [ADMINISTRATOR, { method: 'add', username: 'x', password: 'a'.repeat(64), role_id: 1 }],
      [PERSONAL, { method: 'form', nickname: 'changed' }],
      [DEV, { method: 'form', status: 1 }],
      [Paths.hint, {}],
      [Paths.changeMode, { method: 'changeMode', is_operations: 1 }],
    ] as const) {
      const r = await s.call(path, body, { token });
      expect(r.code, `${path} ${JSON.stringify(body)}`).toBe(Code.passwordChangeRequired);
      expect(r.msg).toBe(messages.passwordChangeRequired.en);
    }
    const zh = await s.call(LOGGING, { method: 'list' }, { token, headers: { cookie: 'language=zh_CN' } });
    expect(zh.msg).toBe(messages.passwordChangeRequired.zh_CN);
    expect(await s.app.db.kysely.selectFrom('users').selectAll().execute()).toEqual(before);
    for (const [path, body] of [
      [Paths.settings, {}],
      [Paths.credentials, {}],
      [Paths.authMenu, {}],
      [Paths.otherInfo, {}],
      [Paths.copyright, {}],
      [PERSONAL, { method: 'detail' }],
    ] as const) {
      const r = await s.call(path, body, { token });
      expect(r.code, `${path} ${r.msg}`).toBe(200);
    }
    const changed = await s.call(
      PERSONAL,
      { method: 'change_password', password: hashPassword('admin123'), new_password: 'N3w!Passw0rd' },
      { token },
    );
    expect(changed.code, changed.msg).toBe(200);
    expect((await s.call(LOGGING, { method: 'list' }, { token })).code).toBe(200);
    expect((await s.call(Paths.home, {}, { token })).code).toBe(200);
  });

  it('a password reset by an administrator is weak again; logout still works', async () => {
    const admin = await s.login('admin', 'N3w!Passw0rd');
    const viewer = await roleId(s, 'viewer');
    const id = await addAccount(s, admin, { username: 'carol', role_id: viewer });
    const first = await weakLogin(s, 'carol', PASSWORD);
    expect(first.weak_psw).toBe(1);
    expect((await s.call(Paths.home, {}, { token: first.token })).code).toBe(Code.passwordChangeRequired);
    await s.call(
      PERSONAL,
      { method: 'change_password', password: hashPassword(PASSWORD), new_password: 'Car0l!Strong' },
      { token: first.token },
    );
    expect((await s.call(Paths.home, {}, { token: first.token })).code).toBe(200);
    await s.call(
      ADMINISTRATOR,
      { method: 'reset_password', id, password: hashPassword('Reset!Pass1') },
      { token: admin },
    );
    const reset = await weakLogin(s, 'carol', 'Reset!Pass1');
    expect(reset.weak_psw).toBe(1);
    expect((await s.call(Paths.home, {}, { token: reset.token })).code).toBe(Code.passwordChangeRequired);
    expect((await s.call(Paths.logout, {}, { token: reset.token })).code).toBe(200);
    expect((await s.call(Paths.settings, {}, { token: reset.token })).code).toBe(Code.tokenInvalid);
  });
});

describeEachDb('sessions ended by an event answer 1005, unknown tokens 1002', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('a garbage token and a signed-out one are unknown (1002)', async () => {
    expect((await s.call(ACCOUNT, {}, { token: 'garbage' })).code).toBe(Code.tokenInvalid);
    const token = await s.login();
    await s.call(Paths.logout, {}, { token });
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(Code.tokenInvalid);
  });

  it('a password change ends the other sessions with 1005 and a message saying why', async () => {
    const other = await s.login();
    const token = await s.login();
    await s.call(
      PERSONAL,
      { method: 'change_password', password: hashPassword('admin123'), new_password: 'N3w!Passw0rd' },
      { token },
    );
    const r = await s.call(ACCOUNT, {}, { token: other, headers: { cookie: 'language=en' } });
    expect(r).toMatchObject({ code: Code.sessionExpired, msg: messages.sessionEndedPassword.en });
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(200);
  });

  it('a disabled account and a kick answer 1005', async () => {
    const admin = await s.login('admin', 'N3w!Passw0rd');
    const id = await addAccount(s, admin, { username: 'dave', role_id: await roleId(s, 'viewer') });
    const dave = await s.login('dave', PASSWORD);
    await s.call(ADMINISTRATOR, { method: 'kick', id }, { token: admin });
    expect(await s.call(ACCOUNT, {}, { token: dave })).toMatchObject({
      code: Code.sessionExpired,
      msg: messages.sessionEndedKicked.en,
    });
    const again = await s.login('dave', PASSWORD);
    await s.call(ADMINISTRATOR, { method: 'state', ids: [id], enabled: 0 }, { token: admin });
    expect(await s.call(ACCOUNT, {}, { token: again })).toMatchObject({
      code: Code.sessionExpired,
      msg: messages.sessionEndedDisabled.en,
    });
  });

  it('a restore (markSessionsReplaced, before the database is replaced) answers 1005 for all but the restorer', async () => {
    const restorer = await s.login('admin', 'N3w!Passw0rd');
    const other = await s.login('admin', 'N3w!Passw0rd');
    // Only marks: the sessions keep working until the restore replaces their users.
    await markSessionsReplaced(s.app, { exceptSessionId: tokenId(restorer) });
    expect((await s.call(ACCOUNT, {}, { token: other })).code).toBe(200);
    await s.app.db.kysely.deleteFrom('sessions').where('id', '!=', tokenId(restorer)).execute();
    expect(await s.call(ACCOUNT, {}, { token: other })).toMatchObject({
      code: Code.sessionExpired,
      msg: messages.sessionEndedRestore.en,
    });
    expect((await s.call(ACCOUNT, {}, { token: restorer })).code).toBe(200);
  });

  it('forgets an ended session once a session could no longer have lived (then 1002)', async () => {
    const token = await s.login('admin', 'N3w!Passw0rd');
    await s.call(PERSONAL, { method: 'sign_out_everywhere' }, { token });
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(Code.sessionExpired);
    s.clock.advance(13 * 3_600_000);
    // The next ending prunes the records older than SESSION_MAX_H (12 h by default).
    const next = await s.login('admin', 'N3w!Passw0rd');
    await s.call(PERSONAL, { method: 'sign_out_everywhere' }, { token: next });
    expect((await s.call(ACCOUNT, {}, { token })).code).toBe(Code.tokenInvalid);
    expect((await s.call(ACCOUNT, {}, { token: next })).code).toBe(Code.sessionExpired);
  });
});

describe('weak-password allowlist', () => {
  it('names the session basics only', () => {
    expect(allowedWhileWeak({ path: PERSONAL, method: 'change_password' })).toBe(true);
    expect(allowedWhileWeak({ path: PERSONAL, method: 'form' })).toBe(false);
    expect(allowedWhileWeak({ path: '/admin.php/system/AUTH_MENU', method: undefined })).toBe(true);
    expect(allowedWhileWeak({ path: Paths.clearCache, method: undefined })).toBe(false);
  });
});

describeEachDb('weak password: uploads too', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('refuses the upload route (outside the dispatcher) with 1007 before storing anything', async () => {
    const { token } = await weakLogin(s, 'admin', 'admin123');
    const form = new FormData();
    form.append('kind', 'image');
    form.append('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')]), 'a.png');
    const r = await s.call(Paths.upload, form, { token });
    expect(r.code).toBe(Code.passwordChangeRequired);
    expect(await s.app.db.kysely.selectFrom('uploads').selectAll().execute()).toEqual([]);
  });

  it('refuses the file route to a weak session without a link (1007)', async () => {
    const strong = await s.login('admin', 'N3w!Passw0rd').catch(() => s.login());
    const form = new FormData();
    form.append('kind', 'image');
    form.append('file', new Blob([PNG_BYTES]), 'a.png');
    const up = await s.call<{ id: string }>(Paths.upload, form, { token: strong });
    expect(up.code, up.msg).toBe(200);
    await s.app.db.kysely.updateTable('users').set({ weak_psw: 1 }).where('username', '=', 'admin').execute();
    const res = await fetch(`${s.url}${Paths.file}/${up.data.id}`, { headers: { IGSAuth: strong } });
    expect(((await res.json()) as { code: number }).code).toBe(Code.passwordChangeRequired);
    await s.app.db.kysely.updateTable('users').set({ weak_psw: 0 }).where('username', '=', 'admin').execute();
  });
});
