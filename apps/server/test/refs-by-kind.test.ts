import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;

const RULES = '/admin.php/aiso/alarm_rule';
const PATROL = '/admin.php/aiso/patrol';
const CAMERAS = '/admin.php/video/gb_device';
const PREPLANS = '/admin.php/voice/preplan';
const LINKS = '/admin.php/system/external_link';
const ZH = { 'accept-language': 'zh-CN' };

/**
 * Lists whose ids name records of another resource, and references to roles (issue 13: names, not
 * ids): the ids are checked against the resource the record's kind names, or against the roles, on
 * add and edit; a refusal names the missing record and stores nothing; the owner's endpoint names
 * roles for the picker.
 */
describeEachDb('references by kind and to roles', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = Rec>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    s.call<T>(path, body, { token, headers });
  const add = async (path: string, body: Rec) => {
    const r = await call<{ id: number }>(path, { method: 'add', ...body });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  let plan: number;
  let route: number;
  let camera: number;

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    plan = await add(PREPLANS, { name: 'Fire', actions: [{ type: 'notify', target: 'emergency' }] });
    for (const name of ['Day round', 'Night round'])
      route = await add(PATROL, {
        name,
        checkpoints: [{ extension: '8001', window_min: 10 }],
        times: ['22:00'],
      });
    camera = await add(CAMERAS, { device_id: '34020000001180000001', name: 'Lobby NVR' });
    // The second route's id is no camera's: the test below relies on it.
    expect(route).not.toBe(camera);
  });
  afterAll(async () => s.close());

  it('an alarm rule’s sources must be records of the kind its source names', async () => {
    const count = async () => (await call<{ total: number }>(RULES, { method: 'list' })).data.total;
    const before = await count();
    // A patrol route's id given as a camera's: refused, naming the camera that does not exist.
    const wrong = await call(
      RULES,
      {
        method: 'add',
        name: 'Cameras',
        source: 'gb28181_alarm',
        source_ids: [route + camera + 1000],
        plan_id: plan,
      },
      ZH,
    );
    expect(wrong.code).toBe(422);
    expect(wrong.data.errors[0].field).toBe('source_ids');
    expect(wrong.msg).toContain(`#${route + camera + 1000}`);
    expect(wrong.msg).toContain('GB28181');
    expect(await count()).toBe(before);
    const id = await add(RULES, {
      name: 'Missed rounds',
      source: 'patrol_missed',
      source_ids: [route],
      plan_id: plan,
    });
    // Changing only the kind checks the stored ids against the new kind; the list as stored stays.
    const moved = await call(RULES, { method: 'edit', id, source: 'gb28181_alarm' });
    expect(moved.code).toBe(422);
    expect(moved.msg).toContain(`#${route}`);
    const kept = await call<Rec>(RULES, { method: 'detail', id });
    expect(kept.data.source).toBe('patrol_missed');
    expect(
      await call(RULES, { method: 'edit', id, source: 'gb28181_alarm', source_ids: [camera] }),
    ).toMatchObject({ code: 200 });
    // A webhook names no records: its list is not checked against any.
    expect((await call(RULES, { method: 'edit', id, source: 'webhook' })).code).toBe(200);
  });

  it('an external link’s roles must exist, and its endpoint names the roles for the picker', async () => {
    const roles = await s.app.db.kysely.selectFrom('roles').select(['id', 'name']).execute();
    const admin = roles[0]!;
    const options = await call<{ value: number; label: string }[]>(LINKS, {
      method: 'options',
      field: 'role_ids',
    });
    expect(options.code, options.msg).toBe(200);
    expect(options.data).toContainEqual({ value: Number(admin.id), label: admin.name });
    const found = await call<{ value: number }[]>(LINKS, {
      method: 'options',
      field: 'role_ids',
      keyword: admin.name.slice(0, 2).toUpperCase(),
    });
    expect(found.data.map((o) => o.value)).toContain(Number(admin.id));

    const missing = await call(
      LINKS,
      {
        method: 'add',
        title: 'Duty',
        url: 'https://duty.example.com',
        role_ids: [987654],
      },
      ZH,
    );
    expect(missing.code).toBe(422);
    expect(missing.msg).toContain('#987654');
    expect(missing.msg).toContain('角色');
    expect((await call<{ total: number }>(LINKS, { method: 'list' })).data.total).toBe(0);
    await add(LINKS, { title: 'Duty', url: 'https://duty.example.com', role_ids: [admin.id] });
  });
});
