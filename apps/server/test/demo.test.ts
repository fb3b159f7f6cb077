import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword, Paths } from '@igs/contract';
import { resourceByName, resources } from '@igs/contract/resources';
import { recordSchema } from '@igs/contract/resources/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoResult, seedDemo } from '../src/features/demo/seed.ts';
import { asSystem } from '../src/platform/resources/write.ts';
import { freePort } from './support/ports.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

type List<T = Record<string, unknown>> = { list: T[]; total: number };

// biome-ignore lint/suspicious/noExplicitAny: resource tables are not in the typed schema
const rawDb = (s: TestServer) => s.app.db.kysely as any;

/**
 * The demo's resources at site 0: all but the fleet registry (sites, customers), which the test
 * servers already fill (support/sites.ts) and the demo adds to (demo-fleet.test.ts).
 */
const demoResources = resources.filter((d) => !d.registry);

async function tableCounts(s: TestServer): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const def of demoResources) {
    const row = await rawDb(s)
      .selectFrom(def.table)
      .select((eb: { fn: { countAll: () => { as: (n: string) => unknown } } }) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    out[def.name] = Number(row.n);
  }
  return out;
}

describeEachDb('demo data', (kind) => {
  let s: TestServer;
  let token: string;
  let result: DemoResult;
  const call = <T = unknown>(p: string, body: unknown, headers: Record<string, string> = {}) =>
    s.call<T>(p, body, { token, headers });

  beforeAll(async () => {
    s = await startServer(kind, { demo: true });
    result = await seedDemo(s.app);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('fills every resource module: each list answers with at least one record', async () => {
    expect(result.seeded).toBe(true);
    // Static DHCP leases must lie in the LAN subnet: the demo gives an Ethernet interface of the
    // host the LAN role. On a host without one that list stays empty, and says why.
    const noLan = result.lan === null;
    expect(result.skipped).toEqual(
      noLan ? [{ resource: 'system:dhcp_host', reason: expect.stringContaining('LAN interface') }] : [],
    );
    for (const def of demoResources) {
      const r = await call<List>(def.endpoint, { method: 'list', limit: 1 });
      expect(r.code, `${def.name}: ${r.msg}`).toBe(200);
      if (noLan && def.name === 'system:dhcp_host') continue;
      expect(r.data.total, def.name).toBeGreaterThan(0);
      expect(r.data.total, def.name).toBe(result.records[def.name]);
    }
    // the operations twins show them too (an account without a site list sees every site)
    const ops = await s.login('admin', 'admin123', 1);
    for (const def of demoResources.filter((d) => d.opsEndpoint)) {
      const r = await s.call<List>(def.opsEndpoint!, { method: 'list', limit: 1 }, { token: ops });
      expect(r.data.total, def.opsEndpoint).toBeGreaterThan(0);
    }
  });

  it('every stored record passes the resource rules, read back through the API', async () => {
    for (const def of demoResources) {
      const rows = (await call<List>(def.endpoint, { method: 'list', limit: 200 })).data.list;
      const schema = recordSchema(asSystem(def), 'add');
      for (const row of rows) {
        const parsed = schema.safeParse(row);
        expect(parsed.success, `${def.name} #${row.id}: ${parsed.error?.issues[0]?.message}`).toBe(true);
      }
    }
  });

  it('every reference resolves to a record of the same site, and no placeholder is left', async () => {
    for (const def of resources) {
      const rows: Record<string, unknown>[] = await rawDb(s).selectFrom(def.table).selectAll().execute();
      for (const row of rows) {
        for (const f of def.fields) {
          const v = row[f.name];
          expect(JSON.stringify(v ?? null), `${def.name}.${f.name}`).not.toMatch(/"\$(ref|file)"/);
          if ((f.type !== 'ref' && f.type !== 'refs') || v === null || v === undefined) continue;
          const ids = f.type === 'ref' ? [Number(v)] : (JSON.parse(String(v)) as number[]);
          const target = resourceByName(f.ref!)!;
          for (const id of ids) {
            const hit = await rawDb(s)
              .selectFrom(target.table)
              .select('id')
              .where('id', '=', id)
              .where('site_id', '=', Number(row.site_id))
              .executeTakeFirst();
            expect(hit, `${def.name} #${row.id}.${f.name} -> ${target.name} #${id}`).toBeDefined();
          }
        }
      }
    }
  });

  it('file fields hold real uploads that open', async () => {
    const ids = new Set<string>();
    for (const def of resources) {
      const fileFields = def.fields.filter((f) => f.type === 'file');
      if (!fileFields.length) continue;
      const rows: Record<string, unknown>[] = await rawDb(s).selectFrom(def.table).selectAll().execute();
      for (const row of rows) for (const f of fileFields) if (row[f.name]) ids.add(String(row[f.name]));
    }
    expect(ids.size).toBeGreaterThan(20);
    const known = await rawDb(s)
      .selectFrom('uploads')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    expect(known).toHaveLength(ids.size);
    const poster = (await call<List<{ poster: string }>>('/admin.php/media/video', { method: 'list' })).data
      .list[0]!.poster;
    const res = await fetch(`${s.url}${Paths.file}/${poster}`, { headers: { IGSAuth: token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('secrets are stored, different per record, and never shown', async () => {
    const stored: { secret: string }[] = await rawDb(s)
      .selectFrom('voice_extension')
      .select('secret')
      .execute();
    expect(stored.every((r) => r.secret.length >= 12)).toBe(true);
    expect(new Set(stored.map((r) => r.secret)).size).toBe(stored.length);
    const list = await call<List<{ secret: string }>>('/admin.php/voice/extension', {
      method: 'list',
      limit: 200,
    });
    expect(list.data.list.every((r) => r.secret === '')).toBe(true);
  });

  it('the demo orders and terminal records show on the badges', async () => {
    const hint = await call<{ tip: number; order: number }>(Paths.hint, {});
    expect(hint.data).toEqual({ tip: 3, order: 2 });
  });

  it('a second seeding adds nothing', async () => {
    const before = await tableCounts(s);
    const uploads = await rawDb(s).selectFrom('uploads').select('id').execute();
    const again = await seedDemo(s.app);
    expect(again).toMatchObject({ seeded: false, reason: 'the database already holds records' });
    expect(await tableCounts(s)).toEqual(before);
    expect(await rawDb(s).selectFrom('uploads').select('id').execute()).toHaveLength(uploads.length);
  });
});

describeEachDb('demo data on a database that is not empty', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('a default start holds only the admin account and the menus', async () => {
    const counts = await tableCounts(s);
    expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([]);
    const users = await rawDb(s).selectFrom('users').select('username').execute();
    expect(users.map((u: { username: string }) => u.username)).toEqual(['admin']);
    expect((await rawDb(s).selectFrom('menus').select('id').execute()).length).toBeGreaterThan(50);
    expect(await rawDb(s).selectFrom('uploads').select('id').execute()).toEqual([]);
  });

  it('one record anywhere is enough for the demo to leave the database alone', async () => {
    const ops = await s.login('admin', 'admin123', 1);
    const add = await s.call(
      '/operations/media/live_type',
      { method: 'add', name: 'Own class' },
      { token: ops, headers: { 'igs-sids': '5' } },
    );
    expect(add.code, add.msg).toBe(200);
    const r = await seedDemo(s.app);
    expect(r.seeded).toBe(false);
    const counts = await tableCounts(s);
    expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([['media:live_type', 1]]);
  });
});

/** The real start command: `node src/main.ts --demo`, twice on the same data folder. */
describe('npm start -- --demo', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-demo-'));
  let child: ChildProcess | undefined;

  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the server, waits until it listens, and returns its log. */
  async function start(port: number, args: string[]): Promise<() => string> {
    let log = '';
    child = spawn(process.execPath, ['src/main.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        GW_CAPTCHA: 'off',
        LOG_LEVEL: 'info',
        CONSOLE_DIR: path.join(dataDir, 'no-console'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => {
      log += d;
    });
    child.stderr!.on('data', (d) => {
      log += d;
    });
    const until = Date.now() + 60_000;
    while (!log.includes('gateway console on')) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return () => log;
  }

  async function stop(): Promise<void> {
    const c = child!;
    await new Promise<void>((ok) => {
      c.once('exit', () => ok());
      c.kill('SIGTERM');
    });
    child = undefined;
  }

  it('fills the sample hotel on the first start and adds nothing on the second', async () => {
    const port = await freePort();
    const first = await start(port, ['--demo']);
    expect(first()).toMatch(/demo data: \d+ records in 8[67] lists, \d+ files/);
    const base = `http://127.0.0.1:${port}`;
    const post = async (p: string, body: unknown, tok?: string) =>
      (await fetch(base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(tok ? { IGSAuth: tok } : {}) },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as { code: number; data: never };
    const login = await post('/admin.php/common/login', {
      username: 'admin',
      password: hashPassword('admin123'),
      code: '',
      is_operations: 0,
    });
    const tok = (login.data as { token: string }).token;
    // The seeded default password answers nothing but its change (code 1007): change it first.
    const changed = await post(
      '/admin.php/index/personal',
      { method: 'change_password', password: hashPassword('admin123'), new_password: 'N3w!Passw0rd' },
      tok,
    );
    expect(changed.code).toBe(200);
    const rooms = await post('/admin.php/smart/binding', { method: 'list' }, tok);
    expect((rooms.data as List).total).toBe(20);
    // The demo's simulated APs and boxes call in over loopback: online through the real calls.
    const until = Date.now() + 30_000;
    while (!first().includes('demo devices:')) {
      if (Date.now() > until) throw new Error(`the demo devices did not call in:\n${first()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const online = async (p: string) =>
      (
        (await post(p, { method: 'list', limit: 200 }, tok)).data as List<{ online: number | null }>
      ).list.filter((r) => r.online === 1).length;
    expect(await online('/admin.php/ac/ap')).toBe(10);
    expect(await online('/admin.php/index/app_list')).toBe(20);
    await stop();

    const second = await start(port, ['--demo']);
    expect(second()).toContain('demo data not added: the database already holds records');
    const tok2 = (
      (
        await post('/admin.php/common/login', {
          username: 'admin',
          password: hashPassword('N3w!Passw0rd'),
          code: '',
          is_operations: 0,
        })
      ).data as { token: string }
    ).token;
    expect((await post('/admin.php/smart/binding', { method: 'list' }, tok2)).data).toMatchObject({
      total: 20,
    });
    await stop();
  }, 120_000);
});
