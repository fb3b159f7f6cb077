import { resourceByName } from '@igs/contract/resources';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CwmpListener, startCwmpListener } from '../src/features/cwmp/listener.ts';
import { loadConfig } from '../src/platform/config.ts';
import { mergeDuplicates } from '../src/platform/db/migrations/031-cwmp-fleet.ts';
import { CpeSimulator } from './support/cpe-simulator.ts';
import { freePort } from './support/ports.ts';
import {
  describeEachDb,
  type Fleet,
  startInstances,
  startServer,
  type TestServer,
} from './support/server.ts';
import { until } from './support/waiting.ts';

/**
 * CWMP behind a load balancer (issue 17 point 9): two instances over one PostgreSQL, each with its
 * own CWMP listener, and the simulated CPEs of support/cpe-simulator.ts.
 * - 50 new CPEs informing both instances at the same moment make 50 rows (a unique identity and
 *   an upsert), not 100;
 * - a session begun on one instance goes on on the other (no sticky sessions): the reboot queued
 *   for the CPE goes out once and is settled;
 * - a reboot whose RebootResponse was lost is settled by the CPE's next BOOT (M Reboot), not resent;
 * - two sessions of one CPE on both instances at once never both get the same task;
 * then, on SQLite and PostgreSQL: the site of a new CPE from its ACS URL (`/site/<id>`), an unknown
 * or suspended site refused, a known CPE keeping its site; existing duplicates merged by migration 031's rule;
 * and the per-instance CWMP_PORT.
 * Counts are asserted, never times: the waits only bound how long a test may hang.
 */

const CPE = '/admin.php/tr069/device';
/** The site registry's table (issue 17 point 6). */
const SITES = resourceByName('fleet:site')!.table;
const ITMS = '/admin.php/tr069/itms';
const ACS_AUTH = { username: 'acs', password: 'acs-pass-1' };
const CR_AUTH = { username: 'cr', password: 'cr-pass-1' };

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const raw = (s: TestServer) => s.app.db.kysely as never as AnyDb;

async function configureItms(s: TestServer, token: string, acsPort: number): Promise<void> {
  const r = await s.call(
    ITMS,
    {
      method: 'form',
      acs_url: `http://127.0.0.1:${acsPort}/`,
      acs_username: ACS_AUTH.username,
      acs_password: ACS_AUTH.password,
      cr_username: CR_AUTH.username,
      cr_password: CR_AUTH.password,
      file_server_url: `http://127.0.0.1:${acsPort}/`,
      cr_per_second: 100,
    },
    { token },
  );
  expect(r.code, r.msg).toBe(200);
}

