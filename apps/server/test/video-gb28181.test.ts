import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type GbAgent, startGbAgent } from '../src/features/video/gb28181/agent.ts';
import { parseMessage, responseTo, serialize } from '../src/features/video/gb28181/message.ts';
import { findBinary } from '../src/platform/host/host-exec.ts';
import { addAccount, addRole, PASSWORD } from './support/admin-api.ts';
import { freePort } from './support/ports.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * DOMAIN 2.3 GB28181: the SIP agent against SIPp playing a camera (fixtures/sipp/): REGISTER
 * challenged then accepted with the digest, a keepalive, the catalog verb (DeviceInfo, then a
 * Catalog answered in two parts), the ptz and reboot verbs (the DeviceControl bodies the camera
 * received), offline after missed keepalives (test clock), and unregister. Then: unknown devices
 * (refused, added, pending approval), play/stop, cascade to a parent (register, catalogue, its
 * failures with their reason, its DeviceControl forwarded), registration expiry (test clock) and a
 * camera silent on DeviceStatus. The tests run in order and share the camera and its channels.
 */

const DEVICE = '/admin.php/video/gb_device';
const CHANNEL = '/admin.php/video/gb_channel';
const CAMERA_ID = '34020000001320000001';
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'sipp');
const sipp = await findBinary('sipp');
if (!sipp)
  console.warn(
    'SKIPPED GB28181 SIP tests: sipp is not installed (Debian package sip-tester; .ci/run installs it)',
  );

interface SippRun {
  code: number | null;
  out: string;
  done: Promise<void>;
}

