import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code, Paths } from '@igs/contract';
import { sql } from 'kysely';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer, type Server } from '../src/app.ts';
import { type CwmpListener, startCwmpListener } from '../src/features/cwmp/listener.ts';
import { schedulerOf, TASK_TABLE } from '../src/features/scheduler/scheduler.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { TERMINALS_ONLINE_TTL_MS } from '../src/platform/observability/metrics.ts';
import { addressAllowed, parseAllowList } from '../src/platform/observability/metrics-route.ts';
import { CpeSimulator } from './support/cpe-simulator.ts';
import { describeEachDb, scratchPostgres, startServer, type TestServer } from './support/server.ts';

/**
 * GET /metrics (issue 17 item 2, docs/deployment/metrics.md): the Prometheus text format read by
 * an independent parser (parse-prometheus-text-format, not prom-client's own), counters that move
 * with the calls, labels that stay bounded, the token and the address allow-list, and the sample
 * Grafana dashboard's queries naming only metrics a scrape has.
 */

const TOKEN = 'scrape-token-0123456789';
const TASKS = '/admin.php/system/timed_task';
const ITMS = '/admin.php/tr069/itms';
const DASHBOARD = path.resolve(import.meta.dirname, '../../../docs/grafana-dashboard.json');
/** Present only where there is a pool to read (PostgreSQL). */
const POOL_METRICS = [
  'igs_db_pool_connections',
  'igs_db_pool_idle_connections',
  'igs_db_pool_waiting_requests',
  'igs_db_pool_max_connections',
  'igs_db_pool_wait_seconds',
];

/**
 * A scrape as the parser reads it: the families with their types, and every series by its own
 * name with its labels. The parser folds a histogram's labelled series into one, so the series
 * are read once more with the histograms' TYPE lines left out (then `_bucket`, `_sum` and `_count`
 * are plain series, labels and all).
 */
interface Scrape {
  families: Map<string, MetricFamily>;
  series: Map<string, MetricFamily>;
}
function read(text: string): Scrape {
  const byName = (list: MetricFamily[]) => new Map(list.map((f) => [f.name, f]));
  return {
    families: byName(parsePrometheusTextFormat(text)),
    series: byName(parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram$/gm, ''))),
  };
}

