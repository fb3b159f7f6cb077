import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;

const GOODS = '/admin.php/shop/goods';
const TYPES = '/admin.php/shop/type';
const LIVE = '/admin.php/media/live';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0, 64, 0, 0, 0, 64]),
  Buffer.alloc(64),
]);

/** Lists and exports read as the console does: files as links, codes with their words, fen as yuan. */
describeEachDb('readable lists and exports', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = Rec>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    s.call<T>(path, body, { token, headers });
  const upload = async (name: string) => {
    const fd = new FormData();
    fd.append('kind', 'image');
    fd.append('file', new Blob([new Uint8Array(PNG)]), name);
    const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, { token });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  const download = async (url: string) => Buffer.from(await (await fetch(s.url + url)).arrayBuffer());
  const csvLines = (bytes: Buffer) => bytes.subarray(3).toString('utf8').trim().split(/\r\n/);

  let cover: string;
  let images: string[];
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    cover = await upload('cover.png');
    images = [await upload('a.png'), await upload('b.png')];
    const type = (await call<{ id: number }>(TYPES, { method: 'add', name: 'Dining' })).data.id;
    const added = await call(GOODS, {
      method: 'add',
      type_id: type,
      name: '奶茶',
      name_en: 'Milk tea',
      cover,
      images,
      price: 3800,
    });
    expect(added.code, added.msg).toBe(200);
  });
  afterAll(async () => s.close());

  it('a list carries a signed link, the name and the type of every file its rows name', async () => {
    const r = await call<{ list: Rec[]; files: Record<string, Rec> }>(GOODS, {
      method: 'list',
      keyword: 'Milk',
    });
    expect(r.code).toBe(200);
    expect(Object.keys(r.data.files).sort()).toEqual([cover, ...images].sort());
    expect(r.data.files[cover]).toMatchObject({ name: 'cover.png', mime: 'image/png' });
    const img = await fetch(s.url + r.data.files[images[0]!]!.url);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    // A list whose rows name no file sends none.
    expect((await call<{ files: Rec }>(TYPES, { method: 'list' })).data.files).toEqual({});
  });

  it('an export puts the yuan beside the fen and the files as a|b, and reads back on import', async () => {
    const r = await call<{ url: string }>(GOODS, { method: 'export' });
    expect(r.code, r.msg).toBe(200);
    const [header, row] = csvLines(await download(r.data.url));
    const cols = header!.split(',');
    expect(cols.slice(cols.indexOf('price'), cols.indexOf('price') + 2)).toEqual(['price', 'price_yuan']);
    const cells = row!.split(',');
    expect(cells[cols.indexOf('price')]).toBe('3800');
    expect(cells[cols.indexOf('price_yuan')]).toBe('¥38.00');
    expect(cells[cols.indexOf('images')]).toBe(images.join('|'));
  });

  it('an export puts each enum’s words beside its code, in the caller’s language', async () => {
    const cls = (
      await call<{ id: number }>('/admin.php/media/live_type', {
        method: 'add',
        name: '测试',
        name_en: 'Test',
      })
    ).data.id;
    const add = await call(LIVE, {
      method: 'add',
      number: 901,
      name: '湖畔测试',
      name_en: 'Lakeside Test',
      category_ids: [cls],
      url: 'udp://239.1.1.9:5000',
      type: 'multicast',
    });
    expect(add.code, add.msg).toBe(200);
    for (const [lang, words] of [
      ['en', /^Multicast/],
      ['zh_CN', /组播/],
    ] as const) {
      const r = await call<{ url: string }>(
        LIVE,
        { method: 'export', filter: { name: '湖畔' } },
        { cookie: `language=${lang}` },
      );
      const [header, row] = csvLines(await download(r.data.url));
      const cols = header!.split(',');
      const at = cols.indexOf('type');
      expect(cols[at + 1]).toBe('type_label');
      const cells = row!.split(',');
      expect(cells[at]).toBe('multicast');
      expect(cells[at + 1]).toMatch(words);
    }
  });
});

describeEachDb('references named in the caller’s language', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('options give the English name in English and the Chinese one in Chinese, and find either', async () => {
    const CLASS = '/admin.php/media/live_type';
    const id = (
      await s.call<{ id: number }>(
        CLASS,
        { method: 'add', name: '湖畔测试', name_en: 'Lakeside Test' },
        { token },
      )
    ).data.id;
    const options = async (lang: string, keyword = '') =>
      (
        await s.call<{ value: number; label: string }[]>(
          CLASS,
          { method: 'options', keyword },
          { token, headers: { cookie: `language=${lang}` } },
        )
      ).data.find((o) => o.value === id)?.label;
    expect(await options('en')).toBe('Lakeside Test');
    expect(await options('zh_CN')).toBe('湖畔测试');
    // The English console's picker finds "Lakeside Test" by its English words, and by the Chinese.
    expect(await options('en', 'Lakeside')).toBe('Lakeside Test');
    expect(await options('en', '湖畔')).toBe('Lakeside Test');
  });
});

describeEachDb('texts the server kept as keys', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('read in the reader’s language in lists and details', async () => {
    const { keepText } = await import('@igs/contract');
    const now = Date.now();
    await s.app.db.kysely
      .insertInto('smart_terminal_event' as never)
      .values({
        terminal: 'room-1203',
        type: 'message',
        detail: keepText('terminal.noAppRelease', { release_id: 7 }),
        read: 0,
        site_id: 0,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    const PATH = '/admin.php/smart/terminal_record';
    const detailOf = async (lang: string) =>
      (
        await s.call<{ list: Rec[] }>(
          PATH,
          { method: 'list', keyword: '' },
          { token, headers: { cookie: `language=${lang}` } },
        )
      ).data.list.find((r) => r.terminal === 'room-1203')?.detail;
    expect(await detailOf('en')).toBe('No app release #7');
    expect(await detailOf('zh_CN')).toBe('应用版本 #7 不存在');
  });
});

describe('export columns', () => {
  it('are only fields and readable companions, so import reads the file back unchanged', async () => {
    const { exportColumns } = await import('../src/platform/resources/export-columns.ts');
    const { resourceByName } = await import('@igs/contract/resources');
    const headers = exportColumns(resourceByName('voice:trunk')!, 'en').map((c) => c.header);
    expect(headers).toContain('transport');
    expect(headers).toContain('transport_label');
    expect(headers).not.toContain('password');
  });
});
