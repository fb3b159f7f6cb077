import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resourceByName } from '@igs/contract/resources';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { noteOnTask } from '../src/features/device-tasks/index.ts';
import { schedulerOf } from '../src/features/scheduler/scheduler.ts';
import { parseDateTime } from '../src/platform/lib/time.ts';
import { insertRecord, type WriteTarget } from '../src/platform/resources/write.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

/**
 * DOMAIN 2.4 (AC) and 2.5 (TR069): the write rules, the device verbs that queue tasks for the
 * device's next contact (table device_tasks), upgrades, and reboot plans run by run_now and by
 * the scheduler at their time.
 */

const CPE = '/admin.php/tr069/device';
const TEMPLATE = '/admin.php/tr069/template';
const FILE = '/admin.php/tr069/file';
const TR_PLAN = '/admin.php/tr069/timed_reboot';
const ITMS = '/admin.php/tr069/itms';
const AP = '/admin.php/ac/ap';
const CATEGORY = '/admin.php/ac/ap_category';
const BUILD = '/admin.php/ac/firmware';
const UPGRADE = '/admin.php/ac/upgrade';
const AC_PLAN = '/admin.php/ac/timed_reboot';
const REGION = '/admin.php/system/region';

interface Task {
  id: number;
  domain: string;
  device_id: number;
  name: string;
  args: string;
  state: string;
  plan_id: number | null;
  operation_id: number | null;
  created_by: string;
  created_at: number;
  not_before: number;
}

/** A CPE's connection-request listener that accepts without a challenge. */
function fakeCpe() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.statusCode = 204;
    res.end();
  });
  return { server, hits };
}