async function scrape(url: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await fetch(`${url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return read(await res.text());
}

/** The value of the series whose labels include all of `labels` (0 when there is none yet). */
function seriesValue(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  const sample = scraped.series
    .get(name)
    ?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(sample?.value ?? 0);
}

/** Scrapes until `check` passes (a request's own hook runs just after its reply is sent); bounded. */
async function scrapeUntil(url: string, check: (f: Scrape) => void): Promise<Scrape> {
  let last: Scrape = { families: new Map(), series: new Map() };
  await vi.waitFor(
    async () => {
      last = await scrape(url);
      check(last);
    },
    { timeout: 5000, interval: 20 },
  );
  return last;
}

describe('METRICS_ALLOW', () => {
  it('reads IPs and CIDRs of both families; loopback only by default; none for the token alone', () => {
    const list = parseAllowList('10.0.0.0/8, 192.168.1.7, fd00::/8');
    expect(addressAllowed(list, '10.200.3.4')).toBe(true);
    expect(addressAllowed(list, '::ffff:10.1.2.3')).toBe(true);
    expect(addressAllowed(list, '192.168.1.7')).toBe(true);
    expect(addressAllowed(list, '192.168.1.8')).toBe(false);
    expect(addressAllowed(list, 'fd12::1')).toBe(true);
    expect(addressAllowed(list, '127.0.0.1')).toBe(false);
    const loopback = parseAllowList(undefined);
    expect(addressAllowed(loopback, '127.0.0.1')).toBe(true);
    expect(addressAllowed(loopback, '::1')).toBe(true);
    expect(addressAllowed(loopback, '::ffff:127.0.0.1')).toBe(true);
    expect(addressAllowed(loopback, '10.0.0.1')).toBe(false);
    expect(addressAllowed(parseAllowList('none'), '127.0.0.1')).toBe(false);
  });

  it('refuses a malformed entry, naming it', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x', '300.1.1.1'])
      expect(() => parseAllowList(`127.0.0.1,${bad}`), bad).toThrow(bad);
  });
});

describeEachDb('GET /metrics', (kind) => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers the Prometheus text format with every family documented', async () => {
    const f = await scrape(s.url);
    const types: Record<string, MetricFamily['type']> = {
      igs_http_requests_total: 'COUNTER',
      igs_http_request_duration_seconds: 'HISTOGRAM',
      igs_http_envelope_codes_total: 'COUNTER',
      igs_scheduler_runs_total: 'COUNTER',
      igs_cwmp_informs_total: 'COUNTER',
      igs_cwmp_sessions_total: 'COUNTER',
      igs_terminals_online: 'GAUGE',
      nodejs_eventloop_lag_p99_seconds: 'GAUGE',
      process_cpu_seconds_total: 'COUNTER',
    };
    for (const [name, type] of Object.entries(types)) expect(f.families.get(name)?.type, name).toBe(type);
    for (const name of POOL_METRICS) expect(f.families.has(name), name).toBe(kind === 'postgres');
    if (kind === 'postgres') expect(f.families.get('igs_db_pool_wait_seconds')?.type).toBe('HISTOGRAM');
    if (kind === 'postgres') {
      // The test server's pool (support/server.ts: 4 connections); the scrape itself used none.
      expect(seriesValue(f, 'igs_db_pool_max_connections')).toBe(4);
      expect(seriesValue(f, 'igs_db_pool_connections')).toBeGreaterThanOrEqual(1);
      // Queries waiting for a connection: whatever the background services are doing, a count.
      expect(seriesValue(f, 'igs_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts requests and their latency per route, and every envelope code', async () => {
    const route = '/admin.php/system/timed_task';
    const labels = { method: 'POST', route, status: '200' };
    const before = await scrape(s.url);
    for (let i = 0; i < 3; i++)
      expect((await s.call(`${TASKS}?page=${i}`, { method: 'list' }, { token: admin })).code).toBe(200);
    const after = await scrapeUntil(s.url, (f) =>
      expect(seriesValue(f, 'igs_http_requests_total', labels)).toBe(
        seriesValue(before, 'igs_http_requests_total', labels) + 3,
      ),
    );
    const hist = { method: 'POST', route };
    const count = (f: Scrape) => seriesValue(f, 'igs_http_request_duration_seconds_count', hist);
    expect(count(after)).toBe(count(before) + 3);
    expect(seriesValue(after, 'igs_http_request_duration_seconds_bucket', { ...hist, le: '+Inf' })).toBe(
      count(after),
    );
    expect(seriesValue(after, 'igs_http_request_duration_seconds_sum', hist)).toBeGreaterThan(0);
    expect(seriesValue(after, 'igs_http_envelope_codes_total', { code: '200' })).toBeGreaterThanOrEqual(
      seriesValue(before, 'igs_http_envelope_codes_total', { code: '200' }) + 3,
    );
  });

  it('counts a refused call under its business code (HTTP says 200)', async () => {
    const code = String(Code.tokenInvalid);
    const before = await scrape(s.url);
    const r = await s.call(TASKS, { method: 'list' });
    expect(r.code).toBe(Code.tokenInvalid);
    await scrapeUntil(s.url, (f) =>
      expect(seriesValue(f, 'igs_http_envelope_codes_total', { code })).toBe(
        seriesValue(before, 'igs_http_envelope_codes_total', { code }) + 1,
      ),
    );
    const invalid = await s.call(TASKS, { method: 'add', name: '' }, { token: admin });
    expect(invalid.code).toBe(Code.invalid);
    await scrapeUntil(s.url, (f) =>
      expect(seriesValue(f, 'igs_http_envelope_codes_total', { code: String(Code.invalid) })).toBeGreaterThan(
        seriesValue(before, 'igs_http_envelope_codes_total', { code: String(Code.invalid) }),
      ),
    );
  });

  it('labels a request by the route it matched, never by its URL: ids and query strings stay out', async () => {
    await fetch(`${s.url}${Paths.file}/987654?sig=secret-signature-42&exp=1`);
    await fetch(`${s.url}/no/such/call/314159?token=secret-token-42`, { method: 'POST' });
    const f = await scrapeUntil(s.url, (x) =>
      expect(
        seriesValue(x, 'igs_http_requests_total', { route: '(unmatched)', method: 'POST' }),
      ).toBeGreaterThan(0),
    );
    expect(
      seriesValue(f, 'igs_http_requests_total', { route: `${Paths.file}/:id`, method: 'GET' }),
    ).toBeGreaterThan(0);
    const values = [...f.series.values()].flatMap((fam) =>
      fam.metrics.flatMap((m) => Object.values(m.labels ?? {})),
    );
    for (const leak of ['987654', '314159', 'secret', '?'])
      expect(values.filter((v) => v.includes(leak))).toEqual([]);
  });

  it('counts scheduled runs by job type and result: success, skipped and fail', async () => {
    const runs = (f: Scrape, type: string, result: string) =>
      seriesValue(f, 'igs_scheduler_runs_total', { type, result });
    const before = await scrape(s.url);
    const add = async (body: Record<string, unknown>) => {
      const r = await s.call<{ id: number }>(TASKS, { method: 'add', ...body }, { token: admin });
      expect(r.code, r.msg).toBe(200);
      return r.data.id;
    };
    const runNow = async (id: number) =>
      (await s.call<{ result: string }>(TASKS, { method: 'run_now', id }, { token: admin })).data.result;
    expect(await runNow(await add({ name: 'cache', type: 'clear_cache', cron: '0 1 * * *' }))).toBe(
      'success',
    );
    expect(await runNow(await add({ name: 'reboot', type: 'reboot_system', cron: '0 4 * * 0' }))).toBe(
      'skipped',
    );
    // A task row the form would refuse (an unknown service), as an older version or a restore may leave.
    const now = s.clock.now();
    // biome-ignore lint/suspicious/noExplicitAny: a resource table, described at run time
    const row = await (s.app.db.kysely as any)
      .insertInto(TASK_TABLE)
      .values({
        name: 'broken',
        type: 'restart_service',
        params: JSON.stringify({ service: 'no-such-service' }),
        cron: '0 3 * * *',
        enabled: 0,
        site_id: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await runNow(Number(row.id))).toBe('fail');
    const after = await scrape(s.url);
    expect(runs(after, 'clear_cache', 'success')).toBe(runs(before, 'clear_cache', 'success') + 1);
    expect(runs(after, 'reboot_system', 'skipped')).toBe(runs(before, 'reboot_system', 'skipped') + 1);
    expect(runs(after, 'restart_service', 'fail')).toBe(runs(before, 'restart_service', 'fail') + 1);
  });

  it('counts a run whose instance died as failed, once, where another instance ends it', async () => {
    const fails = (f: Scrape) =>
      seriesValue(f, 'igs_scheduler_runs_total', { type: 'reboot_system', result: 'fail' });
    const added = await s.call<{ id: number }>(
      TASKS,
      { method: 'add', name: 'weekly reboot', type: 'reboot_system', cron: '0 4 * * 0' },
      { token: admin },
    );
    expect(added.code, added.msg).toBe(200);
    const before = await scrape(s.url);
    const hourAgo = s.clock.now() - 3_600_000;
    const run = await s.app.db.kysely
      .insertInto('timed_task_run')
      .values({
        task_id: added.data.id,
        trigger: 'schedule',
        scheduled_at: hourAgo,
        started_at: hourAgo,
        result: 'running',
        instance_id: 'instance-that-died',
        heartbeat_at: hourAgo,
        partial: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await schedulerOf(s.app).endLapsedRuns()).toBeGreaterThanOrEqual(1);
    await schedulerOf(s.app).endLapsedRuns();
    const ended = await s.app.db.kysely
      .selectFrom('timed_task_run')
      .select('result')
      .where('id', '=', Number(run.id))
      .executeTakeFirstOrThrow();
    expect(ended.result).toBe('fail');
    expect(fails(await scrape(s.url))).toBe(fails(before) + 1);
  });

  it('counts CWMP informs, and the sessions opened on them', async () => {
    let acs: CwmpListener | undefined;
    const cpes: CpeSimulator[] = [];
    try {
      acs = await startCwmpListener(s.app, 0, '127.0.0.1');
      const acsUrl = `http://127.0.0.1:${acs.port}/`;
      const itms = await s.call(
        ITMS,
        { method: 'form', acs_url: acsUrl, acs_username: 'acs', acs_password: 'acs-pass-1' },
        { token: admin },
      );
      expect(itms.code, itms.msg).toBe(200);
      const before = await scrape(s.url);
      const good = new CpeSimulator({
        acsUrl,
        serial: 'MET0001',
        acsAuth: { username: 'acs', password: 'acs-pass-1' },
      });
      const bad = new CpeSimulator({
        acsUrl,
        serial: 'MET0002',
        acsAuth: { username: 'acs', password: 'wrong-pass' },
      });
      cpes.push(good, bad);
      await good.inform('1 BOOT');
      await bad.inform('1 BOOT');
      const after = await scrape(s.url);
      // The refused CPE's Inform is counted (it may be sent again after the challenge), its session is not.
      expect(seriesValue(after, 'igs_cwmp_informs_total')).toBeGreaterThanOrEqual(
        seriesValue(before, 'igs_cwmp_informs_total') + 2,
      );
      expect(seriesValue(after, 'igs_cwmp_sessions_total')).toBe(
        seriesValue(before, 'igs_cwmp_sessions_total') + 1,
      );
    } finally {
      await Promise.all(cpes.map((c) => c.close()));
      await acs?.close();
    }
  });

  it('reports the terminals online, counted at most once per few seconds', async () => {
    const now = s.clock.now();
    // biome-ignore lint/suspicious/noExplicitAny: a resource table, described at run time
    const db = s.app.db.kysely as any;
    const base = { state: 'authorized', created_at: now, updated_at: now };
    await db
      .insertInto('smart_terminal')
      .values([
        { ...base, mac: '00:11:22:33:55:01', site_id: 0, online: 1 },
        { ...base, mac: '00:11:22:33:55:02', site_id: 7, online: 1 },
        { ...base, mac: '00:11:22:33:55:03', site_id: 7, online: 0 },
      ])
      .execute();
    s.clock.advance(TERMINALS_ONLINE_TTL_MS + 1);
    expect(seriesValue(await scrape(s.url), 'igs_terminals_online')).toBe(2);
    // Within the cache's life a change is not counted yet (the clock only moves when told).
    await db
      .updateTable('smart_terminal')
      .set({ online: 1 })
      .where('mac', '=', '00:11:22:33:55:03')
      .execute();
    s.clock.advance(-TERMINALS_ONLINE_TTL_MS * 100);
    expect(seriesValue(await scrape(s.url), 'igs_terminals_online')).toBe(2);
    s.clock.advance(TERMINALS_ONLINE_TTL_MS * 101);
    expect(seriesValue(await scrape(s.url), 'igs_terminals_online')).toBe(3);
  });

  it('the sample Grafana dashboard queries only metrics a scrape has', async () => {
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as {
      panels: { title: string; type: string; targets?: { expr: string }[] }[];
      templating: { list: { query?: unknown }[] };
    };
    const f = await scrape(s.url);
    const exprs = [
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: p.title, expr: t.expr }))),
      ...dashboard.templating.list.flatMap((v) =>
        typeof v.query === 'object' && v.query
          ? [{ where: 'templating', expr: JSON.stringify(v.query) }]
          : [],
      ),
    ];
    expect(exprs.length).toBeGreaterThan(10);
    const missing: string[] = [];
    const named = new Set<string>();
    for (const { where, expr } of exprs) {
      const names = expr.match(/\b(?:igs|nodejs|process)_[a-z0-9_]+/g) ?? [];
      expect(names.length, `${where}: ${expr}`).toBeGreaterThan(0);
      for (const name of names) {
        named.add(name);
        const family = name.replace(/_(bucket|sum|count)$/, '');
        const ok =
          (f.families.has(name) && !/_(bucket|sum|count)$/.test(name)) ||
          f.families.get(family)?.type === 'HISTOGRAM';
        const absentHere = kind === 'sqlite' && POOL_METRICS.includes(family);
        if (!ok && !absentHere) missing.push(`${where}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
    // Every metric of the server's own has a panel.
    for (const own of [...f.families.keys()].filter((n) => n.startsWith('igs_')))
      expect(
        [...named].some((n) => n === own || n.startsWith(`${own}_`)),
        own,
      ).toBe(true);
    if (kind === 'sqlite')
      for (const pool of POOL_METRICS)
        expect(
          [...named].some((n) => n === pool || n.startsWith(`${pool}_`)),
          pool,
        ).toBe(true);
  });
});

describeEachDb('GET /metrics protection', (kind) => {
  let open: TestServer;
  let guarded: TestServer;

  beforeAll(async () => {
    // Defaults: loopback only, and a token.
    open = await startServer(kind, { metricsToken: TOKEN });
    // A proxy on loopback (TRUST_PROXY) forwarding for clients; only the monitoring network is allowed.
    guarded = await startServer(kind, {
      metricsToken: TOKEN,
      metricsAllow: '10.0.0.0/8',
      trustProxy: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await Promise.all([open?.close(), guarded?.close()]);
  });

  const get = (s: TestServer, headers: Record<string, string> = {}) => fetch(`${s.url}/metrics`, { headers });

  it('answers loopback by default, without a token', async () => {
    expect((await get(open)).status).toBe(200);
  });

  it('refuses an address outside the list without the token, and says nothing of the figures', async () => {
    const refused: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '203.0.113.9' },
      { authorization: 'Bearer wrong-token' },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of refused) {
      const res = await get(guarded, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.text()).not.toContain('igs_');
    }
  });

  it('accepts the bearer token from any address, and an allowed address (as the trusted proxy gives it)', async () => {
    const byToken = await get(guarded, {
      authorization: `Bearer ${TOKEN}`,
      'x-forwarded-for': '203.0.113.9',
    });
    expect(byToken.status).toBe(200);
    expect(await byToken.text()).toContain('igs_http_requests_total');
    expect((await get(guarded, { 'x-forwarded-for': '10.20.30.40' })).status).toBe(200);
  });

  it('a refused scrape is itself counted, under 403', async () => {
    await get(guarded);
    const res = await get(guarded, { authorization: `Bearer ${TOKEN}` });
    const f = read(await res.text());
    expect(seriesValue(f, 'igs_http_requests_total', { route: '/metrics', status: '403' })).toBeGreaterThan(
      0,
    );
  });
});

describe.skipIf(!(await postgresReachable()))('GET /metrics: the pool wait [postgres]', () => {
  let db: { databaseUrl: string; drop(): Promise<void> };
  let server: Server;
  let url: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-test-'));

  beforeAll(async () => {
    db = await scratchPostgres();
    // DB_POOL_SIZE=1: one statement running holds the whole pool.
    const config: Config = {
      ...loadConfig({ DATA_DIR: dataDir, GW_CAPTCHA: 'off', LOG_LEVEL: 'silent', DB_POOL_SIZE: '1' }, []),
      databaseUrl: db.databaseUrl,
      consoleDir: path.join(dataDir, 'no-console'),
    };
    const pool = openDatabase({ databaseUrl: db.databaseUrl, dataDir, pg: config.dbPool });
    server = await buildServer({ config, db: pool, logger: false });
    await server.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = server.fastify.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Waits longer than 0.25 s: the histogram's count less its 0.25 s bucket. */
  const slowWaits = (f: Scrape) =>
    seriesValue(f, 'igs_db_pool_wait_seconds_count') -
    seriesValue(f, 'igs_db_pool_wait_seconds_bucket', { le: '0.25' });

  it('counts every checkout, and a call queued behind a slow statement waits in the upper buckets', async () => {
    const before = await scrape(url);
    expect(seriesValue(before, 'igs_db_pool_max_connections')).toBe(1);
    const kysely = server.app.db.kysely;
    // Two slow statements: the second waits for the first's connection.
    const first = sql`select pg_sleep(1)`.execute(kysely);
    const second = sql`select pg_sleep(0.1)`.execute(kysely);
    // Scraped meanwhile: the second statement is queued for the pool.
    const during = await scrape(url);
    expect(seriesValue(during, 'igs_db_pool_waiting_requests')).toBeGreaterThanOrEqual(1);
    // A call over HTTP queues behind them too.
    const call = fetch(`${url}/admin.php/common/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody', password: 'x'.repeat(64), code: '', is_operations: 0 }),
    });
    await Promise.all([first, second]);
    expect((await call).status).toBe(200);
    const after = await scrapeUntil(url, (f) =>
      expect(slowWaits(f)).toBeGreaterThanOrEqual(slowWaits(before) + 2),
    );
    expect(seriesValue(after, 'igs_db_pool_wait_seconds_count')).toBeGreaterThanOrEqual(
      seriesValue(before, 'igs_db_pool_wait_seconds_count') + 3,
    );
    expect(seriesValue(after, 'igs_db_pool_wait_seconds_sum')).toBeGreaterThan(
      seriesValue(before, 'igs_db_pool_wait_seconds_sum') + 0.5,
    );
  });
});

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