describe('CWMP behind a load balancer: two instances over one PostgreSQL', () => {
  let fleet: Fleet;
  let a: TestServer;
  let b: TestServer;
  let acsA: CwmpListener;
  let acsB: CwmpListener;
  let urlA = '';
  let urlB = '';
  let token = '';
  const sims: CpeSimulator[] = [];
  const sim = (opts: ConstructorParameters<typeof CpeSimulator>[0]) => {
    const x = new CpeSimulator({ acsAuth: ACS_AUTH, crAuth: CR_AUTH, ...opts });
    sims.push(x);
    return x;
  };
  const deviceOf = async (serial: string) =>
    (await raw(a).selectFrom('tr069_device').selectAll().where('serial_number', '=', serial).execute()) as {
      id: number;
      site_id: number;
    }[];
  const tasksOf = async (deviceId: number) =>
    (await raw(a)
      .selectFrom('device_tasks')
      .selectAll()
      .where('domain', '=', 'tr069')
      .where('device_id', '=', deviceId)
      .orderBy('id')
      .execute()) as { id: number; name: string; state: string }[];

  beforeAll(async () => {
    fleet = await startInstances(2);
    [a, b] = fleet.instances as [TestServer, TestServer];
    acsA = await startCwmpListener(a.app, 0, '127.0.0.1');
    acsB = await startCwmpListener(b.app, 0, '127.0.0.1');
    urlA = `http://127.0.0.1:${acsA.port}/`;
    urlB = `http://127.0.0.1:${acsB.port}/`;
    token = await a.login();
    await configureItms(a, token, acsA.port);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sims.map((x) => x.close()));
    await acsA?.close();
    await acsB?.close();
    await fleet?.close();
  });

  it('50 new CPEs informing both instances at the same moment make 50 rows', async () => {
    const pairs = Array.from({ length: 50 }, (_, i) => {
      const serial = `FLEET${String(i).padStart(3, '0')}`;
      return [sim({ acsUrl: urlA, serial }), sim({ acsUrl: urlB, serial })];
    });
    await Promise.all(pairs.flat().map((x) => x.inform()));
    expect(pairs.flat().flatMap((x) => x.errors)).toEqual([]);
    const rows = await raw(a)
      .selectFrom('tr069_device')
      .select(['id', 'serial_number', 'device_id'])
      .where('serial_number', 'like', 'FLEET%')
      .execute();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.serial_number)).size).toBe(50);
    // Both instances answer with the same row for a CPE.
    const listed = await b.call<{ total: number }>(
      CPE,
      { method: 'list', keyword: 'FLEET', limit: 10 },
      { token: await b.login() },
    );
    expect(listed.data.total).toBe(50);
  });

  it('a session begun on A goes on on B: the queued reboot goes out once and is settled', async () => {
    const cpe = sim({ acsUrl: [urlA, urlB], serial: 'LB0001' });
    await cpe.listen();
    await cpe.inform();
    await cpe.idle();
    expect(cpe.errors).toEqual([]);
    const [row] = await deviceOf('LB0001');
    expect(row).toBeDefined();
    // Queued through instance B; the connection request starts the CPE's session.
    const r = await b.call(CPE, { method: 'reboot', ids: [row!.id] }, { token: await b.login() });
    expect(r.code, r.msg).toBe(200);
    await until('the reboot settled', async () =>
      (await tasksOf(row!.id)).every((t) => t.state !== 'pending' && t.state !== 'sent'),
    );
    await cpe.idle();
    expect(cpe.errors).toEqual([]);
    expect(cpe.rpcs.filter((x) => x === 'Reboot')).toHaveLength(1);
    const reboots = (await tasksOf(row!.id)).filter((t) => t.name === 'reboot');
    expect(reboots.map((t) => t.state)).toEqual(['done']);
    // Each session's messages alternated between the instances: the Inform reached one, the
    // empty POST that got the Reboot the other.
    expect(new Set(cpe.sentTo)).toEqual(new Set([urlA, urlB]));
    expect(
      await raw(a).selectFrom('cwmp_sessions').select('id').where('inflight_task', 'is not', null).execute(),
    ).toEqual([]);
  });

  it('a reboot whose RebootResponse was lost is settled by the BOOT that names it (M Reboot), never sent again', async () => {
    const cpe = sim({ acsUrl: [urlA, urlB], serial: 'LOST01' });
    await cpe.inform();
    const [row] = await deviceOf('LOST01');
    const r = await b.call(CPE, { method: 'reboot', ids: [row!.id] }, { token: await b.login() });
    expect(r.code, r.msg).toBe(200);
    cpe.loseRebootResponse = true;
    // The session that gets the Reboot breaks off; the BOOT session after it says M Reboot.
    await cpe.inform('2 PERIODIC');
    await cpe.idle();
    cpe.loseRebootResponse = false;
    await cpe.inform('2 PERIODIC');
    await cpe.idle();
    expect(cpe.errors).toEqual([]);
    expect(cpe.rpcs.filter((x) => x === 'Reboot')).toHaveLength(1);
    expect((await tasksOf(row!.id)).filter((t) => t.name === 'reboot').map((t) => t.state)).toEqual(['done']);
    const held = await raw(a)
      .selectFrom('cwmp_sessions')
      .select('id')
      .where('device_id', '=', row!.id)
      .where('inflight_task', 'is not', null)
      .execute();
    expect(held).toEqual([]);
  });

  it('two sessions of one CPE on both instances at once: each queued reboot goes out once', async () => {
    const onA = sim({ acsUrl: urlA, serial: 'TWIN01' });
    const onB = sim({ acsUrl: urlB, serial: 'TWIN01' });
    await onA.inform();
    const [row] = await deviceOf('TWIN01');
    const tokenB = await b.login();
    for (let round = 1; round <= 5; round++) {
      // No connection request URL is known (the simulators do not listen): the task just waits.
      const r = await b.call(CPE, { method: 'reboot', ids: [row!.id] }, { token: tokenB });
      expect(r.code, r.msg).toBe(200);
      await Promise.all([onA.inform('2 PERIODIC'), onB.inform('2 PERIODIC')]);
      await Promise.all([onA.idle(), onB.idle()]);
      const sent = [...onA.rpcs, ...onB.rpcs].filter((x) => x === 'Reboot');
      expect(sent, `round ${round}`).toHaveLength(round);
      const reboots = (await tasksOf(row!.id)).filter((t) => t.name === 'reboot');
      expect(reboots.map((t) => t.state)).toEqual(Array.from({ length: round }, () => 'done'));
    }
    expect([...onA.errors, ...onB.errors]).toEqual([]);
  });
});

