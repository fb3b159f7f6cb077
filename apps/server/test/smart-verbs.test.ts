import { resourceByName } from '@igs/contract/resources';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueLicence } from '../src/features/licence/issue.ts';
import { formatDateTime, parseDateTime } from '../src/platform/lib/time.ts';
import { generateKeyPair } from '../src/platform/licence/signing.ts';
import { insertRecord, type WriteTarget } from '../src/platform/resources/write.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

/**
 * DOMAIN 2.8 verbs (features/smart-display): terminal authorize/reject/disable with the licence's
 * terminal limit, the order state machine with its stock, message reply/close/read, and the
 * user package's renew/suspend/resume.
 */

const TERMINAL = '/admin.php/index/app_list';
const OPS_TERMINAL = '/operations/index/app_list';
const ORDER = '/admin.php/shop/order';
const OPS_ORDER = '/operations/shop/order';
const GOODS = '/admin.php/shop/goods';
const MESSAGE = '/admin.php/smart/message_board';
const PACKAGE = '/admin.php/media/user_package';
const OPS_PACKAGE = '/operations/media/user_package';
const LICENCE = '/admin.php/authorise/license';
const DAY = 86_400_000;

// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;

const kdb = (s: TestServer) => s.app.db.kysely as unknown as AnyDb;

async function insert(s: TestServer, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const now = Date.now();
  const out = await kdb(s)
    .insertInto(table)
    .values(rows.map((r) => ({ site_id: 0, created_at: now, updated_at: now, ...r })))
    .returning('id')
    .execute();
  return out.map((r) => Number(r.id));
}

/** A record written as the system writes it (the terminal API, the demo data), hooks included. */
const write = (s: TestServer, resource: string, body: Record<string, unknown>, site = 0, now = Date.now()) =>
  insertRecord({ db: kdb(s) as WriteTarget['db'], lang: 'en', now }, resourceByName(resource)!, body, site, {
    system: true,
  });