/** Runs SIPp with a bounded time; `done` settles when it exits (killed after `limitMs`). */
function runSipp(args: string[], limitMs = 30_000): SippRun {
  const run: SippRun = { code: null, out: '', done: Promise.resolve() };
  const child = spawn(
    sipp!,
    [...args, '-nostdin', '-timeout', `${Math.ceil(limitMs / 1000)}s`, '-timeout_error'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (c: Buffer) => {
    run.out = (run.out + c.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const kill = setTimeout(() => child.kill('SIGKILL'), limitMs + 5_000);
  run.done = new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(kill);
      run.code = code;
      resolve();
    }),
  );
  return run;
}

/** Sends one datagram to the agent and resolves with the first answer, or null after `waitMs`. */
async function udpExchange(port: number, data: string | Buffer, waitMs = 700): Promise<string | null> {
  const sock = dgram.createSocket('udp4');
  try {
    return await new Promise<string | null>((resolve) => {
      const t = setTimeout(() => resolve(null), waitMs);
      sock.on('message', (m) => {
        clearTimeout(t);
        resolve(m.toString());
      });
      sock.send(data, port, '127.0.0.1');
    });
  } finally {
    sock.close();
  }
}

const register = (deviceId: string, branch: string) =>
  [
    `REGISTER sip:34020000002000000001@3402000000 SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.1:5060;rport;branch=z9hG4bK${branch}`,
    `From: <sip:${deviceId}@3402000000>;tag=t${branch}`,
    `To: <sip:${deviceId}@3402000000>`,
    `Call-ID: ${branch}@127.0.0.1`,
    'CSeq: 1 REGISTER',
    `Contact: <sip:${deviceId}@127.0.0.1:5060>`,
    'Expires: 3600',
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');

describeEachDb('GB28181 SIP agent with a SIPp camera', (kind) => {
  let s: TestServer;
  let token: string;
  let agent: GbAgent;
  let cameraPort: number;
  let traceDir: string;
  const call = <T = unknown>(p: string, body: Record<string, unknown>) => s.call<T>(p, body, { token });
  const device = async () =>
    (
      await call<{ list: Record<string, unknown>[] }>(DEVICE, {
        method: 'list',
        filter: { device_id: CAMERA_ID },
      })
    ).data.list[0]!;
  const target = () => `127.0.0.1:${agent.port}`;
  /** A platform's state and failure once stored (a failure lands after the verb's reply). */
  const platformState = async (id: number) => {
    let row: Record<string, unknown> | undefined;
    for (let i = 0; i < 40; i++) {
      const list = await call<{ list: Record<string, unknown>[] }>('/admin.php/video/platform', {
        method: 'list',
      });
      row = list.data.list.find((p) => p.id === id);
      if (row?.status === 'FAILED' || row?.status === 'ON') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return { status: row?.status, last_error: row?.last_error ?? null };
  };
  const common = () => ['-i', '127.0.0.1', '-p', String(cameraPort), '-m', '1'];

  beforeAll(async () => {
    if (!sipp) return;
    s = await startServer(kind);
    token = await s.login();
    agent = await startGbAgent(s.app, { host: '127.0.0.1', port: 0, t1Ms: 100, replyTimeoutMs: 8_000 });
    cameraPort = await freePort();
    traceDir = fs.mkdtempSync(path.join(s.dataDir, 'sipp-'));
    const added = await call<{ id: number }>(DEVICE, {
      method: 'add',
      device_id: CAMERA_ID,
      name: 'Gate',
      password: '12345678',
      charset: 'GB2312',
    });
    expect(added.code, added.msg).toBe(200);
  });
  afterAll(async () => {
    await agent?.close();
    await s?.close();
  });

  it.skipIf(!sipp)(
    'registers with the digest, keeps alive, answers catalog, ptz and reboot, goes offline and unregisters',
    async () => {
      // A device not yet registered cannot be asked anything (409), the verbs say why.
      const early = await call(DEVICE, { method: 'catalog', id: (await device()).id });
      expect(early.code, early.msg).toBe(409);
      expect(early.msg).toContain('not registered');

      const reg = runSipp([target(), '-sf', path.join(FIXTURES, 'register.xml'), ...common()]);
      await reg.done;
      expect(reg.code, reg.out).toBe(0);
      let d = await device();
      expect(d).toMatchObject({ online: 1, ip: '127.0.0.1', port: cameraPort, approval: 'approved' });
      expect(d.register_time).toBeTruthy();
      expect(d.keepalive_time).toBeTruthy();

      // The camera now answers MESSAGEs on its registered port: 5 of them (info, status, catalog, ptz, reboot).
      const trace = path.join(traceDir, 'camera.log');
      const cam = runSipp(
        [
          target(),
          '-sf',
          path.join(FIXTURES, 'camera.xml'),
          ...common().slice(0, 4),
          '-m',
          '5',
          '-trace_msg',
          '-message_file',
          trace,
        ],
        40_000,
      );
      await new Promise((r) => setTimeout(r, 500)); // SIPp binds its port

      const cat = await call<{
        manufacturer: string;
        model: string;
        firmware: string;
        parts: number;
        sum_num: number;
        status: unknown;
      }>(DEVICE, { method: 'catalog', id: d.id });
      expect(cat.code, cat.msg).toBe(200);
      expect(cat.data).toMatchObject({
        manufacturer: 'SIPp',
        model: 'IPC-GB-1',
        firmware: 'V1.2.3',
        parts: 2,
        sum_num: 2,
        status: { online: 'ONLINE', status: 'OK', record: 'OFF', device_time: '2026-11-27T12:00:00' },
      });
      d = await device();
      expect(d).toMatchObject({
        manufacturer: 'SIPp',
        model: 'IPC-GB-1',
        firmware: 'V1.2.3',
        channel_count: 2,
      });
      const channels = (
        await call<{ list: Record<string, unknown>[] }>(CHANNEL, {
          method: 'list',
          filter: { device_id: CAMERA_ID },
        })
      ).data.list;
      const byId = Object.fromEntries(channels.map((c) => [c.channel_id, c]));
      expect(byId['34020000001310000001']).toMatchObject({
        name: '大门',
        civil_code: '340200',
        parent_id: CAMERA_ID,
        status: 'ON',
        ptz_type: 1,
        longitude: 120.15,
        latitude: 30.28,
      });
      expect(byId['34020000001310000002']).toMatchObject({ name: 'Car park', status: 'OFF', ptz_type: 3 });

      const ptz = await call<{ ptz_cmd: string }>(DEVICE, {
        method: 'ptz',
        id: d.id,
        command: 'left',
        speed: 128,
      });
      expect(ptz.code, ptz.msg).toBe(200);
      expect(ptz.data.ptz_cmd).toBe('A50F010280808037');
      const reboot = await call(DEVICE, { method: 'reboot', id: d.id });
      expect(reboot.code, reboot.msg).toBe(200);
      await cam.done;
      expect(cam.code, cam.out).toBe(0);
      const received = fs.readFileSync(trace, 'utf8');
      expect(received).toMatch(/<CmdType>DeviceInfo<\/CmdType>/);
      expect(received).toMatch(/<CmdType>Catalog<\/CmdType>/);
      expect(received).toMatch(
        /<Control>[\s\S]*<CmdType>DeviceControl<\/CmdType>[\s\S]*<PTZCmd>A50F010280808037<\/PTZCmd>/,
      );
      expect(received).toMatch(/<TeleBoot>Boot<\/TeleBoot>/);

      // Three keepalive intervals (the device's 30 s here) without one: offline, with its event.
      expect((await call(DEVICE, { method: 'edit', id: d.id, keepalive_interval: 30 })).code).toBe(200);
      expect(await agent.sweep()).toBe(0);
      s.clock.advance(61_000);
      expect(await agent.sweep()).toBe(0);
      s.clock.advance(30_000);
      expect(await agent.sweep()).toBe(1);
      expect((await device()).online).toBe(0);
      const events = await s.app.db.kysely
        .selectFrom('operation_log')
        .select(['action', 'detail'])
        .where('module', '=', 'video')
        .execute();
      expect(events.map((e) => e.action)).toEqual(['gb_device online', 'gb_device offline']);
      expect(JSON.parse(events[1]!.detail)).toMatchObject({
        $t: 'video.gbDeviceOffline',
        p: { missed: 3, seconds: 30 },
      });

      // Registering again brings it back; unregistering (Expires: 0) takes it offline at once.
      const again = runSipp([target(), '-sf', path.join(FIXTURES, 'register.xml'), ...common()]);
      await again.done;
      expect(again.code, again.out).toBe(0);
      expect((await device()).online).toBe(1);
      const un = runSipp([target(), '-sf', path.join(FIXTURES, 'unregister.xml'), ...common()]);
      await un.done;
      expect(un.code, un.out).toBe(0);
      expect((await device()).online).toBe(0);
    },
    120_000,
  );

  it.skipIf(!sipp)(
    'refuses unknown devices unless the setting adds them; drops malformed input',
    async () => {
      const stranger = '34020000001320000099';
      // Malformed datagrams get no answer, and the agent still answers afterwards.
      expect(await udpExchange(agent.port, 'NOT SIP AT ALL\r\n\r\n')).toBeNull();
      expect(await udpExchange(agent.port, Buffer.alloc(70_000, 0x41).subarray(0, 65_000))).toBeNull();
      expect(await udpExchange(agent.port, register(stranger, 'u1'))).toMatch(/^SIP\/2\.0 403 /);
      const none = await call<{ list: unknown[] }>(DEVICE, {
        method: 'list',
        filter: { device_id: stranger },
      });
      expect(none.data.list).toHaveLength(0);

      const set = await call('/admin.php/system/service_config', {
        method: 'edit',
        key: 'gb28181',
        register_unknown: 'add',
      });
      expect(set.code, set.msg).toBe(200);
      // No platform password is set: the added device registers without a challenge (as in wvp).
      expect(await udpExchange(agent.port, register(stranger, 'u2'))).toMatch(/^SIP\/2\.0 200 /);
      const added = await call<{ list: Record<string, unknown>[] }>(DEVICE, {
        method: 'list',
        device_id: stranger,
      });
      expect(added.data.list[0]).toMatchObject({ device_id: stranger, online: 1, ip: '127.0.0.1' });
      const detail = await call<{ register_unknown: string }>('/admin.php/system/service_config', {
        method: 'detail',
        key: 'gb28181',
      });
      expect(detail.data.register_unknown).toBe('add');
      // With a platform password, an unknown device is challenged and not added before it answers.
      const other = '34020000001320000098';
      await call('/admin.php/system/service_config', {
        method: 'edit',
        key: 'gb28181',
        password: 'platpass',
      });
      expect(await udpExchange(agent.port, register(other, 'u3'))).toMatch(/^SIP\/2\.0 401 /);
      const notYet = await call<{ list: unknown[] }>(DEVICE, {
        method: 'list',
        filter: { device_id: other },
      });
      expect(notYet.data.list).toHaveLength(0);
      // The services page shows the agent running inside this server, on its port.
      expect(detail.data).toMatchObject({ status: 'running', status_source: 'self' });
      expect((detail.data as unknown as { detail: string }).detail).toContain(`port ${agent.port}`);
    },
  );

  it.skipIf(!sipp)('play INVITEs the channel to the media server RTP port, stop sends BYE', async () => {
    const reg = runSipp([target(), '-sf', path.join(FIXTURES, 'register.xml'), ...common()]);
    await reg.done;
    expect(reg.code, reg.out).toBe(0);
    const d = await device();
    const channel = '34020000001310000001';
    // Without a media server, play names it before anything is sent.
    const none = await call(DEVICE, { method: 'play', id: d.id, channel_id: channel });
    expect(none.code).toBe(503);
    expect(none.msg).toContain('media server');

    // ZLMediaKit's API as far as play and stop use it.
    const calls: { api: string; params: Record<string, string> }[] = [];
    const zlm = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const api = url.pathname.replace('/index/api/', '');
      calls.push({ api, params: Object.fromEntries(url.searchParams) });
      res.setHeader('content-type', 'application/json');
      if (api === 'openRtpServer') return res.end(JSON.stringify({ code: 0, port: 30123 }));
      res.end(JSON.stringify({ code: 0, data: api === 'getServerConfig' ? [{}] : {} }));
    });
    await new Promise<void>((r) => zlm.listen(0, '127.0.0.1', () => r()));
    try {
      const zlmPort = (zlm.address() as AddressInfo).port;
      const ms = await call('/admin.php/video/media_server', {
        method: 'add',
        server_id: 'zlm-gb',
        ip: '127.0.0.1',
        http_port: zlmPort,
        secret: 'zlm-secret',
        is_default: 1,
      });
      expect(ms.code, ms.msg).toBe(200);
      const trace = path.join(traceDir, 'play.log');
      const cam = runSipp([
        target(),
        '-sf',
        path.join(FIXTURES, 'play.xml'),
        ...common(),
        '-trace_msg',
        '-message_file',
        trace,
      ]);
      await new Promise((r) => setTimeout(r, 500)); // SIPp binds its port
      const play = await call<{ stream: string; ssrc: string; rtp_port: number; urls: { rtsp: string } }>(
        DEVICE,
        {
          method: 'play',
          id: d.id,
          channel_id: channel,
        },
      );
      expect(play.code, play.msg).toBe(200);
      expect(play.data).toMatchObject({ stream: `${CAMERA_ID}_${channel}`, rtp_port: 30123 });
      expect(play.data.ssrc).toMatch(/^0\d{9}$/);
      expect(play.data.urls.rtsp).toBe(`rtsp://127.0.0.1:554/rtp/${CAMERA_ID}_${channel}`);
      expect(calls.find((c) => c.api === 'openRtpServer')!.params).toMatchObject({
        stream_id: `${CAMERA_ID}_${channel}`,
        tcp_mode: '0',
      });
      const stop = await call<{ was_playing: boolean }>(DEVICE, {
        method: 'stop',
        id: d.id,
        channel_id: channel,
      });
      expect(stop.code, stop.msg).toBe(200);
      expect(stop.data.was_playing).toBe(true);
      await cam.done;
      expect(cam.code, cam.out).toBe(0);
      const received = fs.readFileSync(trace, 'utf8');
      expect(received).toMatch(new RegExp(`INVITE sip:${channel}@`));
      expect(received).toMatch(/m=video 30123 RTP\/AVP 96 97 98/);
      expect(received).toContain(`y=${play.data.ssrc}`);
      expect(received).toMatch(/ACK sip:/);
      expect(received).toMatch(/BYE sip:/);
      expect(calls.some((c) => c.api === 'closeRtpServer')).toBe(true);
      // A second stop finds nothing playing.
      const again = await call<{ was_playing: boolean }>(DEVICE, {
        method: 'stop',
        id: d.id,
        channel_id: channel,
      });
      expect(again.data.was_playing).toBe(false);
    } finally {
      await new Promise((r) => zlm.close(r));
    }
  });

  it.skipIf(!sipp)(
    'cascade: registers with a parent platform (digest) and pushes the shared channels',
    async () => {
      const parentPort = await freePort();
      const channels = (
        await call<{ list: { id: number; channel_id: string }[] }>(CHANNEL, {
          method: 'list',
          filter: { device_id: CAMERA_ID },
        })
      ).data.list;
      expect(channels.length).toBe(2);
      await call(CHANNEL, { method: 'edit', id: channels[0]!.id, custom_name: 'Front gate' });
      const base = {
        name: 'City',
        server_gb_id: '34020000002000000009',
        server_gb_domain: '3402000000',
        server_ip: '127.0.0.1',
        server_port: parentPort,
        device_gb_id: '34020000002000000002',
        channel_ids: channels.map((c) => c.id),
      };
      const good = await call<{ id: number }>('/admin.php/video/platform', {
        method: 'add',
        ...base,
        password: 'parentpass',
      });
      expect(good.code, good.msg).toBe(200);
      const bad = await call<{ id: number }>('/admin.php/video/platform', {
        method: 'add',
        ...base,
        name: 'Wrong',
        device_gb_id: '34020000002000000002',
        password: 'wrong',
      });
      expect(bad.code, bad.msg).toBe(200);
      const trace = path.join(traceDir, 'parent.log');
      // Four calls: the good REGISTER, the catalogue MESSAGE, the refused REGISTER, a keepalive.
      const parent = runSipp([
        '-sf',
        path.join(FIXTURES, 'parent.xml'),
        '-i',
        '127.0.0.1',
        '-p',
        String(parentPort),
        '-m',
        '4',
        '-trace_msg',
        '-message_file',
        trace,
      ]);
      await new Promise((r) => setTimeout(r, 500)); // SIPp binds its port
      const PLATFORM = '/admin.php/video/platform';
      const reg = await call(PLATFORM, { method: 'register', id: good.data.id });
      expect(reg.code, reg.msg).toBe(200);
      const row = await call<{ list: Record<string, unknown>[] }>(PLATFORM, { method: 'list' });
      expect(row.data.list.find((p) => p.id === good.data.id)).toMatchObject({ status: 'ON' });
      const push = await call<{ pushed: number }>(PLATFORM, { method: 'push_catalog', id: good.data.id });
      expect(push.code, push.msg).toBe(200);
      expect(push.data.pushed).toBe(2);
      const refused = await call(PLATFORM, { method: 'register', id: bad.data.id });
      expect(refused.code).toBe(409);
      expect(refused.msg).toContain('SIP 403');
      // The list says why: the parent refused our digest (a wrong password).
      expect(await platformState(bad.data.id)).toMatchObject({
        status: 'FAILED',
        last_error: 'wrong_password',
      });
      // While registered, the agent keeps the registration: a keepalive once keepalive_s (60 s) passed.
      await agent.cascade(); // nothing due yet
      s.clock.advance(61_000);
      await agent.cascade();
      await parent.done;
      expect(parent.code, parent.out).toBe(0);
      const received = fs.readFileSync(trace, 'utf8');
      expect(received).toMatch(/Authorization: Digest username="34020000002000000002"/);
      expect(received).toMatch(/<SumNum>2<\/SumNum>/);
      expect(received).toContain('<Name>Front gate</Name>');
      expect(received).toContain('<DeviceID>34020000001310000002</DeviceID>');
      expect(received).toMatch(
        /<Notify>[\s\S]*<CmdType>Keepalive<\/CmdType>[\s\S]*<DeviceID>34020000002000000002<\/DeviceID>/,
      );

      // The parent asks for our catalogue (from its own address and GB id): the shared channels come back.
      const sock = dgram.createSocket('udp4');
      await new Promise<void>((r) => sock.bind(parentPort, '127.0.0.1', () => r()));
      try {
        const got: string[] = [];
        let reply!: () => void;
        const done = new Promise<void>((r) => {
          reply = () => r();
        });
        sock.on('message', (buf, rinfo) => {
          const m = parseMessage(buf);
          if (m.method === 'MESSAGE') {
            const body = m.body.toString();
            got.push(body);
            // Every MESSAGE answered (a keepalive may come too); done once the catalogue is in.
            sock.send(serialize(responseTo(m, 200, 'OK', [], 'p1')), rinfo.port, rinfo.address, () => {
              if (body.includes('<SN>777</SN>')) reply();
            });
          } else got.push(`SIP/2.0 ${m.status}`);
        });
        const query = [
          'MESSAGE sip:34020000002000000002@3402000000 SIP/2.0',
          `Via: SIP/2.0/UDP 127.0.0.1:${parentPort};rport;branch=z9hG4bKq1`,
          'From: <sip:34020000002000000009@3402000000>;tag=q1',
          'To: <sip:34020000002000000002@3402000000>',
          'Call-ID: q1@127.0.0.1',
          'CSeq: 1 MESSAGE',
          'Content-Type: Application/MANSCDP+xml',
          '',
          '<?xml version="1.0" encoding="GB2312"?><Query><CmdType>Catalog</CmdType><SN>777</SN><DeviceID>34020000002000000002</DeviceID></Query>',
        ].join('\r\n');
        sock.send(query, agent.port, '127.0.0.1');
        await done;
        // The agent reads the last 200 on its next turn: its transaction ends before the test does.
        await new Promise((r) => setTimeout(r, 200));
        expect(got[0]).toBe('SIP/2.0 200');
        const answer = got.find((b) => b.includes('<SN>777</SN>'))!;
        expect(answer).toMatch(/<CmdType>Catalog<\/CmdType>[\s\S]*<SumNum>2<\/SumNum>/);
        expect(answer).toContain('<Name>Front gate</Name>');
      } finally {
        sock.close();
      }
    },
  );

  it.skipIf(!sipp)('a parent platform that refuses or does not answer: FAILED with why', async () => {
    const PLATFORM = '/admin.php/video/platform';
    const refusePort = await freePort();
    const silentPort = await freePort();
    const base = {
      server_gb_id: '34020000002000000009',
      server_gb_domain: '3402000000',
      server_ip: '127.0.0.1',
      device_gb_id: '34020000002000000002',
      password: 'parentpass',
    };
    const refusing = await call<{ id: number }>(PLATFORM, {
      method: 'add',
      ...base,
      name: 'Refusing',
      server_port: refusePort,
    });
    const silent = await call<{ id: number }>(PLATFORM, {
      method: 'add',
      ...base,
      name: 'Silent',
      server_port: silentPort,
    });
    const parent = runSipp([
      '-sf',
      path.join(FIXTURES, 'parent-refuse.xml'),
      '-i',
      '127.0.0.1',
      '-p',
      String(refusePort),
      '-m',
      '1',
    ]);
    await new Promise((r) => setTimeout(r, 500)); // SIPp binds its port
    const refused = await call(PLATFORM, { method: 'register', id: refusing.data.id });
    expect(refused.code, refused.msg).toBe(409);
    await parent.done;
    expect(parent.code, parent.out).toBe(0);
    expect(await platformState(refusing.data.id)).toEqual({ status: 'FAILED', last_error: 'refused' });
    // Nobody listens on the silent one's port: Timer F (64·T1) ends the REGISTER.
    const none = await call(PLATFORM, { method: 'register', id: silent.data.id });
    expect(none.code, none.msg).toBe(503);
    expect(await platformState(silent.data.id)).toEqual({ status: 'FAILED', last_error: 'no_answer' });
    // Over TCP, a port nobody listens on refuses the connection: unreachable, without waiting.
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const tcpPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const away = await call<{ id: number }>(PLATFORM, {
      method: 'add',
      ...base,
      name: 'Away',
      server_port: tcpPort,
      transport: 'TCP',
    });
    const startedAt = Date.now();
    const gone = await call(PLATFORM, { method: 'register', id: away.data.id });
    expect(gone.code, gone.msg).toBe(503);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    expect(await platformState(away.data.id)).toEqual({ status: 'FAILED', last_error: 'unreachable' });
  });

  it.skipIf(!sipp)(
    'pending: an unknown device that authenticates waits for approve, then registers',
    async () => {
      const id = '34020000001320000050';
      const set = await call('/admin.php/system/service_config', {
        method: 'edit',
        key: 'gb28181',
        register_unknown: 'pending',
        password: 'platpass',
      });
      expect(set.code, set.msg).toBe(200);
      const pendingArgs = [target(), '-sf', path.join(FIXTURES, 'register-pending.xml'), ...common()];
      const auth = ['-s', id, '-au', id, '-ap', 'platpass'];
      // A wrong password is refused before anything is added.
      const wrong = runSipp([...pendingArgs, '-s', id, '-au', id, '-ap', 'nope']);
      await wrong.done;
      const byId = async () =>
        (
          await call<{ list: Record<string, unknown>[] }>(DEVICE, {
            method: 'list',
            filter: { device_id: id },
          })
        ).data.list[0];
      expect(await byId()).toBeUndefined();
      // The right one: added pending, refused (403), offline.
      const first = runSipp([...pendingArgs, ...auth]);
      await first.done;
      expect(first.code, first.out).toBe(0);
      const held = (await byId())!;
      expect(held).toMatchObject({ approval: 'pending', online: 0 });
      // Approve is a button: a role with the device page but not video:gb_device:approve is refused.
      const role = await addRole(s, token, {
        name: 'gb_viewer',
        menus: ['VideoGb28181Device'],
        buttons: ['video:gb_device:catalog'],
      });
      await addAccount(s, token, { username: 'gb_viewer', role_id: role });
      const viewer = await s.login('gb_viewer', PASSWORD);
      const denied = await s.call(DEVICE, { method: 'approve', id: held.id }, { token: viewer });
      expect(denied.code, denied.msg).toBe(403);
      expect(await byId()).toMatchObject({ approval: 'pending' });
      const approve = await call(DEVICE, { method: 'approve', id: held.id });
      expect(approve.code, approve.msg).toBe(200);
      expect(await byId()).toMatchObject({ approval: 'approved' });
      // A second approve finds nothing pending (the verb applies to pending devices only).
      expect((await call(DEVICE, { method: 'approve', id: held.id })).code).not.toBe(200);
      const again = runSipp([...pendingArgs, ...auth]);
      await again.done;
      expect(again.code, again.out).toBe(0);
      expect(await byId()).toMatchObject({ approval: 'approved', online: 1, ip: '127.0.0.1' });
      await call('/admin.php/system/service_config', {
        method: 'edit',
        key: 'gb28181',
        register_unknown: 'refuse',
      });
    },
  );

  it.skipIf(!sipp)(
    'a registration that expires takes the device offline; it is refused until it registers',
    async () => {
      const reg = runSipp([target(), '-sf', path.join(FIXTURES, 'register.xml'), ...common()]);
      await reg.done;
      expect(reg.code, reg.out).toBe(0);
      let d = await device();
      expect(d.online).toBe(1);
      expect(d.expires_time).toBeTruthy();
      // Keepalives every hour here, so only the registration's Expires (3600 s) can lapse.
      expect((await call(DEVICE, { method: 'edit', id: d.id, keepalive_interval: 3600 })).code).toBe(200);
      const keepalive = (branch: string) =>
        [
          'MESSAGE sip:34020000002000000001@3402000000 SIP/2.0',
          `Via: SIP/2.0/UDP 127.0.0.1:5060;rport;branch=z9hG4bK${branch}`,
          `From: <sip:${CAMERA_ID}@3402000000>;tag=t${branch}`,
          'To: <sip:34020000002000000001@3402000000>',
          `Call-ID: ${branch}@127.0.0.1`,
          'CSeq: 1 MESSAGE',
          'Content-Type: Application/MANSCDP+xml',
          '',
          `<?xml version="1.0"?><Notify><CmdType>Keepalive</CmdType><SN>9</SN><DeviceID>${CAMERA_ID}</DeviceID><Status>OK</Status></Notify>`,
        ].join('\r\n');
      // A few seconds short of the hour: the times are kept to the second and real time passes too.
      s.clock.advance(3_597_000);
      token = await s.login(); // the session did not last the hour
      await agent.sweep(); // the other tests' devices, quiet for an hour, go offline here
      expect((await device()).online).toBe(1);
      expect(await udpExchange(agent.port, keepalive('e1'))).toMatch(/^SIP\/2\.0 200 /);
      s.clock.advance(5_000);
      // Even before the offline check runs, the verbs treat it as not registered.
      const early = await call(DEVICE, { method: 'catalog', id: d.id });
      expect(early.code, early.msg).toBe(409);
      expect(await agent.sweep()).toBe(1);
      d = await device();
      expect(d.online).toBe(0);
      const last = await s.app.db.kysely
        .selectFrom('operation_log')
        .select(['action', 'detail'])
        .where('module', '=', 'video')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last.action).toBe('gb_device offline');
      expect(JSON.parse(last.detail)).toMatchObject({ $t: 'video.gbDeviceExpired' });
      // A keepalive does not bring it back: refused until it registers again.
      expect(await udpExchange(agent.port, keepalive('e2'))).toMatch(/^SIP\/2\.0 403 /);
      expect((await device()).online).toBe(0);
      const again = runSipp([target(), '-sf', path.join(FIXTURES, 'register.xml'), ...common()]);
      await again.done;
      expect(again.code, again.out).toBe(0);
      expect((await device()).online).toBe(1);
      expect(await udpExchange(agent.port, keepalive('e3'))).toMatch(/^SIP\/2\.0 200 /);
    },
  );

  it.skipIf(!sipp)(
    "a parent's DeviceControl is forwarded to the camera for shared channels only",
    async () => {
      const PLATFORM = '/admin.php/video/platform';
      const PARENT_ID = '34020000002000000019';
      const SHARED = '34020000001310000001';
      const reg = runSipp([target(), '-sf', path.join(FIXTURES, 'register.xml'), ...common()]);
      await reg.done;
      expect(reg.code, reg.out).toBe(0);
      const channels = (
        await call<{ list: { id: number; channel_id: string }[] }>(CHANNEL, {
          method: 'list',
          filter: { device_id: CAMERA_ID },
        })
      ).data.list;
      const shared = channels.find((c) => c.channel_id === SHARED)!;
      const parentPort = await freePort();
      const added = await call<{ id: number }>(PLATFORM, {
        method: 'add',
        name: 'Control',
        server_gb_id: PARENT_ID,
        server_gb_domain: '3402000000',
        server_ip: '127.0.0.1',
        server_port: parentPort,
        device_gb_id: '34020000002000000002',
        channel_ids: [shared.id],
        ptz: 1,
      });
      expect(added.code, added.msg).toBe(200);

      const trace = path.join(traceDir, 'camera-control.log');
      const cam = runSipp([
        target(),
        '-sf',
        path.join(FIXTURES, 'camera-control.xml'),
        ...common(),
        '-trace_msg',
        '-message_file',
        trace,
      ]);
      await new Promise((r) => setTimeout(r, 500)); // SIPp binds its port
      const parent = runSipp([
        target(),
        '-sf',
        path.join(FIXTURES, 'parent-control.xml'),
        '-i',
        '127.0.0.1',
        '-p',
        String(parentPort),
        '-m',
        '1',
      ]);
      await parent.done;
      expect(parent.code, parent.out).toBe(0);
      await cam.done;
      expect(cam.code, cam.out).toBe(0);
      const received = fs.readFileSync(trace, 'utf8');
      expect(received).toMatch(new RegExp(`MESSAGE sip:${SHARED}@`));
      expect(received).toMatch(/<CmdType>DeviceControl<\/CmdType>[\s\S]*<PTZCmd>A50F010280808037<\/PTZCmd>/);

      // Refusals, answered at once without reaching the camera (nothing listens on its port now).
      const control = (branch: string, deviceId: string, inner: string) =>
        [
          'MESSAGE sip:34020000002000000002@3402000000 SIP/2.0',
          `Via: SIP/2.0/UDP 127.0.0.1:${parentPort};rport;branch=z9hG4bK${branch}`,
          `From: <sip:${PARENT_ID}@3402000000>;tag=${branch}`,
          'To: <sip:34020000002000000002@3402000000>',
          `Call-ID: ${branch}@127.0.0.1`,
          'CSeq: 1 MESSAGE',
          'Content-Type: Application/MANSCDP+xml',
          '',
          `<?xml version="1.0"?><Control><CmdType>DeviceControl</CmdType><SN>1</SN><DeviceID>${deviceId}</DeviceID>${inner}</Control>`,
        ].join('\r\n');
      const ptz = '<PTZCmd>A50F010280808037</PTZCmd>';
      // A channel the platform does not share.
      expect(await udpExchange(agent.port, control('c1', '34020000001310000002', ptz))).toMatch(
        /^SIP\/2\.0 404 /,
      );
      // A command that is not forwarded.
      expect(await udpExchange(agent.port, control('c2', SHARED, '<RecordCmd>Record</RecordCmd>'))).toMatch(
        /^SIP\/2\.0 488 /,
      );
      // PTZ while the platform's ptz flag is off.
      expect((await call(PLATFORM, { method: 'edit', id: added.data.id, ptz: 0 })).code).toBe(200);
      expect(await udpExchange(agent.port, control('c3', SHARED, ptz))).toMatch(/^SIP\/2\.0 403 /);
    },
  );

  it.skipIf(!sipp)(
    'a device that never answers DeviceStatus gets its catalogue without the full wait',
    async () => {
      const reg = runSipp([target(), '-sf', path.join(FIXTURES, 'register.xml'), ...common()]);
      await reg.done;
      expect(reg.code, reg.out).toBe(0);
      const d = await device();
      // Three MESSAGEs: DeviceInfo and Catalog answered, DeviceStatus only accepted (200).
      const cam = runSipp([
        target(),
        '-sf',
        path.join(FIXTURES, 'camera-nostatus.xml'),
        ...common().slice(0, 4),
        '-m',
        '3',
      ]);
      await new Promise((r) => setTimeout(r, 500)); // SIPp binds its port
      const started = Date.now();
      const cat = await call<{ status: unknown; parts: number }>(DEVICE, { method: 'catalog', id: d.id });
      const took = Date.now() - started;
      expect(cat.code, cat.msg).toBe(200);
      expect(cat.data).toMatchObject({ status: null, parts: 2 });
      // The agent's reply timeout is 8 s here; DeviceStatus is given up after 3 s.
      expect(took).toBeGreaterThanOrEqual(2_900);
      expect(took).toBeLessThan(7_000);
      await cam.done;
      expect(cam.code, cam.out).toBe(0);
    },
  );
});
