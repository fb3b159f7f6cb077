import fs from 'node:fs';
import path from 'node:path';
import { Paths } from '@igs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { kindRule, UPLOAD_KINDS } from '../src/platform/uploads/kinds.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * The reverse-proxy samples of docs/deployment.md (docs/deployment/haproxy.cfg and nginx.conf),
 * checked against a real server. Neither daemon is installed on the test machines (and may not be),
 * so their own `haproxy -c` / `nginx -t` cannot run here; instead small line readers take from the
 * files what the server depends on, and the server is asked: the health check HAProxy sends
 * answers the status it expects when ready and another while shutting down; the header both
 * samples put the client's address in is the one the server believes with TRUST_PROXY naming the
 * proxy; the
 * nginx body limit lets the largest upload through; every upstream server points at the ports the
 * deployment guide gives the instances.
 */

const DOCS = path.resolve(import.meta.dirname, '../../../docs');
const HAPROXY = fs.readFileSync(path.join(DOCS, 'deployment/haproxy.cfg'), 'utf8');
const NGINX = fs.readFileSync(path.join(DOCS, 'deployment/nginx.conf'), 'utf8');
const GUIDE = fs.readFileSync(path.join(DOCS, 'deployment.md'), 'utf8');

// ---- HAProxy: sections (global, defaults, frontend, backend, listen) of indented directives ----

interface HaSection {
  kind: string;
  name: string;
  /** Each directive's words, comments removed. */
  lines: string[][];
}

function words(line: string): string[] {
  return line
    .replace(/(^|\s)#.*$/, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
}

function readHaproxy(text: string): HaSection[] {
  const sections: HaSection[] = [];
  for (const raw of text.split('\n')) {
    const w = words(raw);
    if (w.length === 0) continue;
    if (/^\S/.test(raw)) {
      if (!['global', 'defaults', 'frontend', 'backend', 'listen'].includes(w[0]!))
        throw new Error(`haproxy.cfg: unknown section "${raw}"`);
      sections.push({ kind: w[0]!, name: w[1] ?? '', lines: [] });
    } else {
      const current = sections.at(-1);
      if (!current) throw new Error(`haproxy.cfg: directive outside a section: "${raw}"`);
      current.lines.push(w);
    }
  }
  return sections;
}

/** The value after `key` in a list of words (`meth GET` → GET). */
function after(w: string[], key: string): string | undefined {
  const i = w.indexOf(key);
  return i >= 0 ? w[i + 1] : undefined;
}

function portOf(address: string): number {
  const m = /:(\d+)$/.exec(address);
  if (!m) throw new Error(`no port in "${address}"`);
  return Number(m[1]);
}

interface HaBackend {
  name: string;
  check: { method: string; uri: string; expectStatus: number } | null;
  /** Where the checks go when not to the server's own port (`check port N`). */
  checkPort: number | null;
  forwardForHeader: string | null;
  servers: { name: string; port: number }[];
}

function haBackends(sections: HaSection[]): HaBackend[] {
  return sections
    .filter((s) => s.kind === 'backend')
    .map((s) => {
      const has = (...first: string[]) => s.lines.find((w) => first.every((f, i) => w[i] === f));
      const send = has('http-check', 'send');
      const expectLine = has('http-check', 'expect', 'status');
      const httpchk = has('option', 'httpchk');
      // `option httpchk GET /readyz` (older form) or `option httpchk` + `http-check send meth … uri …`.
      const method = (send && after(send, 'meth')) ?? httpchk?.[2] ?? 'OPTIONS';
      const uri = (send && after(send, 'uri')) ?? httpchk?.[3] ?? '/';
      const forwardfor = has('option', 'forwardfor');
      const defaults = has('default-server');
      const checkPort = defaults ? after(defaults, 'port') : undefined;
      return {
        name: s.name,
        check: httpchk ? { method, uri, expectStatus: Number(expectLine?.[3] ?? 200) } : null,
        checkPort: checkPort ? Number(checkPort) : null,
        forwardForHeader: forwardfor ? (after(forwardfor, 'header') ?? 'X-Forwarded-For') : null,
        servers: s.lines.filter((w) => w[0] === 'server').map((w) => ({ name: w[1]!, port: portOf(w[2]!) })),
      };
    });
}

// ---- nginx: directives ending in `;`, blocks opened by `{` and closed by `}`, one per line ----

interface NginxDirective {
  /** The enclosing blocks, outermost first (`server`, `upstream gateway_console`). */
  blocks: string[];
  /** Which outermost block it is in (its order in the file), telling two `server` blocks apart. */
  top: number;
  name: string;
  args: string[];
}

function readNginx(text: string): NginxDirective[] {
  const out: NginxDirective[] = [];
  const stack: string[] = [];
  let top = -1;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    if (line === '}') {
      if (!stack.pop()) throw new Error('nginx.conf: "}" without a block');
    } else if (line.endsWith('{')) {
      if (stack.length === 0) top++;
      stack.push(line.slice(0, -1).trim());
    } else if (line.endsWith(';')) {
      const [name, ...args] = line.slice(0, -1).trim().split(/\s+/);
      out.push({ blocks: [...stack], top, name: name!, args: args.map((a) => a.replace(/^"(.*)"$/, '$1')) });
    } else {
      throw new Error(`nginx.conf: a line that is no directive nor block: "${raw}"`);
    }
  }
  if (stack.length) throw new Error(`nginx.conf: block "${stack.at(-1)}" never closed`);
  return out;
}

