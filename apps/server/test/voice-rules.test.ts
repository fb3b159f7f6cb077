import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/*
 * The cross-field rules of DOMAIN 2.2 on write (features/voice/write-rules.ts): each refused with
 * 422 naming the field (409 for a duplicate inbound route), in the caller's language, on add and
 * on edit, and nothing is stored.
 */

const V = (name: string) => `/admin.php/voice/${name}`;
type Reply = { errors?: { field: string; msg: string }[] };
type List = { list: Record<string, unknown>[]; total: number };

describeEachDb('voice write rules', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = Reply>(p: string, body: Record<string, unknown>, lang?: 'zh_CN') =>
    s.call<T>(p, body, { token, headers: lang ? { cookie: 'language=zh_CN' } : {} });
  const list = async (p: string) => (await call<List>(p, { method: 'list', limit: 200 })).data.list;
  const add = async (p: string, body: Record<string, unknown>) => {
    const r = await call<{ id: number }>(p, { method: 'add', ...body });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  /** A refused write: its code, message and field, and the list unchanged. */
  const refused = async (
    p: string,
    body: Record<string, unknown>,
    code: number,
    field: string,
    msg: string,
  ) => {
    const before = await list(p);
    const r = await call(p, body);
    expect(r.code, `${JSON.stringify(body)}: ${r.msg}`).toBe(code);
    expect(r.msg).toBe(msg);
    expect(r.data.errors?.[0]).toEqual({ field, msg });
    expect(await list(p)).toEqual(before);
  };

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('a trunk that registers out needs a username, on add and on edit', async () => {
    const trunk = { name: 'carrier', sip_server: 'sip.example.net', secret: 'Trunk-secret-1' };
    const msg = 'Username is required when registration is send';
    // `send` is the default registration
    await refused(V('trunk'), { method: 'add', ...trunk }, 422, 'username', msg);
    const zh = await call(V('trunk'), { method: 'add', ...trunk }, 'zh_CN');
    expect(zh.msg).toBe('注册方式为“发送注册”时须填写用户名');
    const id = await add(V('trunk'), { ...trunk, registration: 'none' });
    await refused(V('trunk'), { method: 'edit', id, registration: 'send' }, 422, 'username', msg);
    expect(
      (await call(V('trunk'), { method: 'edit', id, registration: 'send', username: 'gw01' })).code,
    ).toBe(200);
    // clearing the username of a registering trunk is refused too
    await refused(V('trunk'), { method: 'edit', id, username: '' }, 422, 'username', msg);
  });

  it('a meeting room’s host PIN differs from its member PIN', async () => {
    const msg = 'Host PIN must differ from the member PIN';
    await refused(
      V('conference'),
      { method: 'add', number: '6001', name: 'Board', user_pin: '1234', admin_pin: '1234' },
      422,
      'admin_pin',
      msg,
    );
    const id = await add(V('conference'), {
      number: '6001',
      name: 'Board',
      user_pin: '1234',
      admin_pin: '4321',
    });
    await refused(V('conference'), { method: 'edit', id, admin_pin: '1234' }, 422, 'admin_pin', msg);
    await refused(V('conference'), { method: 'edit', id, user_pin: '4321' }, 422, 'admin_pin', msg);
    // no PINs, or one of them, is fine
    await add(V('conference'), { number: '6002', name: 'Open room' });
    expect((await call(V('conference'), { method: 'edit', id, admin_pin: '' })).code).toBe(200);
  });

  it('IVR keys are single keys 0-9, * or #, each used once', async () => {
    const ivr = { name: 'Main', announcement: 'welcome', number: '6100' };
    const dest = { type: 'hangup' };
    await refused(
      V('ivr'),
      {
        method: 'add',
        ...ivr,
        entries: [
          { key: '1', dest },
          { key: '1', dest },
        ],
      },
      422,
      'entries',
      'Key entries: key 1 is used twice',
    );
    await refused(
      V('ivr'),
      {
        method: 'add',
        ...ivr,
        entries: [
          { key: '1', dest },
          { key: '12', dest },
        ],
      },
      422,
      'entries',
      'Key entries, row 2: Key must be one of 0-9, * or #',
    );
    await refused(
      V('ivr'),
      { method: 'add', ...ivr, entries: { key: '1' } },
      422,
      'entries',
      'Key entries must be a list',
    );
    const id = await add(V('ivr'), {
      ...ivr,
      entries: [{ key: '1', dest }, { key: '#', dest }, { key: '0' }],
    });
    await refused(
      V('ivr'),
      {
        method: 'edit',
        id,
        entries: [
          { key: '*', dest },
          { key: '*', dest },
        ],
      },
      422,
      'entries',
      'Key entries: key * is used twice',
    );
  });

  it('outbound dial patterns are Asterisk patterns; a new route goes last', async () => {
    const trunk = await add(V('trunk'), { name: 'out', sip_server: '10.0.0.1', registration: 'none' });
    const group = await add(V('trunk_group'), { name: 'Out', trunk_ids: [trunk] });
    const route = { trunk_group_id: group };
    // The description's shape checks each row's parts first (the pattern rule of the contract).
    const notPattern = (row: number, part: string) =>
      `Dial patterns, row ${row}: ${part} must be a number (digits, *, #) or an Asterisk pattern such as _9NXXXXXX (digits, X, Z, N, [1-5], . and !)`;
    const cases: [unknown, string][] = [
      [[{ match: '1X@' }], notPattern(1, 'Match pattern')],
      [[{ match: 'NXX' }, { match: '[]X' }], notPattern(2, 'Match pattern')],
      [[{ match: '' }], 'Dial patterns, row 1: Match pattern is required'],
      [[{ prefix: '9a', match: 'X.' }], 'Dial patterns, row 1: Prefix may contain digits, *, # and + only'],
      [[{ match: 'X.', cid: '80(1)' }], notPattern(1, 'Caller pattern')],
      ['NXXX', 'Dial patterns must be a list'],
    ];
    for (const [patterns, msg] of cases)
      await refused(
        V('outbound_route'),
        { method: 'add', name: 'r', patterns, ...route },
        422,
        'patterns',
        msg,
      );
    const a = await add(V('outbound_route'), {
      name: 'Local',
      patterns: [{ prefix: '9', match: 'NXXXXXXX' }],
      ...route,
    });
    const b = await add(V('outbound_route'), {
      name: 'Intl',
      patterns: [{ match: '_00.' }, { match: '1[3-9]XXXXXXXXX' }],
      ...route,
    });
    const seq = Object.fromEntries((await list(V('outbound_route'))).map((r) => [r.id, r.seq]));
    expect(seq).toEqual({ [a]: 1, [b]: 2 });
    await refused(
      V('outbound_route'),
      { method: 'edit', id: a, patterns: [{ match: 'X+Y' }] },
      422,
      'patterns',
      notPattern(1, 'Match pattern'),
    );
  });

  it('a queue agent’s penalty is a whole number 0-10', async () => {
    const q = { number: '6200', name: 'Desk' };
    // The description's shape checks each agent's parts (contract rules), by row.
    for (const [penalty, msg] of [
      [11, 'Penalty must be between 0 and 10'],
      [-1, 'Penalty must be between 0 and 10'],
      [1.5, 'Penalty must be a whole number'],
      ['high', 'Penalty must be a number'],
    ] as const)
      await refused(
        V('queue'),
        {
          method: 'add',
          ...q,
          members: [
            { extension: '8001', penalty: 0 },
            { extension: '8002', penalty },
          ],
        },
        422,
        'members',
        `Static agents, row 2: ${msg}`,
      );
    await refused(
      V('queue'),
      { method: 'add', ...q, members: [{ penalty: 1 }] },
      422,
      'members',
      'Static agents, row 1: Agent extension is required',
    );
    const id = await add(V('queue'), {
      ...q,
      members: [{ extension: '8001', penalty: 10 }, { extension: '8002' }, { extension: '8003' }],
    });
    await refused(
      V('queue'),
      { method: 'edit', id, members: [{ extension: '8001', penalty: 12 }] },
      422,
      'members',
      'Static agents, row 1: Penalty must be between 0 and 10',
    );
  });

  it('an inbound route’s (DID, caller) pair is unique, empty meaning any: 409', async () => {
    const dest = { type: 'hangup' };
    const main = await add(V('inbound_route'), { description: 'Main', did: '88886666', dest });
    await refused(
      V('inbound_route'),
      { method: 'add', description: 'Again', did: '88886666', dest },
      409,
      'did',
      'Inbound route "Main" already answers DID 88886666 from caller (any)',
    );
    const vip = await add(V('inbound_route'), { description: 'VIP', did: '88886666', cid: '_138X.', dest });
    await refused(
      V('inbound_route'),
      { method: 'edit', id: vip, cid: '' },
      409,
      'did',
      'Inbound route "Main" already answers DID 88886666 from caller (any)',
    );
    await add(V('inbound_route'), { description: 'Any', dest });
    await refused(
      V('inbound_route'),
      { method: 'add', description: 'Any again', dest },
      409,
      'did',
      'Inbound route "Any" already answers DID (any) from caller (any)',
    );
    const zh = await call(
      V('inbound_route'),
      { method: 'add', description: 'x', did: '88886666', dest },
      'zh_CN',
    );
    expect(zh.msg).toBe('呼入路由“Main”已处理被叫88886666、主叫（任意）的来电');
    // editing a route without touching the pair is not a clash with itself
    expect(
      (await call(V('inbound_route'), { method: 'edit', id: main, description: 'Main line' })).code,
    ).toBe(200);
  });

  describe('wake-up calls and do-not-disturb', () => {
    let ext: number;
    let area: number;
    beforeAll(async () => {
      ext = await add(V('extension'), { extension: '1101', name: 'Room 1101' });
      area = await add('/admin.php/system/region', { name: '11F', type: 'floor' });
    });

    it('a one-off wake-up call needs its date; a new one is scheduled, by hand', async () => {
      const msg = 'Date is required when repeat is once';
      await refused(V('wakeup'), { method: 'add', room_ext: ext, time: '07:00' }, 422, 'date', msg);
      await refused(
        V('wakeup'),
        { method: 'add', room_ext: ext, time: '07:00', repeat: 'once' },
        422,
        'date',
        msg,
      );
      const daily = await add(V('wakeup'), { room_ext: ext, time: '07:00', repeat: 'daily' });
      const once = await add(V('wakeup'), { room_ext: ext, time: '06:30', date: '2030-05-01' });
      const rows = Object.fromEntries((await list(V('wakeup'))).map((r) => [r.id, r]));
      expect(rows[daily]).toMatchObject({ state: 'scheduled', source: 'manual' });
      expect(rows[once]).toMatchObject({ state: 'scheduled', source: 'manual', repeat: 'once' });
      await refused(V('wakeup'), { method: 'edit', id: daily, repeat: 'once' }, 422, 'date', msg);
      await refused(V('wakeup'), { method: 'edit', id: once, date: '' }, 422, 'date', msg);
    });

    it('a do-not-disturb schedule names at least one extension or area', async () => {
      const msg = 'Choose at least one extension or area';
      const dnd = { name: 'Night', weekdays: [1, 2, 3], time_from: '22:00', time_to: '07:00' };
      await refused(V('dnd'), { method: 'add', ...dnd }, 422, 'extension_ids', msg);
      await refused(
        V('dnd'),
        { method: 'add', ...dnd, extension_ids: [], area_ids: [] },
        422,
        'extension_ids',
        msg,
      );
      const zh = await call(V('dnd'), { method: 'add', ...dnd }, 'zh_CN');
      expect(zh.msg).toBe('请至少选择一个分机或区域');
      const id = await add(V('dnd'), { ...dnd, area_ids: [area] });
      await add(V('dnd'), { ...dnd, name: 'Room', extension_ids: [ext] });
      await refused(V('dnd'), { method: 'edit', id, area_ids: [] }, 422, 'extension_ids', msg);
      expect((await call(V('dnd'), { method: 'edit', id, area_ids: [], extension_ids: [ext] })).code).toBe(
        200,
      );
    });

    it('a multi-party call has 2 to 16 participants, each an extension or number, once', async () => {
      const P = '/admin.php/aiso/multi_party';
      const cases: [unknown, string][] = [
        [['8001'], 'Participants: list 2 to 16 extensions or numbers'],
        [
          Array.from({ length: 17 }, (_, i) => String(8000 + i)),
          'Participants: list 2 to 16 extensions or numbers',
        ],
        [['8001', 'front desk'], 'Participants, row 2: Participant may contain digits, *, # and + only'],
        [['8001', '8001'], 'Participants: 8001 is listed twice'],
      ];
      for (const [participants, msg] of cases)
        await refused(P, { method: 'add', moderator_ext: ext, participants }, 422, 'participants', msg);
      await add(P, { moderator_ext: ext, participants: ['8001', '13800000000'] });
    });
  });
});
