import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLicence } from '../src/features/licence/issue.ts';
import { readSmallFile } from '../src/platform/files/index.ts';
import { INSTANCE_FORGET_MS, INSTANCE_GONE_MS, recordInstance } from '../src/platform/licence/instances.ts';
import { type MachineIdentity, machineCodeOf } from '../src/platform/licence/machine.ts';
import { generateKeyPair } from '../src/platform/licence/signing.ts';
import {
  describeEachDb,
  type Fleet,
  startInstances,
  startServer,
  type TestServer,
} from './support/server.ts';
import { until } from './support/waiting.ts';

/**
 * A licence for a fleet (issue 17): every instance records its machine in `server_instances`, the
 * machine-code request lists every running instance's machine, a licence may name several
 * machines (`machine_codes`), each instance accepts it only for its own, and an import that
 * covers no running instance is refused. Each server here is given a machine of its own
 * (BuildOptions.machine), as instances on different hosts would have.
 */

const LICENCE = '/admin.php/authorise/license';
const LIVE_TYPE = '/admin.php/media/live_type';
const DAY = 86_400_000;
const vendor = generateKeyPair();

const fakeMachine = (name: string, n: number): MachineIdentity => {
  const mac = `02:00:00:00:01:${n.toString(16).padStart(2, '0')}`;
  return { code: machineCodeOf(`machine-${name}`, mac), machineId: `machine-${name}`, iface: 'eth0', mac };
};
const A = fakeMachine('a', 1);
const B = fakeMachine('b', 2);
const ELSEWHERE = machineCodeOf('machine-elsewhere', '02:00:00:00:01:99');
const GONE = machineCodeOf('machine-gone', '02:00:00:00:01:98');

type Instance = {
  machine_code: string;
  hostname: string;
  current: boolean;
  this_instance: boolean;
  covered: boolean;
};
type Detail = {
  state: string;
  reason: string;
  serial_no: string;
  machine_code: string;
  machine_codes: string[];
  this_machine_code: string;
  modules: string[];
  instances: Instance[];
};
type Request = { machine_code: string; machine_codes: string[]; instances: { machine_code: string }[] };

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function licence(s: TestServer, serial: string, codes: { machine_code?: string; machine_codes?: string[] }) {
  return issueLicence(
    {
      product: 'igs-gateway',
      serial_no: serial,
      ...codes,
      customer: 'Fleet Hotel',
      issued_at: ymd(s.clock.now()),
      expires_at: ymd(s.clock.now() + 365 * DAY),
      limits: { terminals: 100, extensions: 50, aps: 10, cpes: 10, channels: 2, sites: 1 },
      modules: ['media', 'smart'],
    },
    vendor.privateKey,
  );
}

const detailOf = async (s: TestServer, token: string) =>
  (await s.call<Detail>(LICENCE, { method: 'detail' }, { token })).data;
const install = (s: TestServer, token: string, file: unknown, lang?: 'zh_CN') =>
  s.call(
    LICENCE,
    { method: 'import', content: JSON.stringify(file) },
    { token, ...(lang && { headers: { cookie: `language=${lang}` } }) },
  );
async function requestOf(s: TestServer, token: string): Promise<Request> {
  const r = await s.call<{ url: string }>(LICENCE, { method: 'export' }, { token });
  expect(r.code, r.msg).toBe(200);
  return (await fetch(s.url + r.data.url)).json() as Promise<Request>;
}
const installedSerial = async (s: TestServer) =>
  JSON.parse((await readSmallFile(s.app.files, 'licence/licence.json')).toString('utf8')).licence.serial_no;
const byCode = (d: Detail) => Object.fromEntries(d.instances.map((i) => [i.machine_code, i]));