describeEachDb('CWMP site rule, device identity and port', (kind) => {
  let s: TestServer;
  let acs: CwmpListener;
  let base = '';
  let site = 0;
  const sims: CpeSimulator[] = [];
  const sim = (acsUrl: string, serial: string) => {
    const x = new CpeSimulator({ acsUrl, serial, acsAuth: ACS_AUTH });
    sims.push(x);
    return x;
  };
  const rowsOf = async (serial: string) =>
    (await raw(s).selectFrom('tr069_device').selectAll().where('serial_number', '=', serial).execute()) as {
      id: number;
      site_id: number;
    }[];

  beforeAll(async () => {
    s = await startServer(kind);
    acs = await startCwmpListener(s.app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${acs.port}`;
    await configureItms(s, await s.login(), acs.port);
    const now = Date.now();
    const made = await raw(s)
      .insertInto(SITES)
      .values({ site_id: 0, name: 'Hotel Seven', state: 'active', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    site = Number(made.id);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sims.map((x) => x.close()));
    await acs?.close();
    await s?.close();
  });

  it('a new CPE informing <acs>/site/<id> registers in that site, and keeps it informing elsewhere', async () => {
    const cpe = sim(`${base}/cwmp/site/${site}`, 'SITE0001');
    await cpe.inform();
    expect(cpe.errors).toEqual([]);
    expect((await rowsOf('SITE0001')).map((r) => r.site_id)).toEqual([site]);
    // Without a site in the URL a new CPE lands in the gateway's site 0.
    const plain = sim(`${base}/`, 'SITE0002');
    await plain.inform();
    expect((await rowsOf('SITE0002')).map((r) => r.site_id)).toEqual([0]);
    // A known CPE keeps its site whatever URL it informs later (the path decides at registration).
    const again = sim(`${base}/`, 'SITE0001');
    await again.inform();
    expect(again.errors).toEqual([]);
    expect((await rowsOf('SITE0001')).map((r) => r.site_id)).toEqual([site]);
  });

  it('an ACS URL naming an unknown, suspended or malformed site is refused and registers nothing', async () => {
    const now = Date.now();
    const suspended = await raw(s)
      .insertInto(SITES)
      .values({ site_id: 0, name: 'Closed hotel', state: 'suspended', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [path, serial] of [
      [`/site/${site + 1000}`, 'GHOST001'],
      ['/site/abc', 'GHOST002'],
      ['/site/', 'GHOST003'],
      [`/site/${suspended.id}`, 'GHOST004'],
    ] as const) {
      const cpe = sim(`${base}${path}`, serial);
      await cpe.inform();
      expect(cpe.errors.join(), path).toMatch(/Inform refused: HTTP 404 .*site/);
      expect(await rowsOf(serial)).toEqual([]);
    }
  });

  it('migration 031 merges duplicates of one identity into the lowest id, keeping tasks, parameters and edits', async () => {
    const db = raw(s);
    const now = Date.now();
    await db.schema.dropIndex('tr069_device_identity_uq').execute();
    try {
      const ids: number[] = [];
      for (const extra of [
        {},
        { remark: 'edited on the duplicate', tags: '["floor3"]' },
        { remark: 'later' },
      ]) {
        const r = await db
          .insertInto('tr069_device')
          .values({
            site_id: 0,
            device_id: 'DUP-X-1',
            oui: 'DUP',
            product_class: 'X',
            serial_number: 'DUP1',
            pending_tasks: 0,
            created_at: now,
            updated_at: now,
            ...extra,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(Number(r.id));
      }
      const [keep, second, third] = ids as [number, number, number];
      const task = (device: number) => ({
        site_id: 0,
        domain: 'tr069',
        device_id: device,
        name: 'reboot',
        args: '{}',
        state: 'pending',
        created_by: 'test',
        created_at: now,
        not_before: now,
      });
      await db
        .insertInto('device_tasks')
        .values([task(second), task(third)])
        .execute();
      const param = (device: number, path: string, value: string) => ({
        device_id: device,
        path,
        value,
        type: 'xsd:string',
        updated_at: now,
      });
      await db
        .insertInto('tr069_parameters')
        .values([param(keep, 'A.B', 'kept'), param(second, 'A.B', 'dropped'), param(third, 'A.C', 'moved')])
        .execute();

      await mergeDuplicates(db as never);

      const rows = (await db.selectFrom('tr069_device').selectAll().where('oui', '=', 'DUP').execute()) as {
        id: number;
        remark: string | null;
        tags: string | null;
        pending_tasks: number;
      }[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: keep,
        remark: 'edited on the duplicate',
        tags: '["floor3"]',
        pending_tasks: 2,
      });
      const tasks = await db
        .selectFrom('device_tasks')
        .select('device_id')
        .where('created_by', '=', 'test')
        .execute();
      expect(tasks.map((t) => Number(t.device_id))).toEqual([keep, keep]);
      const params = await db
        .selectFrom('tr069_parameters')
        .select(['device_id', 'path', 'value'])
        .where('path', 'in', ['A.B', 'A.C'])
        .orderBy('path')
        .execute();
      expect(params.map((p) => [Number(p.device_id), p.path, p.value])).toEqual([
        [keep, 'A.B', 'kept'],
        [keep, 'A.C', 'moved'],
      ]);
    } finally {
      await db.schema
        .createIndex('tr069_device_identity_uq')
        .unique()
        .on('tr069_device')
        .columns(['oui', 'product_class', 'serial_number'])
        .execute();
    }
  });

  it('the database refuses a second row of one identity', async () => {
    const now = Date.now();
    const row = {
      site_id: 0,
      device_id: 'UQ-X-1',
      oui: 'UQ',
      product_class: 'X',
      serial_number: 'UQ1',
      created_at: now,
      updated_at: now,
    };
    await raw(s).insertInto('tr069_device').values(row).execute();
    await expect(
      raw(s)
        .insertInto('tr069_device')
        .values({ ...row, site_id: 3 })
        .execute(),
    ).rejects.toThrow();
  });

  it("each instance's CWMP port comes from its own CWMP_PORT over the ITMS cwmp_port", async () => {
    expect(loadConfig({ CWMP_PORT: '7600' }, []).cwmpPort).toBe(7600);
    expect(loadConfig({}, []).cwmpPort).toBeUndefined();
    for (const bad of ['0', '70000', 'http', '7547.5'])
      expect(() => loadConfig({ CWMP_PORT: bad }, []), bad).toThrow(/CWMP_PORT must be a port number/);
    // A port free a moment ago; the ITMS setting stays 7547 for the deployment.
    const free = await freePort();
    s.app.config.cwmpPort = free;
    try {
      const own = await startCwmpListener(s.app, undefined, '127.0.0.1');
      try {
        expect(own.port).toBe(free);
        const cpe = sim(`http://127.0.0.1:${free}/`, 'PORT0001');
        await cpe.inform();
        expect(cpe.errors).toEqual([]);
      } finally {
        await own.close();
      }
    } finally {
      s.app.config.cwmpPort = undefined;
    }
  });
});
