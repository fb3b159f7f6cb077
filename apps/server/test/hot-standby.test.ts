import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const HS = '/admin.php/system/hot_standby';
const NOTIFY = '/api/hot-standby/notify';
// The server runs in this process: the script's request needs the event loop free.
const run = promisify(execFile);

function findKeepalived(): string | null {
  for (const f of ['/usr/sbin/keepalived', '/usr/local/sbin/keepalived', '/sbin/keepalived'])
    if (fs.existsSync(f)) return f;
  return null;
}
const KEEPALIVED = findKeepalived();
if (!KEEPALIVED)
  console.warn('hot-standby: keepalived is not installed here; the keepalived -t checks are skipped');
const haveHttpClient = ['/usr/bin/curl', '/usr/bin/wget', '/bin/wget'].some((f) => fs.existsSync(f));

/** A real interface of this host (keepalived -t checks that it exists). */
const IFACE = fs.readdirSync('/sys/class/net').find((n) => n !== 'lo') ?? 'eth0';

afterEach(() => {
  delete process.env.IGS_APPLY;
  delete process.env.IGS_APPLY_ROOT;
});

describeEachDb('Hot standby', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = Record<string, unknown>>(body: Record<string, unknown>, t = token) =>
    s.call<T>(HS, body, { token: t });
  const detail = async () => (await call({ method: 'detail' })).data;
  const conf = () => fs.readFileSync(path.join(s.dataDir, 'etc', 'keepalived', 'keepalived.conf'), 'utf8');
  const good = {
    enabled: 1,
    role: 'master',
    interface: IFACE,
    virtual_ip: '192.168.77.10/24',
    vrid: 51,
    advert_int: 1,
    auth_pass: 'secret1',
    peer_ip: '192.168.77.2',
    preempt: 1,
    sync_config: 1,
  };

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers every DOMAIN field with its default, state unknown', async () => {
    expect(await detail()).toMatchObject({
      enabled: 0,
      role: 'master',
      vrid: 51,
      priority: null,
      priority_effective: 150,
      advert_int: 1,
      auth_pass: '',
      preempt: 1,
      sync_config: 1,
      state: 'unknown',
      secret_set: { auth_pass: false },
    });
    expect((await detail()).interfaces).toContain(IFACE);
  });

  it('refuses bad settings with the field named, writing nothing', async () => {
    const before = await detail();
    for (const [over, field] of [
      [{ vrid: 256 }, 'vrid'],
      [{ vrid: 0 }, 'vrid'],
      [{ priority: 255 }, 'priority'],
      [{ auth_pass: 'ninechars' }, 'auth_pass'],
      [{ auth_pass: 'a b' }, 'auth_pass'],
      [{ virtual_ip: '192.168.77.10' }, 'virtual_ip'],
      [{ peer_ip: 'peer' }, 'peer_ip'],
      [{ interface: 'nope0' }, 'interface'],
      [{ interface: 'lo' }, 'interface'],
      [{ interface: 'eth0 ; reboot' }, 'interface'],
      [{ peer_ip: '192.168.77.10' }, 'peer_ip'],
      [{ role: 'observer' }, 'role'],
    ] as const) {
      const r = await call<{ errors: { field: string }[] }>({ method: 'form', ...good, ...over });
      expect(r.code, JSON.stringify(over)).toBe(422);
      expect(r.data.errors[0]!.field).toBe(field);
    }
    const missing = await call<{ errors: { field: string }[] }>({ method: 'form', enabled: 1 });
    expect(missing.code).toBe(422);
    expect(fs.existsSync(path.join(s.dataDir, 'etc', 'keepalived', 'keepalived.conf'))).toBe(false);
    expect(await detail()).toEqual(before);
  });

  it('writes a keepalived configuration that keepalived -t accepts', async () => {
    const r = await call<{ written: string[]; check: { ran: boolean; ok: boolean; output: string } }>({
      method: 'form',
      ...good,
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.written).toContain('keepalived/keepalived.conf');
    const text = conf();
    for (const line of [
      'global_defs {',
      'vrrp_instance IGS_VI {',
      'state MASTER',
      `interface ${IFACE}`,
      'virtual_router_id 51',
      'priority 150',
      'advert_int 1',
      'auth_type PASS',
      'auth_pass secret1',
      `192.168.77.10/24 dev ${IFACE}`,
      'unicast_peer {',
      '192.168.77.2',
      'notify "/bin/sh /etc/keepalived/igs-notify.sh"',
    ])
      expect(text).toContain(line);
    expect(text).not.toContain('nopreempt');
    if (KEEPALIVED) {
      expect(r.data.check).toMatchObject({ ran: true, ok: true });
      // The test runs the daemon's own checker on the written file too.
      execFileSync(KEEPALIVED, ['-t', '-f', path.join(s.dataDir, 'etc', 'keepalived', 'keepalived.conf')]);
    } else {
      expect(r.data.check.ran).toBe(false);
      console.warn('SKIPPED keepalived -t: keepalived is not installed on this host');
    }
    expect(r.msg).toContain('IGS_APPLY is not 1');
    // The secret is never returned; an empty one keeps it.
    const d = await detail();
    expect(d).toMatchObject({ auth_pass: '', secret_set: { auth_pass: true }, enabled: 1 });
    await call({ method: 'form', auth_pass: '' });
    expect(conf()).toContain('auth_pass secret1');
  });

  it('follows the role default priority and preempt=0 (nopreempt, both start BACKUP)', async () => {
    expect((await call({ method: 'form', role: 'backup', preempt: 0 })).code).toBe(200);
    let text = conf();
    expect(text).toContain('priority 100');
    expect(text).toContain('state BACKUP');
    expect(text).toContain('nopreempt');
    expect((await detail()).priority_effective).toBe(100);
    if (KEEPALIVED)
      execFileSync(KEEPALIVED, ['-t', '-f', path.join(s.dataDir, 'etc', 'keepalived', 'keepalived.conf')]);
    expect((await call({ method: 'form', role: 'master', priority: 200, preempt: 1 })).code).toBe(200);
    text = conf();
    expect(text).toContain('priority 200');
    expect(text).toContain('state MASTER');
  });

  it.skipIf(!haveHttpClient)('takes the state from the notify script, and only with its key', async () => {
    const script = path.join(s.dataDir, 'etc', 'keepalived', 'igs-notify.sh');
    expect((fs.statSync(script).mode & 0o777).toString(8)).toBe('600');
    await run('/bin/sh', [script, 'INSTANCE', 'IGS_VI', 'MASTER', '200'], { timeout: 10_000 });
    expect(await detail()).toMatchObject({ state: 'MASTER' });
    const wrong = await s.call(NOTIFY, { state: 'FAULT' }, { headers: { 'x-igs-notify-key': 'nope' } });
    expect(wrong.code).toBe(403);
    const none = await s.call(NOTIFY, { state: 'FAULT' });
    expect(none.code).toBe(403);
    expect((await detail()).state).toBe('MASTER');
    // Arguments keepalived never sends do not reach the server.
    await run('/bin/sh', [script, 'INSTANCE', 'IGS_VI', 'EVIL";rm', '1'], { timeout: 10_000 });
    expect((await detail()).state).toBe('MASTER');
    await run('/bin/sh', [script, 'INSTANCE', 'IGS_VI', 'BACKUP', '100'], { timeout: 10_000 });
    expect((await detail()).state).toBe('BACKUP');
  });

  it('checks the peer for real', async () => {
    const unreachable = await call<{ tcp: { ok: boolean; error: string } }>({ method: 'check' });
    expect(unreachable.code).toBe(200);
    expect(unreachable.data.tcp.ok).toBe(false);
    // This test server itself stands in for a peer that answers.
    expect((await call({ method: 'form', peer_ip: '127.0.0.1' })).code).toBe(200);
    const up = await call<{ peer_ip: string; tcp: { ok: boolean; port: number }; ping: { ran: boolean } }>({
      method: 'check',
    });
    expect(up.data.peer_ip).toBe('127.0.0.1');
    expect(up.data.tcp).toMatchObject({ ok: true, port: Number(new URL(s.url).port) });
    expect(typeof up.data.ping.ran).toBe('boolean');
  });

  it('switches over only where IGS_APPLY=1', async () => {
    const before = await detail();
    const r = await call<{ applied: boolean }>({ method: 'switchover' });
    if (!KEEPALIVED) {
      expect(r.code).toBe(503);
      return;
    }
    expect(r.code).toBe(200);
    expect(r.data.applied).toBe(false);
    expect(r.msg).toContain('Not applied on this host');
    expect(await detail()).toEqual(before);
    // A scratch root stands in for / : the swapped file is copied there, no daemon is touched.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-apply-'));
    process.env.IGS_APPLY = '1';
    process.env.IGS_APPLY_ROOT = root;
    const sw = await call<{ applied: boolean }>({ method: 'switchover' });
    expect(sw.code, sw.msg).toBe(200);
    expect(sw.data.applied).toBe(true);
    expect(await detail()).toMatchObject({ role: 'backup', priority: 50 });
    const copied = fs.readFileSync(path.join(root, 'etc', 'keepalived', 'keepalived.conf'), 'utf8');
    expect(copied).toContain('priority 50');
    expect(copied).toContain('state BACKUP');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses callers without the button, and switchover while off', async () => {
    const reader = await accountWith(s, `hs_reader_${kind}`, [HS], []);
    expect((await call({ method: 'detail' }, reader)).code).toBe(200);
    expect((await call({ method: 'form', vrid: 60 }, reader)).code).toBe(403);
    expect((await call({ method: 'switchover' }, reader)).code).toBe(403);
    expect((await detail()).vrid).toBe(51);
    expect((await call({ method: 'form', enabled: 0 })).code).toBe(200);
    expect(fs.existsSync(path.join(s.dataDir, 'etc', 'keepalived', 'keepalived.conf'))).toBe(false);
    expect((await call({ method: 'switchover' })).code).toBe(409);
  });
});
