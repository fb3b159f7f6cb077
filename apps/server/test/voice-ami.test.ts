import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/*
 * The live voice and aiso verbs through Asterisk's manager interface (features/voice/ami.ts):
 * against a small stand-in AMI on the loopback that logs every action and answers as Asterisk
 * does (banner, Login, Success/Error, event lists), and against nothing at all (503 naming where
 * it was looked for, nothing stored).
 */

type Msg = Record<string, string>;

interface FakeAmi {
  port: number;
  /** Every action received, Login and Logoff included. */
  received: Msg[];
  /** Members listed by ConfbridgeList, per bridge. */
  bridges: Map<string, { Channel: string; CallerIDNum: string }[]>;
  close(): Promise<void>;
}

function parse(block: string): Msg {
  const out: Msg = {};
  for (const line of block.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1).trim();
  }
  return out;
}

async function fakeAmi(secret: string, banner = 'Asterisk Call Manager/9.0.0'): Promise<FakeAmi> {
  const received: Msg[] = [];
  const bridges = new Map<string, { Channel: string; CallerIDNum: string }[]>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.write(`${banner}\r\n`);
    let buf = '';
    sock.on('data', (d) => {
      buf += d.toString();
      let end = buf.indexOf('\r\n\r\n');
      while (end >= 0) {
        const msg = parse(buf.slice(0, end));
        buf = buf.slice(end + 4);
        end = buf.indexOf('\r\n\r\n');
        received.push(msg);
        const send = (fields: Msg) =>
          sock.write(
            `${Object.entries({ ...fields, ActionID: msg.ActionID! })
              .map(([k, v]) => `${k}: ${v}\r\n`)
              .join('')}\r\n`,
          );
        if (msg.Action === 'Login') {
          if (msg.Secret === secret) {
            send({ Response: 'Success', Message: 'Authentication accepted' });
            // An event nobody asked for, as Asterisk sends after login.
            sock.write('Event: FullyBooted\r\nPrivilege: system,all\r\nStatus: Fully Booted\r\n\r\n');
          } else send({ Response: 'Error', Message: 'Authentication failed' });
        } else if (msg.Action === 'Logoff') {
          send({ Response: 'Goodbye', Message: 'Thanks for all the fish.' });
          sock.end();
        } else if (msg.Action === 'ConfbridgeList') {
          const members = bridges.get(msg.Conference ?? '') ?? [];
          if (!members.length) {
            send({ Response: 'Error', Message: 'No active conferences.' });
            continue;
          }
          send({ Response: 'Success', EventList: 'start', Message: 'Confbridge user list will follow' });
          // One event split over two writes: the client must wait for the blank line.
          for (const m of members) {
            const text = `Event: ConfbridgeList\r\nActionID: ${msg.ActionID}\r\nConference: ${msg.Conference}\r\nCallerIDNum: ${m.CallerIDNum}\r\nChannel: ${m.Channel}\r\n\r\n`;
            sock.write(text.slice(0, 20));
            sock.write(text.slice(20));
          }
          send({ Event: 'ConfbridgeListComplete', EventList: 'Complete', ListItems: String(members.length) });
        } else if (
          msg.Channel === 'PJSIP/gone-00000001' ||
          (msg.Conference === 'igs-mp-gone' && msg.Channel === 'all')
        ) {
          send({ Response: 'Error', Message: 'No Conference by that name found.' });
        } else send({ Response: 'Success', Message: `${msg.Action} done` });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    bridges,
    close: () =>
      new Promise<void>((resolve) => {
        for (const sk of sockets) sk.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: one that was just free. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

const CONF = '/admin.php/voice/conference';
const DISPATCH = '/admin.php/voice/dispatch';
const QUEUE = '/admin.php/voice/queue';
const MP = '/admin.php/aiso/multi_party';
const AMI_ENV = ['ASTERISK_AMI_HOST', 'ASTERISK_AMI_PORT', 'ASTERISK_AMI_USER', 'ASTERISK_AMI_SECRET'];

describeEachDb('voice live verbs over AMI', (kind) => {
  let s: TestServer;
  let token: string;
  let ami: FakeAmi;
  const env = { ...process.env };
  const call = <T = { errors?: { field: string }[] }>(p: string, body: unknown, lang?: 'zh_CN') =>
    s.call<T>(p, body, { token, headers: lang ? { cookie: 'language=zh_CN' } : {} });
  const add = async (p: string, body: Record<string, unknown>) => {
    const r = await call<{ id: number }>(p, { method: 'add', ...body });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  const detail = async (p: string, id: number) =>
    (await call<Record<string, unknown>>(p, { method: 'detail', id })).data;
  /** The actions between Login and Logoff, without ActionID. */
  const actions = () =>
    ami.received
      .filter((m) => m.Action !== 'Login' && m.Action !== 'Logoff')
      .map(({ ActionID: _, ...rest }) => rest);
  const ids = { room: 0, console: 0, queue: 0, session: 0 };

  beforeAll(async () => {
    ami = await fakeAmi('ami-secret');
    process.env.ASTERISK_AMI_HOST = '127.0.0.1';
    process.env.ASTERISK_AMI_PORT = String(ami.port);
    process.env.ASTERISK_AMI_USER = 'igs';
    process.env.ASTERISK_AMI_SECRET = 'ami-secret';
    s = await startServer(kind);
    token = await s.login();
    const tower = await add('/admin.php/system/region', { name: 'Tower', type: 'building' });
    const lobby = await add('/admin.php/system/region', { name: 'Lobby', type: 'floor', parent_id: tower });
    const op = await add('/admin.php/voice/extension', {
      extension: '8400',
      name: 'Security',
      call_permission: 'national',
    });
    await add('/admin.php/voice/extension', { extension: '8101', name: 'Lobby phone', area_id: lobby });
    await add('/admin.php/voice/extension', { extension: '8102', name: 'Back office' });
    ids.room = await add(CONF, { number: '6001', name: 'Board room' });
    ids.console = await add(DISPATCH, {
      name: 'Security desk',
      operator_ext: op,
      monitored_area_ids: [tower],
    });
    ids.queue = await add(QUEUE, { number: '6100', name: 'Reservations' });
    ids.session = await add(MP, {
      name: 'Incident',
      moderator_ext: op,
      participants: ['8101', '13800000000'],
      record: 1,
    });
  });
  afterAll(async () => {
    await s.close();
    await ami.close();
    for (const k of AMI_ENV) {
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
  });
  beforeEach(() => {
    ami.received.length = 0;
    process.env.ASTERISK_AMI_PORT = String(ami.port);
    process.env.ASTERISK_AMI_SECRET = 'ami-secret';
  });

  describe('without a reachable manager interface', () => {
    it('answers 503 naming host and port, and stores nothing', async () => {
      const port = await closedPort();
      process.env.ASTERISK_AMI_PORT = String(port);
      const r = await call(CONF, { method: 'lock', id: ids.room });
      expect(r).toMatchObject({
        code: 503,
        msg: `Asterisk manager interface is not reachable at 127.0.0.1:${port} (ECONNREFUSED)`,
      });
      const zh = await call(CONF, { method: 'lock', id: ids.room }, 'zh_CN');
      expect(zh.msg).toBe(`无法连接Asterisk管理接口（AMI）127.0.0.1:${port}（ECONNREFUSED）`);
      const start = await call(MP, { method: 'start', id: ids.session });
      expect(start.code).toBe(503);
      expect(await detail(MP, ids.session)).toMatchObject({ state: null, started_at: null });
      for (const [p, body] of [
        [DISPATCH, { method: 'spy', id: ids.console, extension: '8101' }],
        [QUEUE, { method: 'agent_login', id: ids.queue, extension: '8101' }],
      ] as const)
        expect((await call(p, body)).code).toBe(503);
    });

    it('a refused login, or a peer that is not an AMI, is 503 too', async () => {
      process.env.ASTERISK_AMI_SECRET = 'wrong';
      const r = await call(CONF, { method: 'unlock', id: ids.room });
      expect(r).toMatchObject({
        code: 503,
        msg: `Asterisk manager interface at 127.0.0.1:${ami.port} refused the login of user igs (Authentication failed)`,
      });
      expect(actions()).toEqual([]);
      const ssh = await fakeAmi('x', 'SSH-2.0-OpenSSH_9.2');
      try {
        process.env.ASTERISK_AMI_PORT = String(ssh.port);
        const other = await call(CONF, { method: 'unlock', id: ids.room });
        expect(other).toMatchObject({
          code: 503,
          msg: `127.0.0.1:${ssh.port} is not an Asterisk manager interface: it greeted with "SSH-2.0-OpenSSH_9.2"`,
        });
      } finally {
        await ssh.close();
      }
    });
  });

  it('meeting room: invite calls the number into the room, the others act on it', async () => {
    const r = await call<{ done: number; asterisk: string }>(CONF, {
      method: 'invite',
      id: ids.room,
      number: '8102',
    });
    expect(r).toMatchObject({ code: 200, data: { done: 1, asterisk: 'Originate done' } });
    expect(ami.received[0]).toMatchObject({
      Action: 'Login',
      Username: 'igs',
      Secret: 'ami-secret',
      Events: 'off',
    });
    expect(ami.received.at(-1)).toMatchObject({ Action: 'Logoff' });
    expect(actions()).toEqual([
      {
        Action: 'Originate',
        Channel: 'Local/8102@from-internal-international',
        Application: 'ConfBridge',
        Data: `6001,igs-bridge-${ids.room},igs-user-${ids.room},igs-user-menu`,
        CallerID: '"Board room" <6001>',
        Timeout: '30000',
        Async: 'true',
      },
    ]);
    ami.received.length = 0;
    const channel = 'PJSIP/8102-0000000a';
    for (const method of ['kick', 'mute', 'unmute'])
      expect((await call(CONF, { method, id: ids.room, channel })).code).toBe(200);
    for (const method of ['lock', 'unlock'])
      expect((await call(CONF, { method, id: ids.room })).code).toBe(200);
    expect(actions()).toEqual([
      { Action: 'ConfbridgeKick', Conference: '6001', Channel: channel },
      { Action: 'ConfbridgeMute', Conference: '6001', Channel: channel },
      { Action: 'ConfbridgeUnmute', Conference: '6001', Channel: channel },
      { Action: 'ConfbridgeLock', Conference: '6001' },
      { Action: 'ConfbridgeUnlock', Conference: '6001' },
    ]);
  });

  it('what Asterisk refuses is 409 with its reason; bad input never reaches it', async () => {
    const r = await call(CONF, { method: 'kick', id: ids.room, channel: 'PJSIP/gone-00000001' });
    expect(r).toMatchObject({
      code: 409,
      msg: 'Asterisk refused ConfbridgeKick: No Conference by that name found.',
    });
    ami.received.length = 0;
    const bad = await call(CONF, { method: 'kick', id: ids.room, channel: 'PJSIP/x\r\nAction: Reload' });
    expect(bad).toMatchObject({ code: 422, msg: 'Channel is not a channel name' });
    expect((await call(CONF, { method: 'invite', id: ids.room, number: '8102;hangup' })).code).toBe(422);
    expect((await call(CONF, { method: 'invite', id: ids.room })).code).toBe(422);
    expect(ami.received).toEqual([]);
  });

  it('dispatch: every verb from the operator extension; only monitored extensions are watched', async () => {
    const c = ids.console;
    const calls: [Record<string, unknown>, Msg][] = [
      [
        { method: 'call', number: '013912345678' },
        {
          Action: 'Originate',
          Channel: 'PJSIP/8400',
          Context: 'from-internal-national',
          Exten: '013912345678',
          Priority: '1',
          CallerID: '"Security desk" <013912345678>',
          Timeout: '30000',
          Async: 'true',
        },
      ],
      [
        { method: 'hangup', channel: 'PJSIP/8101-00000001' },
        { Action: 'Hangup', Channel: 'PJSIP/8101-00000001' },
      ],
      [
        { method: 'spy', extension: '8101' },
        {
          Action: 'Originate',
          Channel: 'PJSIP/8400',
          Application: 'ChanSpy',
          Data: 'PJSIP/8101-,q',
          CallerID: '"spy" <8101>',
          Timeout: '30000',
          Async: 'true',
        },
      ],
      [
        { method: 'whisper', extension: '8101' },
        expect.objectContaining({ Application: 'ChanSpy', Data: 'PJSIP/8101-,qw' }),
      ],
      [
        { method: 'barge', extension: '8101' },
        expect.objectContaining({ Application: 'ChanSpy', Data: 'PJSIP/8101-,qB' }),
      ],
      [
        { method: 'transfer', channel: 'PJSIP/8101-00000001', to: '8102' },
        {
          Action: 'Redirect',
          Channel: 'PJSIP/8101-00000001',
          Context: 'from-internal-national',
          Exten: '8102',
          Priority: '1',
        },
      ],
      [
        { method: 'intercom', extension: '8101' },
        expect.objectContaining({
          Channel: 'PJSIP/8400',
          Application: 'Page',
          Data: 'PJSIP/8101,dib(igs-page-autoanswer^s^1)',
        }),
      ],
    ];
    for (const [body, sent] of calls) {
      ami.received.length = 0;
      const r = await call(DISPATCH, { id: c, ...body });
      expect(r.code, `${body.method}: ${r.msg}`).toBe(200);
      expect(actions()).toEqual([sent]);
    }
    ami.received.length = 0;
    const notWatched = await call(DISPATCH, { method: 'spy', id: c, extension: '8102' });
    expect(notWatched).toMatchObject({ code: 422, msg: 'Extension 8102 is not monitored by this console' });
    expect(notWatched.data.errors?.[0]?.field).toBe('extension');
    expect((await call(DISPATCH, { method: 'barge', id: c, extension: '8999' })).msg).toBe(
      'No extension has number 8999',
    );
    expect(ami.received).toEqual([]);
    const log = await call<{ list: { action: string; detail: string }[] }>('/admin.php/system/logging', {
      method: 'list',
      filter: { module: 'voice:dispatch', action: 'spy' },
    });
    expect(log.data.list.map((e) => e.detail)).toContain('voice:dispatch spy 8101 from 8400');
  });

  it('queue agents log in and out with QueueAdd and QueueRemove', async () => {
    expect((await call(QUEUE, { method: 'agent_login', id: ids.queue, extension: '8101' })).code).toBe(200);
    expect((await call(QUEUE, { method: 'agent_logout', id: ids.queue, extension: '8101' })).code).toBe(200);
    expect(actions()).toEqual([
      {
        Action: 'QueueAdd',
        Queue: '6100',
        Interface: 'PJSIP/8101',
        MemberName: 'Lobby phone',
        StateInterface: 'PJSIP/8101',
        Penalty: '0',
      },
      { Action: 'QueueRemove', Queue: '6100', Interface: 'PJSIP/8101' },
    ]);
    ami.received.length = 0;
    const r = await call(QUEUE, { method: 'agent_login', id: ids.queue, extension: '8999' });
    expect(r).toMatchObject({ code: 422, msg: 'No extension has number 8999' });
    expect(ami.received).toEqual([]);
  });

  it('multi-party call: start calls everyone into its bridge, mute and kick find the channel, end closes it', async () => {
    const id = ids.session;
    const bridge = `igs-mp-${id}`;
    const r = await call<{ called: number }>(MP, { method: 'start', id });
    expect(r).toMatchObject({ code: 200, data: { called: 3, bridge } });
    expect(actions().map((a) => [a.Channel, a.Data, a.Variable])).toEqual(
      ['8400', '8101', '13800000000'].map((n) => [
        `Local/${n}@from-internal-international`,
        bridge,
        'CONFBRIDGE(bridge,record_conference)=yes',
      ]),
    );
    const started = await detail(MP, id);
    expect(started).toMatchObject({ state: 'active', ended_at: null });
    expect(started.started_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await call(MP, { method: 'start', id })).toMatchObject({
      code: 409,
      msg: `Multi-party call #${id} is already in progress`,
    });

    ami.bridges.set(bridge, [
      { Channel: 'Local/8400@from-internal-international-00000001;2', CallerIDNum: '8400' },
      { Channel: 'PJSIP/8101-00000007', CallerIDNum: '8101' },
    ]);
    ami.received.length = 0;
    expect((await call(MP, { method: 'mute', id, participant: '8101' })).code).toBe(200);
    expect(actions()).toEqual([
      { Action: 'ConfbridgeList', Conference: bridge },
      { Action: 'ConfbridgeMute', Conference: bridge, Channel: 'PJSIP/8101-00000007' },
    ]);
    const away = await call(MP, { method: 'kick', id, participant: '13800000000' });
    expect(away).toMatchObject({ code: 409, msg: '13800000000 is not in the call now' });
    const stranger = await call(MP, { method: 'kick', id, participant: '8102' });
    expect(stranger).toMatchObject({ code: 422, msg: '8102 is not a participant of this call' });

    ami.received.length = 0;
    expect((await call(MP, { method: 'end', id })).code).toBe(200);
    expect(actions()).toEqual([{ Action: 'ConfbridgeKick', Conference: bridge, Channel: 'all' }]);
    expect(await detail(MP, id)).toMatchObject({ state: 'ended' });
    const again = await call(MP, { method: 'end', id });
    expect(again).toMatchObject({ code: 409, msg: `#${id}: End is not possible while state is Ended` });
    expect((await call(MP, { method: 'mute', id, participant: '8101' })).code).toBe(409);
  });
});