describeEachDb('licence for several machines, one instance', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer(kind, { vendorPublicKey: vendor.publicKey }, { machine: () => A });
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('records its machine in the table of instances when it starts', async () => {
    const row = await until('the instance row', () =>
      s.app.db.kysely.selectFrom('server_instances').selectAll().executeTakeFirst(),
    );
    expect(row).toMatchObject({ machine_code: A.code, first_seen_at: expect.anything() });
    expect(row.hostname).not.toBe('');
    const d = await detailOf(s, token);
    expect(d.this_machine_code).toBe(A.code);
    // No licence: nothing is covered yet.
    expect(d.instances).toEqual([
      expect.objectContaining({ machine_code: A.code, current: true, this_instance: true, covered: false }),
    ]);
  });

  it('refuses a licence for other machines only, in both languages, and changes nothing', async () => {
    const other = licence(s, 'SN-OTHER', { machine_codes: [ELSEWHERE, GONE] });
    expect((await install(s, token, other)).msg).toBe(
      `This licence is for machines ${ELSEWHERE}, ${GONE}; this machine is ${A.code}`,
    );
    expect((await install(s, token, other, 'zh_CN')).msg).toBe(
      `该授权属于机器 ${ELSEWHERE}, ${GONE}，本机机器码为 ${A.code}`,
    );
    // Neither form of machine: not a licence at all.
    const none = licence(s, 'SN-NONE', { machine_code: A.code! });
    delete (none.licence as { machine_code?: string }).machine_code;
    expect((await install(s, token, none)).msg).toBe(
      'This is not a valid licence file: licence.machine_code a licence names machine_code or machine_codes',
    );
    expect(await s.app.files.stat('licence/licence.json')).toBeNull();
    expect((await detailOf(s, token)).state).toBe('evaluation');
  });

  it('accepts a licence naming this machine among several, and the old single machine_code still', async () => {
    const fleet = licence(s, 'SN-SEVERAL', { machine_codes: [ELSEWHERE, A.code!.toLowerCase()] });
    const r = await install(s, token, fleet);
    expect(r.code, r.msg).toBe(200);
    const d = await detailOf(s, token);
    expect(d).toMatchObject({
      state: 'valid',
      serial_no: 'SN-SEVERAL',
      machine_code: ELSEWHERE,
      machine_codes: [ELSEWHERE, A.code],
    });
    expect(byCode(d)[A.code!]).toMatchObject({ covered: true, this_instance: true });
    expect((await s.call(LIVE_TYPE, { method: 'list' }, { token })).code).toBe(200);

    expect((await install(s, token, licence(s, 'SN-ONE', { machine_code: A.code! }))).code).toBe(200);
    expect(await detailOf(s, token)).toMatchObject({
      state: 'valid',
      serial_no: 'SN-ONE',
      machine_code: A.code,
      machine_codes: [A.code],
    });
  });

  it('shows an instance not seen lately as gone, leaves it out of the request, and forgets it after 30 days', async () => {
    const now = s.clock.now();
    await s.app.db.kysely
      .insertInto('server_instances')
      .values([
        // Seen a beat ago: running.
        { machine_code: ELSEWHERE, hostname: 'node-2', first_seen_at: now - DAY, last_seen_at: now - 20_000 },
        // Not seen for longer than the gone window.
        {
          machine_code: GONE,
          hostname: 'node-3',
          first_seen_at: now - 2 * DAY,
          last_seen_at: now - INSTANCE_GONE_MS - 1000,
        },
      ])
      .execute();
    const d = await detailOf(s, token);
    // Current ones first; the gone one last, still shown.
    expect(d.instances.map((i) => i.current)).toEqual([true, true, false]);
    expect(d.instances[2]).toMatchObject({ machine_code: GONE, hostname: 'node-3', covered: false });
    expect(byCode(d)[ELSEWHERE]).toMatchObject({ hostname: 'node-2', covered: false, this_instance: false });
    const req = await requestOf(s, token);
    expect(req.machine_code).toBe(A.code);
    expect([...req.machine_codes].sort()).toEqual([A.code, ELSEWHERE].sort());
    expect(req.instances.map((i) => i.machine_code).sort()).toEqual([A.code, ELSEWHERE].sort());

    // A licence for the gone machine only covers no running instance.
    const forGone = await install(s, token, licence(s, 'SN-GONE', { machine_code: GONE }));
    expect(forGone.code).toBe(422);
    expect(forGone.msg).toMatch(
      /^This licence covers none of the 2 running instances: it names machine codes /,
    );
    expect(await installedSerial(s)).toBe('SN-ONE');

    // Thirty days unseen: the next beat removes the row; this instance's own row stays.
    await s.app.db.kysely
      .updateTable('server_instances')
      .set({ last_seen_at: now - INSTANCE_FORGET_MS - 1000 })
      .where('machine_code', '=', GONE)
      .execute();
    await recordInstance(s.app);
    const codes = (await s.app.db.kysely.selectFrom('server_instances').select('machine_code').execute()).map(
      (r) => r.machine_code,
    );
    expect(codes.sort()).toEqual([A.code, ELSEWHERE].sort());
  });
});

