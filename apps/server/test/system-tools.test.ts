import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNeighbours, toolLimits } from '../src/features/system-tools/runners.ts';
import { isValidHost, validateToolRequest } from '../src/features/system-tools/validate.ts';
import { findBinary, toolDirs } from '../src/platform/host/host-exec.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const TOOLS = '/admin.php/system/ping';

/**
 * A stand-in `ping` first on PATH: records its arguments (so a test can tell whether anything
 * ran) and prints one line per count, 0.3 s apart, like the real one.
 */
const FAKE_PING = `#!/bin/sh
echo "$@" >> "$(dirname "$0")/ran.txt"
count=1
while [ "$#" -gt 0 ]; do
  if [ "$1" = "-c" ]; then count="$2"; fi
  shift
done
echo "PING fake"
i=1
while [ "$i" -le "$count" ]; do
  sleep 0.3
  echo "64 bytes from fake: icmp_seq=$i ttl=64 time=0.1 ms"
  i=$((i + 1))
done
`;

const realPing = await findBinary('ping');

describe('tool input rules', () => {
  const ifaces = ['lo', 'eth0'];
  it('hosts: names and addresses only, never an option or several words', () => {
    for (const ok of [
      '127.0.0.1',
      '::1',
      'fe80::1',
      'example.com',
      'gw-1.lan',
      'a',
      'xn--fiqs8s.cn',
      'host.',
    ])
      expect(isValidHost(ok), ok).toBe(true);
    for (const bad of [
      '-f',
      '--help',
      'a;b',
      'a b',
      'a\tb',
      'a|b',
      '$(id)',
      '`id`',
      'a/b',
      '',
      'a..b',
      '-1.2.3.4',
      'x'.repeat(254),
    ])
      expect(isValidHost(bad), bad).toBe(false);
  });

  it('count 1–10, port 1–65535, iface from the list, host required except for arp', () => {
    const v = (b: Record<string, unknown>) => validateToolRequest(b, ifaces, 'en');
    expect(v({ tool: 'ping', host: '127.0.0.1' })).toEqual({
      ok: true,
      value: { tool: 'ping', host: '127.0.0.1', count: 4, port: null, iface: null },
    });
    expect(v({ tool: 'ping', host: '127.0.0.1', count: '10', iface: 'lo' })).toMatchObject({
      ok: true,
      value: { count: 10, iface: 'lo' },
    });
    const field = (b: Record<string, unknown>) => {
      const r = v(b);
      return r.ok ? null : r.errors.map((e) => e.field);
    };
    expect(field({ tool: 'ping', host: '127.0.0.1', count: 11 })).toEqual(['count']);
    expect(field({ tool: 'ping', host: '127.0.0.1', count: 0 })).toEqual(['count']);
    expect(field({ tool: 'ping', host: '127.0.0.1', count: '2; reboot' })).toEqual(['count']);
    expect(field({ tool: 'tcp_port', host: '127.0.0.1' })).toEqual(['port']);
    expect(field({ tool: 'tcp_port', host: '127.0.0.1', port: 65536 })).toEqual(['port']);
    expect(field({ tool: 'ping', host: '127.0.0.1', iface: 'wlan9' })).toEqual(['iface']);
    expect(field({ tool: 'ping', host: '127.0.0.1', iface: 'lo;id' })).toEqual(['iface']);
    expect(field({ tool: 'ping' })).toEqual(['host']);
    expect(field({ tool: 'rm', host: 'x' })).toEqual(['tool']);
    expect(field({ tool: 'arp' })).toBeNull();
    expect(field({ tool: 'arp', host: 'example.com' })).toEqual(['host']);
    const zh = validateToolRequest({ tool: 'ping', host: '-f' }, ifaces, 'zh_CN');
    expect(zh.ok ? '' : zh.errors[0]!.msg).toContain('主机');
  });

  it('the neighbour table of ip -j neigh', () => {
    const t = formatNeighbours(
      '[{"dst":"192.168.1.1","dev":"eth0","lladdr":"aa:bb:cc:dd:ee:ff","state":["REACHABLE"]}]',
    );
    expect(t).toContain('192.168.1.1');
    expect(t).toContain('aa:bb:cc:dd:ee:ff');
    expect(formatNeighbours('[]')).toBe('(no entries)\n');
  });
});

