import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CwmpListener, startCwmpListener } from '../src/features/cwmp/listener.ts';
import { signedInAs } from './support/accounts.ts';
import { CpeSimulator } from './support/cpe-simulator.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { until } from './support/waiting.ts';

/**
 * CWMP as CPEs speak it (issue 15 item 4), with 100 simulated CPEs (support/cpe-simulator.ts) on
 * loopback: GetRPCMethods both ways, Downloads fetched from the ACS's file server with their
 * task's token (success, 9010 reported by the CPE, 9016 for a refused token), TransferComplete
 * settling the task, AutonomousTransferComplete logged, reboot / set / refresh / factory reset,
 * cancel, a deleted CPE's tasks, and a batch of 100 woken through the paced connection requests.
 * Counts are asserted, never times: the waits below only bound how long a test may hang.
 */

const CPE = '/admin.php/tr069/device';
const FILE = '/admin.php/tr069/file';
const ITMS = '/admin.php/tr069/itms';
const N = 100;
const RATE = 40;
const FIRMWARE = Buffer.from(`firmware image ${'x'.repeat(4000)}`);

interface TaskRow {
  id: number;
  device_id: number;
  name: string;
  state: string;
  fault_code: string;
  fault_string: string;
  args: string;
}

describeEachDb('CWMP with 100 simulated CPEs', (kind) => {
  let s: TestServer;
  let acs: CwmpListener;
  let token: string;
  const sims: CpeSimulator[] = [];
  const idOf = new Map<CpeSimulator, number>();

  const call = <T = unknown>(p: string, body: Record<string, unknown>) => s.call<T>(p, body, { token });
  const tasks = async (name?: string) => {
    let q = s.app.db.kysely.selectFrom('device_tasks').selectAll().where('domain', '=', 'tr069');
    if (name) q = q.where('name', '=', name);
    return (await q.orderBy('id').execute()) as unknown as TaskRow[];
  };
  const settled = (rows: TaskRow[]) => rows.every((t) => t.state !== 'pending' && t.state !== 'sent');
  const allIdle = () => Promise.all(sims.map((x) => x.idle()));
  const ids = (list: CpeSimulator[]) => list.map((x) => idOf.get(x)!);

  beforeAll(async () => {
    s = await startServer(kind);
    acs = await startCwmpListener(s.app, 0, '127.0.0.1');
    token = await s.login();
    const itms = await call(ITMS, {
      method: 'form',
      acs_url: `http://127.0.0.1:${acs.port}/`,
      acs_username: 'acs',
      acs_password: 'acs-pass-1',
      cr_username: 'cr',
      cr_password: 'cr-pass-1',
      file_server_url: `http://127.0.0.1:${acs.port}/`,
      cr_per_second: RATE,
    });
    expect(itms.code, itms.msg).toBe(200);
    for (let i = 0; i < N; i++) {
      const sim = new CpeSimulator({
        acsUrl: `http://127.0.0.1:${acs.port}/`,
        serial: `SIM${String(i).padStart(4, '0')}`,
        cwmpMinor: (i % 3) as 0 | 1 | 2,
        acsAuth: { username: 'acs', password: 'acs-pass-1' },
        crAuth: { username: 'cr', password: 'cr-pass-1' },
      });
      await sim.listen();
      sims.push(sim);
    }
    // BOOTSTRAP + BOOT sessions, 25 CPEs at a time.
    for (let i = 0; i < N; i += 25) await Promise.all(sims.slice(i, i + 25).map((x) => x.inform()));
    const rows = await s.app.db.kysely.selectFrom('tr069_device').select(['id', 'serial_number']).execute();
    const bySerial = new Map(rows.map((r) => [String(r.serial_number), Number(r.id)]));
    for (const sim of sims) idOf.set(sim, bySerial.get(sim.opts.serial)!);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sims.map((x) => x.close()));
    await acs.close();
    await s.close();
  });

  it('every CPE informed and was registered, none broke off', async () => {
    expect(sims.every((x) => idOf.get(x))).toBe(true);
    expect(sims.flatMap((x) => x.errors)).toEqual([]);
  });

  it('GetRPCMethods to 100 CPEs: the batch wakes every one at the configured pace; each task keeps the method list', async () => {
    const r = await call<{ queued: number; connection_requests: { sent: boolean; queued?: boolean }[] }>(
      CPE,
      {
        method: 'get_rpc_methods',
        ids: ids(sims),
      },
    );
    expect(r.code, r.msg).toBe(200);
    expect(r.data.queued).toBe(N);
    // One second's worth goes at once; the rest wait in the paced queue (none is left out).
    const now = r.data.connection_requests.filter((k) => k.sent).length;
    const later = r.data.connection_requests.filter((k) => k.queued).length;
    expect(now).toBe(RATE);
    expect(later).toBe(N - RATE);
    await until('every GetRPCMethods task settled', async () => settled(await tasks('getRPCMethods')));
    await allIdle();
    expect(sims.map((x) => x.crAccepted)).toEqual(sims.map(() => 1));
    expect(sims.reduce((n, x) => n + x.crRefused, 0)).toBe(0);
    const rows = await tasks('getRPCMethods');
    expect(rows).toHaveLength(N);
    expect(rows.every((t) => t.state === 'done')).toBe(true);
    for (const t of rows) {
      const args = JSON.parse(t.args);
      expect(args.reply.methods).toContain('Download');
      expect(args.wake).toMatchObject({ sent: true, http_status: 204 });
    }
    const h = await call<{
      list: { name: string; detail: { methods?: string[]; wake?: { sent: boolean } } }[];
    }>(CPE, { method: 'history', id: idOf.get(sims[7]!) });
    expect(h.data.list[0]).toMatchObject({ name: 'getRPCMethods', detail: { wake: { sent: true } } });
    expect(h.data.list[0]!.detail.methods).toContain('GetRPCMethods');
  });

  it('Download to 100 CPEs: the file is served with the task token; TransferComplete faults fail the task with their code', async () => {
    const upload = randomUUID();
    // Where every upload is: the server's file store (the data folder, or PostgreSQL).
    await s.app.files.put(`uploads/files/${upload}.bin`, FIRMWARE);
    await s.app.db.kysely
      .insertInto('uploads')
      .values({
        id: upload,
        kind: 'firmware',
        name: 'fw-2.0.bin',
        mime: 'application/octet-stream',
        size: FIRMWARE.length,
        sha256: '',
        width: null,
        height: null,
        file: `${upload}.bin`,
        user_id: 1,
        created_at: s.app.now(),
      })
      .execute();
    const file = await call<{ id: number }>(FILE, {
      method: 'add',
      name: 'fw-2.0',
      file_type: '1 Firmware Upgrade Image',
      version: '2.0',
      file: upload,
    });
    expect(file.code, file.msg).toBe(200);
    for (const x of sims.slice(0, 10))
      x.failDownloadsWith = { code: '9010', message: 'Download failed: bad image' };
    for (const x of sims.slice(10, 15)) x.spoilDownloadToken = true;

    const r = await call(CPE, { method: 'download', ids: ids(sims), file_id: file.data.id });
    expect(r.code, r.msg).toBe(200);
    await until('every download settled', async () => settled(await tasks('download')));
    await allIdle();
    const rows = await tasks('download');
    expect(rows).toHaveLength(N);
    const of = (sim: CpeSimulator) => rows.find((t) => t.device_id === idOf.get(sim))!;
    for (const x of sims.slice(0, 10))
      expect(of(x)).toMatchObject({
        state: 'failed',
        fault_code: '9010',
        fault_string: 'Download failed: bad image',
      });
    for (const x of sims.slice(10, 15)) {
      expect(of(x)).toMatchObject({ state: 'failed', fault_code: '9016' });
      expect(x.lastDownload).toMatchObject({ status: 404, bytes: 9 });
    }
    for (const x of sims.slice(15)) {
      expect(of(x)).toMatchObject({ state: 'done', fault_code: '' });
      expect(x.lastDownload).toMatchObject({ status: 200, bytes: FIRMWARE.length });
      expect(JSON.parse(of(x).args).transfer).toMatchObject({ bytes: FIRMWARE.length, result: 'sent' });
    }
    // The token died with its task; the path is never a file name.
    const gone = await fetch(sims[20]!.lastDownload!.url);
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain('firmware');
    const base = `http://127.0.0.1:${acs.port}`;
    const taskId = of(sims[20]!).id;
    for (const p of [
      `/files/${taskId}.${'A'.repeat(32)}/fw.bin`,
      `/files/${taskId}/fw.bin`,
      '/files/../../etc/passwd',
      `/files/${taskId}.x/..%2F..%2Fetc%2Fpasswd`,
    ]) {
      // 404 from the file server, or 405 where the URL's dots took the path out of /files/.
      const res = await fetch(base + p);
      expect([404, 405], p).toContain(res.status);
      expect(await res.text(), p).not.toContain('firmware');
    }
    // The history says what the CPE said, in the fault columns.
    const h = await call<{ list: { name: string; state: string; fault_code: string }[] }>(CPE, {
      method: 'history',
      id: idOf.get(sims[0]!),
    });
    expect(h.data.list[0]).toMatchObject({ name: 'download', state: 'failed', fault_code: '9010' });
  });

  it('reboot to 100, set, refresh and factory reset; the CPE asks GetRPCMethods and reports an autonomous transfer', async () => {
    expect((await call(CPE, { method: 'reboot', ids: ids(sims) })).code).toBe(200);
    const [a, b, c, d, e] = sims;
    const set = await call(CPE, {
      method: 'set_params',
      id: idOf.get(a!),
      params: [['InternetGatewayDevice.ManagementServer.PeriodicInformInterval', '600', 'xsd:unsignedInt']],
    });
    expect(set.code, set.msg).toBe(200);
    expect(
      (await call(CPE, { method: 'refresh', id: idOf.get(b!), path: 'InternetGatewayDevice.' })).code,
    ).toBe(200);
    expect((await call(CPE, { method: 'factory_reset', id: idOf.get(c!) })).code).toBe(200);
    await until('every task settled', async () => settled(await tasks()));
    await allIdle();
    const rows = await tasks();
    expect(rows.filter((t) => t.name === 'reboot' && t.state === 'done')).toHaveLength(N);
    for (const name of ['setParameterValues', 'refreshObject', 'factoryReset'])
      expect(rows.filter((t) => t.name === name).map((t) => t.state)).toEqual(['done']);
    expect(a!.params.get('InternetGatewayDevice.ManagementServer.PeriodicInformInterval')?.value).toBe('600');
    expect(sims.every((x) => x.rpcs.includes('Reboot'))).toBe(true);

    await d!.askAcsMethods();
    expect(d!.acsMethods).toEqual([
      'Inform',
      'GetRPCMethods',
      'TransferComplete',
      'AutonomousTransferComplete',
    ]);
    await e!.autonomousTransfer('http://user:secret@vendor.example/fw-3.bin', 5000);
    await e!.autonomousTransfer('http://vendor.example/fw-4.bin', 0, { code: '9010', message: 'checksum' });
    const atc = (await tasks('autonomousTransfer')).filter((t) => t.device_id === idOf.get(e!));
    expect(atc.map((t) => [t.state, t.fault_code])).toEqual([
      ['done', ''],
      ['failed', '9010'],
    ]);
    const h = await call<{ list: { name: string; detail: { url?: string } }[] }>(CPE, {
      method: 'history',
      id: idOf.get(e!),
    });
    expect(h.data.list[1]).toMatchObject({
      name: 'autonomousTransfer',
      detail: { url: 'http://vendor.example/fw-3.bin' },
    });
    expect(sims.flatMap((x) => x.errors)).toEqual([]);
  });

  it('a pending task can be cancelled; a taken one cannot; a deleted CPE takes its tasks with it', async () => {
    const [, , , , , f, g] = sims;
    f!.busy = true;
    g!.busy = true;
    expect((await call(CPE, { method: 'reboot', ids: ids([f!, g!]) })).code).toBe(200);
    const waiting = async () => (await tasks('reboot')).filter((t) => t.state === 'pending');
    // The CPEs answered 503 (at once, or from the paced queue): each attempt is kept on its task.
    await until('both connection requests tried', async () =>
      (await waiting()).every((t) => JSON.parse(t.args).wake),
    );
    const pending = await waiting();
    expect(pending.map((t) => t.device_id).sort()).toEqual(ids([f!, g!]).sort());
    for (const t of pending) expect(JSON.parse(t.args).wake).toMatchObject({ sent: false, http_status: 503 });

    const mine = pending.find((t) => t.device_id === idOf.get(f!))!;
    // The button is the permission: a role with the page and the reboot button cannot cancel.
    const operator = await signedInAs(s, `op_${kind}`, {
      endpoints: [CPE],
      buttons: ['tr069:device:reboot'],
    });
    const refused = await s.call(
      CPE,
      { method: 'cancel_tasks', id: idOf.get(f!), task_id: mine.id },
      { token: operator },
    );
    expect(refused.code).toBe(403);
    expect((await tasks('reboot')).find((t) => t.id === mine.id)?.state).toBe('pending');
    const done = (await tasks('reboot')).find((t) => t.device_id === idOf.get(f!) && t.state === 'done')!;
    const notTaken = await call<{ cancelled: number }>(CPE, {
      method: 'cancel_tasks',
      id: idOf.get(f!),
      task_id: done.id,
    });
    expect(notTaken.data.cancelled).toBe(0);
    const c = await call<{ cancelled: number }>(CPE, {
      method: 'cancel_tasks',
      id: idOf.get(f!),
      task_id: mine.id,
    });
    expect(c.code, c.msg).toBe(200);
    expect(c.data.cancelled).toBe(1);
    expect((await tasks('reboot')).find((t) => t.id === mine.id)?.state).toBe('cancelled');
    const row = await s.app.db.kysely
      .selectFrom('tr069_device')
      .select('pending_tasks')
      .where('id', '=', idOf.get(f!)!)
      .executeTakeFirstOrThrow();
    expect(Number(row.pending_tasks)).toBe(0);
    f!.busy = false;
    const before = f!.rpcs.length;
    await f!.inform('2 PERIODIC');
    expect(f!.rpcs.length).toBe(before);

    const gid = idOf.get(g!)!;
    expect((await call(CPE, { method: 'del', ids: [gid] })).code).toBe(200);
    expect((await tasks()).filter((t) => t.device_id === gid)).toEqual([]);
  });

  it('a Download whose TransferComplete never comes: its token expires, then the next Inform fails it', async () => {
    const h = sims[8]!;
    h.loseTransferComplete = true;
    const file = await s.app.db.kysely.selectFrom('tr069_file').select('id').executeTakeFirstOrThrow();
    expect((await call(CPE, { method: 'download', ids: [idOf.get(h)], file_id: file.id })).code).toBe(200);
    const lost = async () => (await tasks('download')).filter((t) => t.device_id === idOf.get(h)).at(-1)!;
    await until('the download taken', async () => (await lost()).state === 'sent');
    await h.idle();
    const url = h.lastDownload!.url;
    expect(h.lastDownload!.status).toBe(200);
    expect((await fetch(url)).status).toBe(200);
    // Past the token's life (1 h): nothing is served, though the task still waits.
    s.clock.advance(60 * 60_000 + 1000);
    expect((await fetch(url)).status).toBe(404);
    expect((await lost()).state).toBe('sent');
    s.clock.advance(60 * 60_000);
    await h.inform('2 PERIODIC');
    expect(await lost()).toMatchObject({ state: 'failed', fault_code: '' });
    expect((await lost()).fault_string).toContain('TransferComplete');
  });
});
