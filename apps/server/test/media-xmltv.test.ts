import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDateTime } from '../src/platform/lib/time.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * XMLTV guides (issue 15 item 3) over HTTP on both databases, with the field's guides in
 * fixtures/xmltv: the file import and the source sync read them the same way and keep the same
 * programmes (zero-length ones, a stop-less last one, bad times and unknown channels left out and
 * reported; stop-less ones ending at the next start; an overlap cut; a clump kept), gzip and the
 * declared encoding are honoured, zone names read, the details kept, and the export writes them
 * back in a guide that xmltv.dtd validates.
 */

const CLASS = '/admin.php/media/live_type';
const LIVE = '/admin.php/media/live';
const EPG = '/admin.php/media/epg';
const SOURCE = '/admin.php/media/source';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'xmltv');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** xmltv-util's DTD (Debian: /usr/share/xmltv/xmltv.dtd) and xmllint, when installed. */
const DTD = ['/usr/share/xmltv/xmltv.dtd', '/usr/share/doc/xmltv/xmltv.dtd'].find((p) => fs.existsSync(p));
const XMLLINT = ['/usr/bin/xmllint', '/usr/local/bin/xmllint'].find((p) => fs.existsSync(p));

// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;

/** A UTC time as the server stores it (its zone's `YYYY-MM-DD HH:mm:ss`). */
const utc = (h: number, m = 0, day = 1) => formatDateTime(Date.UTC(2026, 5, day, h, m));