describeEachDb('system/ping over HTTP', (kind) => {
  let s: TestServer;
  let admin: string;
  let fakeDir: string;
  const savedPath = process.env.PATH;
  const ran = () =>
    fs.existsSync(path.join(fakeDir, 'ran.txt'))
      ? fs.readFileSync(path.join(fakeDir, 'ran.txt'), 'utf8')
      : '';

  /** Posts a run and reads the reply as it arrives, chunk by chunk. */
  async function stream(body: Record<string, unknown>, token = admin) {
    const res = await fetch(s.url + TOOLS, {
      method: 'POST',
      headers: { 'content-type': 'application/json', IGSAuth: token, 'accept-language': 'en' },
      body: JSON.stringify({ method: 'run', ...body }),
    });
    const type = res.headers.get('content-type') ?? '';
    const chunks: string[] = [];
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(decoder.decode(value, { stream: true }));
    }
    const text = chunks.join('');
    return { type, chunks, text, json: type.includes('json') ? JSON.parse(text) : null };
  }

  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    fakeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-fakebin-'));
    fs.writeFileSync(path.join(fakeDir, 'ping'), FAKE_PING, { mode: 0o755 });
    process.env.PATH = `${fakeDir}${path.delimiter}${savedPath}`;
  });
  afterAll(async () => {
    process.env.PATH = savedPath;
    fs.rmSync(fakeDir, { recursive: true, force: true });
    await s.close();
  });

  it('refusals (-f, a;b, spaces, count 11, bad port or iface) answer 422 and run nothing', async () => {
    const cases: Record<string, unknown>[] = [
      { tool: 'ping', host: '-f' },
      { tool: 'ping', host: 'a;b' },
      { tool: 'ping', host: '127.0.0.1 -f' },
      { tool: 'ping', host: 'a b' },
      { tool: 'ping', host: '127.0.0.1', count: 11 },
      { tool: 'ping', host: '127.0.0.1', iface: 'nope0' },
      { tool: 'tcp_port', host: '127.0.0.1', port: 0 },
      { tool: 'tcp_port', host: '127.0.0.1', port: 65536 },
      { tool: 'sh', host: '127.0.0.1' },
    ];
    for (const c of cases) {
      const r = await stream(c);
      expect(r.json?.code, JSON.stringify(c)).toBe(422);
      expect(r.json.data.errors[0].field).toBeTruthy();
    }
    expect(ran()).toBe('');
    const zh = await s.call(
      TOOLS,
      { method: 'run', tool: 'ping', host: '-f' },
      { token: admin, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(zh.msg).toContain('主机');
  });

  it('ping streams its output in more than one chunk, with fixed arguments', async () => {
    const r = await stream({ tool: 'ping', host: '127.0.0.1', count: 3, iface: 'lo' });
    expect(r.type).toContain('text/plain');
    expect(r.chunks.length).toBeGreaterThan(1);
    expect(r.text).toContain(`$ ping -c 3 -W 2 -I lo -- 127.0.0.1`);
    expect(r.text).toContain('icmp_seq=3');
    expect(r.text).toMatch(/\[finished: exit 0, [\d.]+ s\]/);
    expect(ran().trim()).toBe('-c 3 -W 2 -I lo -- 127.0.0.1');
    const log = await s.app.db.kysely
      .selectFrom('operation_log')
      .selectAll()
      .where('module', '=', 'system:ping')
      .orderBy('id')
      .execute();
    expect(log.at(-1)).toMatchObject({
      action: 'run',
      result: 'success',
      detail: expect.stringContaining('ping -c 3'),
    });
  });

  it('one run per account at a time: a second one gets 423', async () => {
    const first = stream({ tool: 'ping', host: '127.0.0.1', count: 3 });
    // Give the first run time to start.
    await new Promise((r) => setTimeout(r, 250));
    const second = await stream({ tool: 'ping', host: '127.0.0.1', count: 1 });
    expect(second.json?.code).toBe(423);
    expect((await first).text).toContain('icmp_seq=3');
    // Free again once the first has finished.
    expect((await stream({ tool: 'ping', host: '127.0.0.1', count: 1 })).text).toContain('exit 0');
  });

  it('closing the page (the connection) stops the program and frees the account', async () => {
    const controller = new AbortController();
    const res = await fetch(s.url + TOOLS, {
      method: 'POST',
      headers: { 'content-type': 'application/json', IGSAuth: admin },
      body: JSON.stringify({ method: 'run', tool: 'ping', host: '127.0.0.1', count: 10 }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read(); // the command line: the program has started
    controller.abort();
    const t0 = Date.now();
    // Without the kill the account would stay busy for the 3 s the program still has to run.
    let r = await stream({ tool: 'ping', host: '127.0.0.1', count: 1 });
    while (r.json?.code === 423 && Date.now() - t0 < 2000) {
      await new Promise((ok) => setTimeout(ok, 50));
      r = await stream({ tool: 'ping', host: '127.0.0.1', count: 1 });
    }
    expect(r.text).toContain('exit 0');
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('a run is stopped at the time limit', async () => {
    const saved = toolLimits.maxRunMs;
    toolLimits.maxRunMs = 500;
    try {
      const t0 = Date.now();
      const r = await stream({ tool: 'ping', host: '127.0.0.1', count: 10 });
      expect(Date.now() - t0).toBeLessThan(2500);
      expect(r.text).toContain('[stopped: runs are limited to 0.5 s]');
      expect(r.text).not.toContain('icmp_seq=10');
    } finally {
      toolLimits.maxRunMs = saved;
    }
  });

  it.skipIf(realPing === null)('the real ping 127.0.0.1 -c 1 works', async () => {
    process.env.PATH = savedPath;
    try {
      const r = await stream({ tool: 'ping', host: '127.0.0.1', count: 1 });
      expect(r.text).toContain('1 packets transmitted');
    } finally {
      process.env.PATH = `${fakeDir}${path.delimiter}${savedPath}`;
    }
  });
  if (realPing === null)
    console.warn(`SKIPPED "the real ping 127.0.0.1 -c 1 works": no ping in ${toolDirs().join(':')}`);

  it('tcp_port: open on a port this test listens on, closed once it stops', async () => {
    const server = net.createServer((c) => c.end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    const open = await stream({ tool: 'tcp_port', host: '127.0.0.1', port });
    expect(open.text).toContain(`$ tcp_port 127.0.0.1 ${port}`);
    expect(open.text).toContain(`open: connected to 127.0.0.1:${port}`);
    await new Promise((r) => server.close(r));
    const closed = await stream({ tool: 'tcp_port', host: '127.0.0.1', port });
    expect(closed.text).toContain('closed: connection refused');
  });

  it('dns_lookup answers through getaddrinfo', async () => {
    const r = await stream({ tool: 'dns_lookup', host: 'localhost' });
    expect(r.text).toMatch(/getaddrinfo\s+.*(127\.0\.0\.1|::1)/);
  });

  it('arp lists the neighbour table through ip -j neigh, or says ip is missing', async () => {
    const hasIp = (await findBinary('ip')) !== null;
    const r = await stream({ tool: 'arp', iface: 'lo' });
    if (hasIp) expect(r.text).toContain('$ ip -j neigh show dev lo');
    else expect(r.json?.code).toBe(503);
  });

  it('a missing program gets a clear 503 naming it', async () => {
    const traceroute = await findBinary('traceroute');
    if (traceroute) {
      console.warn(`SKIPPED missing-program check: traceroute is installed at ${traceroute}`);
      return;
    }
    const r = await stream({ tool: 'traceroute', host: '127.0.0.1' });
    expect(r.json).toMatchObject({
      code: 503,
      msg: 'traceroute is not installed on this gateway, so traceroute cannot run',
    });
    const st = await s.call<{ tools: { tool: string; available: boolean }[] }>(
      TOOLS,
      { method: 'status' },
      { token: admin },
    );
    expect(st.data.tools.find((t) => t.tool === 'traceroute')?.available).toBe(false);
    expect(st.data.tools.find((t) => t.tool === 'ping')?.available).toBe(true);
  });

  it('permissions: without the System tools menu nothing runs; the menu alone is enough', async () => {
    fs.rmSync(path.join(fakeDir, 'ran.txt'), { force: true });
    const none = await accountWith(s, `notools_${kind}`, ['/admin.php/system/running'], []);
    const refused = await stream({ tool: 'ping', host: '127.0.0.1', count: 1 }, none);
    expect(refused.json?.code).toBe(403);
    expect(ran()).toBe('');
    expect((await s.call(TOOLS, { method: 'status' }, { token: none })).code).toBe(403);
    const user = await accountWith(s, `tools_${kind}`, [TOOLS], []);
    const ok = await stream({ tool: 'ping', host: '127.0.0.1', count: 1 }, user);
    expect(ok.text).toContain('exit 0');
    expect(ran()).not.toBe('');
    expect((await stream({ tool: 'ping', host: '127.0.0.1' }, 'bad-token')).json?.code).toBe(1002);
  });
});
