import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { BUILT_IN_EXPORT_FORMATS, BUILT_IN_IMPORT_FORMATS, resources } from '@igs/contract/resources';
import ICAL from 'ical.js';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredFormats } from '../src/platform/resources/hooks.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/*
 * The address book's vCard file over the generic export and import calls (DOMAIN 2.2
 * voice/AddressBook "I/O: CSV and vCard 3.0, import and export"; DOMAIN 3.2 import: one
 * transaction, errors by record and field, a failed or dry run writes nothing).
 */

const CONTACT = '/admin.php/voice/contact';
const GROUP = '/admin.php/voice/contact_group';

type Contact = Record<string, unknown> & { id: number; name: string };
interface ImportReply {
  encoding?: { name: string; by: string; gzip: boolean };
  total: number;
  inserted: number;
  updated: number;
  skipped: number;
  errors: { line: number; field: string; msg: string }[];
}

/** The fields a vCard carries, as the list returns them. */
const CARRIED = ['name', 'group_id', 'department', 'position', 'extension', 'mobile', 'phone', 'email'];
const carried = (list: Contact[]) =>
  list
    .map((c) => Object.fromEntries(CARRIED.map((k) => [k, c[k] ?? null])))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));

describeEachDb('address book vCard', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = unknown>(body: unknown, p = CONTACT) => s.call<T>(p, body, { token });

  const contacts = async () =>
    (await call<{ list: Contact[]; total: number }>({ method: 'list', limit: 200 })).data.list;

  async function exportVcard() {
    const exp = await call<{ url: string }>({ method: 'export', format: 'vcard' });
    expect(exp.code, exp.msg).toBe(200);
    const res = await fetch(s.url + exp.data.url);
    expect(res.status).toBe(200);
    return { text: await res.text(), headers: res.headers };
  }

  async function importVcard(
    text: string | Buffer,
    opts: { mode?: string; dryRun?: boolean; encoding?: string } = {},
  ) {
    const fd = new FormData();
    fd.set('method', 'import');
    fd.set('format', 'vcard');
    if (opts.encoding) fd.set('encoding', opts.encoding);
    fd.set('mode', opts.mode ?? 'append');
    fd.set('dry_run', opts.dryRun ? '1' : '0');
    fd.set('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)]), 'contacts.vcf');
    return s.call<ImportReply>(CONTACT, fd, { token });
  }

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => {
    await s.close();
  });

  it('names every format the server registers in its description, and serves every format a description names', () => {
    for (const { resource, format, direction } of registeredFormats()) {
      const def = resources.find((r) => r.name === resource);
      expect(def?.io?.[direction], `${resource} ${direction} ${format}`).toContain(format);
    }
    const registered = new Set(registeredFormats().map((r) => `${r.resource} ${r.direction} ${r.format}`));
    for (const def of resources) {
      for (const f of def.io?.import ?? [])
        if (!BUILT_IN_IMPORT_FORMATS.includes(f))
          expect(registered.has(`${def.name} import ${f}`), `${def.name} import ${f}`).toBe(true);
      for (const f of def.io?.export ?? [])
        if (!BUILT_IN_EXPORT_FORMATS.includes(f))
          expect(registered.has(`${def.name} export ${f}`), `${def.name} export ${f}`).toBe(true);
    }
  });

  it('a vCard export imported back gives the same contacts, groups included', async () => {
    const staff = await call<{ id: number }>({ method: 'add', name: 'Staff' }, GROUP);
    const guests = await call<{ id: number }>({ method: 'add', name: 'Guests, VIP' }, GROUP);
    expect(staff.code, staff.msg).toBe(200);
    const adds = [
      {
        name: '张三',
        group_id: staff.data.id,
        department: 'Front, desk; lobby',
        position: 'Duty\nmanager',
        extension: '8001',
        mobile: '13800000000',
        phone: '021-5555 0101',
        email: 'zs@example.com',
      },
      // A long name is folded at 75 octets, never inside a character.
      { name: '欧阳'.repeat(30), group_id: guests.data.id, mobile: '13900000001' },
      { name: 'Bare\\Name' },
    ];
    for (const a of adds) {
      const r = await call({ method: 'add', ...a });
      expect(r.code, r.msg).toBe(200);
    }
    const before = await contacts();
    expect(before).toHaveLength(3);

    const first = await exportVcard();
    expect(first.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(first.headers.get('content-disposition')).toMatch(
      /^attachment; filename\*=UTF-8''voice_contact-\d{14}\.vcf$/,
    );
    expect(first.text.match(/BEGIN:VCARD/g)).toHaveLength(3);
    expect(first.text).toContain('CATEGORIES:Guests\\, VIP');
    expect(first.text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);

    // An independent reader (Mozilla's ical.js, RFC 6350/2426) reads the same cards from the file.
    const read = (ICAL.parse(first.text) as unknown[]).map((j) => {
      const card = new ICAL.Component(j as unknown[]);
      const one = (name: string) => card.getFirstProperty(name)?.getValues()[0];
      return {
        fn: one('fn'),
        n: one('n'),
        org: one('org'),
        title: one('title'),
        tel: card.getAllProperties('tel').map((p) => [p.getFirstValue(), p.getParameter('type')]),
        email: one('email'),
        categories: one('categories'),
      };
    });
    expect(read.find((c) => c.fn === '张三')).toEqual({
      fn: '张三',
      n: ['张', '三', '', '', ''],
      org: ['', 'Front, desk; lobby'],
      title: 'Duty\nmanager',
      tel: [
        ['13800000000', 'CELL'],
        ['021-5555 0101', ['WORK', 'VOICE']],
        ['8001', 'X-EXTENSION'],
      ],
      email: 'zs@example.com',
      categories: 'Staff',
    });
    expect(read.find((c) => c.categories === 'Guests, VIP')).toMatchObject({ fn: '欧阳'.repeat(30) });
    expect(read.find((c) => c.fn === 'Bare\\Name')).toMatchObject({ fn: 'Bare\\Name' });

    // A dry run reports and writes nothing.
    const dry = await importVcard(first.text, { mode: 'replace', dryRun: true });
    expect(dry.code, dry.msg).toBe(200);
    expect(dry.data).toMatchObject({ total: 3, inserted: 3, errors: [] });
    expect((await contacts()).map((c) => c.id).sort()).toEqual(before.map((c) => c.id).sort());

    const imp = await importVcard(first.text, { mode: 'replace' });
    expect(imp.code, imp.msg).toBe(200);
    expect(imp.data).toMatchObject({ total: 3, inserted: 3, updated: 0, errors: [] });
    const after = await contacts();
    expect(after.map((c) => c.id).some((id) => before.some((b) => b.id === id))).toBe(false);
    expect(carried(after)).toEqual(carried(before));

    // And the file of the imported contacts is the same file, card for card.
    const cards = (text: string) =>
      text
        .split(/(?<=END:VCARD)\r\n/)
        .filter(Boolean)
        .sort();
    expect(cards((await exportVcard()).text)).toEqual(cards(first.text));
  });

  it('reports a bad card by its number and field, and writes nothing', async () => {
    const before = await contacts();
    const file = [
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Good One\r\nTEL;TYPE=CELL:+86 137 0000 0002\r\nEND:VCARD',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bad Mobile\r\nTEL;TYPE=CELL:call me\r\nEND:VCARD',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nORG:No name\r\nEND:VCARD',
      '',
    ].join('\r\n');
    for (const dryRun of [true, false]) {
      const r = await importVcard(file, { dryRun });
      expect(r.code, r.msg).toBe(200);
      expect(r.data).toMatchObject({ total: 3, inserted: dryRun ? 1 : 0, skipped: dryRun ? 0 : 3 });
      expect(r.data.errors.map((e) => [e.line, e.field])).toEqual([
        [2, 'mobile'],
        [3, 'name'],
      ]);
      expect(r.data.errors[0]!.msg).toBe('Mobile must be an E.164 number (+14155550100) or local digits');
    }
    expect(carried(await contacts())).toEqual(carried(before));
  });

  it('reads a card in the encoding the operator names and says how it read it', async () => {
    const card =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Алексей Смирнов\r\nN:Смирнов;Алексей;;;\r\nTEL;TYPE=CELL:+79161234567\r\nEND:VCARD\r\n';
    const bytes = iconv.encode(card, 'windows-1251');
    const dry = await importVcard(bytes, { dryRun: true, encoding: 'windows-1251' });
    expect(dry).toMatchObject({
      code: 200,
      data: { total: 1, encoding: { name: 'windows-1251', by: 'given' } },
    });
    const r = await importVcard(bytes, { encoding: 'windows-1251' });
    expect(r.code, r.msg).toBe(200);
    expect((await contacts()).find((c) => c.name === 'Алексей Смирнов')).toMatchObject({
      family_name: 'Смирнов',
      given_name: 'Алексей',
    });
    // Without a word, the reply still says what the text was read as.
    const utf8 = await importVcard(card.replace(/Алексей/g, 'Иван'), { dryRun: true });
    expect(utf8.data).toMatchObject({ encoding: { name: 'utf-8', by: 'utf-8' } });
  });

  it('refuses a file that is not a vCard file, naming the file, and writes nothing', async () => {
    const before = await contacts();
    const csv = await importVcard('name,mobile\r\nZhao,13800000003\r\n');
    expect(csv).toMatchObject({
      code: 422,
      msg: 'The file holds no vCard (BEGIN:VCARD … END:VCARD)',
      data: { errors: [{ field: 'file' }] },
    });
    const open = await importVcard('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Open\r\n');
    expect(open).toMatchObject({ code: 422, msg: 'Card 1 has no END:VCARD' });
    expect(carried(await contacts())).toEqual(carried(before));
  });

  describe('cards other programs write', () => {
    const fixture = (name: string) => readFileSync(new URL(`./fixtures/voice/${name}`, import.meta.url));
    const byName = async () => new Map((await contacts()).map((c) => [c.name, c]));
    /** What the contact keeps of a card, the fields the vCard reader fills. */
    const FULL = [...CARRIED, 'family_name', 'given_name', 'company', 'phones', 'address', 'note'];
    const full = (list: Contact[]) =>
      list
        .map((c) => Object.fromEntries(FULL.map((k) => [k, c[k] ?? null])))
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));

    it('reads an Apple card: US mobile, labelled phones, extension, ORG department, ADR, NOTE', async () => {
      const r = await importVcard(fixture('apple-ios17.vcf'), { mode: 'replace' });
      expect(r.code, r.msg).toBe(200);
      expect(r.data).toMatchObject({ total: 1, inserted: 1, errors: [] });
      const john = (await byName()).get('John Appleseed')!;
      expect(john).toMatchObject({
        family_name: 'Appleseed',
        given_name: 'John',
        company: 'Apple Inc.',
        department: 'Retail Engineering',
        position: 'Engineer',
        mobile: '+14155550100',
        phone: '+1 408-555-0199 x123',
        email: 'john.appleseed@example.com',
        note: 'Met at WWDC 2023\nPrefers email, not calls',
        address: {
          street: '1 Infinite Loop',
          locality: 'Cupertino',
          region: 'CA',
          postcode: '95014',
          country: 'United States',
        },
      });
      expect(john.phones).toEqual([
        { type: 'Other', number: '(415) 555-0177', ext: null },
        { type: 'Assistant', number: '+1 650 555 0123', ext: null },
        { type: 'work,fax', number: '+1 408 555 0198', ext: null },
      ]);
    });

    it('reads a Google export and an Android 2.1 card with quoted-printable Chinese names', async () => {
      const g = await importVcard(fixture('google-contacts.vcf'), { mode: 'replace' });
      expect(g.data, g.msg).toMatchObject({ total: 2, inserted: 2, errors: [] });
      const a = await importVcard(fixture('android-2.1-qp.vcf'));
      expect(a.data, a.msg).toMatchObject({ total: 2, inserted: 2, errors: [] });
      const m = await byName();
      expect(m.get('Li Lei')).toMatchObject({
        family_name: 'Li',
        given_name: 'Lei',
        mobile: '13800138000',
        phone: '010-6552 9988',
        email: 'lilei@example.com',
        company: 'Example Hotels',
        department: 'Front Office',
        phones: [{ type: 'London office', number: '+44 20 7946 0958', ext: null }],
        address: {
          street: '88 Jianguo Road, Chaoyang',
          locality: 'Beijing',
          postcode: '100022',
          country: 'China',
        },
        note: 'Long note that Google folds at seventy-five octets when it exports a card, like this one.',
      });
      expect(m.get('Marie Dupont')).toMatchObject({ mobile: '+33612345678' });
      expect(m.get('王小明')).toMatchObject({
        family_name: '王',
        given_name: '小明',
        mobile: '13800138001',
        phone: '0571-8888 6666',
        company: '西湖酒店',
        department: '客房部',
        email: 'wxm@example.cn',
        note: '前台值班，负责夜班交接和贵宾接待。\n晚班',
        address: {
          street: '文三路100号',
          locality: '杭州',
          region: '浙江',
          postcode: '310012',
          country: '中国',
        },
        phones: [{ type: 'home', number: '+86 571 8765 4321', ext: null }],
      });
      // No FN: the name is made of N, its quoted-printable bytes read in the CHARSET named (GBK).
      expect(m.get('赵敏')).toMatchObject({ family_name: '赵', given_name: '敏', mobile: '13900139000' });
    });

    it('reads a vCard 4.0 file in GB18030 and a gzip-compressed file', async () => {
      const r = await importVcard(fixture('vcard4-gb18030.vcf'), { mode: 'replace' });
      expect(r.data, r.msg).toMatchObject({ total: 1, inserted: 1, errors: [] });
      expect((await byName()).get('陈静')).toMatchObject({
        family_name: '陈',
        given_name: '静',
        // A Chinese mobile keeps its 11 digits, as the console's own cards do.
        mobile: '13912345678',
        company: '上海浦江酒店',
        department: '市场部',
        email: 'chenjing@example.cn',
        phone: '+86-21-5555-0101 x802',
        phones: null,
      });
      const z = await importVcard(gzipSync(fixture('google-contacts.vcf')), { mode: 'replace' });
      expect(z.data, z.msg).toMatchObject({ total: 2, inserted: 2, errors: [] });
      const broken = await importVcard(Buffer.from([0x1f, 0x8b, 1, 2, 3]));
      expect(broken).toMatchObject({ code: 422, data: { errors: [{ field: 'file' }] } });
      expect(broken.msg).toContain('gzip');
    });

    it('exports N with family and given apart, typed TELs, ORG, ADR, NOTE, EMAIL, and a round trip keeps them', async () => {
      for (const f of [
        'apple-ios17.vcf',
        'google-contacts.vcf',
        'android-2.1-qp.vcf',
        'vcard4-gb18030.vcf',
      ]) {
        const r = await importVcard(fixture(f), { mode: f === 'apple-ios17.vcf' ? 'replace' : 'append' });
        expect(r.data?.errors, `${f}: ${r.msg}`).toEqual([]);
      }
      const add = await call({ method: 'add', name: '欧阳娜娜', mobile: '13700000009' });
      expect(add.code, add.msg).toBe(200);
      const before = await contacts();
      const { text } = await exportVcard();
      const card = (name: string) => text.split('END:VCARD').find((c) => c.includes(`FN:${name}\r\n`))!;
      const apple = card('John Appleseed');
      expect(apple).toContain('N:Appleseed;John;;;\r\n');
      expect(apple).toContain('ORG:Apple Inc.;Retail Engineering\r\n');
      expect(apple).toContain('TEL;TYPE=CELL:+14155550100\r\n');
      expect(apple).toContain('TEL;TYPE=WORK,VOICE:+1 408-555-0199 x123\r\n');
      expect(apple).toContain('TEL;TYPE=WORK,FAX:+1 408 555 0198\r\n');
      expect(apple).toMatch(/item(\d)\.TEL:\+1 650 555 0123\r\nitem\1\.X-ABLabel:Assistant\r\n/);
      expect(apple).toContain('ADR;TYPE=WORK:;;1 Infinite Loop;Cupertino;CA;95014;United States\r\n');
      expect(apple).toContain('NOTE:Met at WWDC 2023\\nPrefers email\\, not calls\r\n');
      expect(apple).toContain('EMAIL;TYPE=INTERNET:john.appleseed@example.com\r\n');
      expect(card('王小明')).toContain('N:王;小明;;;\r\n');
      expect(card('陈静')).toContain('TEL;TYPE=WORK,VOICE:+86-21-5555-0101 x802\r\n');
      // A name typed in the console: the family name is the compound surname, not the whole name.
      expect(card('欧阳娜娜')).toContain('N:欧阳;娜娜;;;\r\n');
      expect(text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);

      const again = await importVcard(text, { mode: 'replace' });
      expect(again.data, again.msg).toMatchObject({
        total: before.length,
        inserted: before.length,
        errors: [],
      });
      const after = await contacts();
      const keep = (l: Contact[]) =>
        full(l).map((c) => (c.name === '欧阳娜娜' ? { ...c, family_name: null, given_name: null } : c));
      expect(keep(after)).toEqual(keep(before));
      expect((await byName()).get('欧阳娜娜')).toMatchObject({ family_name: '欧阳', given_name: '娜娜' });
    });
  });

  describe('call records', () => {
    it('serves the Master.csv export as a CSV file', async () => {
      const exp = await call<{ url: string }>(
        { method: 'export', format: 'cdr_csv' },
        '/admin.php/voice/cdr',
      );
      expect(exp.code, exp.msg).toBe(200);
      const res = await fetch(s.url + exp.data.url);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/voice_cdr-\d{14}\.csv$/);
    });
  });
});
