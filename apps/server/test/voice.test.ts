import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { voiceCallCalls } from '@igs/contract/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const BASIC = '/admin.php/voice/basic';
const ADVANCED = '/admin.php/voice/advanced';
const MANAGEMENT = '/admin.php/voice/management';
const CALLS = '/admin.php/voice/calls';
const EXTENSION = '/admin.php/voice/extension';
const CONFERENCE = '/admin.php/voice/conference';
const QUEUE = '/admin.php/voice/queue';
const CONTACT = '/admin.php/voice/contact';
const CDR = '/admin.php/voice/cdr';

type List<T = Record<string, unknown>> = { list: T[]; total: number };
type Basic = Record<string, unknown> & { sip_udp_port: number; local_nets: string[]; codecs: string[] };

/** A stand-in `asterisk` program: logs its arguments, answers like the remote console. */
function fakeAsterisk(dir: string): string {
  const file = path.join(dir, 'asterisk');
  fs.writeFileSync(
    file,
    `#!/bin/sh
echo "$*" >> "$FAKE_AST_LOG"
if [ "$1" = "-V" ]; then echo "Asterisk 20.5.2"; exit 0; fi
if [ "$FAKE_AST_STATE" != "running" ]; then
  echo "Unable to connect to remote asterisk (does /var/run/asterisk/asterisk.ctl exist?)"; exit 1
fi
case "$2" in
  "core show uptime seconds") printf 'System uptime: 3600\\nLast reload: 120\\n' ;;
  "core show channels concise")
    printf 'PJSIP/8001-00000001!igs-extensions!8002!2!Up!Dial!PJSIP/8002,30,tT!8001!!!3!42!b1!1700000000.1\\n'
    printf 'PJSIP/8002-00000002!igs-extensions!!1!Up!AppDial!(Outgoing Line)!8002!!!3!42!b1!1700000000.2\\n'
    printf 'PJSIP/trunk-telecom-00000003!from-trunk!02150000!3!Up!Queue!6500!13800000000!!!3!7!!1700000000.3\\n' ;;
  "pjsip show contacts")
    printf '  Contact:  8101/sip:8101@192.168.1.50:5060;ob             3f0a1b2c3d Avail        12.345\\n'
    printf '  Contact:  8301/sip:8301@192.168.1.51:5060               4f0a1b2c3d Unavail       nan\\n' ;;
  "pjsip show registrations")
    printf ' trunk-telecom-reg/sip:sip.example.net:5060   trunk-telecom-auth   Registered   (exp. 3544s)\\n' ;;
  *) echo "" ;;
esac
`,
  );
  fs.chmodSync(file, 0o755);
  return file;
}

