import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addRole, PASSWORD } from './support/admin-api.ts';
import { partialUploads, storedUploadNames } from './support/files.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { setAccountSites } from './support/sites.ts';

/**
 * The ResourcePicker's file explorer (DOMAIN 1.2, 3.6): folders per site, files = uploads placed
 * in a folder, on /admin.php/explorer/<verb> (site 0) and /operations/explorer/<verb> (igs-sids).
 */
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0, 0x20, 0, 0, 0, 0x10]), // 32 x 16
  Buffer.alloc(64),
]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(100)]);

const FULL = '/admin.php/explorer';
const OPS = '/operations/explorer';

interface Entry {
  type: 'dir' | 'file';
  id: number | string;
  name: string;
  kind?: string;
  url?: string;
  folder_id?: number;
  site_id: number;
}
interface ListReply {
  list: Entry[];
  total: number;
  dirs: number;
  files: number;
  folder: { id: number; name: string } | null;
  path: { id: number; name: string }[];
}
interface Node {
  id: number;
  name: string;
  site_id: number;
  children: Node[];
}

describeEachDb('explorer', (kind) => {
  let s: TestServer;
  let admin: string;
  let ops: string;
  const at = (sites: string) => ({ token: ops, headers: { 'igs-sids': sites } });
  const full = () => ({ token: admin });
  type Opts = { token: string; headers?: Record<string, string> };

  const upload = async (
    base: string,
    opts: Opts,
    file: { kind: string; data: Buffer; name: string; folder?: number | string; order?: 'file-first' },
  ) => {
    const fd = new FormData();
    const blob = new Blob([new Uint8Array(file.data)]);
    if (file.order === 'file-first') fd.append('file', blob, file.name);
    fd.append('kind', file.kind);
    if (file.folder !== undefined) fd.append('folder_id', String(file.folder));
    if (file.order !== 'file-first') fd.append('file', blob, file.name);
    return s.call<{ id: string; url: string; name: string; folder_id: number; mime: string }>(
      `${base}/upload`,
      fd,
      opts,
    );
  };
  const mkdir = async (base: string, opts: Opts, name: string, parent = 0) => {
    const r = await s.call<{ id: number }>(`${base}/creat_dir`, { parent_id: parent, name }, opts);
    return r;
  };
  const list = (base: string, opts: Opts, body: Record<string, unknown> = {}) =>
    s.call<ListReply>(`${base}/list`, body, opts);
  const tree = (base: string, opts: Opts) => s.call<Node[]>(`${base}/res_tree`, {}, opts);
  const folderRow = (id: number) =>
    s.app.db.kysely.selectFrom('explorer_folders').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    s = await startServer(kind, { uploadMaxBytes: 1024 * 1024 });
    admin = await s.login();
    ops = await s.login('admin', 'admin123', 1);
  });
  afterAll(async () => s.close());

  describe('folders and files in full mode', () => {
    let posters: number;
    let y2024: number;
    let inFolder: string;

    it('makes a tree of folders and answers it with res_tree', async () => {
      const a = await mkdir(FULL, full(), 'Posters');
      expect(a.code, a.msg).toBe(200);
      posters = a.data.id;
      const b = await mkdir(FULL, full(), '2024', posters);
      expect(b.code, b.msg).toBe(200);
      y2024 = b.data.id;
      expect((await mkdir(FULL, full(), 'Audio')).code).toBe(200);
      const t = await tree(FULL, full());
      expect(t.code).toBe(200);
      expect(t.data.map((n) => n.name)).toEqual(['Audio', 'Posters']);
      const p = t.data.find((n) => n.name === 'Posters')!;
      expect(p.children.map((n) => [n.name, n.children.length])).toEqual([['2024', 0]]);
      expect(p.site_id).toBe(0);
    });

    it('refuses a second folder of the same name in one parent, whatever its case, and a missing parent', async () => {
      const dup = await mkdir(FULL, full(), 'posters');
      expect(dup).toMatchObject({ code: 409, msg: 'A folder named "posters" already exists here' });
      // The same name under another parent is fine.
      expect((await mkdir(FULL, full(), 'Audio', posters)).code).toBe(200);
      expect((await mkdir(FULL, full(), 'x', 99999)).code).toBe(404);
    });

    it('refuses bad names with a clear message and stores nothing', async () => {
      const before = await s.app.db.kysely.selectFrom('explorer_folders').select('id').execute();
      for (const [name, msg] of [
        ['a/b', 'The name may not contain / or \\'],
        ['..\\etc', 'The name may not contain / or \\'],
        ['tab\there', 'The name may not contain control characters'],
        ['line\u2028break', 'The name may not contain control characters'],
        ['..', 'The name may not be . or ..'],
        ['   ', 'The name is required'],
        ['x'.repeat(101), 'The name must be at most 100 characters'],
      ] as const) {
        const r = await mkdir(FULL, full(), name);
        expect(r.code, name).toBe(422);
        expect(r.msg, name).toBe(msg);
        expect((r.data as unknown as { errors: { field: string }[] }).errors[0]!.field).toBe('name');
      }
      expect((await s.call(`${FULL}/creat_dir`, { parent_id: 0 }, full())).code).toBe(422);
      expect((await s.call(`${FULL}/creat_dir`, { name: 'x', parent_id: 'abc' }, full())).code).toBe(422);
      const after = await s.app.db.kysely.selectFrom('explorer_folders').select('id').execute();
      expect(after).toHaveLength(before.length);
      // In the caller's language.
      const zh = await s.call(
        `${FULL}/creat_dir`,
        { name: 'a/b' },
        { token: admin, headers: { cookie: 'language=zh_CN' } },
      );
      expect(zh.msg).toBe('名称不能包含 / 或 \\');
    });

    it('nests folders at most 8 deep', async () => {
      let parent = 0;
      for (let depth = 1; depth <= 8; depth++) {
        const r = await mkdir(FULL, full(), `level ${depth}`, parent);
        expect(r.code, `depth ${depth}: ${r.msg}`).toBe(200);
        parent = r.data.id;
      }
      const deeper = await mkdir(FULL, full(), 'level 9', parent);
      expect(deeper).toMatchObject({ code: 422, msg: 'Folders nest at most 8 deep' });
    });

    it('uploads into a folder through the upload checks, and lists the folder', async () => {
      const r = await upload(FULL, full(), { kind: 'image', data: PNG, name: 'lobby.png', folder: y2024 });
      expect(r.code, r.msg).toBe(200);
      expect(r.data).toMatchObject({ name: 'lobby.png', mime: 'image/png', folder_id: y2024 });
      inFolder = r.data.id;
      // Stored under its generated name, never the folder's or the file's.
      expect(await storedUploadNames(s)).toContain(`${inFolder}.png`);
      const l = await list(FULL, full(), { folder_id: y2024 });
      expect(l.code).toBe(200);
      expect(l.data.list.map((e) => [e.type, e.name, e.kind])).toEqual([['file', 'lobby.png', 'image']]);
      expect(l.data.path.map((p) => p.name)).toEqual(['Posters', '2024']);
      const img = await fetch(s.url + l.data.list[0]!.url);
      expect(img.headers.get('content-type')).toBe('image/png');
      // Not at the root.
      const root = await list(FULL, full());
      expect(root.data.list.some((e) => e.id === inFolder)).toBe(false);
    });

    it('refuses what the upload feature refuses, into an unknown folder, or with fields after the file', async () => {
      const count = async () => (await s.app.db.kysely.selectFrom('uploads').select('id').execute()).length;
      const before = await count();
      const fake = await upload(FULL, full(), {
        kind: 'image',
        data: Buffer.from('<?php echo 1; ?>'),
        name: 'x.png',
        folder: y2024,
      });
      expect(fake).toMatchObject({ code: 422, msg: 'Only JPG, PNG, GIF or WebP can be uploaded here' });
      const big = await upload(FULL, full(), {
        kind: 'video',
        data: Buffer.concat([MP4, Buffer.alloc(1024 * 1024)]),
        name: 'big.mp4',
      });
      expect(big).toMatchObject({ code: 422, msg: 'Files of kind video cannot exceed 1 MB' });
      expect(
        (await upload(FULL, full(), { kind: 'image', data: PNG, name: 'a.png', folder: 99999 })).code,
      ).toBe(404);
      expect((await upload(FULL, full(), { kind: 'avatar', data: PNG, name: 'a.png' })).msg).toMatch(
        /kind must be one of: image, audio/,
      );
      const late = await upload(FULL, full(), {
        kind: 'image',
        data: PNG,
        name: 'a.png',
        order: 'file-first',
      });
      expect(late.msg).toBe('kind is required and must come before the file');
      expect(await count()).toBe(before);
      expect(await partialUploads(s)).toEqual([]);
    });

    it('lists folders first then files, paged, filtered by kind and keyword, sorted', async () => {
      const box = (await mkdir(FULL, full(), 'Box')).data.id;
      for (const n of ['a', 'b']) expect((await mkdir(FULL, full(), `sub ${n}`, box)).code).toBe(200);
      const files: Record<string, string> = {};
      for (const [name, k, data] of [
        ['spring.png', 'image', PNG],
        ['summer.png', 'image', PNG],
        ['clip.mp4', 'video', MP4],
        ['notes.txt', 'text', Buffer.from('hello\n')],
      ] as const) {
        s.clock.advance(1000);
        const r = await upload(FULL, full(), { kind: k, data, name, folder: box });
        expect(r.code, r.msg).toBe(200);
        files[name] = r.data.id;
      }
      const names = async (body: Record<string, unknown>) =>
        (await list(FULL, full(), { folder_id: box, ...body })).data;
      const all = await names({});
      expect(all.list.map((e) => e.name)).toEqual([
        'sub b',
        'sub a',
        'notes.txt',
        'clip.mp4',
        'summer.png',
        'spring.png',
      ]);
      expect([all.total, all.dirs, all.files]).toEqual([6, 2, 4]);
      // Pages run across folders and files.
      expect((await names({ limit: 3, page: 1 })).list.map((e) => e.name)).toEqual([
        'sub b',
        'sub a',
        'notes.txt',
      ]);
      expect((await names({ limit: 3, page: 2 })).list.map((e) => e.name)).toEqual([
        'clip.mp4',
        'summer.png',
        'spring.png',
      ]);
      expect((await names({ limit: 3, page: 3 })).list).toEqual([]);
      expect((await names({ kind: 'image', sort: 'name', order: 'asc' })).list.map((e) => e.name)).toEqual([
        'sub a',
        'sub b',
        'spring.png',
        'summer.png',
      ]);
      expect(
        (await names({ kind: 'video' })).list.filter((e) => e.type === 'file').map((e) => e.name),
      ).toEqual(['clip.mp4']);
      expect(
        (await names({ kind: 'other' })).list.filter((e) => e.type === 'file').map((e) => e.name),
      ).toEqual(['notes.txt']);
      expect((await names({ keyword: 'SUM' })).list.map((e) => e.name)).toEqual(['summer.png']);
      for (const bad of [
        { kind: 'exe' },
        { sort: 'file' },
        { limit: 500 },
        { folder_id: -1 },
        { order: 'up' },
      ]) {
        expect((await list(FULL, full(), bad)).code, JSON.stringify(bad)).toBe(422);
      }
      expect((await list(FULL, full(), { folder_id: 99999 })).code).toBe(404);
    });

    it('renames folders and files; names are checked and unique among sibling folders', async () => {
      const r = await s.call(`${FULL}/rename`, { type: 'dir', id: y2024, name: 'Year 2024' }, full());
      expect(r.code, r.msg).toBe(200);
      expect((await folderRow(y2024))?.name).toBe('Year 2024');
      const sibling = (await mkdir(FULL, full(), 'Year 2025', posters)).data.id;
      const clash = await s.call(`${FULL}/rename`, { type: 'dir', id: sibling, name: 'year 2024' }, full());
      expect(clash.code).toBe(409);
      // Its own name in another case is no clash.
      expect(
        (await s.call(`${FULL}/rename`, { type: 'dir', id: sibling, name: 'YEAR 2025' }, full())).code,
      ).toBe(200);
      const f = await s.call(
        `${FULL}/rename`,
        { type: 'file', id: inFolder, name: '  Lobby by night.png ' },
        full(),
      );
      expect(f.code, f.msg).toBe(200);
      const row = await s.app.db.kysely
        .selectFrom('uploads')
        .select(['name', 'file'])
        .where('id', '=', inFolder)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Lobby by night.png', file: `${inFolder}.png` });
      // The download carries the new name.
      const l = await list(FULL, full(), { folder_id: y2024 });
      const res = await fetch(s.url + l.data.list[0]!.url);
      expect(res.headers.get('content-disposition')).toContain('Lobby%20by%20night.png');
      for (const body of [
        { type: 'file', id: inFolder, name: '../../etc/passwd' },
        { type: 'dir', id: y2024, name: 'a\u0000b' },
        { type: 'file', id: inFolder, name: 'x'.repeat(201) },
        { type: 'dir', id: y2024 },
        { type: 'folder', id: y2024, name: 'x' },
        { type: 'file', id: 'not-an-id', name: 'x' },
      ]) {
        expect((await s.call(`${FULL}/rename`, body, full())).code, JSON.stringify(body)).toBe(422);
      }
      expect((await folderRow(y2024))?.name).toBe('Year 2024');
      const missing = await s.call(
        `${FULL}/rename`,
        { type: 'file', id: '00000000-0000-4000-8000-000000000000', name: 'x' },
        full(),
      );
      expect(missing.code).toBe(404);
    });

    it('deletes only empty folders, and files no record uses; 409 says what holds them', async () => {
      const full409 = await s.call(`${FULL}/del`, { type: 'dir', ids: [posters] }, full());
      expect(full409.code).toBe(409);
      expect(full409.msg).toBe('Cannot delete folder "Posters": it still holds 3 folders and 0 files');
      const material = await s.call<{ id: number }>(
        '/admin.php/advertising/resource',
        { method: 'add', name: 'Lobby poster', file: inFolder },
        full(),
      );
      expect(material.code, material.msg).toBe(200);
      const used = await s.call(`${FULL}/del`, { type: 'file', ids: [inFolder] }, full());
      expect(used.code).toBe(409);
      expect(used.msg).toBe('Cannot delete "Lobby by night.png": still used by 1 Advertising material');
      expect(used.data).toMatchObject({
        refs: [{ id: inFolder, resource: 'advertising:resource', entity: 'Advertising material', count: 1 }],
      });
      const zh = await s.call(
        `${FULL}/del`,
        { type: 'file', ids: [inFolder] },
        { token: admin, headers: { cookie: 'language=zh_CN' } },
      );
      expect(zh.msg).toBe('无法删除“Lobby by night.png”：仍被 1 广告素材 使用');
      // A folder holding a file is not empty either.
      const withFile = await s.call(`${FULL}/del`, { type: 'dir', ids: [y2024] }, full());
      expect(withFile.msg).toBe('Cannot delete folder "Year 2024": it still holds 0 folders and 1 file');
      // Once the record lets go, the file goes, from the table and the disk.
      await s.call('/admin.php/advertising/resource', { method: 'del', ids: [material.data.id] }, full());
      const ok = await s.call<{ deleted: number }>(`${FULL}/del`, { type: 'file', ids: [inFolder] }, full());
      expect(ok).toMatchObject({ code: 200, data: { deleted: 1 } });
      expect(await storedUploadNames(s)).not.toContain(`${inFolder}.png`);
      const gone = await s.call(`${FULL}/del`, { type: 'dir', ids: [y2024] }, full());
      expect(gone).toMatchObject({ code: 200, data: { deleted: 1 } });
      expect(await folderRow(y2024)).toBeUndefined();
      expect((await s.call(`${FULL}/del`, { type: 'dir', ids: [] }, full())).code).toBe(422);
      expect((await s.call(`${FULL}/del`, { type: 'dir', ids: [y2024] }, full())).code).toBe(404);
    });

    it('a refused delete of several deletes none of them', async () => {
      const a = (await mkdir(FULL, full(), 'Empty A')).data.id;
      const b = (await mkdir(FULL, full(), 'Holds one')).data.id;
      expect((await mkdir(FULL, full(), 'inner', b)).code).toBe(200);
      expect((await s.call(`${FULL}/del`, { type: 'dir', ids: [a, b] }, full())).code).toBe(409);
      expect(await folderRow(a)).toBeDefined();
    });

    it('writes its changes to the operation log', async () => {
      const rows = await s.app.db.kysely
        .selectFrom('operation_log')
        .select(['module', 'result', 'detail'])
        .where('module', 'like', 'explorer:%')
        .execute();
      const modules = new Set(rows.map((r) => r.module));
      for (const m of ['explorer:creat_dir', 'explorer:rename', 'explorer:del', 'explorer:upload'])
        expect(modules, m).toContain(m);
      expect(rows.some((r) => r.module === 'explorer:upload' && r.detail.startsWith('lobby.png'))).toBe(true);
      expect(rows.some((r) => r.result === 'fail')).toBe(true);
      // Reads are not logged.
      expect(modules.has('explorer:list')).toBe(false);
    });
  });

  describe('operations mode: one site never sees nor changes another site’s folders and files', () => {
    let f1: number;
    let file1: string;

    beforeAll(async () => {
      const r = await mkdir(OPS, at('1'), 'Site one');
      expect(r.code, r.msg).toBe(200);
      f1 = r.data.id;
      const u = await upload(OPS, at('1'), { kind: 'image', data: PNG, name: 'one.png', folder: f1 });
      expect(u.code, u.msg).toBe(200);
      file1 = u.data.id;
    });

    it('stores the site of the call and shows each site its own', async () => {
      expect((await folderRow(f1))?.site_id).toBe(1);
      expect((await tree(OPS, at('1'))).data.map((n) => n.name)).toEqual(['Site one']);
      expect((await tree(OPS, at('2'))).data).toEqual([]);
      // Full mode is site 0 and sees none of them; the sites see none of full mode's.
      expect((await tree(FULL, full())).data.some((n) => n.name === 'Site one')).toBe(false);
      expect((await list(OPS, at('2'))).data.list).toEqual([]);
      expect((await list(OPS, at('2'), { folder_id: f1 })).code).toBe(404);
      expect((await list(OPS, at('1'), { folder_id: f1 })).data.list.map((e) => e.name)).toEqual(['one.png']);
      // Several sites read together.
      expect((await mkdir(OPS, at('2'), 'Site two')).code).toBe(200);
      expect((await tree(OPS, at('1,2'))).data.map((n) => [n.name, n.site_id])).toEqual([
        ['Site one', 1],
        ['Site two', 2],
      ]);
    });

    it('refuses changes from another site, and changes nothing', async () => {
      expect((await s.call(`${OPS}/rename`, { type: 'dir', id: f1, name: 'Mine' }, at('2'))).code).toBe(404);
      expect((await s.call(`${OPS}/rename`, { type: 'file', id: file1, name: 'Mine' }, at('2'))).code).toBe(
        404,
      );
      expect((await s.call(`${OPS}/del`, { type: 'file', ids: [file1] }, at('2'))).code).toBe(404);
      expect((await s.call(`${OPS}/del`, { type: 'dir', ids: [f1] }, at('2'))).code).toBe(404);
      expect((await mkdir(OPS, at('2'), 'Into one', f1)).code).toBe(404);
      expect((await upload(OPS, at('2'), { kind: 'image', data: PNG, name: 'x.png', folder: f1 })).code).toBe(
        404,
      );
      // Full mode cannot reach them either.
      expect((await s.call(`${FULL}/del`, { type: 'file', ids: [file1] }, full())).code).toBe(404);
      expect((await folderRow(f1))?.name).toBe('Site one');
      const row = await s.app.db.kysely
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', file1)
        .executeTakeFirst();
      expect(row).toMatchObject({ name: 'one.png', site_id: 1, folder_id: f1 });
    });

    it('a write names exactly one site; a site outside the account is 403', async () => {
      const two = await mkdir(OPS, at('1,2'), 'Both');
      expect(two.code).toBe(400);
      expect(two.msg).toMatch(/exactly one site/);
      const u = await upload(OPS, at('1,2'), { kind: 'image', data: PNG, name: 'x.png' });
      expect(u.code).toBe(400);
      await setAccountSites(s, 'admin', '1');
      try {
        const refused = await list(OPS, at('2'));
        expect(refused).toMatchObject({ code: 403, msg: 'Site 2 is not granted to this account' });
      } finally {
        await setAccountSites(s, 'admin', '*');
      }
    });

    it('a full-mode session cannot use the operations paths, nor the other way round', async () => {
      expect((await list(OPS, { token: admin, headers: { 'igs-sids': '1' } })).code).toBe(403);
      expect((await list(FULL, at('1'))).code).toBe(403);
    });

    it('the general upload of an operations session belongs to its one site, at the root', async () => {
      const fd = new FormData();
      fd.append('kind', 'image');
      fd.append('file', new Blob([new Uint8Array(PNG)]), 'general.png');
      const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, at('2'));
      expect(r.code, r.msg).toBe(200);
      const root = await list(OPS, at('2'));
      expect(root.data.list.filter((e) => e.type === 'file').map((e) => e.name)).toEqual(['general.png']);
      expect((await list(OPS, at('1'))).data.list.some((e) => e.name === 'general.png')).toBe(false);
    });
  });

  describe('permissions', () => {
    it('reads need a menu carrying the explorer; each write needs its key', async () => {
      const reader = await addRole(s, admin, { name: 'picker reader', menus: ['AdvertResource'] });
      await addAccount(s, admin, { username: 'reader', role_id: reader });
      const r = await s.login('reader', PASSWORD);
      expect((await list(FULL, { token: r })).code).toBe(200);
      expect((await tree(FULL, { token: r })).code).toBe(200);
      const refused = await mkdir(FULL, { token: r }, 'Nope');
      expect(refused).toMatchObject({ code: 403 });
      expect(refused.msg).toContain('explorer:creat_dir');
      expect((await upload(FULL, { token: r }, { kind: 'image', data: PNG, name: 'a.png' })).msg).toContain(
        'explorer:upload',
      );
      expect((await s.call(`${FULL}/del`, { type: 'dir', ids: [1] }, { token: r })).msg).toContain(
        'explorer:del',
      );

      const writer = await addRole(s, admin, {
        name: 'picker writer',
        menus: ['AdvertResource'],
        buttons: ['explorer:creat_dir', 'explorer:upload'],
      });
      await addAccount(s, admin, { username: 'writer', role_id: writer });
      const w = await s.login('writer', PASSWORD);
      expect((await mkdir(FULL, { token: w }, 'Writer’s')).code).toBe(200);
      expect((await upload(FULL, { token: w }, { kind: 'image', data: PNG, name: 'w.png' })).code).toBe(200);
      expect((await s.call(`${FULL}/rename`, { type: 'dir', id: 1, name: 'x' }, { token: w })).code).toBe(
        403,
      );

      // A role whose menus have no file field has no explorer.
      const other = await addRole(s, admin, { name: 'no files', menus: ['SystemLog'] });
      await addAccount(s, admin, { username: 'nofiles', role_id: other });
      const o = await s.login('nofiles', PASSWORD);
      const none = await list(FULL, { token: o });
      expect(none.code).toBe(403);
      expect(none.msg).toContain('/admin.php/explorer/list');
      expect((await s.call(`${FULL}/list`, {})).code).toBe(1002);
    });
  });
});