describe('two instances over one PostgreSQL, each on its own machine', () => {
  let fleet: Fleet;
  let a: TestServer;
  let b: TestServer;
  let tokenA: string;
  let tokenB: string;
  beforeAll(async () => {
    const machines = [A, B];
    let next = 0;
    // Started one after the other: the first is given A, the second B.
    fleet = await startInstances(
      2,
      { vendorPublicKey: vendor.publicKey },
      { machine: () => machines[next++]! },
    );
    [a, b] = fleet.instances as [TestServer, TestServer];
    tokenA = await a.login();
    tokenB = await b.login();
    await until('both instances recorded', async () =>
      (await a.app.db.kysely.selectFrom('server_instances').select('machine_code').execute()).length === 2
        ? true
        : null,
    );
  }, 120_000);
  afterAll(async () => fleet?.close(), 60_000);

  it('each instance sees both, itself marked, and either one’s request lists both machines', async () => {
    const fromA = await detailOf(a, tokenA);
    const fromB = await detailOf(b, tokenB);
    expect(fromA.this_machine_code).toBe(A.code);
    expect(fromB.this_machine_code).toBe(B.code);
    expect(byCode(fromA)).toMatchObject({
      [A.code!]: { current: true, this_instance: true },
      [B.code!]: { current: true, this_instance: false },
    });
    expect(byCode(fromB)[B.code!]).toMatchObject({ this_instance: true });
    const req = await requestOf(b, tokenB);
    expect(req.machine_code).toBe(B.code);
    expect([...req.machine_codes].sort()).toEqual([A.code, B.code].sort());
  });

  it('refuses a licence covering neither running instance, in both languages, and keeps the one installed', async () => {
    expect(
      (await install(a, tokenA, licence(a, 'SN-FIRST', { machine_codes: [A.code!, B.code!] }))).code,
    ).toBe(200);
    const stranger = licence(a, 'SN-STRANGER', { machine_codes: [ELSEWHERE] });
    const en = await install(b, tokenB, stranger);
    expect(en).toMatchObject({ code: 422, data: { errors: [{ field: 'file' }] } });
    const machines = [`${A.code} (`, `${B.code} (`];
    expect(en.msg).toMatch(
      new RegExp(
        `^This licence covers none of the 2 running instances: it names machine codes ${ELSEWHERE}, `,
      ),
    );
    for (const m of machines) expect(en.msg).toContain(m);
    const zh = await install(b, tokenB, stranger, 'zh_CN');
    expect(zh.msg).toMatch(
      new RegExp(`^该授权不适用于正在运行的 2 个实例中的任何一个：授权的机器码为 ${ELSEWHERE}，`),
    );
    expect(await installedSerial(a)).toBe('SN-FIRST');
  });

  it('accepts a licence covering one of two: the other instance is not covered and says so', async () => {
    // Imported through b, for a's machine only.
    const r = await install(b, tokenB, licence(b, 'SN-ONLY-A', { machine_code: A.code! }));
    expect(r.code, r.msg).toBe(200);
    a.app.caches.get('licence')?.clear();
    b.app.caches.get('licence')?.clear();
    const fromA = await detailOf(a, tokenA);
    const fromB = await detailOf(b, tokenB);
    expect(fromA).toMatchObject({ state: 'valid', serial_no: 'SN-ONLY-A' });
    expect(fromB).toMatchObject({
      state: 'invalid',
      serial_no: 'SN-ONLY-A',
      machine_codes: [A.code],
      reason: `This licence is for machine ${A.code}; this machine is ${B.code}`,
      modules: [],
    });
    for (const d of [fromA, fromB])
      expect(byCode(d)).toMatchObject({ [A.code!]: { covered: true }, [B.code!]: { covered: false } });
    expect((await a.call(LIVE_TYPE, { method: 'list' }, { token: tokenA })).code).toBe(200);
    expect((await b.call(LIVE_TYPE, { method: 'list' }, { token: tokenB })).code).toBe(1006);

    // The vendor's licence for the whole request covers both.
    const req = await requestOf(b, tokenB);
    expect((await install(b, tokenB, licence(b, 'SN-BOTH', { machine_codes: req.machine_codes }))).code).toBe(
      200,
    );
    b.app.caches.get('licence')?.clear();
    expect(await detailOf(b, tokenB)).toMatchObject({ state: 'valid', serial_no: 'SN-BOTH' });
    expect((await b.call(LIVE_TYPE, { method: 'list' }, { token: tokenB })).code).toBe(200);
  });

  it('an instance that stops beating is shown as gone and leaves the request', async () => {
    // Past the gone window on a's clock, b has not written since.
    a.clock.advance(INSTANCE_GONE_MS + 60_000);
    tokenA = await a.login();
    const d = await detailOf(a, tokenA);
    expect(byCode(d)).toMatchObject({
      [A.code!]: { current: true, covered: true },
      [B.code!]: { current: false, covered: true },
    });
    expect((await requestOf(a, tokenA)).machine_codes).toEqual([A.code]);
  });
});