/** The server blocks, each with its own directives (those of its locations included). */
function nginxServers(d: NginxDirective[]): NginxDirective[][] {
  const blocks = new Map<number, NginxDirective[]>();
  for (const x of d.filter((y) => y.blocks[0] === 'server'))
    blocks.set(x.top, [...(blocks.get(x.top) ?? []), x]);
  return [...blocks.values()];
}

function nginxUpstreams(d: NginxDirective[]): Map<string, number[]> {
  const ups = new Map<string, number[]>();
  for (const x of d) {
    const m = /^upstream\s+(\S+)$/.exec(x.blocks[0] ?? '');
    if (!m) continue;
    if (!ups.has(m[1]!)) ups.set(m[1]!, []);
    if (x.name === 'server') ups.get(m[1]!)!.push(portOf(x.args[0]!));
  }
  return ups;
}

/** nginx sizes: bytes, or with k, m or g (powers of 1024). */
function nginxSize(v: string): number {
  const m = /^(\d+)([kmg]?)$/i.exec(v);
  if (!m) throw new Error(`not an nginx size: "${v}"`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(m[1]) * unit;
}

// ---- What the guide gives the instances ----

function guidePort(variable: string): number {
  const m = new RegExp(`\`${variable}=(\\d+)\``).exec(GUIDE);
  if (!m) throw new Error(`docs/deployment.md does not give \`${variable}=…\``);
  return Number(m[1]);
}

const CONSOLE_PORT = guidePort('PORT');
const CWMP_PORT = guidePort('CWMP_PORT');
const ha = haBackends(readHaproxy(HAPROXY));
const nginx = readNginx(NGINX);
const nginxServerBlocks = nginxServers(nginx);
const upstreams = nginxUpstreams(nginx);

/** The nginx server block that proxies to the upstream on the console's port (the HTTPS one). */
function consoleServerBlock(): NginxDirective[] {
  const consoleUpstreams = [...upstreams].filter(([, ports]) => ports.includes(CONSOLE_PORT)).map(([n]) => n);
  const block = nginxServerBlocks.find((b) =>
    b.some((x) => x.name === 'proxy_pass' && consoleUpstreams.some((u) => x.args[0] === `http://${u}`)),
  );
  if (!block) throw new Error('nginx.conf: no server block proxies to the console upstream');
  return block;
}

describe('the reverse-proxy samples as read', () => {
  it('each sample has a console backend of two instances and a CWMP one; the readers found them', () => {
    const consoleBackends = ha.filter((b) => b.servers.some((s) => s.port === CONSOLE_PORT));
    expect(consoleBackends).toHaveLength(1);
    expect(consoleBackends[0]!.servers).toHaveLength(2);
    expect(ha.some((b) => b.servers.some((s) => s.port === CWMP_PORT))).toBe(true);
    expect([...upstreams.values()].filter((p) => p.includes(CONSOLE_PORT))[0]).toHaveLength(2);
    expect([...upstreams.values()].some((p) => p.includes(CWMP_PORT))).toBe(true);
  });

  it('every upstream server points at the port the guide gives the instances (PORT, CWMP_PORT)', () => {
    // The guide's PORT is the server's own default, so an instance started without PORT matches.
    expect(loadConfig({}, []).port).toBe(CONSOLE_PORT);
    for (const b of ha) {
      expect(b.servers.length, `backend ${b.name}`).toBeGreaterThan(0);
      for (const s of b.servers) expect([CONSOLE_PORT, CWMP_PORT], `${b.name}/${s.name}`).toContain(s.port);
      // The ACS port answers 405 to a GET: its instances are checked on their console port.
      if (b.servers.some((s) => s.port === CWMP_PORT)) expect(b.checkPort, b.name).toBe(CONSOLE_PORT);
      else expect(b.checkPort, b.name).toBeNull();
    }
    for (const [name, ports] of upstreams) {
      expect(ports.length, name).toBeGreaterThan(0);
      for (const p of ports) expect([CONSOLE_PORT, CWMP_PORT], name).toContain(p);
    }
  });

  it('nginx keeps HTTP/1.1 connections to the instances and streams uploads', () => {
    const block = consoleServerBlock();
    const value = (name: string) => block.find((x) => x.name === name)?.args;
    expect(value('proxy_http_version')).toEqual(['1.1']);
    expect(value('proxy_request_buffering')).toEqual(['off']);
    const connection = block.find((x) => x.name === 'proxy_set_header' && x.args[0] === 'Connection');
    expect(connection?.args[1]).toBe('');
    for (const [name] of [...upstreams].filter(([, p]) => p.includes(CONSOLE_PORT))) {
      const keepalive = nginx.find((x) => x.blocks[0] === `upstream ${name}` && x.name === 'keepalive');
      expect(Number(keepalive?.args[0]), name).toBeGreaterThan(0);
      const servers = nginx.filter((x) => x.blocks[0] === `upstream ${name}` && x.name === 'server');
      for (const s of servers) {
        expect(
          s.args.some((a) => /^max_fails=\d+$/.test(a)),
          s.args.join(' '),
        ).toBe(true);
        expect(
          s.args.some((a) => /^fail_timeout=\d+s$/.test(a)),
          s.args.join(' '),
        ).toBe(true);
      }
    }
  });
});

describeEachDb('the reverse-proxy samples against the server', (kind) => {
  const CLIENT = '203.0.113.7';
  const FORGED = '198.51.100.66';
  let server: TestServer;

  beforeAll(async () => {
    // As the guide runs the instances behind the proxy: TRUST_PROXY naming the proxy (here on
    // loopback), read by the real parser. Only the client's address may read /metrics, which shows
    // which address the server believes.
    server = await startServer(kind, {
      trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1' }, []).trustProxy,
      metricsAllow: CLIENT,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("HAProxy's health check gets the status it expects while the instance is ready", async () => {
    const checked = ha.filter((b) => b.check);
    expect(checked.length).toBe(ha.length);
    for (const b of checked) {
      const { method, uri, expectStatus } = b.check!;
      expect(uri, b.name).toBe(Paths.ready);
      const res = await fetch(server.url + uri, { method });
      expect(res.status, `${b.name}: ${method} ${uri}`).toBe(expectStatus);
      expect(((await res.json()) as { data: { ready: boolean } }).data.ready).toBe(true);
    }
  });

  it('…and another status once shutting down, so the balancer takes the instance out', async () => {
    // The flag Server.stopAccepting sets first on SIGTERM (main.ts); what follows (the port
    // closing, in-flight calls finishing) is covered by shutdown.test.ts on the real process.
    server.readiness.shuttingDown = true;
    try {
      for (const b of ha) {
        const { method, uri, expectStatus } = b.check!;
        const res = await fetch(server.url + uri, { method });
        expect(res.status, b.name).not.toBe(expectStatus);
        expect(res.status).toBe(503);
        expect(((await res.json()) as { data: { reason: string } }).data.reason).toBe('shutting_down');
      }
    } finally {
      server.readiness.shuttingDown = false;
    }
  });

  it('…and fails once the instance has stopped accepting (the shutdown main.ts runs on SIGTERM)', async () => {
    const stopping = await startServer(kind);
    try {
      const { method, uri, expectStatus } = ha[0]!.check!;
      expect((await fetch(stopping.url + uri, { method })).status).toBe(expectStatus);
      await stopping.stopAccepting(5_000);
      // A check opens a new connection: refused now, or answered 503; never the expected status.
      const after = await fetch(stopping.url + uri, { method }).then(
        (r) => r.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(after);
    } finally {
      await stopping.close();
    }
  });

  it('the client-address header both samples set is the one the server believes with TRUST_PROXY', async () => {
    const haHeaders = new Set(ha.map((b) => b.forwardForHeader));
    expect(haHeaders.size, 'one header in every HAProxy backend').toBe(1);
    const haHeader = [...haHeaders][0];
    expect(haHeader).toBeTruthy();
    const nginxHeaders = new Set(
      nginx
        .filter((x) => x.name === 'proxy_set_header' && x.args[1] === '$proxy_add_x_forwarded_for')
        .map((x) => x.args[0]!.toLowerCase()),
    );
    expect([...nginxHeaders]).toEqual([haHeader!.toLowerCase()]);

    const metrics = (headers: Record<string, string>) =>
      fetch(`${server.url}/metrics`, { headers }).then((r) => r.status);
    // The proxy appends the address it saw after whatever the client sent: the last entry counts.
    expect(await metrics({ [haHeader!]: CLIENT })).toBe(200);
    expect(await metrics({ [haHeader!]: `${FORGED}, ${CLIENT}` })).toBe(200);
    // A client's own entry, followed by the proxy's, is not believed.
    expect(await metrics({ [haHeader!]: `${CLIENT}, ${FORGED}` })).toBe(403);
    // Without the header the caller is the TCP peer (loopback here), which the list leaves out;
    // an address in a header the samples do not set counts for nothing.
    expect(await metrics({})).toBe(403);
    expect(await metrics({ 'X-Real-IP': CLIENT })).toBe(403);
  });

  it("nginx's body limit lets the server's largest upload through", async () => {
    const block = consoleServerBlock();
    const limit = block.find((x) => x.name === 'client_max_body_size');
    expect(limit, 'client_max_body_size in the console server block').toBeTruthy();
    const largest = Math.max(
      ...UPLOAD_KINDS.map((k) => kindRule(k, server.app.config.uploadMaxBytes).maxBytes),
    );
    expect(largest).toBe(server.app.config.uploadMaxBytes);
    // The file travels in a multipart form with a few small fields around it: 1 MB of room.
    expect(nginxSize(limit!.args[0]!)).toBeGreaterThanOrEqual(largest + 1024 * 1024);
  });

  it('the paths the samples refuse are the ones the server answers as /metrics', async () => {
    const haDeny = /path,lower -m reg (\S+) }/.exec(HAPROXY)?.[1];
    const nginxLocation = nginx.find((x) => x.name === 'return' && x.args[0] === '404')?.blocks.at(-1);
    const nginxDeny = /^location ~\* (\S+)$/.exec(nginxLocation ?? '')?.[1];
    expect(haDeny && nginxDeny).toBeTruthy();
    for (const p of ['/metrics', '/METRICS', '/metrics/', '/Metrics?x=1']) {
      // The server serves each of these as the metrics (to an allowed address).
      expect(
        await fetch(server.url + p, { headers: { 'X-Forwarded-For': CLIENT } }).then((r) => r.status),
        p,
      ).toBe(200);
      const pathOnly = p.split('?')[0]!;
      expect(new RegExp(haDeny!).test(pathOnly.toLowerCase()), `haproxy ${p}`).toBe(true);
      expect(new RegExp(nginxDeny!, 'i').test(pathOnly), `nginx ${p}`).toBe(true);
    }
  });
});