describeEachDb('XMLTV guides', (kind) => {
  let s: TestServer;
  let token: string;
  let head: http.Server;
  let port = 0;
  let bbc1 = 0;
  let bbc2 = 0;
  const call = <T = Rec>(p: string, body: unknown) => s.call<T>(p, body, { token });
  const importFile = (data: Buffer | string, name: string, dry = false, encoding?: string) => {
    const fd = new FormData();
    fd.append('method', 'import');
    fd.append('format', 'xmltv');
    if (dry) fd.append('dry_run', '1');
    if (encoding) fd.append('encoding', encoding);
    fd.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
    return call<Rec>(EPG, fd);
  };
  /** The EPG rows of a channel as compared here: times, texts and details, no ids or stamps. */
  const rowsOf = async (programId: number) => {
    const r = await call<{ list: Rec[] }>(EPG, {
      method: 'list',
      limit: 200,
      filter: { program_id: programId },
    });
    expect(r.code, r.msg).toBe(200);
    // Programmes of one slot (a clump) in title order: the list orders by start only.
    const sorted = [...r.data.list].sort((a, b) =>
      a.start === b.start ? String(a.title).localeCompare(b.title) : a.start < b.start ? -1 : 1,
    );
    return sorted.map((x) => ({
      start: x.start,
      stop: x.stop,
      title: x.title,
      title_en: x.title_en,
      sub_title: x.sub_title,
      desc: x.desc,
      category: x.category,
      episode: x.episode,
      source: x.source,
      details: x.details,
    }));
  };
  const count = async () => (await call<{ total: number }>(EPG, { method: 'list', limit: 1 })).data.total;
  const dropGuideRows = async () => {
    const r = await call<{ list: Rec[] }>(EPG, { method: 'list', limit: 200, filter: { source: 'xmltv' } });
    expect(r.code, r.msg).toBe(200);
    const ids = r.data.list.map((x) => x.id);
    if (ids.length) expect((await call(EPG, { method: 'del', ids })).code).toBe(200);
  };
  const exported = async () => {
    const r = await call<{ url: string }>(EPG, { method: 'export_xmltv' });
    expect(r.code, r.msg).toBe(200);
    return Buffer.from(await (await fetch(s.url + r.data.url)).arrayBuffer()).toString('utf8');
  };

  beforeAll(async () => {
    head = http.createServer((req, res) => {
      const name = (req.url ?? '').slice(1);
      if (name === 'channels.m3u')
        res
          .writeHead(200, { 'content-type': 'audio/x-mpegurl' })
          .end('#EXTM3U\n#EXTINF:-1 tvg-id="BBC1.uk",BBC One\nhttp://127.0.0.1/bbc1.m3u8\n');
      else if (/^[\w.-]+$/.test(name) && fs.existsSync(path.join(FIXTURES, name)))
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(fixture(name));
      else res.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => head.listen(0, '127.0.0.1', resolve));
    port = (head.address() as AddressInfo).port;
    s = await startServer(kind);
    token = await s.login();
    const cls = (await call<{ id: number }>(CLASS, { method: 'add', name: 'UK' })).data.id;
    const add = async (number: number, name: string, tvg: string) => {
      const r = await call<{ id: number }>(LIVE, {
        method: 'add',
        number,
        name,
        name_en: name,
        category_ids: [cls],
        url: `udp://239.4.0.${number}:5000`,
        tvg_id: tvg,
      });
      expect(r.code, r.msg).toBe(200);
      return r.data.id;
    };
    bbc1 = await add(101, 'BBC One', 'BBC1.uk');
    bbc2 = await add(102, 'BBC Two', 'BBC2.uk');
    // A programme entered by hand where the guide's "Lunch" (14:00 BST) goes: the hand wins.
    const manual = await call(EPG, {
      method: 'add',
      program_id: bbc1,
      start: utc(13),
      stop: utc(14),
      title: 'Hand-made lunch',
    });
    expect(manual.code, manual.msg).toBe(200);
  });
  afterAll(async () => {
    await s.close();
    head.close();
  });

  /** What the file import and the sync must both give for uk-guide.xml. */
  const expectUkGuide = async () => {
    const one = await rowsOf(bbc1);
    expect(one.map((r) => [r.start, r.stop, r.title, r.source])).toEqual([
      [utc(5), utc(6), 'Breakfast', 'xmltv'],
      // Cut at the start of the programme overlapping it (07:50 BST).
      [utc(6), utc(6, 50), 'Morning Live', 'xmltv'],
      [utc(6, 50), utc(8), 'Homes Under the Hammer', 'xmltv'],
      // Without stop: each ends where the next programme starts.
      [utc(8), utc(8, 30), 'Stopless A', 'xmltv'],
      [utc(8, 30), utc(9), 'Stopless B', 'xmltv'],
      // A clump: two programmes sharing one slot, both kept.
      [utc(9), utc(9, 30), 'News', 'xmltv'],
      [utc(9), utc(9, 30), 'Weather', 'xmltv'],
      [utc(13), utc(14), 'Hand-made lunch', 'manual'],
    ]);
    expect(one[0]).toMatchObject({
      title: 'Breakfast',
      title_en: null,
      sub_title: 'Monday edition',
      desc: 'The latest news, sport and weather.',
      category: 'News',
      episode: 'S1 E5', // as shown on screen, not the xmltv_ns 0.4.0/1
    });
    expect(one[0]!.details).toEqual([
      { kind: 'title', value: 'Breakfast', lang: 'en' },
      { kind: 'title', value: 'Brecwast', lang: 'cy' },
      { kind: 'sub-title', value: 'Monday edition', lang: 'en' },
      { kind: 'desc', value: 'The latest news, sport and weather.', lang: 'en' },
      { kind: 'desc', value: 'Y newyddion diweddaraf.', lang: 'cy' },
      { kind: 'director', value: 'Jane Doe' },
      { kind: 'actor', value: 'Sally Nugent', role: 'Herself' },
      { kind: 'writer', value: 'The News Team' },
      { kind: 'presenter', value: 'Jon Kay' },
      { kind: 'presenter', value: 'Sally Nugent' },
      { kind: 'category', value: 'News', lang: 'en' },
      { kind: 'category', value: 'Newyddion', lang: 'cy' },
      { kind: 'icon', value: 'http://images.example/breakfast.png', width: 240, height: 135 },
      { kind: 'episode-num', value: '0.4.0/1', system: 'xmltv_ns' },
      { kind: 'episode-num', value: 'S1 E5', system: 'onscreen' },
      { kind: 'episode-num', value: 'EP01234567.0005', system: 'dd_progid' },
      { kind: 'rating', value: 'PG', system: 'BBFC' },
      { kind: 'star-rating', value: '3/5' },
    ]);
    expect(one[5]!.details).toEqual([
      { kind: 'title', value: 'News', lang: 'en' },
      { kind: 'clumpidx', value: '0/2' },
    ]);
    // Zones: +0100 on a 12-digit time, -0500 to EDT, none (UTC) to GMT.
    expect((await rowsOf(bbc2)).map((r) => [r.start, r.stop, r.title])).toEqual([
      [utc(11), utc(12), 'Politics Live'],
      [utc(12), utc(13), 'American Hour'],
      [utc(14), utc(15), 'Bargain Hunt'],
    ]);
  };

  /** The notes of uk-guide.xml: by the `<programme>`'s line, the field and why. */
  const expectUkNotes = (notes: Rec[]) => {
    const at = (line: number) => notes.find((n) => n.line === line);
    expect(notes).toHaveLength(7);
    expect(at(32)).toMatchObject({
      field: 'stop',
      msg: expect.stringMatching(/^"Zero" starts and stops at .*zero length/),
    });
    expect(at(35)).toMatchObject({
      field: 'stop',
      msg: expect.stringMatching(/^"Morning Live" overlapped the next programme: kept/),
    });
    expect(at(53)).toMatchObject({
      field: 'stop',
      msg: expect.stringMatching(/^"Late" .* has no stop and no later programme/),
    });
    expect(at(56)).toMatchObject({
      field: 'start',
      msg: '"Bad time": the start "tomorrow" is not an XMLTV time: left out',
    });
    expect(at(59)).toMatchObject({
      field: 'stop',
      msg: expect.stringMatching(/^"Backwards" stops .* before it starts/),
    });
    expect(at(62)).toMatchObject({
      field: 'start',
      msg: expect.stringMatching(/^"Lunch" .* overlaps a programme entered by hand/),
    });
    expect(at(74)).toMatchObject({
      field: 'program_id',
      msg: 'Channel "S4C.uk" is no live programme\'s XMLTV id here: its 2 programmes left out',
    });
  };

  it('the file import keeps the valid programmes and reports the rest; a dry run writes nothing', async () => {
    const before = await count();
    const dry = await importFile(fixture('uk-guide.xml'), 'uk-guide.xml', true);
    expect(dry.code, dry.msg).toBe(200);
    expect(dry.data).toMatchObject({ total: 17, inserted: 10, skipped: 7, errors: [], dry_run: true });
    expectUkNotes(dry.data.notes);
    expect(await count()).toBe(before);

    const r = await importFile(fixture('uk-guide.xml'), 'uk-guide.xml');
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ total: 17, inserted: 10, skipped: 7, errors: [], dry_run: false });
    expectUkNotes(r.data.notes);
    await expectUkGuide();
    // The same guide again replaces its own programmes: nothing doubles.
    const again = await importFile(fixture('uk-guide.xml'), 'uk-guide.xml');
    expect(again.data).toMatchObject({ inserted: 10, skipped: 7 });
    await expectUkGuide();
  });

  it('the file import reads a gzipped guide the same way', async () => {
    const r = await importFile(fixture('uk-guide.xml.gz'), 'uk-guide.xml.gz', true);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ total: 17, inserted: 10, skipped: 7, errors: [] });
    expectUkNotes(r.data.notes);
  });

  it('the source sync (a gzipped guide by URL) stores what the file import stores', async () => {
    const fromFile = { one: await rowsOf(bbc1), two: await rowsOf(bbc2) };
    await dropGuideRows();
    expect((await rowsOf(bbc1)).map((r) => r.title)).toEqual(['Hand-made lunch']);
    const src = await call<{ id: number }>(SOURCE, {
      method: 'add',
      name: 'UK head-end',
      type: 'm3u_url',
      url: `http://127.0.0.1:${port}/channels.m3u`,
      xmltv_url: `http://127.0.0.1:${port}/uk-guide.xml.gz`,
    });
    expect(src.code, src.msg).toBe(200);
    const sync = await call<Rec>(SOURCE, { method: 'sync', id: src.data.id });
    expect(sync.code, sync.msg).toBe(200);
    expect(sync.data.epg).toMatchObject({ channels: 2, inserted: 10, skipped: 7 });
    expectUkNotes(sync.data.epg.notes);
    expect({ one: await rowsOf(bbc1), two: await rowsOf(bbc2) }).toEqual(fromFile);
    const detail = await call<Rec>(SOURCE, { method: 'detail', id: src.data.id });
    expect(detail.data.last_result).toMatch(/EPG: 10 programmes on 2 channels, 7 skipped \(.*zeroLength 1/);
  });

  it('the export writes the details back, validates against xmltv.dtd, and reads back the same', async () => {
    const xml = await exported();
    expect(xml).toContain('<!DOCTYPE tv SYSTEM "xmltv.dtd">');
    expect(xml).not.toContain('lang="zh"');
    // Titles keep their languages; one stored without a language is written without one.
    expect(xml).toContain('<title lang="en">Breakfast</title>');
    expect(xml).toContain('<title lang="cy">Brecwast</title>');
    expect(xml).toContain('<title>Morning Live</title>');
    expect(xml).toContain('<title>Hand-made lunch</title>');
    expect(xml).toContain('<actor role="Herself">Sally Nugent</actor>');
    expect(xml).toContain('<icon src="http://images.example/breakfast.png" width="240" height="135"/>');
    expect(xml).toContain('<episode-num system="xmltv_ns">0.4.0/1</episode-num>');
    expect(xml).toContain('<episode-num system="dd_progid">EP01234567.0005</episode-num>');
    expect(xml).toContain('<rating system="BBFC"><value>PG</value></rating>');
    expect(xml).toContain('<star-rating><value>3/5</value></star-rating>');
    expect(xml).toMatch(/<programme [^>]*channel="BBC1.uk" clumpidx="1\/2">/);

    if (!DTD || !XMLLINT) {
      console.warn(
        'SKIPPED the DTD check: xmllint or xmltv.dtd not installed (apt-get install xmltv-util libxml2-utils)',
      );
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-xmltv-'));
      const file = path.join(dir, 'epg.xml');
      fs.writeFileSync(file, xml);
      try {
        execFileSync(XMLLINT, ['--noout', '--dtdvalid', DTD, file], { stdio: 'pipe' });
      } catch (e) {
        throw new Error(`the export does not validate: ${String((e as { stderr?: Buffer }).stderr)}`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }

    // What the export wrote reads back as the same programmes and details.
    const before = { one: await rowsOf(bbc1), two: await rowsOf(bbc2) };
    const back = await importFile(xml, 'epg.xml');
    expect(back.code, back.msg).toBe(200);
    expect(back.data).toMatchObject({ inserted: 10, errors: [] });
    // The manual row is exported too, and on re-import it meets itself: left out, not doubled.
    expect(back.data.notes.map((n: Rec) => n.msg)).toEqual([
      expect.stringMatching(/^"Hand-made lunch" .* overlaps a programme entered by hand/),
    ]);
    expect({ one: await rowsOf(bbc1), two: await rowsOf(bbc2) }).toEqual(before);
  });

  it('honours the declared encoding: ISO-8859-1 and GB2312 (read as GBK)', async () => {
    const latin = await importFile(fixture('latin1-guide.xml'), 'latin1-guide.xml');
    expect(latin.code, latin.msg).toBe(200);
    expect(latin.data).toMatchObject({ inserted: 1, skipped: 0 });
    const gbk = await importFile(fixture('gbk-guide.xml'), 'gbk-guide.xml');
    expect(gbk.code, gbk.msg).toBe(200);
    expect(gbk.data).toMatchObject({ inserted: 1, skipped: 0 });
    const rows = await rowsOf(bbc1);
    const latinRow = rows.find((r) => r.start === utc(17, 0, 2));
    expect(latinRow).toMatchObject({ title: 'Café crème à Noël', desc: 'Un été très gâté, señor.' });
    expect(latinRow!.details[0]).toEqual({ kind: 'title', value: 'Café crème à Noël', lang: 'fr' });
    expect(rows.find((r) => r.start === utc(4, 0, 3))).toMatchObject({ title: '新闻联播（镕）' });
    // The reply says how the file was read; the operator's choice overrides the declaration.
    expect(latin.data.encoding).toEqual({ name: 'windows-1252', by: 'declared', gzip: false });
    const asChosen = await importFile(fixture('latin1-guide.xml'), 'latin1-guide.xml', true, 'windows-1251');
    expect(asChosen.data.encoding).toEqual({ name: 'windows-1251', by: 'given', gzip: false });
  });

  it('a guide of stop-less programmes: each ends at the next, the last is left out and said why', async () => {
    const r = await importFile(fixture('stopless-only.xml'), 'stopless-only.xml');
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ total: 3, inserted: 2, skipped: 1, errors: [] });
    expect(r.data.notes).toEqual([
      {
        line: 6,
        field: 'stop',
        msg: expect.stringMatching(/^"Three" .* has no stop and no later programme on its channel/),
      },
    ]);
    const rows = (await rowsOf(bbc2)).filter((x) => x.start.startsWith(utc(0, 0, 4).slice(0, 10)));
    expect(rows.map((x) => [x.start, x.stop, x.title])).toEqual([
      [utc(5, 0, 4), utc(6, 0, 4), 'One'],
      [utc(6, 0, 4), utc(7, 30, 4), 'Two'],
    ]);
  });

  it('a clump member can be edited beside its mate; an edit overlapping another programme is still refused', async () => {
    const list = (
      await call<{ list: Rec[] }>(EPG, { method: 'list', limit: 200, filter: { program_id: bbc1 } })
    ).data.list;
    const weather = list.find((r) => r.title === 'Weather')!;
    const edited = await call(EPG, { method: 'edit', id: weather.id, title: 'Weather and travel' });
    expect(edited.code, edited.msg).toBe(200);
    const homes = list.find((r) => r.title === 'Homes Under the Hammer')!;
    const clash = await call(EPG, { method: 'edit', id: homes.id, stop: utc(9, 15) });
    expect(clash.code).toBe(422);
    expect(clash.msg).toMatch(/Overlaps "/);
    // The edited title is the one exported, its language kept.
    expect(await exported()).toContain('<title lang="en">Weather and travel</title>');
  });

  it('at the field’s scale: 1,964 programmes of which 49 are zero-length store 1,915', async () => {
    const field = await call<{ id: number }>(LIVE, {
      method: 'add',
      number: 103,
      name: 'Field',
      name_en: 'Field',
      category_ids: [(await call<{ list: Rec[] }>(CLASS, { method: 'list' })).data.list[0]!.id],
      url: 'udp://239.4.0.103:5000',
      tvg_id: 'FIELD.uk',
    });
    expect(field.code, field.msg).toBe(200);
    const at = (slot: number) =>
      new Date(Date.UTC(2026, 6, 1) + slot * 30 * 60_000).toISOString().replace(/\D/g, '').slice(0, 14);
    const programmes: string[] = [];
    for (let slot = 0; slot < 1915; slot++) {
      // A zero-length placeholder before every 39th programme, as the field guide had.
      if (slot % 39 === 0 && slot < 39 * 49)
        programmes.push(
          `<programme start="${at(slot)} +0000" stop="${at(slot)} +0000" channel="FIELD.uk"><title>Placeholder</title></programme>`,
        );
      programmes.push(
        `<programme start="${at(slot)} +0000" stop="${at(slot + 1)} +0000" channel="FIELD.uk"><title>Show ${slot}</title></programme>`,
      );
    }
    expect(programmes).toHaveLength(1964);
    const r = await importFile(`<?xml version="1.0"?>\n<tv>\n${programmes.join('\n')}\n</tv>\n`, 'field.xml');
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ total: 1964, inserted: 1915, skipped: 49, errors: [] });
    expect(r.data.notes).toHaveLength(49);
    expect(r.data.notes.every((n: Rec) => /^"Placeholder" starts and stops at/.test(n.msg))).toBe(true);
    const stored = await call<{ total: number }>(EPG, {
      method: 'list',
      limit: 1,
      filter: { program_id: field.data.id },
    });
    expect(stored.data.total).toBe(1915);
  }, 60_000);

  it('refuses what is not an XMLTV guide with a clear message, changing nothing', async () => {
    const before = await count();
    for (const [name, why] of [
      ['not-xml.txt', /^Not an XMLTV file: /],
      ['internal-subset.xml', /^Not an XMLTV file: A DOCTYPE with an internal subset is not accepted/],
    ] as const) {
      const r = await importFile(fixture(name), name);
      expect(r.code, name).toBe(422);
      expect(r.msg).toMatch(why);
    }
    const broken = await importFile(Buffer.from([0x1f, 0x8b, 1, 2, 3]), 'broken.xml.gz');
    expect(broken.code).toBe(422);
    expect(broken.msg).toMatch(/^Not an XMLTV file: the file looks gzip-compressed but cannot be unpacked/);
    expect(await count()).toBe(before);
  });
});
