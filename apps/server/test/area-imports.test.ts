import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * The two imports whose files name things rather than ids: DOMAIN 2.9 system/RegionalManagement
 * "CSV of paths such as A栋/8F/0805" (format region_path) and DOMAIN 2.8 smart/DeviceBinding
 * "CSV import (room_code, mac, extension)" (format binding_csv). All or nothing, errors by line.
 */

const REGION = '/admin.php/system/region';
const BINDING = '/admin.php/smart/binding';
const EXTENSION = '/admin.php/voice/extension';

interface ImportReply {
  total: number;
  inserted: number;
  updated: number;
  skipped: number;
  errors: { line: number; field: string; msg: string }[];
}
interface Area {
  id: number;
  name: string;
  type: string | null;
  parent_id: number | null;
  code: string | null;
}

describeEachDb('imports by path and by room code', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  const importFile = (endpoint: string, format: string, text: string, opts: { dryRun?: boolean } = {}) => {
    const fd = new FormData();
    fd.set('method', 'import');
    fd.set('format', format);
    fd.set('dry_run', opts.dryRun ? '1' : '0');
    fd.set('file', new Blob([text]), 'file.csv');
    return s.call<ImportReply>(endpoint, fd, { token });
  };
  const areas = async () =>
    (await s.call<{ list: Area[] }>(REGION, { method: 'list', limit: 100 }, { token })).data.list;
  const areaAt = (list: Area[], ...path: string[]) => {
    let parent: number | null = null;
    let found: Area | undefined;
    for (const name of path) {
      found = list.find((a) => a.name === name && (a.parent_id ?? null) === parent);
      if (!found) return undefined;
      parent = found.id;
    }
    return found;
  };

  it('region_path makes the tree, typed by level, rooms coded by their name, reusing existing areas', async () => {
    const existing = await s.call<{ id: number }>(
      REGION,
      { method: 'add', name: 'B栋', type: 'building' },
      { token },
    );
    expect(existing.code, existing.msg).toBe(200);
    const r = await importFile(REGION, 'region_path', 'A栋/8F/0805\nA栋/8F/0806\nA栋/9F/0901\nB栋/1F/0101\n');
    expect(r.code, r.msg).toBe(200);
    expect(r.data.errors).toEqual([]);
    // A栋, 8F, 0805, 0806, 9F, 0901, 1F, 0101: B栋 was reused.
    expect(r.data.inserted).toBe(8);
    const list = await areas();
    expect(list.filter((a) => a.name === 'B栋')).toHaveLength(1);
    expect(areaAt(list, 'B栋', '1F', '0101')).toMatchObject({ type: 'room', code: '0101' });
    expect(areaAt(list, 'A栋')).toMatchObject({ type: 'building', parent_id: null, code: null });
    expect(areaAt(list, 'A栋', '8F')).toMatchObject({ type: 'floor', code: null });
    expect(areaAt(list, 'A栋', '8F', '0806')).toMatchObject({ type: 'room', code: '0806' });
    expect(areaAt(list, 'A栋', '9F', '0901')?.code).toBe('0901');
    // The same file again finds every area and adds none.
    const again = await importFile(REGION, 'region_path', 'A栋/8F/0805\nA栋/8F/0806\n');
    expect(again.data).toMatchObject({ inserted: 0, errors: [] });
    expect((await areas()).length).toBe(list.length);
  });

  it('region_path takes a code column under a path header', async () => {
    const r = await importFile(REGION, 'region_path', 'path,code\nC栋/2F/0201,C-0201\nC栋/2F/0202,\n');
    expect(r.code, r.msg).toBe(200);
    expect(r.data.errors).toEqual([]);
    const list = await areas();
    expect(areaAt(list, 'C栋', '2F', '0201')?.code).toBe('C-0201');
    expect(areaAt(list, 'C栋', '2F', '0202')?.code).toBe('0202');
  });

  it('region_path reports bad rows by line and writes nothing; a dry run writes nothing either', async () => {
    const before = (await areas()).length;
    // Line 2: an empty level; line 3: a room code another area has; line 4: a name too long.
    const r = await importFile(
      REGION,
      'region_path',
      `D栋/1F/0101x\nD栋//0102\nD栋/2F/0805\nD栋/${'x'.repeat(80)}\n`,
    );
    expect(r.code, r.msg).toBe(200);
    expect(r.data.inserted).toBe(0);
    expect(r.data.skipped).toBe(r.data.total);
    expect(r.data.errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'path'],
      [3, 'code'],
      [4, 'name'],
    ]);
    expect(r.data.errors[1]!.msg).toContain('0805');
    expect((await areas()).length).toBe(before);
    const dry = await importFile(REGION, 'region_path', 'E栋/1F/0101e\n', { dryRun: true });
    expect(dry.data).toMatchObject({ inserted: 3, errors: [] });
    expect((await areas()).length).toBe(before);
    // An existing room asked for a different code is an error, not a silent no-op.
    const clash = await importFile(REGION, 'region_path', 'path,code\nA栋/8F/0805,X1\n');
    expect(clash.data.errors).toEqual([expect.objectContaining({ line: 2, field: 'code' })]);
  });

  it('binding_csv binds the room by code, the terminal by MAC and the extension by number', async () => {
    const list = await areas();
    const room = areaAt(list, 'A栋', '8F', '0805')!;
    const room2 = areaAt(list, 'A栋', '8F', '0806')!;
    const ext = await s.call<{ id: number }>(
      EXTENSION,
      { method: 'add', extension: '8805', name: 'Room 0805' },
      { token },
    );
    expect(ext.code, ext.msg).toBe(200);
    const now = s.clock.now();
    // biome-ignore lint/suspicious/noExplicitAny: a resource table, described at run time
    const db = s.app.db.kysely as unknown as import('kysely').Kysely<any>;
    const tv = await db
      .insertInto('smart_terminal')
      .values({ mac: 'aa:bb:cc:00:08:05', state: 'authorized', site_id: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const count = async () =>
      (await s.call<{ total: number }>(BINDING, { method: 'list' }, { token })).data.total;
    const before = await count();

    // Unknown references, reported per row; nothing is written.
    const bad = await importFile(
      BINDING,
      'binding_csv',
      'room_code,mac,extension\n0805,AA-BB-CC-00-08-05,8805\n9999,aa:bb:cc:00:09:99,8899\n0806,not-a-mac,\n',
    );
    expect(bad.code, bad.msg).toBe(200);
    expect(bad.data.inserted).toBe(0);
    expect(bad.data.errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'room_code'],
      [3, 'mac'],
      [3, 'extension'],
      [4, 'mac'],
    ]);
    expect(bad.data.errors[0]!.msg).toContain('9999');
    expect(await count()).toBe(before);

    const ok = await importFile(
      BINDING,
      'binding_csv',
      'room_code,mac,extension,bed_no\n0805,AA-BB-CC-00-08-05,8805,\n0806,,,2\n',
    );
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({ inserted: 2, errors: [] });
    const rows = (
      await s.call<{ list: Record<string, unknown>[] }>(BINDING, { method: 'list', limit: 50 }, { token })
    ).data.list;
    expect(rows.find((b) => b.area_id === room.id)).toMatchObject({
      terminal_id: Number(tv.id),
      extension_id: ext.data.id,
    });
    expect(rows.find((b) => b.area_id === room2.id)).toMatchObject({ terminal_id: null, bed_no: '2' });

    // A room bound twice is a row error of the usual unique check.
    const twice = await importFile(BINDING, 'binding_csv', 'room_code,mac,extension\n0805,,\n');
    expect(twice.data.errors).toEqual([expect.objectContaining({ line: 2, field: 'area_id' })]);
    // A file without the columns is refused as a whole.
    const cols = await importFile(BINDING, 'binding_csv', 'room,mac\n0805,\n');
    expect(cols.code).not.toBe(200);
    expect(cols.msg).toContain('room_code');
  });
});
