import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Paths } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WriteTarget } from '../src/platform/resources/write.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/*
 * Issue 13: a call record offers "Play recording" only where a recording exists. The import
 * links a call to `<uniqueid>.wav` in Asterisk's monitor folder only when that file is there
 * (the generated dialplan's MixMonitor(${UNIQUEID}.wav)); play hands out a single-use download
 * link, never a host path, and no name from a file or a row reaches the file system unchecked.
 */

const CDR = resourceByName('voice:cdr')!;
type Cdr = { id: number; uniqueid: string | null; recording: string | null };
type Reply = { url?: string; recordings?: number; inserted?: number };

/** A short WAV file. */
function wav(fill: number): Buffer {
  const samples = Buffer.alloc(400, fill);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + samples.length, 4);
  h.write('WAVEfmt ', 8);
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

/** One Master.csv line of cdr_csv with the given unique id. */
const line = (uniqueid: string, minute: number) =>
  `"","8001","8002","igs-extensions","""Front"" <8001>","PJSIP/8001-0000000${minute}","PJSIP/8002-0000000${minute}","Dial","PJSIP/8002,30","2024-05-01 09:0${minute}:00","2024-05-01 09:0${minute}:05","2024-05-01 09:0${minute}:35",35,30,"ANSWERED","DOCUMENTATION","${uniqueid}",""`;

describeEachDb('voice call recordings', (kind) => {
  let s: TestServer;
  let token: string;
  let tmp: string;
  let secret: string;
  const env = { ...process.env };
  const monitor = () => path.join(tmp, 'spool', 'monitor');
  const call = <T = Reply>(body: unknown) => s.call<T>(CDR.endpoint, body, { token });
  const cdrs = async () => {
    const r = await call<{ list: Cdr[] }>({ method: 'list', limit: 200 });
    expect(r.code, r.msg).toBe(200);
    return Object.fromEntries(r.data.list.map((c) => [c.uniqueid, c])) as Record<string, Cdr>;
  };
  const importCdr = async (text: string) => {
    const fd = new FormData();
    fd.append('kind', 'text');
    fd.append('file', new Blob([text]), 'Master.csv');
    const up = await s.call<{ id: string }>(Paths.upload, fd, { token });
    expect(up.code, up.msg).toBe(200);
    return call({ method: 'import', text_file: up.data.id });
  };
  const downloads = async () =>
    Number(
      (
        await s.app.db.kysely
          .selectFrom('downloads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-recordings-'));
    fs.mkdirSync(monitor(), { recursive: true });
    process.env.ASTERISK_SPOOL = path.join(tmp, 'spool');
    // recorded
    fs.writeFileSync(path.join(monitor(), '1714525200.1.wav'), wav(1));
    fs.writeFileSync(path.join(monitor(), 'gw1-1714525260.2.wav'), wav(2));
    // an empty file (MixMonitor that never got audio): no recording
    fs.writeFileSync(path.join(monitor(), '1714525380.4.wav'), '');
    // a link out of the monitor folder: no recording
    secret = path.join(tmp, 'secret.wav');
    fs.writeFileSync(secret, wav(9));
    fs.symlinkSync(secret, path.join(monitor(), '1714525440.5.wav'));
    // a file outside, named by a path in a unique id
    fs.writeFileSync(path.join(tmp, 'spool', 'outside.wav'), wav(7));
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => {
    await s.close();
    if (env.ASTERISK_SPOOL === undefined) delete process.env.ASTERISK_SPOOL;
    else process.env.ASTERISK_SPOOL = env.ASTERISK_SPOOL;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('import links a call to its recording only where the file is in the monitor folder', async () => {
    const r = await importCdr(
      [
        line('1714525200.1', 0),
        line('gw1-1714525260.2', 1),
        // no file
        line('1714525320.3', 2),
        line('1714525380.4', 3),
        line('1714525440.5', 4),
        // a unique id naming a path: never looked up
        line('../outside', 5),
      ].join('\n'),
    );
    expect(r).toMatchObject({ code: 200, data: { inserted: 6, recordings: 2 } });
    const rows = await cdrs();
    expect(Object.fromEntries(Object.entries(rows).map(([id, c]) => [id, c.recording ?? null]))).toEqual({
      '1714525200.1': '1714525200.1.wav',
      'gw1-1714525260.2': 'gw1-1714525260.2.wav',
      '1714525320.3': null,
      '1714525380.4': null,
      '1714525440.5': null,
      '../outside': null,
    });
  });

  it('play gives a single-use download of the recording, not a host path', async () => {
    const rows = await cdrs();
    const r = await call({ method: 'play', id: rows['1714525200.1']!.id });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.url).toMatch(new RegExp(`^${Paths.download}\\?token=`));
    expect(r.data.url).not.toContain(monitor());
    const got = await fetch(s.url + r.data.url!);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''1714525200.1.wav");
    expect(Buffer.from(await got.arrayBuffer())).toEqual(wav(1));
    // used once: gone; the recording itself stays
    expect((await fetch(s.url + r.data.url!)).status).toBe(404);
    expect(fs.existsSync(path.join(monitor(), '1714525200.1.wav'))).toBe(true);
    // the verb is not offered (nor allowed) where nothing was recorded
    const none = await call({ method: 'play', id: rows['1714525320.3']!.id });
    expect(none).toMatchObject({
      code: 409,
      msg: `#${rows['1714525320.3']!.id}: Play recording is not possible without recording`,
    });
  });

  it('a recording removed from the host since: a clear 409, and nothing changes', async () => {
    const rows = await cdrs();
    const id = rows['gw1-1714525260.2']!.id;
    fs.renameSync(path.join(monitor(), 'gw1-1714525260.2.wav'), path.join(tmp, 'moved.wav'));
    try {
      const before = await downloads();
      const r = await call({ method: 'play', id });
      expect(r).toMatchObject({
        code: 409,
        msg: `The recording of call #${id} (gw1-1714525260.2.wav) is no longer in ${monitor()}`,
      });
      expect(await downloads()).toBe(before);
      expect((await cdrs())['gw1-1714525260.2']!.recording).toBe('gw1-1714525260.2.wav');
    } finally {
      fs.renameSync(path.join(tmp, 'moved.wav'), path.join(monitor(), 'gw1-1714525260.2.wav'));
    }
  });

  it('a stored name that is a path never reaches the file system; a link out of the folder is no file', async () => {
    const db = s.app.db.kysely as unknown as WriteTarget['db'];
    // A row written another way than the import (an older version, a restored backup): play
    // checks its name before any file is looked at.
    const rows = await cdrs();
    const id = rows['1714525320.3']!.id;
    const before = await downloads();
    for (const name of [
      '../outside.wav',
      '/etc/passwd',
      '..%2Foutside.wav',
      'https://gw.example/rec/1.wav',
    ]) {
      await db.updateTable(CDR.table).set({ recording: name }).where('id', '=', id).execute();
      const r = await call({ method: 'play', id });
      expect(r, name).toMatchObject({
        code: 409,
        msg: `The recording of call #${id} (${name}) is not the name of a file of the monitor folder`,
      });
    }
    // a plain name whose file is a link out of the monitor folder
    await db.updateTable(CDR.table).set({ recording: '1714525440.5.wav' }).where('id', '=', id).execute();
    expect(await call({ method: 'play', id })).toMatchObject({ code: 409 });
    expect(await downloads()).toBe(before);
    await db.updateTable(CDR.table).set({ recording: null }).where('id', '=', id).execute();
  });
});
