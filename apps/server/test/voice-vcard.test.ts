import { BUILT_IN_EXPORT_FORMATS, BUILT_IN_IMPORT_FORMATS, resources } from '@igs/contract/resources';
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

  async function importVcard(text: string, opts: { mode?: string; dryRun?: boolean } = {}) {
    const fd = new FormData();
    fd.set('method', 'import');
    fd.set('format', 'vcard');
    fd.set('mode', opts.mode ?? 'append');
    fd.set('dry_run', opts.dryRun ? '1' : '0');
    fd.set('file', new Blob([text]), 'contacts.vcf');
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
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bad Mobile\r\nTEL;TYPE=CELL:12345\r\nEND:VCARD',
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
      expect(r.data.errors[0]!.msg).toBe('Mobile must be an 11-digit number starting with 1');
    }
    expect(carried(await contacts())).toEqual(carried(before));
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
