import { resourceByName } from '@igs/contract/resources';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertRecord } from '../src/platform/resources/write.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const TRUNK = '/admin.php/voice/trunk';
const WAKEUP = '/admin.php/voice/wakeup';
const EXTENSION = '/admin.php/voice/extension';
const GOODS_TYPE = '/admin.php/shop/type';
const GOODS = '/admin.php/shop/goods';
const INTRO_TYPE = '/admin.php/introduce/type';
const INTRO_ITEM = '/admin.php/introduce/index';
const ORDER = '/admin.php/shop/order';
const OPS_ORDER = '/operations/shop/order';
const HINT = '/admin.php/index/hint';
const HOME = '/admin.php/system/home';

type List<T = Record<string, unknown>> = { list: T[]; total: number };

describeEachDb('resource fixes', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = unknown>(path: string, body: unknown) => s.call<T>(path, body, { token });
  // biome-ignore lint/suspicious/noExplicitAny: resource tables are not in the typed schema
  const raw = () => s.app.db.kysely as any;
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  async function storedSecret(id: number): Promise<unknown> {
    const row = await raw()
      .selectFrom('voice_trunk')
      .select('secret')
      .where('id', '=', id)
      .executeTakeFirst();
    return row.secret;
  }

  it('an empty secret on edit keeps the stored one; a new value replaces it', async () => {
    const add = await call<{ id: number }>(TRUNK, {
      method: 'add',
      name: 'carrier-a',
      sip_server: 'sip.carrier.example',
      username: 'gw01',
      secret: 'first-Secret-1',
    });
    expect(add.code, add.msg).toBe(200);
    const id = add.data.id;
    expect(await storedSecret(id)).toBe('first-Secret-1');

    const keep = await call(TRUNK, { method: 'edit', id, secret: '', outcid: '01088886666' });
    expect(keep.code, keep.msg).toBe(200);
    expect(await storedSecret(id)).toBe('first-Secret-1');
    const keepNull = await call(TRUNK, { method: 'edit', id, secret: null });
    expect(keepNull.code, keepNull.msg).toBe(200);
    expect(await storedSecret(id)).toBe('first-Secret-1');

    expect((await call(TRUNK, { method: 'edit', id, secret: 'second-Secret-2' })).code).toBe(200);
    expect(await storedSecret(id)).toBe('second-Secret-2');
    // the other fields of that edit were still applied
    expect((await call<{ outcid: string }>(TRUNK, { method: 'detail', id })).data.outcid).toBe('01088886666');
  });

  it('secrets never leave the server: list, detail and export carry them empty', async () => {
    const list = await call<List<{ secret: string }>>(TRUNK, { method: 'list' });
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list.every((r) => r.secret === '')).toBe(true);
    const id = (list.data.list[0] as unknown as { id: number }).id;
    expect((await call<{ secret: string }>(TRUNK, { method: 'detail', id })).data.secret).toBe('');
    const ext = await call<{ id: number }>(EXTENSION, {
      method: 'add',
      extension: '8001',
      name: 'Front desk',
      secret: 'ext-secret-123456',
    });
    expect(ext.code, ext.msg).toBe(200);
    for (const format of ['csv', 'json']) {
      const r = await call<{ url: string }>(EXTENSION, { method: 'export', format });
      expect(r.code, r.msg).toBe(200);
      const text = await (await fetch(s.url + r.data.url)).text();
      expect(text).toContain('Front desk');
      expect(text).not.toContain('ext-secret-123456');
    }
  });

  it('options with a keyword works on a resource whose label is not a text column', async () => {
    const ext = await call<List<{ id: number }>>(EXTENSION, { method: 'list' });
    const extId = ext.data.list[0]!.id;
    const a = await call<{ id: number }>(WAKEUP, {
      method: 'add',
      room_ext: extId,
      date: '2030-01-01',
      time: '07:00',
    });
    expect(a.code, a.msg).toBe(200);
    const hit = await call<{ value: number; label: string }[]>(WAKEUP, {
      method: 'options',
      keyword: String(a.data.id),
    });
    expect(hit.code, hit.msg).toBe(200);
    expect(hit.data.map((o) => o.value)).toContain(a.data.id);
    const miss = await call<unknown[]>(WAKEUP, { method: 'options', keyword: 'no such thing' });
    expect(miss).toMatchObject({ code: 200, data: [] });
    // a text label still matches by its text, case-insensitively
    await call(EXTENSION, {
      method: 'add',
      extension: '8002',
      name: 'Lobby Phone',
      secret: 'ext-secret-654321',
    });
    const byName = await call<{ label: string }[]>(EXTENSION, { method: 'options', keyword: 'lobby' });
    expect(byName.data.map((o) => o.label)).toEqual(['Lobby Phone']);
  });

  it('html fields are sanitised before they are stored, on add, edit and import', async () => {
    const type = await call<{ id: number }>(GOODS_TYPE, { method: 'add', name: '餐饮' });
    const dirty =
      '<p onclick="steal()">Fresh <b>noodles</b><script>alert(1)</script></p>' +
      '<a href="javascript:alert(2)">x</a><a href="https://shop.example/menu" onmouseover="x()">menu</a>' +
      '<img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe>';
    const add = await call<{ id: number }>(GOODS, {
      method: 'add',
      type_id: type.data.id,
      name: '牛肉面',
      name_en: 'Beef noodles',
      cover: 'cover-id',
      price: 3800,
      description: dirty,
    });
    expect(add.code, add.msg).toBe(200);
    const stored = (
      await raw()
        .selectFrom('shop_goods')
        .select('description')
        .where('id', '=', add.data.id)
        .executeTakeFirst()
    ).description as string;
    expect(stored).toBe(
      '<p>Fresh <b>noodles</b></p><a>x</a><a href="https://shop.example/menu">menu</a><img src="x">',
    );
    const edit = await call(GOODS, {
      method: 'edit',
      id: add.data.id,
      description: '<div style="color: red; background: url(javascript:x)">ok</div><svg onload="x()"></svg>',
    });
    expect(edit.code, edit.msg).toBe(200);
    const d = await call<{ description: string }>(GOODS, { method: 'detail', id: add.data.id });
    expect(d.data.description).toBe('<div style="color: red">ok</div>');

    const intro = await call<{ id: number }>(INTRO_TYPE, { method: 'add', name: '酒店介绍' });
    const item = await call<{ id: number }>(INTRO_ITEM, {
      method: 'add',
      type_id: intro.data.id,
      title: 'Pool',
      content: '<h2>Pool</h2><p>Open <em>07:00–22:00</em></p><object data="x.swf"></object>',
    });
    expect(item.code, item.msg).toBe(200);
    const i = await call<{ content: string }>(INTRO_ITEM, { method: 'detail', id: item.data.id });
    expect(i.data.content).toBe('<h2>Pool</h2><p>Open <em>07:00–22:00</em></p>');

    const fd = new FormData();
    fd.append('method', 'import');
    fd.append(
      'file',
      new Blob(
        [
          `type_id,name,name_en,cover,price,description\r\n${type.data.id},茶,Tea,c1,800,"<p>Hot<script>x()</script></p><a href=""jav&#x09;ascript:y()"">t</a>"\r\n`,
        ],
        { type: 'text/csv' },
      ),
      'goods.csv',
    );
    const imp = await s.call<{ inserted: number }>(GOODS, fd, { token });
    expect(imp.data, imp.msg).toMatchObject({ inserted: 1 });
    const tea = await call<List<{ description: string }>>(GOODS, { method: 'list', keyword: 'Tea' });
    expect(tea.data.list[0]!.description).toBe('<p>Hot</p><a>t</a>');
  });

  it('a new order written by the resource framework raises the cart badge and the dashboard figure', async () => {
    // Orders and terminal records come from terminals (the menus grant no add): they are written
    // by the framework's insertRecord, the same write path as the add call and the demo data.
    const write = (resource: string, body: Record<string, unknown>, site = 0) =>
      insertRecord({ db: raw(), lang: 'en', now: Date.now() }, resourceByName(resource)!, body, site, {
        system: true,
      });
    const hint = async (t = token, headers: Record<string, string> = {}) =>
      (await s.call<{ tip: number; order: number }>(HINT, {}, { token: t, headers })).data;
    const pendingCard = async () =>
      (await call<{ cards: { key: string; value: number }[] }>(HOME, {})).data.cards.find(
        (c) => c.key === 'pending_orders',
      )!.value;
    const before = await hint();
    const cardBefore = await pendingCard();
    const id = await write('shop:order', {
      order_no: 'SO202501010001',
      area: '1208',
      items: [{ goods_id: 1, name: 'Beef noodles', price: 3800, qty: 1 }],
      amount: 3800,
      pay_method: 'room_charge',
    });
    // the order page lists it, pending by default
    const list = await call<List<{ id: number; state: string }>>(ORDER, { method: 'list' });
    expect(list.data.list.find((o) => o.id === id)?.state).toBe('pending');
    expect((await hint()).order).toBe(before.order + 1);
    expect(await pendingCard()).toBe(cardBefore + 1);
    // handled on the order page: no longer counted
    expect((await call(ORDER, { method: 'accept', id })).code).toBe(200);
    expect((await hint()).order).toBe(before.order);
    expect(await pendingCard()).toBe(cardBefore);

    // unread terminal records raise the message badge
    await write('smart:terminal_record', { terminal: 'STB-0101', type: 'offline' });
    const tips = await hint();
    expect(tips.tip).toBe(before.tip + 1);

    // operations mode: an order of site 3 counts on site 3 only
    await write('shop:order', { order_no: 'SO202501010002', pay_method: 'cash' }, 3);
    const ops = await s.login('admin', 'admin123', 1);
    expect((await hint(ops, { 'igs-sids': '3' })).order).toBe(1);
    expect((await hint(ops, { 'igs-sids': '4' })).order).toBe(0);
    expect(
      (await s.call<List>(OPS_ORDER, { method: 'list' }, { token: ops, headers: { 'igs-sids': '3' } })).data
        .total,
    ).toBe(1);
  });
});