const rowOf = async (s: TestServer, table: string, id: number): Promise<Rec> =>
  (await kdb(s).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Rec;
const statesOf = async (s: TestServer, table: string, ids: number[]) =>
  (await kdb(s).selectFrom(table).select(['id', 'state']).where('id', 'in', ids).orderBy('id').execute()).map(
    (r) => String(r.state),
  );

describeEachDb('smart display verbs', (kind) => {
  let s: TestServer;
  let token: string;
  let ops: string;
  const call = <T = Rec>(path: string, body: unknown, t = token) => s.call<T>(path, body, { token: t });
  const opsCall = <T = Rec>(path: string, body: unknown, site: string) =>
    s.call<T>(path, body, { token: ops, headers: { 'igs-sids': site } });

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    ops = await s.login('admin', 'admin123', 1);
  });
  afterAll(async () => s.close());

  it('terminals: added pending whatever is sent; authorize (batch), reject and disable follow the states', async () => {
    const add = await call<{ id: number }>(TERMINAL, {
      method: 'add',
      mac: '00:11:22:33:44:a1',
      name: 'TV-A',
      state: 'authorized',
    });
    expect(add.code, add.msg).toBe(200);
    const a = add.data.id;
    const [b, c] = (await insert(s, 'smart_terminal', [
      { mac: '00:11:22:33:44:a2', state: 'pending' },
      { mac: '00:11:22:33:44:a3', state: 'pending' },
    ])) as [number, number];
    // `state` is read-only to clients: the new terminal is pending, and edit cannot authorise it.
    expect(await statesOf(s, 'smart_terminal', [a])).toEqual(['pending']);
    expect((await call(TERMINAL, { method: 'edit', id: a, state: 'authorized' })).code).toBe(200);
    expect(await statesOf(s, 'smart_terminal', [a])).toEqual(['pending']);

    const auth = await call(TERMINAL, { method: 'authorize', ids: [a, b] });
    expect(auth).toMatchObject({ code: 200, data: { updated: 2 } });
    expect(await statesOf(s, 'smart_terminal', [a, b, c])).toEqual(['authorized', 'authorized', 'pending']);

    // A batch with one authorised terminal authorises none of it.
    const again = await call(TERMINAL, { method: 'authorize', ids: [c, a] });
    expect(again.code).toBe(409);
    expect(again.msg).toBe(`#${a}: Authorize is not possible while authorization is Authorized`);
    expect(await statesOf(s, 'smart_terminal', [a, b, c])).toEqual(['authorized', 'authorized', 'pending']);

    // reject: pending only; disable: authorised only.
    expect((await call(TERMINAL, { method: 'reject', id: a })).code).toBe(409);
    expect((await call(TERMINAL, { method: 'disable', id: c })).code).toBe(409);
    expect((await call(TERMINAL, { method: 'reject', id: c })).code).toBe(200);
    expect((await call(TERMINAL, { method: 'disable', id: a })).code).toBe(200);
    expect(await statesOf(s, 'smart_terminal', [a, b, c])).toEqual(['disabled', 'authorized', 'rejected']);
    // Disabled and rejected terminals may be authorised again.
    expect((await call(TERMINAL, { method: 'authorize', ids: [a, c] })).code).toBe(200);
    expect(await statesOf(s, 'smart_terminal', [a, b, c])).toEqual([
      'authorized',
      'authorized',
      'authorized',
    ]);

    // Bad input: no ids, an id that is not there.
    expect((await call(TERMINAL, { method: 'authorize', ids: [] })).code).toBe(422);
    expect((await call(TERMINAL, { method: 'reject' })).code).toBe(422);
    expect((await call(TERMINAL, { method: 'disable', id: 999_999 })).code).toBe(404);

    const log = await call<{ list: { action: string; detail: string }[] }>('/admin.php/system/logging', {
      method: 'list',
      filter: { module: 'index:app_list', action: 'authorize' },
    });
    expect(log.data.list.map((e) => e.detail)).toContain(`index:app_list authorize #${a}, #${b}`);
  });

  it('terminal verbs need their own button keys', async () => {
    const [t] = await insert(s, 'smart_terminal', [{ mac: '00:11:22:33:44:b1', state: 'pending' }]);
    const viewer = await accountWith(s, `term_viewer_${kind}`, [TERMINAL], []);
    expect((await call(TERMINAL, { method: 'authorize', ids: [t] }, viewer)).code).toBe(403);
    const authoriser = await accountWith(s, `term_auth_${kind}`, [TERMINAL], ['index:app_list:authorize']);
    expect((await call(TERMINAL, { method: 'reject', id: t }, authoriser)).code).toBe(403);
    expect(await statesOf(s, 'smart_terminal', [t!])).toEqual(['pending']);
    expect((await call(TERMINAL, { method: 'authorize', ids: [t] }, authoriser)).code).toBe(200);
    expect((await call(TERMINAL, { method: 'disable', id: t }, authoriser)).code).toBe(403);
    expect(await statesOf(s, 'smart_terminal', [t!])).toEqual(['authorized']);
  });

  it('operations mode acts on the site’s own terminals only', async () => {
    const [t3] = await insert(s, 'smart_terminal', [
      { mac: '00:11:22:33:44:c3', state: 'pending', site_id: 3 },
    ]);
    const elsewhere = await opsCall(OPS_TERMINAL, { method: 'authorize', ids: [t3] }, '4');
    expect(elsewhere.code).toBe(404);
    expect(await statesOf(s, 'smart_terminal', [t3!])).toEqual(['pending']);
    // The full-mode page is site 0's.
    expect((await call(TERMINAL, { method: 'authorize', ids: [t3] })).code).toBe(404);
    expect((await opsCall(OPS_TERMINAL, { method: 'authorize', ids: [t3] }, '3')).code).toBe(200);
    expect(await statesOf(s, 'smart_terminal', [t3!])).toEqual(['authorized']);
  });

  it('orders: a new order takes limited stock; accept → deliver → complete, each by the states it applies to', async () => {
    const type = await call<{ id: number }>('/admin.php/shop/type', { method: 'add', name: 'Dining' });
    const goods = async (name: string, stock: number) =>
      (
        await call<{ id: number }>(GOODS, {
          method: 'add',
          type_id: type.data.id,
          name,
          name_en: name,
          cover: '/uploads/goods.png',
          price: 1000,
          stock,
        })
      ).data.id;
    const fruit = await goods('Fruit', 5);
    const noodles = await goods('Noodles', -1);
    const stock = async (id: number) => Number((await rowOf(s, 'shop_goods', id)).stock);

    const order = await write(s, 'shop:order', {
      order_no: 'SO1',
      area: '0805',
      items: [
        { goods_id: fruit, name: 'Fruit', price: 1000, qty: 1 },
        { goods_id: noodles, name: 'Noodles', price: 1000, qty: 3 },
        { goods_id: fruit, name: 'Fruit', price: 1000, qty: 1 },
      ],
      amount: 5000,
      pay_method: 'room_charge',
    });
    expect(await stock(fruit)).toBe(3);
    expect(await stock(noodles)).toBe(-1);

    // Too little left: refused with 409, nothing taken, no order.
    const orders = async () => (await kdb(s).selectFrom('shop_order').select('id').execute()).length;
    const before = await orders();
    await expect(
      write(s, 'shop:order', {
        order_no: 'SO2',
        items: [{ goods_id: fruit, name: 'Fruit', price: 1, qty: 4 }],
      }),
    ).rejects.toMatchObject({ code: 409, message: 'Items: only 3 of "Fruit" left, 4 ordered' });
    await expect(
      write(s, 'shop:order', { order_no: 'SO3', items: [{ goods_id: fruit, name: 'Fruit', qty: 0 }] }),
    ).rejects.toMatchObject({ code: 422 });
    expect(await stock(fruit)).toBe(3);
    expect(await orders()).toBe(before);

    // The state moves only by the verbs.
    expect((await call(ORDER, { method: 'edit', id: order, state: 'completed', remark: 'x' })).code).toBe(
      200,
    );
    expect(await statesOf(s, 'shop_order', [order])).toEqual(['pending']);
    expect((await call(ORDER, { method: 'deliver', id: order })).code).toBe(409);
    expect((await call(ORDER, { method: 'complete', id: order })).code).toBe(409);
    const accepted = await call(ORDER, { method: 'accept', id: order });
    expect(accepted).toMatchObject({ code: 200, data: { state: 'accepted' } });
    expect(await rowOf(s, 'shop_order', order)).toMatchObject({ state: 'accepted', handled_by: 'admin' });
    expect((await call(ORDER, { method: 'accept', id: order })).code).toBe(409);
    expect((await call(ORDER, { method: 'deliver', id: order })).code).toBe(200);
    expect((await call(ORDER, { method: 'complete', id: order })).code).toBe(200);
    expect(await statesOf(s, 'shop_order', [order])).toEqual(['completed']);
    const late = await call(ORDER, { method: 'cancel', id: order, reason: 'too late' });
    expect(late.code).toBe(409);
    expect(await statesOf(s, 'shop_order', [order])).toEqual(['completed']);
    // A completed order keeps its stock taken.
    expect(await stock(fruit)).toBe(3);

    // A pickup order completes once accepted, with no delivery.
    const pickup = await write(s, 'shop:order', { order_no: 'SO4', pay_method: 'cash' });
    expect((await call(ORDER, { method: 'accept', id: pickup })).code).toBe(200);
    expect((await call(ORDER, { method: 'complete', id: pickup })).code).toBe(200);
    expect(await statesOf(s, 'shop_order', [pickup])).toEqual(['completed']);
  });

  it('orders: cancel needs a reason, gives the stock back, and is logged; other sites are out of reach', async () => {
    const type = await call<{ id: number }>('/admin.php/shop/type', { method: 'add', name: 'Amenities' });
    const add = await call<{ id: number }>(GOODS, {
      method: 'add',
      type_id: type.data.id,
      name: 'Pillow',
      name_en: 'Pillow',
      cover: '/uploads/pillow.png',
      price: 0,
      stock: 4,
    });
    const pillow = add.data.id;
    const order = await write(s, 'shop:order', {
      order_no: 'SO10',
      items: [{ goods_id: pillow, name: 'Pillow', price: 0, qty: 3 }],
    });
    const stock = async () => Number((await rowOf(s, 'shop_goods', pillow)).stock);
    expect(await stock()).toBe(1);
    expect((await call(ORDER, { method: 'accept', id: order })).code).toBe(200);

    for (const bad of [{}, { reason: '' }, { reason: 'x'.repeat(256) }]) {
      const r = await call(ORDER, { method: 'cancel', id: order, ...bad });
      expect(r.code).toBe(422);
      expect(r.data.errors[0].field).toBe('reason');
    }
    expect(await statesOf(s, 'shop_order', [order])).toEqual(['accepted']);
    expect(await stock()).toBe(1);

    const r = await call(ORDER, { method: 'cancel', id: order, reason: 'Guest checked out' });
    expect(r).toMatchObject({ code: 200, data: { state: 'cancelled' } });
    expect(await rowOf(s, 'shop_order', order)).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'Guest checked out',
      handled_by: 'admin',
    });
    expect(await stock()).toBe(4);
    // Once only: a second cancel would give the stock back twice.
    expect((await call(ORDER, { method: 'cancel', id: order, reason: 'again' })).code).toBe(409);
    expect(await stock()).toBe(4);
    const log = await call<{ list: { detail: string }[] }>('/admin.php/system/logging', {
      method: 'list',
      filter: { module: 'shop:order', action: 'cancel' },
    });
    expect(log.data.list.map((e) => e.detail)).toContain(`shop:order cancel #${order}: Guest checked out`);

    // Site 3's order and its goods: not site 4's to cancel, and site 3's stock comes back.
    const [g3] = await insert(s, 'shop_goods', [
      { name: 'Tea', name_en: 'Tea', price: 1, stock: 2, site_id: 3 },
    ]);
    const o3 = await write(s, 'shop:order', { order_no: 'SO11', items: [{ goods_id: g3, qty: 2 }] }, 3);
    const g3Stock = async () => Number((await rowOf(s, 'shop_goods', g3!)).stock);
    expect(await g3Stock()).toBe(0);
    expect((await opsCall(OPS_ORDER, { method: 'cancel', id: o3, reason: 'x' }, '4')).code).toBe(404);
    expect((await opsCall(OPS_ORDER, { method: 'accept', id: o3 }, '4')).code).toBe(404);
    expect(await statesOf(s, 'shop_order', [o3])).toEqual(['pending']);
    expect(await g3Stock()).toBe(0);
    expect((await opsCall(OPS_ORDER, { method: 'cancel', id: o3, reason: 'x' }, '3')).code).toBe(200);
    expect(await g3Stock()).toBe(2);

    // Each step needs its key.
    const clerk = await accountWith(s, `order_clerk_${kind}`, [ORDER], ['shop:order:accept']);
    const o4 = await write(s, 'shop:order', { order_no: 'SO12' });
    expect((await call(ORDER, { method: 'cancel', id: o4, reason: 'x' }, clerk)).code).toBe(403);
    expect((await call(ORDER, { method: 'accept', id: o4 }, clerk)).code).toBe(200);
    expect((await call(ORDER, { method: 'deliver', id: o4 }, clerk)).code).toBe(403);
    expect(await statesOf(s, 'shop_order', [o4])).toEqual(['accepted']);
  });

  it('messages: read (batch), reply {reply} with who and when, close; each by its states', async () => {
    const message = (content: string) =>
      write(s, 'smart:message_board', { area: '0805', terminal: 'TV-0805', category: 'request', content });
    const m1 = await message('More towels, please');
    const m2 = await message('Late checkout?');
    expect(await statesOf(s, 'smart_message', [m1, m2])).toEqual(['unread', 'unread']);

    expect((await call(MESSAGE, { method: 'read', ids: [m1, m2] })).code).toBe(200);
    expect(await statesOf(s, 'smart_message', [m1, m2])).toEqual(['read', 'read']);
    expect((await call(MESSAGE, { method: 'read', ids: [m1] })).code).toBe(409);

    // A reply is required and bounded; a refused one changes nothing.
    for (const bad of [{}, { reply: '' }, { reply: 'x'.repeat(2001) }]) {
      const r = await call(MESSAGE, { method: 'reply', id: m1, ...bad });
      expect(r.code).toBe(422);
      expect(r.data.errors[0].field).toBe('reply');
    }
    expect(await rowOf(s, 'smart_message', m1)).toMatchObject({ state: 'read', reply: null });

    const r = await call(MESSAGE, { method: 'reply', id: m1, reply: 'On their way' });
    expect(r.code, r.msg).toBe(200);
    const row = await rowOf(s, 'smart_message', m1);
    expect(row).toMatchObject({ state: 'replied', reply: 'On their way', replied_by: 'admin' });
    expect(Math.abs(parseDateTime(String(row.replied_at)) - s.clock.now())).toBeLessThan(5000);
    // Replying again replaces the reply.
    expect((await call(MESSAGE, { method: 'reply', id: m1, reply: 'Delivered' })).code).toBe(200);
    expect((await rowOf(s, 'smart_message', m1)).reply).toBe('Delivered');

    // `state` is the verbs' alone.
    expect((await call(MESSAGE, { method: 'edit', id: m2, state: 'closed', contact: '8000' })).code).toBe(
      200,
    );
    expect(await rowOf(s, 'smart_message', m2)).toMatchObject({ state: 'read', contact: '8000' });

    expect((await call(MESSAGE, { method: 'close', id: m1 })).code).toBe(200);
    expect((await call(MESSAGE, { method: 'close', id: m1 })).code).toBe(409);
    expect((await call(MESSAGE, { method: 'reply', id: m1, reply: 'late' })).code).toBe(409);
    expect(await rowOf(s, 'smart_message', m1)).toMatchObject({ state: 'closed', reply: 'Delivered' });

    const reader = await accountWith(s, `msg_reader_${kind}`, [MESSAGE], ['smart:message_board:read']);
    expect((await call(MESSAGE, { method: 'reply', id: m2, reply: 'x' }, reader)).code).toBe(403);
    expect((await call(MESSAGE, { method: 'close', id: m2 }, reader)).code).toBe(403);
    expect(await statesOf(s, 'smart_message', [m2])).toEqual(['read']);
  });

  it("user packages: a new one's state is judged by the app's clock, not the wall clock", async () => {
    const pkg = await call<{ id: number }>('/admin.php/media/live_package', {
      method: 'add',
      name: 'Clocked',
      code: 'clocked',
    });
    expect(pkg.code, pkg.msg).toBe(200);
    const wall = Date.now();
    const body = (end: number) => ({
      target_type: 'area',
      target_id: 5,
      package_id: pkg.data.id,
      start_at: formatDateTime(wall - DAY),
      end_at: formatDateTime(end),
    });
    // Ends tomorrow by the wall clock, but the app's clock is a month on: already expired.
    const later = await write(s, 'media:user_package', body(wall + DAY), 0, wall + 30 * DAY);
    expect((await rowOf(s, 'media_user_package', later)).state).toBe('expired');
    const today = await write(s, 'media:user_package', body(wall + DAY), 0, wall);
    expect((await rowOf(s, 'media_user_package', today)).state).toBe('active');
  });

  it('user packages: a manual one starts active (or expired) from manual; end before start is refused', async () => {
    const pkg = await call<{ id: number }>('/admin.php/media/live_package', {
      method: 'add',
      name: 'Basic',
      code: 'basic',
    });
    expect(pkg.code, pkg.msg).toBe(200);
    const now = s.clock.now();
    const add = (start: number, end: number, extra: Rec = {}) =>
      call<{ id: number }>(PACKAGE, {
        method: 'add',
        target_type: 'area',
        target_id: 5,
        package_id: pkg.data.id,
        start_at: formatDateTime(start),
        end_at: formatDateTime(end),
        ...extra,
      });
    const live = await add(now - DAY, now + 10 * DAY, { state: 'suspended', source: 'pms' });
    expect(live.code, live.msg).toBe(200);
    expect(await rowOf(s, 'media_user_package', live.data.id)).toMatchObject({
      state: 'active',
      source: 'manual',
    });
    const old = await add(now - 10 * DAY, now - DAY);
    expect(await rowOf(s, 'media_user_package', old.data.id)).toMatchObject({
      state: 'expired',
      source: 'manual',
    });

    const count = async () => (await kdb(s).selectFrom('media_user_package').select('id').execute()).length;
    const before = await count();
    const bad = await add(now, now - DAY);
    expect(bad.code).toBe(422);
    expect(bad.data).toMatchObject({ errors: [{ field: 'end_at' }] });
    expect(await count()).toBe(before);
    // An edit is checked against the stored start.
    const edit = await call(PACKAGE, {
      method: 'edit',
      id: live.data.id,
      end_at: formatDateTime(now - 2 * DAY),
    });
    expect(edit.code).toBe(422);
    expect(edit.msg).toBe(`Ends: must not be before the start (${formatDateTime(now - DAY)})`);
  });

  it('user packages: renew {days}, suspend and resume', async () => {
    const [pkg] = await insert(s, 'media_live_package', [{ name: 'Plus', code: 'plus' }]);
    const now = s.clock.now();
    const sub = (end: number, state: string, site = 0) =>
      write(
        s,
        'media:user_package',
        {
          target_type: 'terminal',
          target_id: 1,
          package_id: pkg,
          start_at: formatDateTime(now - 5 * DAY),
          end_at: formatDateTime(end),
          source: 'pms',
          state,
        },
        site,
      );
    const end = now + 3 * DAY;
    const active = await sub(end, 'active');
    const stored = async (id: number) => {
      const r = await rowOf(s, 'media_user_package', id);
      return { state: String(r.state), end: parseDateTime(String(r.end_at)) };
    };

    for (const days of [undefined, 0, 3651, 'ten', 1.5]) {
      const r = await call(PACKAGE, { method: 'renew', id: active, days });
      expect(r.code).toBe(422);
      expect(r.data.errors[0].field).toBe('days');
    }
    expect(await stored(active)).toEqual({ state: 'active', end: parseDateTime(formatDateTime(end)) });

    // From the end while it runs…
    const renewed = await call(PACKAGE, { method: 'renew', id: active, days: 10 });
    expect(renewed.code, renewed.msg).toBe(200);
    const tenLater = new Date(parseDateTime(formatDateTime(end)));
    tenLater.setDate(tenLater.getDate() + 10);
    expect(renewed.data).toEqual({ state: 'active', end_at: formatDateTime(tenLater.getTime()) });
    expect((await stored(active)).end).toBe(tenLater.getTime());

    // …from now once it has lapsed, and active again.
    const lapsed = await sub(now - DAY, 'expired');
    const back = await call(PACKAGE, { method: 'renew', id: lapsed, days: 2 });
    expect(back.data.state).toBe('active');
    expect(Math.abs((await stored(lapsed)).end - (now + 2 * DAY))).toBeLessThan(60_000);

    // suspend: active only; resume: suspended only.
    expect((await call(PACKAGE, { method: 'resume', id: active })).code).toBe(409);
    expect((await call(PACKAGE, { method: 'suspend', id: active })).code).toBe(200);
    expect((await stored(active)).state).toBe('suspended');
    expect((await call(PACKAGE, { method: 'suspend', id: active })).code).toBe(409);
    // Renewing a suspended one moves its end and keeps it suspended.
    expect((await call(PACKAGE, { method: 'renew', id: active, days: 1 })).data.state).toBe('suspended');
    expect((await call(PACKAGE, { method: 'resume', id: active })).data).toEqual({ state: 'active' });
    expect((await stored(active)).state).toBe('active');
    // Resumed after its end passed: expired.
    const ended = await sub(now - DAY, 'suspended');
    expect((await call(PACKAGE, { method: 'resume', id: ended })).data).toEqual({ state: 'expired' });

    // Operations mode: another site's subscription is out of reach.
    const [pkg3] = await insert(s, 'media_live_package', [{ name: 'Site 3', code: 's3', site_id: 3 }]);
    const s3 = await write(
      s,
      'media:user_package',
      {
        target_type: 'area',
        target_id: 1,
        package_id: pkg3,
        start_at: formatDateTime(now),
        end_at: formatDateTime(now + DAY),
      },
      3,
    );
    const s3Before = await stored(s3);
    expect((await opsCall(OPS_PACKAGE, { method: 'renew', id: s3, days: 5 }, '4')).code).toBe(404);
    expect((await opsCall(OPS_PACKAGE, { method: 'suspend', id: s3 }, '4')).code).toBe(404);
    expect(await stored(s3)).toEqual(s3Before);
    expect((await opsCall(OPS_PACKAGE, { method: 'suspend', id: s3 }, '3')).code).toBe(200);
    expect((await stored(s3)).state).toBe('suspended');

    const renewer = await accountWith(s, `pkg_renewer_${kind}`, [PACKAGE], ['media:user_package:renew']);
    expect((await call(PACKAGE, { method: 'suspend', id: active }, renewer)).code).toBe(403);
    expect((await call(PACKAGE, { method: 'renew', id: active, days: 1 }, renewer)).code).toBe(200);
  });
});