describeEachDb('device tasks (AC and TR069)', (kind) => {
  let s: TestServer;
  let token: string;
  const cpe = fakeCpe();
  let cpeUrl = '';
  const call = <T = unknown>(path: string, body: Record<string, unknown>, t = token) =>
    s.call<T>(path, body, { token: t });
  const add = async (path: string, body: Record<string, unknown>) => {
    const r = await call<{ id: number }>(path, { method: 'add', ...body });
    expect(r.code, `${path} ${r.msg}`).toBe(200);
    return r.data.id;
  };
  const system = (resource: string, body: Record<string, unknown>) =>
    insertRecord(
      { db: s.app.db.kysely as unknown as WriteTarget['db'], lang: 'en', now: Date.now() },
      resourceByName(resource)!,
      body,
      0,
      { system: true },
    );
  const tasks = async (domain: string) =>
    (await s.app.db.kysely
      .selectFrom('device_tasks' as never)
      .selectAll()
      .where('domain' as never, '=', domain as never)
      .orderBy('id' as never)
      .execute()) as unknown as Task[];
  const row = async (table: string, id: number) =>
    (await s.app.db.kysely
      .selectFrom(table as never)
      .selectAll()
      .where('id' as never, '=', id as never)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
  const pending = async (table: string, id: number) => Number((await row(table, id)).pending_tasks ?? 0);

  let cat1 = 0;
  let cat2 = 0;
  let area = 0;
  let emptyArea = 0;
  const aps: number[] = [];
  const cpes: number[] = [];

  beforeAll(async () => {
    await new Promise<void>((r) => cpe.server.listen(0, '127.0.0.1', r));
    cpeUrl = `http://127.0.0.1:${(cpe.server.address() as AddressInfo).port}/cr`;
    s = await startServer(kind);
    token = await s.login();
    area = await add(REGION, { name: 'Floor 8', type: 'floor' });
    emptyArea = await add(REGION, { name: 'Floor 9', type: 'floor' });
    cat1 = await add(CATEGORY, { name: 'Ceiling AX3000' });
    cat2 = await add(CATEGORY, { name: 'Outdoor AX1800' });
    aps.push(await add(AP, { name: 'AP-801', mac: '00:11:22:33:44:01', category_id: cat1, area_id: area }));
    aps.push(await add(AP, { name: 'AP-802', mac: '00:11:22:33:44:02', category_id: cat1 }));
    aps.push(await add(AP, { name: 'AP-POOL', mac: '00:11:22:33:44:03', category_id: cat2 }));
    for (const [n, tags] of [
      [1, ['floor8']],
      [2, ['floor8', 'vip']],
      [3, ['floor9']],
    ] as const)
      cpes.push(
        await system('tr069:device', {
          device_id: `00259E-HG8245-00${n}`,
          oui: '00259E',
          product_class: 'HG8245',
          serial_number: `00${n}`,
          tags,
          connection_request_url: n === 1 ? cpeUrl : null,
        }),
      );
  });
  afterAll(async () => {
    await s.close();
    await new Promise((r) => cpe.server.close(r));
  });

  // ---- rules ---------------------------------------------------------------------------------

  it('AC build: the version is unique per category, on add and edit', async () => {
    const a = await add(BUILD, { category_id: cat1, version: '23.05.3' });
    await add(BUILD, { category_id: cat2, version: '23.05.3' });
    const dup = await call<{ errors: { field: string }[] }>(BUILD, {
      method: 'add',
      category_id: cat1,
      version: '23.05.3',
    });
    expect(dup.code).toBe(409);
    expect(dup.data.errors[0]!.field).toBe('version');
    const b = await add(BUILD, { category_id: cat1, version: '23.05.4' });
    expect((await call(BUILD, { method: 'edit', id: b, version: '23.05.3' })).code).toBe(409);
    expect((await row('ac_firmware_build', b)).version).toBe('23.05.4');
    expect((await call(BUILD, { method: 'edit', id: a, changelog: 'fixes' })).code).toBe(200);
  });

  it('TR069 template: firmware file and target version together; match_sw_version is a regex', async () => {
    const file = await add(FILE, { name: 'fw', file_type: '1 Firmware Upgrade Image', file: 'fw.bin' });
    const base = { name: 'ont', events: ['1 BOOT'] };
    const noVersion = await call<{ errors: { field: string }[] }>(TEMPLATE, {
      method: 'add',
      ...base,
      firmware_file_id: file,
    });
    expect(noVersion.code).toBe(422);
    expect(noVersion.data.errors[0]!.field).toBe('target_sw_version');
    const noFile = await call<{ errors: { field: string }[] }>(TEMPLATE, {
      method: 'add',
      ...base,
      target_sw_version: 'V3R017C10S215',
    });
    expect(noFile.data.errors[0]!.field).toBe('firmware_file_id');
    const regex = await call<{ errors: { field: string }[] }>(TEMPLATE, {
      method: 'add',
      ...base,
      match_sw_version: 'V3R(017',
    });
    expect(regex.code).toBe(422);
    expect(regex.data.errors[0]!.field).toBe('match_sw_version');
    expect((await call<{ list: unknown[] }>(TEMPLATE, { method: 'list' })).data.list).toHaveLength(0);
    const id = await add(TEMPLATE, {
      ...base,
      match_sw_version: '^V3R017',
      firmware_file_id: file,
      target_sw_version: 'V3R017C10S215',
    });
    // Clearing one half on edit is refused too; clearing both is fine.
    expect((await call(TEMPLATE, { method: 'edit', id, target_sw_version: '' })).code).toBe(422);
    expect(
      (await call(TEMPLATE, { method: 'edit', id, target_sw_version: '', firmware_file_id: '' })).code,
    ).toBe(200);
  });

  it('CPE tags are [A-Za-z0-9_-] words', async () => {
    const bad = await call<{ errors: { field: string }[] }>(CPE, {
      method: 'edit',
      id: cpes[2],
      tags: ['floor 9'],
    });
    expect(bad.code).toBe(422);
    expect(bad.data.errors[0]!.field).toBe('tags');
    expect((await call(CPE, { method: 'edit', id: cpes[2], tags: ['floor9', 'lobby-1'] })).code).toBe(200);
  });

  it('reboot plans: target_ids required unless the target is all, and must name existing records', async () => {
    const base = { name: 'night', cron: '0 4 * * *' };
    const none = await call<{ errors: { field: string }[] }>(AC_PLAN, {
      method: 'add',
      ...base,
      target_type: 'category',
    });
    expect(none.code).toBe(422);
    expect(none.data.errors[0]!.field).toBe('target_ids');
    const missing = await call(AC_PLAN, {
      method: 'add',
      ...base,
      target_type: 'category',
      target_ids: [9999],
    });
    expect(missing.code).toBe(422);
    expect(missing.msg).toContain('#9999');
    expect((await call(AC_PLAN, { method: 'add', ...base, target_type: 'ap', target_ids: ['x'] })).code).toBe(
      422,
    );
    const all = await add(AC_PLAN, { ...base, target_type: 'all' });
    expect((await call(AC_PLAN, { method: 'edit', id: all, target_type: 'ap' })).code).toBe(422);
    expect(
      (await call(AC_PLAN, { method: 'edit', id: all, target_type: 'ap', target_ids: [aps[0]] })).code,
    ).toBe(200);
    const tag = await call(TR_PLAN, { method: 'add', ...base, target_type: 'tag', target_ids: ['floor 8'] });
    expect(tag.code).toBe(422);
    expect((await call(TR_PLAN, { method: 'add', ...base, target_type: 'tag' })).code).toBe(422);
    await add(TR_PLAN, { ...base, target_type: 'product_class', target_ids: ['HG8245'] });
  });

  // ---- TR069 verbs --------------------------------------------------------------------------

  it('reboot queues one task per CPE for its next session; a second reboot adds nothing', async () => {
    const r = await call<{ queued: number; connection_requests: { sent: boolean; reason?: string }[] }>(CPE, {
      method: 'reboot',
      ids: [cpes[0], cpes[1]],
    });
    expect(r.code).toBe(200);
    expect(r.data.queued).toBe(2);
    // No connection-request credentials in ITMS yet: the CPEs take it at their periodic inform.
    expect(r.data.connection_requests.every((k) => !k.sent)).toBe(true);
    const t = await tasks('tr069');
    expect(t.map((x) => [x.device_id, x.name, x.state])).toEqual([
      [cpes[0], 'reboot', 'pending'],
      [cpes[1], 'reboot', 'pending'],
    ]);
    expect(t[0]!.created_by).toBe('admin');
    expect(await pending('tr069_device', cpes[0]!)).toBe(1);
    const again = await call<{ queued: number; already_pending: number }>(CPE, {
      method: 'reboot',
      ids: [cpes[0]],
    });
    expect(again.data).toMatchObject({ queued: 0, already_pending: 1 });
    expect(await tasks('tr069')).toHaveLength(2);
    // The list shows the count.
    const list = await call<{ list: { id: number; pending_tasks: number }[] }>(CPE, { method: 'list' });
    expect(list.data.list.find((x) => x.id === cpes[0])!.pending_tasks).toBe(1);
  });

  it("notes written on one task at once all stay (a connection request's outcome and the CPE's reply)", async () => {
    const task = (await tasks('tr069'))[0]!;
    const before = JSON.parse(task.args) as Record<string, unknown>;
    const notes = Array.from({ length: 12 }, (_, i) => ({ [`note${i}`]: { n: i } }));
    await Promise.all(notes.map((note) => noteOnTask(s.app.db.kysely as never, task.id, note)));
    const after = JSON.parse((await tasks('tr069')).find((x) => x.id === task.id)!.args);
    expect(after).toEqual({ ...before, ...Object.assign({}, ...notes) });
  });

  it('set_params, refresh, factory_reset and download queue the genieacs tasks; bad input queues nothing', async () => {
    const before = (await tasks('tr069')).length;
    for (const params of [
      [],
      [['InternetGatewayDevice.', '1', 'xsd:string']],
      [['InternetGatewayDevice.ManagementServer.PeriodicInformInterval', 'often', 'xsd:unsignedInt']],
      [['InternetGatewayDevice.X', 'a', 'xsd:float']],
      'not json',
    ]) {
      const r = await call<{ errors: { field: string }[] }>(CPE, {
        method: 'set_params',
        id: cpes[0],
        params,
      });
      expect(r.code, JSON.stringify(params)).toBe(422);
      expect(r.data.errors[0]!.field).toBe('params');
    }
    expect((await call(CPE, { method: 'refresh', id: cpes[0], path: 'bad path' })).code).toBe(422);
    expect((await call(CPE, { method: 'download', ids: [cpes[0]], file_id: 9999 })).code).toBe(422);
    expect(await tasks('tr069')).toHaveLength(before);

    const set = await call(CPE, {
      method: 'set_params',
      id: cpes[0],
      params: JSON.stringify([
        ['InternetGatewayDevice.ManagementServer.PeriodicInformInterval', 600, 'xsd:unsignedInt'],
        { path: 'InternetGatewayDevice.DeviceInfo.ProvisioningCode', value: 'HOTEL' },
      ]),
    });
    expect(set.code).toBe(200);
    expect(
      (await call(CPE, { method: 'refresh', id: cpes[0], path: 'InternetGatewayDevice.WANDevice.' })).code,
    ).toBe(200);
    expect((await call(CPE, { method: 'factory_reset', id: cpes[1] })).code).toBe(200);
    const file = (await call<{ list: { id: number }[] }>(FILE, { method: 'list' })).data.list[0]!.id;
    expect((await call(CPE, { method: 'download', ids: [cpes[0], cpes[1]], file_id: file })).code).toBe(200);
    const t = (await tasks('tr069')).slice(before);
    expect(t.map((x) => [x.device_id, x.name])).toEqual([
      [cpes[0], 'setParameterValues'],
      [cpes[0], 'refreshObject'],
      [cpes[1], 'factoryReset'],
      [cpes[0], 'download'],
      [cpes[1], 'download'],
    ]);
    expect(JSON.parse(t[0]!.args)).toEqual({
      parameterValues: [
        ['InternetGatewayDevice.ManagementServer.PeriodicInformInterval', '600', 'xsd:unsignedInt'],
        ['InternetGatewayDevice.DeviceInfo.ProvisioningCode', 'HOTEL', 'xsd:string'],
      ],
    });
    expect(JSON.parse(t[1]!.args)).toEqual({ objectName: 'InternetGatewayDevice.WANDevice.' });
    expect(JSON.parse(t[3]!.args)).toMatchObject({ fileId: file, fileName: 'fw' });
    expect(await pending('tr069_device', cpes[0]!)).toBe(4);
  });

  it('summon sends a connection request; queued tasks knock too once ITMS has the credentials', async () => {
    const noCreds = await call<{ errors: { field: string }[] }>(CPE, { method: 'summon', id: cpes[0] });
    expect(noCreds.code).toBe(422);
    expect(noCreds.data.errors[0]!.field).toBe('cr_username');
    expect((await call(ITMS, { method: 'form', cr_username: 'acs', cr_password: 'cr-secret-1' })).code).toBe(
      200,
    );
    const noUrl = await call(CPE, { method: 'summon', id: cpes[1] });
    expect(noUrl.code).toBe(409);
    expect(noUrl.msg).toContain('has not reported a connection request URL');
    const ok = await call<{ http_status: number }>(CPE, { method: 'summon', id: cpes[0] });
    expect(ok.code).toBe(200);
    expect(ok.data.http_status).toBe(204);
    expect(cpe.hits).toEqual(['/cr']);
    const r = await call<{ connection_requests: { device_id: string; sent: boolean; reason?: string }[] }>(
      CPE,
      {
        method: 'factory_reset',
        id: cpes[0],
      },
    );
    expect(r.data.connection_requests).toEqual([
      { device_id: '00259E-HG8245-001', sent: true, http_status: 204 },
    ]);
    expect(cpe.hits).toHaveLength(2);
  });

  it('tag and untag change the records only', async () => {
    const before = (await tasks('tr069')).length;
    expect((await call(CPE, { method: 'tag', ids: [cpes[0], cpes[1]], tag: 'wing_a' })).code).toBe(200);
    expect((await call(CPE, { method: 'tag', ids: [cpes[0]], tag: 'bad tag' })).code).toBe(422);
    expect(JSON.parse(String((await row('tr069_device', cpes[1]!)).tags))).toEqual([
      'floor8',
      'vip',
      'wing_a',
    ]);
    expect((await call(CPE, { method: 'untag', ids: [cpes[1]], tag: 'vip' })).code).toBe(200);
    expect(JSON.parse(String((await row('tr069_device', cpes[1]!)).tags))).toEqual(['floor8', 'wing_a']);
    expect(await tasks('tr069')).toHaveLength(before);
  });

  // ---- AC verbs -----------------------------------------------------------------------------

  it('AP reboot, apply, change_password and locate queue commands for the agent’s next poll', async () => {
    expect((await call(AP, { method: 'reboot', ids: [aps[0], aps[1]] })).code).toBe(200);
    expect((await call(AP, { method: 'apply', ids: [aps[0]] })).code).toBe(200);
    expect((await row('ac_ap', aps[0]!)).config_status).toBe('modified');
    const short = await call<{ errors: { field: string }[] }>(AP, {
      method: 'change_password',
      id: aps[0],
      password: '',
    });
    expect(short.code).toBe(422);
    expect((await call(AP, { method: 'change_password', id: aps[0], password: 'short' })).code).toBe(422);
    expect((await call(AP, { method: 'change_password', id: aps[0], password: 'first-pass-1' })).code).toBe(
      200,
    );
    expect((await call(AP, { method: 'change_password', id: aps[0], password: 'second-pass-2' })).code).toBe(
      200,
    );
    expect((await call(AP, { method: 'locate', id: aps[1] })).code).toBe(200);
    const t = await tasks('ac');
    expect(t.map((x) => [x.device_id, x.name, x.state])).toEqual([
      [aps[0], 'reboot', 'pending'],
      [aps[1], 'reboot', 'pending'],
      [aps[0], 'apply', 'pending'],
      [aps[0], 'change_password', 'cancelled'],
      [aps[0], 'change_password', 'pending'],
      [aps[1], 'locate', 'pending'],
    ]);
    expect(await pending('ac_ap', aps[0]!)).toBe(3);
    // The password is for the agent only: never in the operation log.
    const log = await call<{ list: unknown[] }>('/admin.php/system/logging', {
      method: 'list',
      filter: { module: 'ac:ap' },
    });
    expect(JSON.stringify(log.data.list)).not.toContain('second-pass-2');
  });

  it('upgrades: per AP of the build’s category, one at a time, cancellable', async () => {
    const builds = (
      await call<{ list: { id: number; category_id: number; version: string }[] }>(BUILD, {
        method: 'list',
      })
    ).data.list;
    const b1 = builds.find((b) => b.category_id === cat1 && b.version === '23.05.3')!.id;
    const b2 = builds.find((b) => b.category_id === cat2)!.id;
    const wrong = await call(AP, { method: 'upgrade', ids: [aps[0], aps[2]], build_id: b1 });
    expect(wrong.code).toBe(409);
    expect(wrong.msg).toContain('AP-POOL');
    expect((await call(AP, { method: 'upgrade', ids: [aps[0]], build_id: 9999 })).code).toBe(422);
    expect((await call<{ list: unknown[] }>(UPGRADE, { method: 'list' })).data.list).toHaveLength(0);

    const r = await call<{ operations: number[] }>(AP, { method: 'upgrade', ids: [aps[0]], build_id: b1 });
    expect(r.code).toBe(200);
    const op = r.data.operations[0]!;
    expect(await row('ac_upgrade_operation', op)).toMatchObject({
      ap: 'AP-801',
      image: '23.05.3',
      state: 'in-progress',
    });
    const task = (await tasks('ac')).at(-1)!;
    expect(task).toMatchObject({ device_id: aps[0], name: 'upgrade', operation_id: op, state: 'pending' });
    expect((await call(UPGRADE, { method: 'upgrade', ap_id: aps[0], build_id: b1 })).code).toBe(409);

    const page = await call<{ operations: number[] }>(UPGRADE, {
      method: 'upgrade',
      ap_id: aps[2],
      build_id: b2,
    });
    expect(page.code).toBe(200);
    // Batch: the category's APs without a waiting upgrade (AP-802), limited to an area when asked.
    const inArea = await call(UPGRADE, { method: 'batch_upgrade', build_id: b1, area_id: area });
    expect(inArea.code).toBe(409);
    const batch = await call<{ queued: number; skipped_waiting: number }>(UPGRADE, {
      method: 'batch_upgrade',
      build_id: b1,
    });
    expect(batch.data).toMatchObject({ queued: 1, skipped_waiting: 1 });

    const before = await pending('ac_ap', aps[0]!);
    const cancel = await call<{ cancelled_tasks: number }>(UPGRADE, { method: 'cancel', id: op });
    expect(cancel.data.cancelled_tasks).toBe(1);
    expect((await row('ac_upgrade_operation', op)).state).toBe('cancelled');
    expect(await pending('ac_ap', aps[0]!)).toBe(before - 1);
    expect((await call(UPGRADE, { method: 'cancel', id: op })).code).toBe(409);
    // Once cancelled, the AP can be upgraded again.
    expect((await call(AP, { method: 'upgrade', ids: [aps[0]], build_id: b1 })).code).toBe(200);
  });

  // ---- reboot plans -------------------------------------------------------------------------

  it('run_now queues the plan’s reboots spread over stagger_s and records the run', async () => {
    await s.app.db.kysely.deleteFrom('device_tasks' as never).execute();
    const plan = await add(AC_PLAN, {
      name: 'ceiling',
      target_type: 'category',
      target_ids: [cat1],
      cron: '0 4 * * *',
      stagger_s: 120,
    });
    const r = await call<{ targets: number; queued: number }>(AC_PLAN, { method: 'run_now', id: plan });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ targets: 2, queued: 2 });
    const t = await tasks('ac');
    expect(t.map((x) => [x.device_id, x.plan_id])).toEqual([
      [aps[0], plan],
      [aps[1], plan],
    ]);
    expect(t[1]!.not_before - t[0]!.not_before).toBe(60_000);
    const stored = await row('ac_reboot_plan', plan);
    expect(stored.last_run_at).toBeTruthy();
    expect(JSON.parse(String(stored.last_result))).toMatchObject({
      targets: 2,
      queued: 2,
      done: 0,
      failed: 0,
    });

    // An area plan reaches the APs of its area (and areas below it); one with no AP is refused.
    const empty = await add(AC_PLAN, {
      name: 'empty',
      target_type: 'area',
      target_ids: [emptyArea],
      cron: '0 4 * * *',
    });
    expect((await call(AC_PLAN, { method: 'run_now', id: empty })).code).toBe(409);
    expect((await row('ac_reboot_plan', empty)).last_run_at).toBeNull();

    const tr = await add(TR_PLAN, {
      name: 'floor8',
      target_type: 'tag',
      target_ids: ['floor8'],
      cron: '0 4 * * 2',
    });
    const run = await call<{ targets: number; queued: number; already: number }>(TR_PLAN, {
      method: 'run_now',
      id: tr,
    });
    expect(run.data).toMatchObject({ targets: 2, queued: 2 });
    expect((await tasks('tr069')).filter((x) => x.plan_id === tr).map((x) => x.device_id)).toEqual([
      cpes[0],
      cpes[1],
    ]);
  });

  it('the scheduler runs a plan at its time, once, and reports a missed slot without running it', async () => {
    await s.app.db.kysely.deleteFrom('device_tasks' as never).execute();
    const plan = await add(AC_PLAN, {
      name: 'every5',
      target_type: 'ap',
      target_ids: [aps[2]],
      cron: '*/5 * * * *',
    });
    const scheduler = schedulerOf(s.app);
    await scheduler.tick();
    const next = parseDateTime(String((await row('ac_reboot_plan', plan)).next_run_at));
    expect(next).toBeGreaterThan(s.clock.now());
    expect((await tasks('ac')).filter((t) => t.plan_id === plan)).toHaveLength(0);

    s.clock.advance(next - s.clock.now() + 1000);
    await scheduler.tick();
    await scheduler.tick();
    const queued = (await tasks('ac')).filter((t) => t.plan_id === plan);
    expect(queued.map((t) => [t.device_id, t.name, t.created_by])).toEqual([
      [aps[2], 'reboot', `plan #${plan}`],
    ]);
    expect(JSON.parse(String((await row('ac_reboot_plan', plan)).last_result))).toMatchObject({ queued: 1 });

    // The server "was down" past the next slot: the run is reported, not made late.
    await s.app.db.kysely.deleteFrom('device_tasks' as never).execute();
    s.clock.advance(16 * 60_000);
    await scheduler.tick();
    expect((await tasks('ac')).filter((t) => t.plan_id === plan)).toHaveLength(0);
    expect(JSON.parse(String((await row('ac_reboot_plan', plan)).last_result))).toMatchObject({ queued: 0 });
    expect(String((await row('ac_reboot_plan', plan)).last_result)).toContain('missed');

    // A disabled plan has no next run and never runs.
    expect((await call(AC_PLAN, { method: 'edit', id: plan, enabled: 0 })).code).toBe(200);
    await scheduler.tick();
    expect((await row('ac_reboot_plan', plan)).next_run_at).toBeNull();
    s.clock.advance(10 * 60_000);
    await scheduler.tick();
    expect((await tasks('ac')).filter((t) => t.plan_id === plan)).toHaveLength(0);
  });

  it('each verb needs its own button key', async () => {
    const viewer = await accountWith(s, `devices_${kind}`, [CPE, AP, AC_PLAN], ['tr069:device:tag']);
    expect((await call(CPE, { method: 'reboot', ids: [cpes[0]] }, viewer)).code).toBe(403);
    expect((await call(AP, { method: 'reboot', ids: [aps[0]] }, viewer)).code).toBe(403);
    const plans = await call<{ list: { id: number }[] }>(AC_PLAN, { method: 'list' });
    expect((await call(AC_PLAN, { method: 'run_now', id: plans.data.list[0]!.id }, viewer)).code).toBe(403);
    expect((await call(CPE, { method: 'tag', ids: [cpes[0]], tag: 'ok' }, viewer)).code).toBe(200);
  });
});
