import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueLicence } from '../src/features/licence/issue.ts';
import { readSmallFile } from '../src/platform/files/index.ts';
import { generateKeyPair } from '../src/platform/licence/signing.ts';
import { signedInAs } from './support/accounts.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const LICENCE = '/admin.php/authorise/license';
const EXTENSION = '/admin.php/voice/extension';
const LIVE_TYPE = '/admin.php/media/live_type';
const LIVE = '/admin.php/media/live';
const LOGGING = '/admin.php/system/logging';
const DAY = 86_400_000;

// The test's own vendor key pair; the server gets the public half through its configuration.
const vendor = generateKeyPair();
const stranger = generateKeyPair();

type Detail = {
  state: string;
  reason: string;
  warning: string;
  serial_no: string;
  machine_code: string;
  this_machine_code: string;
  modules: string[];
  limits: { key: string; limit: number | null; usage: number | null }[];
  days_left: number | null;
};

const ymd = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

describeEachDb('licence', (kind) => {
  let s: TestServer;
  let token: string;
  let machine: string;
  const detail = async () => (await s.call<Detail>(LICENCE, { method: 'detail' }, { token })).data;
  const licenceBody = (over: Record<string, unknown> = {}) => ({
    product: 'igs-gateway',
    serial_no: 'SN-2026-0001',
    machine_code: machine,
    customer: 'Test Hotel',
    issued_at: ymd(s.clock.now()),
    expires_at: ymd(s.clock.now() + 365 * DAY),
    limits: { terminals: 100, extensions: 50, aps: 10, cpes: 10, channels: 2, sites: 1 },
    modules: ['media', 'smart'],
    ...over,
  });
  const install = (file: unknown, t = token) =>
    s.call(LICENCE, { method: 'import', content: JSON.stringify(file) }, { token: t });

  beforeAll(async () => {
    s = await startServer(kind, { vendorPublicKey: vendor.publicKey });
    token = await s.login();
    machine = (await detail()).this_machine_code;
  });
  afterAll(async () => s.close());

  it('without a licence file runs in evaluation mode: every area works', async () => {
    const d = await detail();
    expect(d.state).toBe('evaluation');
    expect(machine).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){7}$/);
    expect(d.modules).toEqual(['voice', 'video', 'ac', 'tr069', 'media', 'advertising', 'smart', 'aiso']);
    expect((await s.call(EXTENSION, { method: 'list' }, { token })).code).toBe(200);
    expect((await s.call(LIVE_TYPE, { method: 'list' }, { token })).code).toBe(200);
  });

  it('refuses a licence not signed by the vendor, altered, for another machine or expired, and keeps evaluation', async () => {
    const foreign = issueLicence(licenceBody(), stranger.privateKey);
    expect(await install(foreign)).toMatchObject({
      code: 422,
      msg: 'The licence signature is not valid: the file was not issued by the vendor or has been altered',
    });
    const altered = issueLicence(licenceBody(), vendor.privateKey);
    altered.licence.modules = ['voice', 'video', 'ac', 'tr069', 'media', 'advertising', 'smart', 'aiso'];
    expect((await install(altered)).msg).toMatch(/^The licence signature is not valid/);
    const other = issueLicence(
      licenceBody({ machine_code: '0000-0000-0000-0000-0000-0000-0000-0000' }),
      vendor.privateKey,
    );
    expect((await install(other)).msg).toBe(
      `This licence is for machine 0000-0000-0000-0000-0000-0000-0000-0000; this machine is ${machine}`,
    );
    const old = issueLicence(
      licenceBody({ issued_at: '2020-01-01', expires_at: '2020-12-31' }),
      vendor.privateKey,
    );
    expect((await install(old)).msg).toBe('This licence expired on 2020-12-31 and cannot be installed');
    const zh = await s.call(
      LICENCE,
      { method: 'import', content: JSON.stringify(foreign) },
      { token, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.msg).toBe('授权签名无效：文件不是厂商签发的，或已被修改');
    expect((await install({ hello: 'world' })).msg).toMatch(/^This is not a valid licence file: format/);
    expect((await s.call(LICENCE, { method: 'import', content: 'not json' }, { token })).msg).toBe(
      'This is not a licence file (not JSON)',
    );
    expect((await detail()).state).toBe('evaluation');
    expect(await s.app.files.stat('licence/licence.json')).toBeNull();
  });

  it('a licence without voice: voice answers 1006, media and system work; limits count and refuse at the limit', async () => {
    const file = issueLicence(licenceBody(), vendor.privateKey);
    // Sent as a file, as the page does.
    const fd = new FormData();
    fd.append('method', 'import');
    fd.append('file', new Blob([JSON.stringify(file)]), 'licence.json');
    const r = await s.call(LICENCE, fd, { token });
    expect(r.code, r.msg).toBe(200);
    const d = await detail();
    expect(d).toMatchObject({
      state: 'valid',
      serial_no: 'SN-2026-0001',
      machine_code: machine,
      modules: ['media', 'smart'],
    });

    const voice = await s.call(EXTENSION, { method: 'list' }, { token });
    expect(voice).toMatchObject({
      code: 1006,
      msg: 'The licence does not include Voice: install a licence that enables it',
      data: { area: 'voice' },
    });
    const zh = await s.call(EXTENSION, { method: 'list' }, { token, headers: { cookie: 'language=zh_CN' } });
    expect(zh.msg).toBe('当前授权不包含“语音”模块，请导入包含该模块的授权');
    expect((await s.call('/admin.php/video/gb_device', { method: 'list' }, { token })).code).toBe(1006);
    expect((await s.call(LIVE_TYPE, { method: 'list' }, { token })).code).toBe(200);
    expect((await s.call(LOGGING, { method: 'list' }, { token })).code).toBe(200);
    expect((await s.call(LICENCE, { method: 'detail' }, { token })).code).toBe(200);

    // channels: 2
    const cls = await s.call<{ id: number }>(LIVE_TYPE, { method: 'add', name: '央视' }, { token });
    const add = (n: number) =>
      s.call(
        LIVE,
        {
          method: 'add',
          number: n,
          name: `c${n}`,
          name_en: `c${n}`,
          category_ids: [cls.data.id],
          url: `udp://239.0.0.${n}:1234`,
        },
        { token },
      );
    expect((await add(1)).code).toBe(200);
    expect((await add(2)).code).toBe(200);
    const third = await add(3);
    expect(third).toMatchObject({
      code: 1006,
      msg: 'The licence allows 2 live channels and 2 are in use: remove some or install a licence with a higher limit',
      data: { limit: 'channels', max: 2, used: 2 },
    });
    expect((await detail()).limits.find((l) => l.key === 'channels')).toEqual({
      key: 'channels',
      limit: 2,
      usage: 2,
    });
    expect((await detail()).limits.find((l) => l.key === 'extensions')).toEqual({
      key: 'extensions',
      limit: 50,
      usage: 0,
    });
  });

  it('warns 30 days before expiry and refuses every business area once expired', async () => {
    const file = issueLicence(licenceBody({ expires_at: ymd(s.clock.now() + 40 * DAY) }), vendor.privateKey);
    expect((await install(file)).code).toBe(200);
    expect((await detail()).warning).toBe('');
    // Sessions do not live for days: sign in again after moving the clock.
    s.clock.advance(20 * DAY);
    token = await s.login();
    expect((await detail()).warning).toMatch(
      /^The licence expires on \d{4}-\d{2}-\d{2} \(\d+ days left\): renew it in time$/,
    );
    s.clock.advance(25 * DAY);
    token = await s.login();
    const d = await detail();
    expect(d.state).toBe('expired');
    const media = await s.call(LIVE_TYPE, { method: 'list' }, { token });
    expect(media.code).toBe(1006);
    expect(media.msg).toMatch(
      /^The licence expired on .+: business modules are disabled until a new licence is installed$/,
    );
    expect((await s.call(LOGGING, { method: 'list' }, { token })).code).toBe(200);
    // A new licence brings the areas back.
    expect((await install(issueLicence(licenceBody(), vendor.privateKey))).code).toBe(200);
    expect((await s.call(LIVE_TYPE, { method: 'list' }, { token })).code).toBe(200);
  });

  it('treats an installed file that no longer verifies as invalid: business areas answer 1006', async () => {
    // Altered where it is kept (the data folder, or the shared store with PostgreSQL).
    const text = JSON.parse((await readSmallFile(s.app.files, 'licence/licence.json')).toString('utf8'));
    text.licence.modules.push('voice');
    await s.app.files.put('licence/licence.json', Buffer.from(JSON.stringify(text)));
    s.app.caches.get('licence')?.clear();
    expect((await detail()).state).toBe('invalid');
    expect((await s.call(LIVE_TYPE, { method: 'list' }, { token })).code).toBe(1006);
    expect((await install(issueLicence(licenceBody(), vendor.privateKey))).code).toBe(200);
  });

  it('exports a machine-code request for the vendor', async () => {
    const r = await s.call<{ url: string }>(LICENCE, { method: 'export' }, { token });
    expect(r.code).toBe(200);
    const body = await (await fetch(s.url + r.data.url)).json();
    expect(body).toMatchObject({
      format: 'igs-licence-request-v1',
      product: 'igs-gateway',
      machine_code: machine,
    });
  });

  it('import and export need their buttons', async () => {
    const reader = await signedInAs(s, 'reader', { name: 'licence_reader', endpoints: [LICENCE] });
    expect((await s.call(LICENCE, { method: 'detail' }, { token: reader })).code).toBe(200);
    const r = await install(issueLicence(licenceBody(), vendor.privateKey), reader);
    expect(r).toMatchObject({ code: 403 });
    expect(r.msg).toContain('authorise:license:import');
    expect((await s.call(LICENCE, { method: 'export' }, { token: reader })).msg).toContain(
      'authorise:license:export',
    );
  });
});

describeEachDb('licence required', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { vendorPublicKey: vendor.publicKey, licenceRequired: true });
  });
  afterAll(async () => s.close());

  it('with IGS_LICENCE_REQUIRED=1 and no licence, business areas answer 1006 and system pages work', async () => {
    const token = await s.login();
    const r = await s.call(LIVE_TYPE, { method: 'list' }, { token });
    expect(r).toMatchObject({
      code: 1006,
      msg: 'No licence is installed: install one under Authorise → License',
    });
    expect((await s.call(LOGGING, { method: 'list' }, { token })).code).toBe(200);
    expect((await s.call<{ state: string }>(LICENCE, { method: 'detail' }, { token })).data.state).toBe(
      'unlicensed',
    );
  });
});