describeEachDb('voice', (kind) => {
  let s: TestServer;
  let token: string;
  let tmp: string;
  const env = { ...process.env };
  const call = <T = unknown>(p: string, body: unknown, t = token, lang?: 'zh_CN') =>
    s.call<T>(p, body, { token: t, headers: lang ? { cookie: 'language=zh_CN' } : {} });
  const confDir = () => path.join(s.dataDir, 'etc', 'asterisk');

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-voice-'));
    // Asterisk is absent here unless a test puts the stand-in in its place.
    process.env.ASTERISK_BIN = path.join(tmp, 'no-such-asterisk');
    process.env.FAKE_AST_LOG = path.join(tmp, 'ast.log');
    delete process.env.IGS_APPLY;
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => {
    await s.close();
    for (const k of ['ASTERISK_BIN', 'FAKE_AST_LOG', 'FAKE_AST_STATE', 'IGS_APPLY', 'ASTERISK_ETC']) {
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  describe('basic settings', () => {
    it('reads the defaults of DOMAIN, local networks from the host', async () => {
      const r = await call<Basic>(BASIC, { method: 'detail' });
      expect(r.code).toBe(200);
      expect(r.data).toMatchObject({
        sip_udp_port: 5060,
        sip_tcp: 0,
        sip_tls_port: 0,
        rtp_start: 10000,
        rtp_end: 20000,
        codecs: ['alaw', 'ulaw', 'g722'],
        dtmf_mode: 'rfc4733',
        language: 'zh',
        ext_length: 4,
      });
      expect(r.data.local_nets.length).toBeGreaterThan(0);
      for (const n of r.data.local_nets) expect(n).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    });

    it('refuses bad input with a message naming the field, in the caller language, and changes nothing', async () => {
      const before = (await call<Basic>(BASIC, { method: 'detail' })).data;
      const cases: [Record<string, unknown>, string][] = [
        [{ rtp_start: 20000, rtp_end: 10000 }, 'RTP start port must be lower than the RTP end port'],
        [{ sip_udp_port: 0 }, 'SIP UDP port must be between 1 and 65535'],
        [{ sip_udp_port: 70000 }, 'SIP UDP port must be between 1 and 65535'],
        [{ rtp_start: 80 }, 'RTP start port must be between 1024 and 65535'],
        [{ sip_udp_port: 12000 }, 'SIP UDP port 12000 lies inside the RTP port range 10000–20000'],
        [{ codecs: ['alaw', 'alaw'] }, 'Codecs: alaw is listed twice'],
        [{ codecs: [] }, 'Codecs: choose at least one'],
        [
          { codecs: ['gsm'] },
          'Codecs (in order of preference) must be one of: alaw, ulaw, g722, g729, opus, h264',
        ],
        [{ dtmf_mode: 'rfc2833' }, 'DTMF mode must be one of: rfc4733, inband, info, auto'],
        [{ ext_length: 7 }, 'Extension length must be between 3 and 6'],
        [{ local_nets: ['192.168.1.0'] }, 'Local networks must be address/prefix such as 192.168.1.0/24'],
        [{ external_ip: 'bad host!' }, 'External address (NAT) must be a host name or address'],
        [{ sip_tcp: 1, sip_tls_port: 5060 }, 'SIP TLS port 5060 is already the SIP TCP port'],
      ];
      for (const [body, msg] of cases) {
        const r = await call(BASIC, { method: 'edit', ...body });
        expect(r.code, JSON.stringify(body)).toBe(422);
        expect(r.msg, JSON.stringify(body)).toBe(msg);
      }
      const zh = await call(BASIC, { method: 'edit', rtp_start: 30000 }, token, 'zh_CN');
      expect(zh).toMatchObject({ code: 422, msg: 'RTP起始端口必须小于RTP结束端口' });
      expect((await call<Basic>(BASIC, { method: 'detail' })).data).toEqual(before);
    });

    it('refuses a SIP port another service uses', async () => {
      const away = { rtp_start: 20000, rtp_end: 30000 };
      const gb = await call<{ errors: { field: string }[] }>(BASIC, {
        method: 'edit',
        sip_udp_port: 15060,
        ...away,
      });
      expect(gb.code).toBe(422);
      expect(gb.msg).toBe('SIP UDP port 15060 clashes with the GB28181 SIP agent on UDP port 15060');
      expect(gb.data.errors[0]!.field).toBe('sip_udp_port');
      const web = await call(BASIC, { method: 'edit', sip_tls_port: s.app.config.port });
      expect(web.msg).toBe(
        `SIP TLS port ${s.app.config.port} clashes with the web console on TCP port ${s.app.config.port}`,
      );
      const zh = await call(BASIC, { method: 'edit', sip_udp_port: 15060, ...away }, token, 'zh_CN');
      expect(zh.msg).toBe('SIP UDP端口15060与GB28181 SIP服务的端口15060（UDP）冲突');
      expect((await call<Basic>(BASIC, { method: 'detail' })).data.sip_udp_port).toBe(5060);
    });

    it('saves, keeps omitted fields, and regenerates pjsip.conf and rtp.conf', async () => {
      const r = await call(BASIC, {
        method: 'form',
        sip_udp_port: 5070,
        sip_tcp: 1,
        rtp_start: 12000,
        rtp_end: 14000,
        codecs: ['g722', 'alaw'],
        external_ip: '203.0.113.9',
        local_nets: ['192.168.10.0/24'],
      });
      expect(r).toMatchObject({ code: 200 });
      const d = (await call<Basic>(BASIC, { method: 'detail' })).data;
      expect(d).toMatchObject({
        sip_udp_port: 5070,
        sip_tcp: 1,
        codecs: ['g722', 'alaw'],
        dtmf_mode: 'rfc4733',
      });
      const pjsip = fs.readFileSync(path.join(confDir(), 'pjsip.conf'), 'utf8');
      expect(pjsip).toContain('[transport-udp]\ntype=transport\nprotocol=udp\nbind=0.0.0.0:5070\n');
      expect(pjsip).toContain('[transport-tcp]\ntype=transport\nprotocol=tcp\nbind=0.0.0.0:5070\n');
      expect(pjsip).toContain('external_media_address=203.0.113.9\n');
      expect(pjsip).toContain('local_net=192.168.10.0/24\n');
      expect(fs.readFileSync(path.join(confDir(), 'rtp.conf'), 'utf8')).toContain(
        'rtpstart=12000\nrtpend=14000\n',
      );
      // A form post (urlencoded) works too, lists as JSON text.
      const form = await s.call(
        BASIC,
        { method: 'edit', codecs: '["alaw","ulaw"]', sip_tcp: '0' },
        { token, form: true },
      );
      expect(form.code, form.msg).toBe(200);
      expect((await call<Basic>(BASIC, { method: 'detail' })).data).toMatchObject({
        codecs: ['alaw', 'ulaw'],
        sip_tcp: 0,
      });
    });
  });

  describe('advanced settings', () => {
    it('validates ranges and feature codes, refusing duplicates with 409, and changes nothing', async () => {
      const before = (await call(ADVANCED, { method: 'detail' })).data;
      expect(before).toMatchObject({
        ring_timeout: 30,
        max_call_s: 0,
        record_policy: 'never',
        fc_pickup: '*8',
        fc_cf_off: '*73',
      });
      const cases: [Record<string, unknown>, number, string][] = [
        [{ ring_timeout: 5 }, 422, 'Ring timeout (s) must be between 10 and 120'],
        [{ record_policy: 'sometimes' }, 422, 'Recording must be one of: never, always, on_demand'],
        [{ fc_pickup: '8' }, 422, 'Call pickup must be * followed by 1 to 6 digits'],
        [{ fc_dnd_on: '*7a' }, 422, 'Do not disturb on must be * followed by 1 to 6 digits'],
        [{ moh_class: 'a b' }, 422, 'Music on hold class must be letters, digits, _ or -'],
        [
          { fc_dnd_on: '*73' },
          409,
          'Feature code *73 is used more than once: Do not disturb on, Call forward off (all numbers share one numbering plan)',
        ],
      ];
      for (const [body, code, msg] of cases) {
        const r = await call(ADVANCED, { method: 'edit', ...body });
        expect([r.code, r.msg], JSON.stringify(body)).toEqual([code, msg]);
      }
      const zh = await call(ADVANCED, { method: 'edit', fc_pickup: '8' }, token, 'zh_CN');
      expect(zh.msg).toBe('代答须为*加1到6位数字');
      expect((await call(ADVANCED, { method: 'detail' })).data).toEqual(before);
    });

    it('saves and writes features.conf and the dialplan globals', async () => {
      const r = await call(ADVANCED, {
        method: 'edit',
        ring_timeout: 45,
        record_policy: 'on_demand',
        fc_pickup: '*88',
      });
      expect(r.code, r.msg).toBe(200);
      const features = fs.readFileSync(path.join(confDir(), 'features.conf'), 'utf8');
      expect(features).toContain('pickupexten=*88\n');
      expect(features).toContain('automixmon=*3\n');
      const plan = fs.readFileSync(path.join(confDir(), 'extensions_igs.conf'), 'utf8');
      expect(plan).toContain('RINGTIME=45\n');
      expect(plan).toContain('exten => *88,1,Pickup()\n');
    });
  });

  describe('numbering plan', () => {
    it('an extension whose number is a meeting room gets 409 and nothing is stored', async () => {
      expect((await call(CONFERENCE, { method: 'add', number: '8001', name: 'Board room' })).code).toBe(200);
      const before = (await call<List>(EXTENSION, { method: 'list' })).data.total;
      const r = await call<{ errors: { field: string }[] }>(EXTENSION, {
        method: 'add',
        extension: '8001',
        name: 'Room 8001',
      });
      expect(r.code).toBe(409);
      expect(r.msg).toBe(
        'Number 8001 is already used by meeting room "Board room" (all numbers share one numbering plan)',
      );
      expect(r.data.errors[0]!.field).toBe('extension');
      const zh = await call(
        EXTENSION,
        { method: 'add', extension: '8001', name: 'Room 8001' },
        token,
        'zh_CN',
      );
      expect(zh.msg).toBe('号码8001已被会议室“Board room”使用（所有号码共用一个号码计划）');
      expect((await call<List>(EXTENSION, { method: 'list' })).data.total).toBe(before);
    });

    it('holds across every numbered list, on add and on edit, and checks the extension length', async () => {
      const ext = await call<{ id: number }>(EXTENSION, {
        method: 'add',
        extension: '8101',
        name: 'Room 8101',
      });
      expect(ext.code, ext.msg).toBe(200);
      const q = await call(QUEUE, { method: 'add', number: '8101', name: 'Service' });
      expect(q).toMatchObject({
        code: 409,
        msg: 'Number 8101 is already used by extension "Room 8101" (all numbers share one numbering plan)',
      });
      const edit = await call(EXTENSION, { method: 'edit', id: ext.data.id, extension: '8001' });
      expect(edit.code).toBe(409);
      expect(
        (await call<{ extension: string }>(EXTENSION, { method: 'detail', id: ext.data.id })).data.extension,
      ).toBe('8101');
      // The record keeps its own number on edit.
      expect(
        (await call(EXTENSION, { method: 'edit', id: ext.data.id, extension: '8101', name: 'Room 1' })).code,
      ).toBe(200);
      const short = await call(EXTENSION, { method: 'add', extension: '810', name: 'Short' });
      expect(short).toMatchObject({
        code: 422,
        msg: 'Extension number must have 4 digits (the extension length of the basic settings)',
      });
    });

    it('an import row that collides is an error of its line and the file writes nothing', async () => {
      const before = (await call<List>(EXTENSION, { method: 'list' })).data.total;
      const fd = new FormData();
      fd.set('method', 'import');
      fd.set('file', new Blob(['extension,name\n8201,Room 8201\n8001,Room 8001\n']), 'ext.csv');
      const r = await s.call<{ errors: { line: number; field: string; msg: string }[]; inserted: number }>(
        EXTENSION,
        fd,
        { token },
      );
      expect(r.code, r.msg).toBe(200);
      expect(r.data.inserted).toBe(0);
      expect(r.data.errors).toEqual([
        {
          line: 3,
          field: 'extension',
          msg: 'Number 8001 is already used by meeting room "Board room" (all numbers share one numbering plan)',
        },
      ]);
      expect((await call<List>(EXTENSION, { method: 'list' })).data.total).toBe(before);
    });

    it('generates a secret for an extension added without one, and never returns it', async () => {
      const r = await call<{ id: number }>(EXTENSION, { method: 'add', extension: '8301', name: 'Lobby' });
      expect(r.code).toBe(200);
      const d = await call<{ secret: string }>(EXTENSION, { method: 'detail', id: r.data.id });
      expect(d.data.secret).toBe('');
      const list = await call<List<{ secret: string }>>(EXTENSION, { method: 'list' });
      expect(list.data.list.every((x) => x.secret === '')).toBe(true);
      const row = await s.app.db.kysely
        .selectFrom('voice_extension' as never)
        .select('secret' as never)
        .where('id' as never, '=', r.data.id as never)
        .executeTakeFirstOrThrow();
      expect(String((row as { secret: string }).secret)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    });
  });

  describe('voice management', () => {
    it('status without Asterisk: not installed, figures from the data, no live channels', async () => {
      const r = await call<{
        asterisk: { state: string; reason: string; version: string | null };
        source: string;
        endpoints: { registered: number; total: number };
        channels: { active: number | null; reason: string };
        files: { file: string; written_at: string | null }[];
      }>(MANAGEMENT, { method: 'status' });
      expect(r.code).toBe(200);
      expect(r.data.asterisk).toMatchObject({ state: 'not_installed', version: null });
      expect(r.data.asterisk.reason).toBe(
        'Asterisk is not installed on this gateway (no asterisk program found)',
      );
      expect(r.data.source).toBe('data');
      expect(r.data.endpoints).toEqual({ registered: 0, total: 2 });
      expect(r.data.channels).toEqual({ active: null, reason: r.data.asterisk.reason });
      expect(r.data.files.map((f) => f.file)).toEqual([
        'pjsip.conf',
        'extensions_igs.conf',
        'queues.conf',
        'confbridge.conf',
        'rtp.conf',
        'features.conf',
        'voicemail.conf',
      ]);
    });

    it('check regenerates and checks every file from the records', async () => {
      const r = await call<{
        ok: boolean;
        files: { file: string; ok: boolean; errors: string[]; sections: number }[];
      }>(MANAGEMENT, {
        method: 'check',
      });
      expect(r.code).toBe(200);
      for (const f of r.data.files) expect(f.errors, f.file).toEqual([]);
      expect(r.data.ok).toBe(true);
      const pjsip = fs.readFileSync(path.join(confDir(), 'pjsip.conf'), 'utf8');
      expect(pjsip).toMatch(
        /\[8101-auth\]\ntype=auth\nauth_type=userpass\nusername=8101\npassword=\S{12,}\n/,
      );
      const plan = fs.readFileSync(path.join(confDir(), 'extensions_igs.conf'), 'utf8');
      expect(plan).toContain('exten => 8101,1,Gosub(igs-dial-ext,s,1(8101,');
      expect(plan).toContain('exten => 8001,1,Answer()\n same => n,ConfBridge(8001,igs-bridge-');
    });

    it('file returns one file from the fixed list with secrets masked', async () => {
      const r = await call<{ file: string; text: string; same_as_disk: boolean; check: { ok: boolean } }>(
        MANAGEMENT,
        {
          method: 'file',
          file: 'pjsip.conf',
        },
      );
      expect(r.code).toBe(200);
      expect(r.data.text).toContain('password=********');
      expect(r.data.text).not.toMatch(/password=(?!\*{8})/);
      expect(r.data.same_as_disk).toBe(true);
      expect(r.data.check.ok).toBe(true);
      for (const bad of ['../../etc/passwd', 'extensions.conf', '']) {
        const x = await call(MANAGEMENT, { method: 'file', file: bad });
        expect(x.code, bad).toBe(422);
        expect(x.msg).toContain('file must be one of: pjsip.conf, extensions_igs.conf');
      }
    });

    it('reload and restart without Asterisk answer 503 and say the files were generated', async () => {
      for (const method of ['reload', 'restart']) {
        const r = await call<{ files: { ok: boolean }[]; apply: { applied: boolean; reason: string } }>(
          MANAGEMENT,
          { method },
        );
        expect(r.code, method).toBe(503);
        expect(r.msg).toBe(
          `Asterisk is not installed on this gateway (no asterisk program found); the files were generated and checked under ${confDir()}`,
        );
        expect(r.data.apply).toMatchObject({
          applied: false,
          reason: `IGS_APPLY is not 1: the files were not copied to /etc/asterisk`,
        });
      }
    });

    it('reload refuses files that fail their check and applies nothing', async () => {
      // A number taken twice behind the numbering plan's back (written straight to the table).
      const db = s.app.db.kysely as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
      const now = Date.now();
      await db
        .insertInto('voice_queue')
        .values({
          site_id: 0,
          created_at: now,
          updated_at: now,
          number: '8001',
          name: 'Twin',
          strategy: 'ringall',
          agent_timeout: 15,
          retry: 5,
          wrapup: 0,
        })
        .execute();
      try {
        const r = await call<{ files: { file: string; valid: boolean }[] }>(MANAGEMENT, { method: 'reload' });
        expect(r.code).toBe(422);
        expect(r.msg).toMatch(
          /^The generated configuration has errors, nothing was applied: extensions_igs.conf: line \d+: \[igs-local\] extension 8001 is defined twice/,
        );
        expect(r.data.files.find((f) => f.file === 'extensions_igs.conf')!.valid).toBe(false);
      } finally {
        await db.deleteFrom('voice_queue').where('number', '=', '8001').execute();
      }
    });

    it('a record left out is reported but does not block the rest', async () => {
      // A queue agent that is not an extension: the member is left out of queues.conf.
      const q = await call<{ id: number }>(QUEUE, {
        method: 'add',
        number: '6500',
        name: 'Desk',
        members: [{ extension: '9999' }],
      });
      expect(q.code, q.msg).toBe(200);
      const c = await call<{
        ok: boolean;
        files: { file: string; ok: boolean; valid: boolean; errors: string[] }[];
      }>(MANAGEMENT, {
        method: 'check',
      });
      expect(c.data.ok).toBe(false);
      expect(c.data.files.find((f) => f.file === 'queues.conf')).toMatchObject({
        ok: false,
        valid: true,
        errors: ['Queue 6500: agent 9999 is not an extension; left out'],
      });
      const r = await call(MANAGEMENT, { method: 'reload' });
      expect(r.code).toBe(503);
      expect((await call(QUEUE, { method: 'del', ids: [q.data.id] })).code).toBe(200);
    });

    it('with Asterisk running: state, live figures, reload applied with IGS_APPLY=1', async () => {
      const etc = path.join(tmp, 'etc-asterisk');
      fs.mkdirSync(etc);
      fs.writeFileSync(path.join(etc, 'extensions.conf'), '[general]\nstatic=yes\n');
      process.env.ASTERISK_BIN = fakeAsterisk(tmp);
      process.env.FAKE_AST_STATE = 'running';
      process.env.IGS_APPLY = '1';
      process.env.ASTERISK_ETC = etc;
      try {
        const st = await call<{
          asterisk: { state: string; version: string; uptime_s: number; last_reload_s: number };
          source: string;
          endpoints: { registered: number; total: number };
          channels: { active: number };
        }>(MANAGEMENT, { method: 'status' });
        expect(st.data.asterisk).toMatchObject({
          state: 'running',
          version: 'Asterisk 20.5.2',
          uptime_s: 3600,
          last_reload_s: 120,
        });
        expect(st.data.source).toBe('asterisk');
        expect(st.data.endpoints).toEqual({ registered: 1, total: 2 });
        expect(st.data.channels.active).toBe(3);

        const r = await call<{ reloaded: boolean; apply: { applied: boolean } }>(MANAGEMENT, {
          method: 'reload',
        });
        expect(r.code, r.msg).toBe(200);
        expect(r.data).toMatchObject({ reloaded: true, apply: { applied: true } });
        expect(fs.readFileSync(path.join(etc, 'pjsip.conf'), 'utf8')).toContain('[transport-udp]');
        expect(fs.readFileSync(path.join(etc, 'extensions.conf'), 'utf8')).toBe(
          '[general]\nstatic=yes\n#include extensions_igs.conf\n',
        );
        const log = fs.readFileSync(process.env.FAKE_AST_LOG!, 'utf8');
        expect(log).toContain('-rx core reload');

        const calls = await call<
          List<{ channel: string; direction: string; trunk: string; caller: string }> & { live: boolean }
        >(CALLS, { method: 'list' });
        expect(calls.data.live).toBe(true);
        expect(voiceCallCalls.list.output.safeParse(calls.data).error).toBeUndefined();
        expect(calls.data.list).toEqual([
          expect.objectContaining({
            channel: 'PJSIP/8001-00000001',
            caller: '8001',
            callee: '8002',
            direction: 'internal',
            duration: 42,
          }),
          expect.objectContaining({
            channel: 'PJSIP/trunk-telecom-00000003',
            direction: 'inbound',
            trunk: 'telecom',
          }),
        ]);
        expect((await call(CALLS, { method: 'hangup', channel: 'PJSIP/9999-00000009' })).code).toBe(404);
        expect(
          (await call(CALLS, { method: 'hangup', channel: 'PJSIP/8001-00000001; core stop now' })).code,
        ).toBe(422);
        expect((await call(CALLS, { method: 'hangup', channel: 'PJSIP/8001-00000001' })).code).toBe(200);
        expect(fs.readFileSync(process.env.FAKE_AST_LOG!, 'utf8')).toContain(
          '-rx channel request hangup PJSIP/8001-00000001',
        );
        const o = await call(CALLS, { method: 'originate', from_ext: '8101', to_number: '8301' });
        expect(o.code, o.msg).toBe(200);
        expect(fs.readFileSync(process.env.FAKE_AST_LOG!, 'utf8')).toContain(
          '-rx channel originate PJSIP/8101 extension 8301@from-internal-local',
        );
      } finally {
        process.env.ASTERISK_BIN = path.join(tmp, 'no-such-asterisk');
        delete process.env.IGS_APPLY;
        delete process.env.ASTERISK_ETC;
      }
    });

    it('installed but stopped: reported as stopped, reload answers 503', async () => {
      process.env.ASTERISK_BIN = path.join(tmp, 'asterisk');
      process.env.FAKE_AST_STATE = 'stopped';
      try {
        const st = await call<{ asterisk: { state: string; reason: string } }>(MANAGEMENT, {
          method: 'status',
        });
        expect(st.data.asterisk).toMatchObject({ state: 'stopped', reason: 'Asterisk is not running' });
        const r = await call(MANAGEMENT, { method: 'reload' });
        expect(r.code).toBe(503);
        expect(r.msg).toMatch(/^Asterisk is not running; the files were generated/);
      } finally {
        process.env.ASTERISK_BIN = path.join(tmp, 'no-such-asterisk');
      }
    });
  });

  describe('voice calls', () => {
    it('without Asterisk: an empty list with the reason; verbs answer 503', async () => {
      const r = await call<List & { live: boolean; reason: string }>(CALLS, { method: 'list' });
      expect(r.data).toEqual({
        list: [],
        total: 0,
        live: false,
        reason: 'Asterisk is not installed on this gateway (no asterisk program found)',
      });
      const h = await call(CALLS, { method: 'hangup', channel: 'PJSIP/8001-00000001' });
      expect(h.code).toBe(503);
      expect((await call(CALLS, { method: 'originate', from_ext: '8101', to_number: '8301' })).code).toBe(
        503,
      );
      expect((await call(CALLS, { method: 'originate', from_ext: '8101', to_number: '83;01' })).code).toBe(
        422,
      );
    });

    it('stats counts today and the last 7 days from the call records', async () => {
      const db = s.app.db.kysely as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
      const p = (n: number) => String(n).padStart(2, '0');
      const d = new Date(s.app.now());
      const today = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
      const y = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1);
      const yesterday = `${y.getFullYear()}-${p(y.getMonth() + 1)}-${p(y.getDate())}`;
      const row = (start: string, disposition: string, billsec: number, direction: string) => ({
        site_id: 0,
        created_at: Date.now(),
        updated_at: Date.now(),
        start,
        src: '8001',
        dst: '8002',
        disposition,
        billsec,
        duration: billsec + 5,
        direction,
      });
      await db
        .insertInto('voice_cdr')
        .values([
          row(`${today} 09:00:00`, 'ANSWERED', 60, 'internal'),
          row(`${today} 09:10:00`, 'ANSWERED', 120, 'outbound'),
          row(`${today} 09:20:00`, 'NO ANSWER', 0, 'inbound'),
          row(`${yesterday} 18:00:00`, 'BUSY', 0, 'internal'),
        ])
        .execute();
      const r = await call<{ today: Record<string, unknown>; days: { date: string; total: number }[] }>(
        CALLS,
        { method: 'stats' },
      );
      expect(r.data.today).toEqual({
        total: 3,
        answered: 2,
        missed: 1,
        avg_billsec: 90,
        by_direction: { internal: 1, inbound: 1, outbound: 1 },
      });
      expect(r.data.days).toHaveLength(7);
      // The reply is what the contract says the console gets.
      expect(voiceCallCalls.stats.output.safeParse(r.data).error).toBeUndefined();
      expect(r.data.days.at(-1)).toEqual({ date: today, total: 3, answered: 2, missed: 1 });
      expect(r.data.days.at(-2)).toEqual({ date: yesterday, total: 1, answered: 0, missed: 1 });

      // CDR export in Asterisk's Master.csv layout: 16 columns, no header.
      const exp = await call<{ url: string }>(CDR, {
        method: 'export',
        format: 'cdr_csv',
        order: 'asc',
        sort: 'id',
      });
      expect(exp.code, exp.msg).toBe(200);
      const text = await (await fetch(s.url + exp.data.url)).text();
      const lines = text.trim().split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toBe(
        `"","8001","8002","","","","","","","${today} 09:00:00","","",65,60,"ANSWERED",""`,
      );
      const bad = await call(CDR, { method: 'export', format: 'wav' });
      expect(bad).toMatchObject({ code: 422, msg: 'format must be one of: csv, xlsx, json, cdr_csv' });
    });
  });

  describe('address book as vCard', () => {
    it('exports contacts as vCard 3.0 and imports them back', async () => {
      const g = await call<{ id: number }>('/admin.php/voice/contact_group', {
        method: 'add',
        name: 'Staff',
      });
      const c = await call(CONTACT, {
        method: 'add',
        name: '张三',
        group_id: g.data.id,
        department: 'Front, desk',
        mobile: '13800000000',
        extension: '8001',
        email: 'zs@example.com',
      });
      expect(c.code, c.msg).toBe(200);
      const exp = await call<{ url: string }>(CONTACT, { method: 'export', format: 'vcard' });
      expect(exp.code, exp.msg).toBe(200);
      const vcf = await (await fetch(s.url + exp.data.url)).text();
      expect(vcf).toBe(
        [
          'BEGIN:VCARD',
          'VERSION:3.0',
          'FN:张三',
          // N with the family and given name apart; ORG's first part is the company (none here).
          'N:张;三;;;',
          'ORG:;Front\\, desk',
          'TEL;TYPE=CELL:13800000000',
          'TEL;TYPE=X-EXTENSION:8001',
          'EMAIL;TYPE=INTERNET:zs@example.com',
          'CATEGORIES:Staff',
          'END:VCARD',
          '',
        ].join('\r\n'),
      );
      const fd = new FormData();
      fd.set('method', 'import');
      fd.set('format', 'vcard');
      fd.set(
        'file',
        new Blob([vcf.replace('张三', '李四').replace('13800000000', '+86 139 0000 0000')]),
        'book.vcf',
      );
      const imp = await s.call<{ inserted: number; errors: unknown[] }>(CONTACT, fd, { token });
      expect(imp.code, imp.msg).toBe(200);
      expect(imp.data).toMatchObject({ inserted: 1, errors: [] });
      const list = await call<List<{ name: string; mobile: string; department: string }>>(CONTACT, {
        method: 'list',
        keyword: '李四',
      });
      expect(list.data.list[0]).toMatchObject({
        name: '李四',
        mobile: '13900000000',
        department: 'Front, desk',
      });
    });
  });

  describe('permissions', () => {
    it('no menu: 403 on reads and writes; menu without button: reads work, changes are 403 naming the key', async () => {
      const none = await accountWith(s, 'novoice', ['/admin.php/system/home'], []);
      for (const [p, m] of [
        [BASIC, 'detail'],
        [ADVANCED, 'detail'],
        [MANAGEMENT, 'status'],
        [CALLS, 'list'],
        [BASIC, 'edit'],
      ] as const) {
        expect((await call(p, { method: m }, none)).code, `${p} ${m}`).toBe(403);
      }
      const reader = await accountWith(s, 'voicereader', [BASIC, ADVANCED, MANAGEMENT, CALLS], []);
      expect((await call(BASIC, { method: 'detail' }, reader)).code).toBe(200);
      expect((await call(MANAGEMENT, { method: 'status' }, reader)).code).toBe(200);
      expect((await call(MANAGEMENT, { method: 'check' }, reader)).code).toBe(200);
      expect((await call(CALLS, { method: 'stats' }, reader)).code).toBe(200);
      for (const [p, m, key] of [
        [BASIC, 'edit', 'voice:basic:edit'],
        [BASIC, 'form', 'voice:basic:edit'],
        [ADVANCED, 'edit', 'voice:advanced:edit'],
        [MANAGEMENT, 'reload', 'voice:management:reload'],
        [MANAGEMENT, 'restart', 'voice:management:restart'],
        [CALLS, 'hangup', 'voice:calls:hangup'],
        [CALLS, 'originate', 'voice:calls:originate'],
      ] as const) {
        const r = await call(p, { method: m, ring_timeout: 60 }, reader);
        expect(r.code, `${p} ${m}`).toBe(403);
        expect(r.msg).toContain(key);
      }
      expect((await call(ADVANCED, { method: 'detail' })).data).toMatchObject({ ring_timeout: 45 });
      const editor = await accountWith(s, 'voiceeditor', [ADVANCED], ['voice:advanced:edit']);
      expect((await call(ADVANCED, { method: 'edit', ring_timeout: 60 }, editor)).code).toBe(200);
    });
  });
});
