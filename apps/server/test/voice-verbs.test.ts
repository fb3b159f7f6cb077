import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resourceByName } from '@igs/contract/resources';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertRecord, type WriteTarget } from '../src/platform/resources/write.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

/*
 * The voice verbs that need no live Asterisk (DOMAIN 2.2 "Verbs:"), over HTTP: extension
 * batch_add, wake-up cancel, the outbound routes' sort, the pjsip export, the call records'
 * import, delete by date and play, broadcast play_now and notification start/cancel (call files in
 * Asterisk's outgoing spool, 503 without one), the preplan's dry run, and alarm ack/close.
 */

const V = (name: string) => `/admin.php/voice/${name}`;
const ALARMS = '/admin.php/aiso/alarm_event';
type List<T = Record<string, unknown>> = { list: T[]; total: number };
type Errors = { errors?: { field: string; msg: string; line?: number }[] };

/** A short WAV file (RIFF/WAVE header and a few silent samples), so the upload takes it as audio. */
function wav(): Buffer {
  const samples = Buffer.alloc(800);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + samples.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(16000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(samples.length, 40);
  return Buffer.concat([h, samples]);
}

describeEachDb('voice verbs', (kind) => {
  let s: TestServer;
  let token: string;
  let tmp: string;
  const env = { ...process.env };
  const call = <T = Errors>(p: string, body: unknown, t = token, lang?: 'zh_CN') =>
    s.call<T>(p, body, { token: t, headers: lang ? { cookie: 'language=zh_CN' } : {} });
  const list = async <T = Record<string, unknown>>(p: string) =>
    (await call<List<T>>(p, { method: 'list', limit: 200 })).data.list;
  const add = async (p: string, body: Record<string, unknown>) => {
    const r = await call<{ id: number }>(p, { method: 'add', ...body });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  const system = (name: string, body: Record<string, unknown>, site = 0) =>
    insertRecord(
      { db: s.app.db.kysely as unknown as WriteTarget['db'], lang: 'en', now: Date.now() },
      resourceByName(name)!,
      body,
      site,
      { system: true },
    );
  const upload = async (kind_: string, data: Buffer, name: string) => {
    const fd = new FormData();
    fd.append('kind', kind_);
    fd.append('file', new Blob([new Uint8Array(data)]), name);
    const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, { token });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  const spool = () => path.join(tmp, 'spool');
  const outgoing = () => path.join(spool(), 'outgoing');
  const useSpool = (present: boolean) => {
    fs.rmSync(spool(), { recursive: true, force: true });
    if (present) {
      fs.mkdirSync(outgoing(), { recursive: true });
      fs.mkdirSync(path.join(spool(), 'tmp'));
    }
  };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-voice-verbs-'));
    process.env.ASTERISK_SPOOL = spool();
    // Nothing listens on port 1 of the loopback: the manager interface is unreachable.
    process.env.ASTERISK_AMI_HOST = '127.0.0.1';
    process.env.ASTERISK_AMI_PORT = '1';
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => {
    await s.close();
    for (const k of ['ASTERISK_SPOOL', 'ASTERISK_AMI_HOST', 'ASTERISK_AMI_PORT']) {
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(() => useSpool(false));

  describe('extension batch_add', () => {
    it('adds a range by the rules of add, names them, links the area of the same code', async () => {
      const area = await add('/admin.php/system/region', { name: 'Room 2003', type: 'room', code: '2003' });
      const r = await call<{ added: number; ids: number[]; linked: number }>(V('extension'), {
        method: 'batch_add',
        from: '2001',
        to: '2005',
        name_pattern: 'Room {n}',
        call_permission: 'internal',
      });
      expect(r.code, r.msg).toBe(200);
      expect(r.data).toMatchObject({ added: 5, linked: 1 });
      const rows = (await list(V('extension')))
        .filter((e) => String(e.extension).startsWith('200'))
        .sort((a, b) => String(a.extension).localeCompare(String(b.extension)));
      expect(rows.map((e) => [e.extension, e.name, e.call_permission, e.area_id])).toEqual([
        ['2001', 'Room 2001', 'internal', null],
        ['2002', 'Room 2002', 'internal', null],
        ['2003', 'Room 2003', 'internal', area],
        ['2004', 'Room 2004', 'internal', null],
        ['2005', 'Room 2005', 'internal', null],
      ]);
      // each got its own generated SIP password
      const secrets = (await s.app.db.kysely
        .selectFrom('voice_extension' as never)
        .select('secret' as never)
        .where('extension' as never, 'in', ['2001', '2002'] as never)
        .execute()) as { secret: string }[];
      expect(new Set(secrets.map((x) => x.secret)).size).toBe(2);
      for (const x of secrets) expect(x.secret.length).toBeGreaterThanOrEqual(12);
      const log = await call<List<{ detail: string }>>('/admin.php/system/logging', {
        method: 'list',
        filter: { module: 'voice:extension', action: 'batch_add' },
      });
      expect(log.data.list[0]!.detail).toBe('extensions 2001–2005: 5 added, 1 linked to areas');
    });

    it('all or nothing: one number taken by the numbering plan refuses the whole range with 409', async () => {
      await add(V('conference'), { number: '2010', name: 'Board room' });
      const before = await list(V('extension'));
      const r = await call(V('extension'), {
        method: 'batch_add',
        from: '2008',
        to: '2012',
        name_pattern: 'R{n}',
      });
      expect(r.code).toBe(409);
      expect(r.msg).toBe(
        '2010: Number 2010 is already used by meeting room "Board room" (all numbers share one numbering plan)',
      );
      expect(r.data.errors?.[0]?.field).toBe('from');
      expect(await list(V('extension'))).toEqual(before);
    });

    it('refuses bad ranges with 422 naming the field, adding nothing', async () => {
      const before = await list(V('extension'));
      const cases: [Record<string, unknown>, string, string][] = [
        [{ from: '3005', to: '3001' }, 'to', 'To number must not be lower than From number'],
        [{ from: '300', to: '3005' }, 'to', 'To number must have as many digits as From number'],
        [{ from: '3000', to: '3600' }, 'to', 'At most 500 extensions can be added at once'],
        [{ from: '30a', to: '3005' }, 'from', 'From number may contain digits only'],
        [{ to: '3005' }, 'from', 'From number is required'],
        [
          { from: '301', to: '305' },
          'from',
          '301: Extension number must have 4 digits (the extension length of the basic settings)',
        ],
        [
          { from: '3001', to: '3002', name_pattern: `${'x'.repeat(47)}{n}` },
          'name_pattern',
          '3001: Name must be at most 50 characters',
        ],
      ];
      for (const [body, field, msg] of cases) {
        const r = await call(V('extension'), { method: 'batch_add', ...body });
        expect(r.code, JSON.stringify(body)).toBe(422);
        expect(r.msg).toBe(msg);
        expect(r.data.errors?.[0]?.field).toBe(field);
      }
      expect(await list(V('extension'))).toEqual(before);
    });

    it('needs its own button key', async () => {
      const editor = await accountWith(s, `ext_editor_${kind}`, [V('extension')], ['voice:extension:add']);
      const r = await call(V('extension'), { method: 'batch_add', from: '4001', to: '4002' }, editor);
      expect(r.code).toBe(403);
      const batcher = await accountWith(
        s,
        `ext_batch_${kind}`,
        [V('extension')],
        ['voice:extension:batch_add'],
      );
      expect(
        (await call(V('extension'), { method: 'batch_add', from: '4001', to: '4002' }, batcher)).code,
      ).toBe(200);
    });
  });

  it('wake-up cancel: the scheduled calls chosen become cancelled; a cancelled one answers 409', async () => {
    const ext = await add(V('extension'), { extension: '1501', name: 'Room 1501' });
    const a = await add(V('wakeup'), { room_ext: ext, time: '06:30', repeat: 'daily' });
    const b = await add(V('wakeup'), { room_ext: ext, time: '07:00', date: '2030-01-02' });
    const c = await add(V('wakeup'), { room_ext: ext, time: '08:00', repeat: 'daily' });
    const r = await call<{ cancelled: number }>(V('wakeup'), { method: 'cancel', ids: [a, b] });
    expect(r).toMatchObject({ code: 200, data: { cancelled: 2 } });
    const state = async () => Object.fromEntries((await list(V('wakeup'))).map((w) => [w.id, w.state]));
    expect(await state()).toMatchObject({ [a]: 'cancelled', [b]: 'cancelled', [c]: 'scheduled' });
    const again = await call(V('wakeup'), { method: 'cancel', ids: [c, a] });
    expect(again.code).toBe(409);
    expect(again.msg).toBe(`#${a}: Cancel is not possible while state is Cancelled`);
    expect((await state())[c]).toBe('scheduled');
  });

  it('outbound route sort stores the dialling order in seq, with the edit key', async () => {
    const trunk = await add(V('trunk'), { name: 'sort-trunk', sip_server: '10.0.0.9', registration: 'none' });
    const group = await add(V('trunk_group'), { name: 'Sort', trunk_ids: [trunk] });
    const route = (name: string) =>
      add(V('outbound_route'), { name, patterns: [{ match: 'X.' }], trunk_group_id: group });
    const a = await route('A');
    const b = await route('B');
    const c = await route('C');
    expect((await call(V('outbound_route'), { method: 'sort', ids: [c, a] })).code).toBe(200);
    const order = async () => (await list(V('outbound_route'))).map((r) => [r.id, r.seq]);
    // the list follows seq; the route left out keeps its place after the ones sent
    expect(await order()).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    const missing = await call(V('outbound_route'), { method: 'sort', ids: [b, 99999] });
    expect(missing).toMatchObject({ code: 404, msg: 'No such record: #99999' });
    expect((await call(V('outbound_route'), { method: 'sort', ids: [a, a] })).code).toBe(422);
    const viewer = await accountWith(s, `route_viewer_${kind}`, [V('outbound_route')], []);
    expect((await call(V('outbound_route'), { method: 'sort', ids: [b, a, c] }, viewer)).code).toBe(403);
    const editor = await accountWith(
      s,
      `route_editor_${kind}`,
      [V('outbound_route')],
      ['voice:outbound_route:edit'],
    );
    expect((await call(V('outbound_route'), { method: 'sort', ids: [b, a, c] }, editor)).code).toBe(200);
    expect((await order()).map(([id]) => id)).toEqual([b, a, c]);
  });

  it('exports trunks and extensions as pjsip.conf sections, passwords masked', async () => {
    await add(V('trunk'), {
      name: 'telecom',
      sip_server: 'sip.telecom.example',
      username: 'gw0571',
      secret: 'Very-secret-trunk-1',
    });
    const exp = await call<{ url: string }>(V('trunk'), { method: 'export', format: 'pjsip' });
    expect(exp.code, exp.msg).toBe(200);
    const res = await fetch(s.url + exp.data.url);
    expect(res.headers.get('content-disposition')).toMatch(/voice_trunk-\d+\.conf/);
    const text = await res.text();
    expect(text).toContain('[trunk-telecom]');
    expect(text).toContain('[trunk-telecom-reg]\ntype=registration');
    expect(text).toContain('client_uri=sip:gw0571@sip.telecom.example:5060');
    expect(text).toContain('password=********');
    expect(text).not.toContain('Very-secret-trunk-1');
    // a trunk on a transport the basic settings leave off is named, not written
    await add(V('trunk'), {
      name: 'tls-line',
      sip_server: '10.1.1.1',
      transport: 'tls',
      registration: 'none',
    });
    const both = await (
      await fetch(
        s.url + (await call<{ url: string }>(V('trunk'), { method: 'export', format: 'pjsip' })).data.url,
      )
    ).text();
    expect(both).toContain('; ! Trunk tls-line uses TLS, which is off in the basic settings: left out');
    expect(both).not.toContain('[trunk-tls-line]');

    const ext = await add(V('extension'), { extension: '8801', name: 'Lobby', secret: 'Lobby-phone-secret' });
    const e = await call<{ url: string }>(V('extension'), { method: 'export', format: 'pjsip', ids: [ext] });
    const etext = await (await fetch(s.url + e.data.url)).text();
    expect(etext).toContain('[8801]\ntype=endpoint');
    expect(etext).toContain('[8801-auth]');
    expect(etext).not.toContain('Lobby-phone-secret');
    // only the records exported
    expect(etext.match(/type=endpoint/g)).toHaveLength(1);
  });

  describe('call records', () => {
    const master = [
      '"","8001","8002","igs-extensions","""Front"" <8001>","PJSIP/8001-00000001","PJSIP/8002-00000002","Dial","PJSIP/8002,30","2024-05-01 09:00:00","2024-05-01 09:00:05","2024-05-01 09:01:05",65,60,"ANSWERED","DOCUMENTATION","1714525200.1",""',
      '"","13800000000","057188886666","from-trunk","13800000000","PJSIP/trunk-telecom-00000003","","Queue","6100","2024-05-01 10:00:00","","2024-05-01 10:00:30",30,0,"NO ANSWER","DOCUMENTATION","1714528800.3"',
      '"","8001","013912345678","from-internal-national","8001","PJSIP/8001-00000004","PJSIP/trunk-telecom-00000005","Dial","PJSIP/013912345678@trunk-telecom","2024-05-02 11:00:00","2024-05-02 11:00:10","2024-05-02 11:02:10",130,120,"ANSWERED","DOCUMENTATION","1714618800.4"',
    ].join('\n');
    const cdrs = async () => list<Record<string, unknown>>(V('cdr'));
    const importCdr = (text: string, extra: Record<string, unknown> = {}) =>
      upload('text', Buffer.from(text), 'Master.csv').then((id) =>
        call<{ total: number; inserted: number; new: number; skipped: number } & Errors>(V('cdr'), {
          method: 'import',
          text_file: id,
          ...extra,
        }),
      );

    it('imports Master.csv: a dry run writes nothing, a second import skips calls already stored', async () => {
      const dry = await importCdr(master, { dry_run: 1 });
      expect(dry).toMatchObject({ code: 200, data: { total: 3, new: 3, inserted: 0, skipped: 0 } });
      expect(await cdrs()).toEqual([]);
      const r = await importCdr(master);
      expect(r).toMatchObject({ code: 200, data: { total: 3, inserted: 3, skipped: 0 } });
      const rows = await cdrs();
      expect(rows.map((c) => [c.src, c.dst, c.disposition, c.billsec, c.direction, c.answer])).toEqual([
        ['8001', '013912345678', 'ANSWERED', 120, 'outbound', '2024-05-02 11:00:10'],
        ['13800000000', '057188886666', 'NO ANSWER', 0, 'inbound', null],
        ['8001', '8002', 'ANSWERED', 60, 'internal', '2024-05-01 09:00:05'],
      ]);
      expect(rows[2]).toMatchObject({
        clid: '"Front" <8001>',
        uniqueid: '1714525200.1',
        lastdata: 'PJSIP/8002,30',
      });
      const again = await importCdr(master);
      expect(again).toMatchObject({ code: 200, data: { inserted: 0, skipped: 3 } });
      expect(await cdrs()).toHaveLength(3);
      // the Master.csv export gives the lines back
      const exp = await call<{ url: string }>(V('cdr'), { method: 'export', format: 'cdr_csv' });
      const text = await (await fetch(s.url + exp.data.url)).text();
      expect(text).toContain('"","8001","8002","igs-extensions","""Front"" <8001>","PJSIP/8001-00000001"');
    });

    it('refuses a file with a bad line, naming the line, and stores nothing', async () => {
      const before = await cdrs();
      const bad = `${master.replace('"1714525200.1"', '"x-1"')}\n"","1","2","c","","PJSIP/1-1","","Dial","","2024-13-40 99:00:00","","2024-05-01 09:00:00",1,1,"MAYBE",""`;
      const r = await importCdr(bad);
      expect(r.code).toBe(422);
      expect(r.msg).toBe('Line 4: Start must be YYYY-MM-DD HH:mm:ss');
      expect(r.data.errors?.map((e) => [e.line, e.field])).toEqual([
        [4, 'start'],
        [4, 'disposition'],
      ]);
      const short = await importCdr('"a","b","c"\n');
      expect(short.msg).toBe(
        'Line 1 has 3 columns; a Master.csv line has 16 to 21 (accountcode … amaflags, then uniqueid, userfield, peeraccount, linkedid, sequence)',
      );
      const missing = await call(V('cdr'), {
        method: 'import',
        text_file: '00000000-0000-4000-8000-000000000000',
      });
      expect(missing).toMatchObject({ code: 422, msg: 'The uploaded file was not found: upload it again' });
      expect(await cdrs()).toEqual(before);
    });

    it('deletes the calls that started in a date range; play only where a call was recorded', async () => {
      const r = await call<{ deleted: number }>(V('cdr'), {
        method: 'del',
        from: '2024-05-01 00:00:00',
        to: '2024-05-01 23:59:59',
      });
      expect(r).toMatchObject({ code: 200, data: { deleted: 2 } });
      const left = await cdrs();
      expect(left.map((c) => c.start)).toEqual(['2024-05-02 11:00:00']);
      const wrong = await call(V('cdr'), {
        method: 'del',
        from: '2024-06-01 00:00:00',
        to: '2024-05-01 00:00:00',
      });
      expect(wrong).toMatchObject({ code: 422, msg: 'Started until must not be before Started from' });
      expect((await call(V('cdr'), { method: 'del', from: '2024-05-01' })).code).toBe(422);
      expect(await cdrs()).toEqual(left);

      const none = await call(V('cdr'), { method: 'play', id: left[0]!.id });
      // Refused before its handler runs: the verb is offered only where a recording exists.
      expect(none).toMatchObject({
        code: 409,
        msg: `#${left[0]!.id}: Play recording is not possible without recording`,
      });
      // A recording and its playing: voice-recordings.test.ts.
    });
  });

  describe('Master.csv as Asterisk 18 and 20 write it', () => {
    const fixture = (name: string) =>
      fs.readFileSync(new URL(`./fixtures/voice/${name}`, import.meta.url), 'utf8');
    const june = async () =>
      (await list<Record<string, unknown>>(V('cdr'))).filter((c) => String(c.start).startsWith('2024-06'));
    const importCdr = (text: string | Buffer, extra: Record<string, unknown> = {}) =>
      upload('text', Buffer.from(text), 'Master.csv').then((id) =>
        call<{ total: number; inserted: number; skipped: number; completed: number } & Errors>(V('cdr'), {
          method: 'import',
          text_file: id,
          ...extra,
        }),
      );
    const clear = () =>
      call(V('cdr'), { method: 'del', from: '2024-06-01 00:00:00', to: '2024-06-30 23:59:59' });

    it('reads each form by its column count, and the same calls from two forms stay one row each', async () => {
      const std = await importCdr(fixture('Master-16.csv'));
      expect(std).toMatchObject({ code: 200, data: { total: 3, inserted: 3, skipped: 0 } });
      // The 18-column form (loguniqueid, loguserfield) of the same calls completes them.
      const a18 = await importCdr(fixture('Master-asterisk18.csv'));
      expect(a18).toMatchObject({ code: 200, data: { total: 3, inserted: 0, skipped: 3, completed: 3 } });
      const a20 = await importCdr(fixture('Master-asterisk20-newcdrcolumns.csv'));
      expect(a20).toMatchObject({ code: 200, data: { total: 3, inserted: 0, skipped: 3, completed: 3 } });
      const rows = await june();
      expect(rows).toHaveLength(3);
      expect(
        rows.map((c) => [c.src, c.uniqueid, c.userfield, c.peeraccount, c.linkedid, c.sequence, c.direction]),
      ).toEqual([
        ['1001', '1717414200.4', null, 'trunk-telecom', '1717414200.4', 4, 'outbound'],
        ['13800138000', '1717408960.2', null, null, '1717408960.2', 2, 'inbound'],
        ['1001', '1717406102.0', 'room-service', null, '1717406102.0', 0, 'internal'],
      ]);

      // The other way round: the widest form first, then the narrower ones find nothing new.
      expect((await clear()).code).toBe(200);
      expect((await importCdr(fixture('Master-asterisk20-newcdrcolumns.csv'))).data).toMatchObject({
        inserted: 3,
      });
      for (const f of ['Master-16.csv', 'Master-asterisk18.csv'])
        expect((await importCdr(fixture(f))).data, f).toMatchObject({
          inserted: 0,
          skipped: 3,
          completed: 0,
        });
      expect(await june()).toHaveLength(3);

      // The export writes the standard 16 columns first; with calls carrying the newer columns,
      // the 21-column form, line for line as Asterisk 20 wrote them.
      const exp = await call<{ url: string }>(V('cdr'), { method: 'export', format: 'cdr_csv' });
      const text = await (await fetch(s.url + exp.data.url)).text();
      for (const line of fixture('Master-asterisk20-newcdrcolumns.csv').trim().split('\n'))
        expect(text).toContain(`${line}\n`);
    });

    it('reads 17, 19 and 20 columns, and a file in GB18030', async () => {
      expect((await clear()).code).toBe(200);
      const base =
        '"","1002","1003","igs-extensions","""大堂经理"" <1002>","PJSIP/1002-0000000a","PJSIP/1003-0000000b","Dial","PJSIP/1003","2024-06-04 08:00:00","2024-06-04 08:00:02","2024-06-04 08:00:12",12,10,"ANSWERED","DOCUMENTATION"';
      const text = [
        `${base.replace('0000000a', '0000000c')},"贵宾客户回访"`, // 17: a user field, no unique id
        `${base.replace('08:00:00', '08:10:00')},"1717488600.11"`, // 17: a unique id
        `${base.replace('08:00:00', '08:20:00')},"","1717489200.12",1`, // 19: newcdrcolumns only
        `${base.replace('08:00:00', '08:30:00')},"pbx1-1717489800.13","","pbx1-1717489800.13",3`, // 20
      ].join('\r\n');
      // As a Chinese Windows tool saves it (the upload of kind text takes no UTF-16 or gzip file).
      const r = await importCdr(iconv.encode(text, 'gb18030'));
      expect(r).toMatchObject({ code: 200, data: { total: 4, inserted: 4 } });
      const rows = await june();
      expect(rows.every((c) => c.clid === '"大堂经理" <1002>')).toBe(true);
      expect(rows.map((c) => [c.start, c.userfield, c.uniqueid, c.linkedid, c.sequence])).toEqual([
        ['2024-06-04 08:30:00', null, 'pbx1-1717489800.13', 'pbx1-1717489800.13', 3],
        ['2024-06-04 08:20:00', null, null, '1717489200.12', 1],
        ['2024-06-04 08:10:00', null, '1717488600.11', null, null],
        ['2024-06-04 08:00:00', '贵宾客户回访', null, null, null],
      ]);
      expect((await importCdr(text)).data).toMatchObject({ inserted: 0, skipped: 4 });
    });

    it('reads the file in the encoding the operator names, and refuses one it does not know', async () => {
      expect((await clear()).code).toBe(200);
      // A caller ID in Windows-1252, as a PBX on a Western Windows host writes it; one line is
      // too short for a guess to be sure, the operator's word is.
      const line =
        '"","1002","1003","igs-extensions","""Zoë Müller"" <1002>","PJSIP/1002-0000000d","PJSIP/1003-0000000e","Dial","PJSIP/1003","2024-06-05 09:00:00","2024-06-05 09:00:02","2024-06-05 09:00:12",12,10,"ANSWERED","DOCUMENTATION"';
      const bytes = iconv.encode(line, 'windows-1252');
      const bad = await importCdr(bytes, { encoding: 'ebcdic' });
      expect(bad.code).toBe(422);
      expect(await june()).toHaveLength(0);
      const r = await importCdr(bytes, { encoding: 'windows-1252' });
      expect(r).toMatchObject({ code: 200, data: { total: 1, inserted: 1 } });
      expect((await june()).map((c) => c.clid)).toEqual(['"Zoë Müller" <1002>']);
    });
  });

  describe('call files', () => {
    let sound: string;
    let taskId: number;
    let notifyId: number;
    beforeAll(async () => {
      sound = await upload('audio', wav(), 'notice.wav');
      const e1 = await add(V('extension'), { extension: '8601', name: 'Bar' });
      const paging = await add(V('paging'), {
        number: '6601',
        name: 'Lobby',
        members: { extensions: ['8601'] },
      });
      taskId = await add(V('broadcast_task'), {
        name: 'Breakfast',
        group_id: paging,
        sound,
        repeat: 2,
        time: '07:00',
      });
      const group = await add(V('contact_group'), { name: 'Managers' });
      await add(V('contact'), { name: 'Duty', group_id: group, mobile: '13900000000' });
      notifyId = await add(V('notify'), {
        name: 'Drill',
        callees: { extensions: ['8601', '8602'], numbers: ['88886666'], contact_group_ids: [group] },
        sound,
        concurrency: 2,
        retries: 1,
      });
      expect(e1).toBeGreaterThan(0);
    });

    it('broadcast play_now answers 503 naming the spool when it cannot be written, changing nothing', async () => {
      const r = await call(V('broadcast_task'), { method: 'play_now', id: taskId });
      expect(r.code).toBe(503);
      expect(r.msg).toBe(
        `Asterisk's call file spool ${outgoing()} cannot be written (ENOENT): Asterisk is not installed or not set up here (ASTERISK_SPOOL)`,
      );
      const zh = await call(V('broadcast_task'), { method: 'play_now', id: taskId }, token, 'zh_CN');
      expect(zh.msg).toMatch(/^无法写入Asterisk呼叫文件目录/);
      expect((await list(V('broadcast_task')))[0]).toMatchObject({ last_run: null, last_result: null });
    });

    it('broadcast play_now drops a call file that pages the group and plays the sound', async () => {
      useSpool(true);
      const r = await call<{ file: string; group: string }>(V('broadcast_task'), {
        method: 'play_now',
        id: taskId,
      });
      expect(r.code, r.msg).toBe(200);
      expect(fs.readdirSync(outgoing())).toEqual([r.data.file]);
      // nothing is left behind in Asterisk's tmp folder
      expect(fs.readdirSync(path.join(spool(), 'tmp'))).toEqual([]);
      const text = fs.readFileSync(path.join(outgoing(), r.data.file), 'utf8');
      // Asterisk plays a file on this machine: the data folder's upload (local store), or this
      // instance's cached copy of the shared store's (PostgreSQL), with the same bytes.
      const folder = s.app.files.kind === 'local' ? ['uploads', 'files'] : ['cache', 'uploads'];
      const stored = path.join(s.dataDir, ...folder, sound);
      expect(fs.readFileSync(`${stored}.wav`).equals(wav())).toBe(true);
      expect(text).toBe(
        [
          'Channel: Local/6601@igs-local',
          'CallerID: "Breakfast" <6601>',
          'MaxRetries: 0',
          'WaitTime: 30',
          'Application: Playback',
          `Data: ${stored}&${stored}`,
          'Archive: yes',
          '',
        ].join('\n'),
      );
      const task = (await list(V('broadcast_task')))[0]!;
      expect(task.last_result).toBe(`call file ${r.data.file}`);
      expect(task.last_run).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });

    it('notify start: one call file per callee, concurrency at a time a minute apart; cancel takes them back', async () => {
      const refused = await call(V('notify'), { method: 'start', id: notifyId });
      expect(refused.code).toBe(503);
      expect((await list(V('notify')))[0]!.state).toBe('draft');
      useSpool(true);
      const r = await call<{ calls: number }>(V('notify'), { method: 'start', id: notifyId });
      expect(r).toMatchObject({ code: 200, data: { calls: 4 } });
      const files = fs.readdirSync(outgoing()).sort();
      expect(files).toEqual([1, 2, 3, 4].map((n) => `igs-notify-${notifyId}-${n}.call`));
      const first = fs.readFileSync(path.join(outgoing(), files[0]!), 'utf8');
      expect(first).toContain('Channel: Local/8601@from-internal-international\n');
      expect(first).toContain('MaxRetries: 1\n');
      expect(fs.readFileSync(path.join(outgoing(), files[3]!), 'utf8')).toContain(
        'Channel: Local/13900000000@',
      );
      const due = files.map((f) => fs.statSync(path.join(outgoing(), f)).mtimeMs);
      expect(Math.round((due[2]! - due[0]!) / 1000)).toBe(60);
      expect(Math.round((due[1]! - due[0]!) / 1000)).toBe(0);
      expect((await list(V('notify')))[0]!.state).toBe('running');
      expect((await call(V('notify'), { method: 'start', id: notifyId })).code).toBe(409);

      const c = await call<{ removed: number }>(V('notify'), { method: 'cancel', id: notifyId });
      expect(c).toMatchObject({ code: 200, data: { removed: 4 } });
      expect(fs.readdirSync(outgoing())).toEqual([]);
      expect((await list(V('notify')))[0]!.state).toBe('cancelled');
      expect((await call(V('notify'), { method: 'cancel', id: notifyId })).code).toBe(409);
    });
  });

  it('preplan test lists the steps with whether each channel is there, doing nothing', async () => {
    await add(V('conference'), { number: '6701', name: 'Crisis room' });
    await add(V('paging'), { number: '6702', name: 'All floors', members: { extensions: ['8601'] } });
    const actions = [
      { type: 'page', target: '6702', text: 'evacuate' },
      { type: 'call_group', target: '6701' },
      { type: 'conference', target: '6701' },
      { type: 'sms', target: '13900000000', text: 'Fire alarm' },
      { type: 'page', target: '6799' },
    ];
    const plan = await add(V('preplan'), { name: 'Fire', level: '1', actions });
    // A step of a kind the description does not offer (a write refuses it) stored by other means.
    await s.app.db.kysely
      .updateTable('voice_preplan' as never)
      .set({ actions: JSON.stringify([...actions, { type: 'teleport', target: 'x' }]) } as never)
      .where('id' as never, '=', plan as never)
      .execute();
    const spoolReason = `Asterisk's call file spool ${outgoing()} cannot be written (ENOENT): Asterisk is not installed or not set up here (ASTERISK_SPOOL)`;
    const r = await call<{ ready: boolean; steps: Record<string, unknown>[] }>(V('preplan'), {
      method: 'test',
      id: plan,
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.ready).toBe(false);
    expect(r.data.steps).toEqual([
      {
        step: 1,
        type: 'page',
        target: '6702',
        does: 'Page group 6702 "All floors"',
        channel: 'call_file',
        ready: false,
        reason: spoolReason,
      },
      {
        step: 2,
        type: 'call_group',
        target: '6701',
        does: 'Call meeting room 6701 "Crisis room"',
        channel: 'call_file',
        ready: false,
        reason: spoolReason,
      },
      {
        step: 3,
        type: 'conference',
        target: '6701',
        does: 'Bring the responders into meeting room 6701 "Crisis room"',
        channel: 'ami',
        ready: false,
        reason: 'Asterisk manager interface is not reachable at 127.0.0.1:1 (ECONNREFUSED)',
      },
      {
        step: 4,
        type: 'sms',
        target: '13900000000',
        does: 'Send "Fire alarm" by SMS to 13900000000',
        channel: 'sms',
        ready: false,
        reason: 'SMS settings are incomplete: access_key_id is not set',
      },
      {
        step: 5,
        type: 'page',
        target: '6799',
        does: 'Page group 6799',
        channel: 'call_file',
        ready: false,
        reason: 'No paging group has number 6799',
      },
      {
        step: 6,
        type: 'teleport',
        target: 'x',
        does: 'Unknown action teleport',
        channel: 'none',
        ready: false,
        reason: '"teleport" is not an action a plan can take',
      },
    ]);
    useSpool(true);
    const ready = await call<{ steps: { ready: boolean }[] }>(V('preplan'), { method: 'test', id: plan });
    expect(ready.data.steps.map((x) => x.ready)).toEqual([true, true, false, false, false, false]);
    // a dry run places no call
    expect(fs.readdirSync(outgoing())).toEqual([]);
  });

  it('alarm events: ack and close record who handled them; other states answer 409', async () => {
    const id = await system('aiso:alarm_event', {
      time: '2024-05-01 02:10:00',
      source: 'sos_call',
      area: 'Pool',
      detail: 'SOS from 8503',
      state: 'new',
    });
    const event = async () => (await list(ALARMS)).find((e) => e.id === id)!;
    expect((await call(ALARMS, { method: 'ack', id })).code).toBe(200);
    expect(await event()).toMatchObject({ state: 'acknowledged', handled_by: 'admin', note: null });
    const twice = await call(ALARMS, { method: 'ack', id });
    expect(twice).toMatchObject({
      code: 409,
      msg: `#${id}: Acknowledge is not possible while state is Acknowledged`,
    });
    expect((await call(ALARMS, { method: 'close', id, note: 'x'.repeat(2001) })).code).toBe(422);
    expect((await event()).state).toBe('acknowledged');
    expect((await call(ALARMS, { method: 'close', id, note: 'Guest was fine' })).code).toBe(200);
    expect(await event()).toMatchObject({ state: 'closed', handled_by: 'admin', note: 'Guest was fine' });
    expect((await call(ALARMS, { method: 'close', id })).code).toBe(409);
    // a new event closes straight away, keeping no note when none is given
    const other = await system('aiso:alarm_event', {
      time: '2024-05-01 03:00:00',
      source: 'webhook',
      state: 'new',
      note: 'from the hook',
    });
    expect((await call(ALARMS, { method: 'close', id: other })).code).toBe(200);
    expect((await list(ALARMS)).find((e) => e.id === other)).toMatchObject({
      state: 'closed',
      note: 'from the hook',
    });
    const viewer = await accountWith(s, `alarm_viewer_${kind}`, [ALARMS], ['aiso:alarm_event:close']);
    const mine = await system('aiso:alarm_event', {
      time: '2024-05-01 04:00:00',
      source: 'webhook',
      state: 'new',
    });
    expect((await call(ALARMS, { method: 'ack', id: mine }, viewer)).code).toBe(403);
  });
});