describeEachDb('terminal authorisation and the licence', (kind) => {
  const vendor = generateKeyPair();
  let s: TestServer;
  let token: string;

  beforeAll(async () => {
    s = await startServer(kind, { vendorPublicKey: vendor.publicKey });
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('authorising beyond the licence’s terminal limit answers 1006 and authorises none', async () => {
    const machine = (await s.call<{ this_machine_code: string }>(LICENCE, { method: 'detail' }, { token }))
      .data.this_machine_code;
    const ymd = (ms: number) => formatDateTime(ms).slice(0, 10);
    const file = issueLicence(
      {
        product: 'igs-gateway',
        serial_no: 'SN-T-1',
        machine_code: machine,
        customer: 'Test',
        issued_at: ymd(s.clock.now()),
        expires_at: ymd(s.clock.now() + 365 * DAY),
        limits: { terminals: 3, extensions: null, aps: null, cpes: null, channels: null, sites: null },
        modules: ['smart'],
      },
      vendor.privateKey,
    );
    const installed = await s.call(LICENCE, { method: 'import', content: JSON.stringify(file) }, { token });
    expect(installed.code, installed.msg).toBe(200);

    // Authorised terminals of every site count; pending, rejected and disabled ones do not.
    const ids = await insert(s, 'smart_terminal', [
      { mac: '00:11:22:33:55:01', state: 'authorized' },
      { mac: '00:11:22:33:55:02', state: 'authorized', site_id: 3 },
      { mac: '00:11:22:33:55:03', state: 'pending' },
      { mac: '00:11:22:33:55:04', state: 'pending' },
      { mac: '00:11:22:33:55:05', state: 'disabled' },
    ]);
    const [a, , p1, p2, d] = ids as [number, number, number, number, number];
    const r = await s.call(TERMINAL, { method: 'authorize', ids: [p1, p2] }, { token });
    expect(r).toMatchObject({
      code: 1006,
      msg: 'The licence allows 3 terminals and 2 are authorized: authorizing 2 more would pass the limit; disable some or install a licence with a higher limit',
      data: { limit: 'terminals', max: 3, used: 2 },
    });
    const zh = await s.call(
      TERMINAL,
      { method: 'authorize', ids: [p1, p2] },
      { token, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.msg).toBe(
      '授权允许 3 个终端，已授权 2 个，再授权 2 个将超出额度：请停用部分终端或导入更高额度的授权',
    );
    expect(await statesOf(s, 'smart_terminal', ids)).toEqual([
      'authorized',
      'authorized',
      'pending',
      'pending',
      'disabled',
    ]);

    // Up to the limit works; one more does not; disabling one makes room.
    expect((await s.call(TERMINAL, { method: 'authorize', ids: [p1] }, { token })).code).toBe(200);
    expect((await s.call(TERMINAL, { method: 'authorize', ids: [d] }, { token })).code).toBe(1006);
    expect((await s.call(TERMINAL, { method: 'disable', id: a }, { token })).code).toBe(200);
    expect((await s.call(TERMINAL, { method: 'authorize', ids: [d] }, { token })).code).toBe(200);
    expect(await statesOf(s, 'smart_terminal', ids)).toEqual([
      'disabled',
      'authorized',
      'authorized',
      'pending',
      'authorized',
    ]);
  });
});
