import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { BENCH_PASSWORD, call, prepareAdmin, signIn } from './api.ts';
import { BUDGETS } from './budgets.ts';
import { FLEET_KEYWORD, FLEET_SITES, fillFleet } from './fleet-dataset.ts';
import { startTrace, TRACE_DIR } from './fleet-trace.ts';
import { pacedAll, saturateAll, type Target } from './load.ts';
import type { Budget, Results } from './report.ts';
import { type DbTarget, postgresTarget, ServerProcess } from './server-process.ts';
import type { BenchSettings } from './settings.ts';
import { percentile } from './stats.ts';

/**
 * `BENCH_ONLY=fleet`: issue 17 point 10. One PostgreSQL database holding a fleet (fleet-dataset.ts),
 * two server instances over it (each its own process and data folder, as behind a load balancer),
 * and an operations-mode session reaching every site loading them with 200 connections: the
 * operations lists, the all-site keyword search, a deep page and the operations home, each over
 * both instances and then over one, median and p99 beside the issue's budgets.
 */

/** Services a fleet instance needs none of here; they would only bind ports and take CPU. */
const FLEET_ENV: Record<string, string> = {
  GW_CWMP: 'off',
  GW_GB28181: 'off',
  GW_CAPTCHA: 'off',
  // Traced: each request's own duration in the access log (info level).
  ...(TRACE_DIR ? { LOG_LEVEL: 'info' } : {}),
};
if (TRACE_DIR) {
  fs.mkdirSync(TRACE_DIR, { recursive: true });
  process.env.BENCH_STALL_LOG ??= path.join(TRACE_DIR, 'server-stalls');
  process.env.BENCH_SERVER_LOG ??= path.join(TRACE_DIR, 'server');
}
const CONNECTIONS = 200;
/**
 * The same 200 sessions at a person's pace, a call every 2 s each: an open-loop load (load.ts
 * `paced`) beside the closed loop, where each connection sends its next call the moment the last
 * returns and the latency is mostly the queue (Little's law: 200 connections / throughput).
 */
const SESSION_RATE = 100;
/** The paced load as the figures' labels say it. */
const PACED_LOAD = `${CONNECTIONS} sessions, a call every ${(CONNECTIONS / SESSION_RATE).toFixed(0)} s each (${SESSION_RATE} req/s), 2 instances`;
const TERMINALS_PATH = '/operations/index/app_list';
const HOME_PATH = '/operations/bulletin_board/home';
/** A call this slow alone is over any budget here; 200 of them at once would only queue for minutes. */
const TOO_SLOW_ALONE_MS = 1000;
/**
 * For studying the paced tail without the rest of the run (defaults: the whole run as before):
 * BENCH_FLEET_CALLS=<keys> (e.g. `list.sites50,search.all`) measures only those calls;
 * BENCH_FLEET_ONLY_PACED=1 skips the closed-loop loads (each call: alone, then paced);
 * BENCH_FLEET_PACED_SECONDS sets the paced runs' length (default 20 s, quick 3 s);
 * BENCH_FLEET_TRACE=<dir> writes what fleet-trace.ts lists, the servers' access logs and stalls.
 */
const ONLY_CALLS = process.env.BENCH_FLEET_CALLS?.split(',')
  .map((k) => k.trim())
  .filter(Boolean);
const ONLY_PACED = process.env.BENCH_FLEET_ONLY_PACED === '1';
/** The scratch database's name, for the trace (its backends' CPU). */
let scratchDatabase: string | undefined;
/** A paced call slower than this is listed with its time and instance (the lists' budget). */
const SLOW_MS = 50;
/** Every 20th site: 50 sites of every size. */
const FIFTY_SITES = Array.from({ length: 50 }, (_, i) => (i + 1) * 20).join(',');

interface Scenario {
  key: string;
  label: string;
  path: string;
  body: Record<string, unknown>;
  /** The igs-sids header; none: every site the account reaches. */
  sites?: string;
  budget?: Budget;
  /** Why a reply is not the real thing (an empty page, a wrong number of sites), or undefined. */
  check(data: unknown): string | undefined;
}

const listOf = (data: unknown) => (data as { list?: unknown[] } | null)?.list;
const pageOf =
  (rows: number) =>
  (data: unknown): string | undefined => {
    const list = listOf(data);
    if (!Array.isArray(list)) return 'no list in the reply';
    return list.length === rows ? undefined : `${list.length} rows, not ${rows}`;
  };
/** A home of `sites` sites in the reply (the page), with the totals of `total` sites. */
const homeOf =
  (sites: number, total = sites) =>
  (data: unknown): string | undefined => {
    const home = data as { sites?: unknown[]; totals?: unknown[]; total?: number } | null;
    const got = home?.sites;
    if (!Array.isArray(got)) return 'no sites in the reply';
    if (!Array.isArray(home?.totals) || !home.totals.length) return 'no fleet totals in the reply';
    if (home.total !== total) return `a total of ${home.total} sites, not ${total}`;
    return got.length === sites ? undefined : `${got.length} sites, not ${sites}`;
  };
/** The console's call: the totals of every site asked and its first page of sites. */
const HOME_PAGE = { page: 1, limit: 20 };

const SCENARIOS: readonly Scenario[] = [
  {
    key: 'list.site1',
    label: 'terminal list, 1 site (the largest, ~1,000 terminals)',
    path: TERMINALS_PATH,
    body: { method: 'list', page: 1, limit: 20 },
    sites: '1',
    budget: BUDGETS.fleetListP99Ms,
    check: pageOf(20),
  },
  {
    key: 'list.sites50',
    label: 'terminal list, 50 sites',
    path: TERMINALS_PATH,
    body: { method: 'list', page: 1, limit: 20 },
    sites: FIFTY_SITES,
    budget: BUDGETS.fleetListP99Ms,
    check: pageOf(20),
  },
  {
    key: 'list.all',
    label: `terminal list, all ${FLEET_SITES.toLocaleString('en-US')} sites`,
    path: TERMINALS_PATH,
    body: { method: 'list', page: 1, limit: 20 },
    budget: BUDGETS.fleetListP99Ms,
    check: pageOf(20),
  },
  {
    key: 'search.all',
    label: `terminal keyword search "${FLEET_KEYWORD}", all sites`,
    path: TERMINALS_PATH,
    body: { method: 'list', page: 1, limit: 20, keyword: FLEET_KEYWORD },
    budget: BUDGETS.fleetListP99Ms,
    check: pageOf(20),
  },
  {
    key: 'list.page200',
    label: 'terminal list, all sites, page 200',
    path: TERMINALS_PATH,
    body: { method: 'list', page: 200, limit: 20 },
    budget: BUDGETS.fleetListP99Ms,
    check: pageOf(20),
  },
  {
    key: 'home.site1',
    label: 'operations home, 1 site',
    path: HOME_PATH,
    body: {},
    sites: '1',
    check: homeOf(1),
  },
  {
    key: 'home.sites50',
    label: 'operations home, 50 sites (totals and the first 20)',
    path: HOME_PATH,
    body: HOME_PAGE,
    sites: FIFTY_SITES,
    check: homeOf(20, 50),
  },
  {
    key: 'home.all',
    label: `operations home, all ${FLEET_SITES.toLocaleString('en-US')} sites (totals and the first 20)`,
    path: HOME_PATH,
    body: HOME_PAGE,
    budget: BUDGETS.fleetHomeP99Ms,
    check: homeOf(20, FLEET_SITES),
  },
  {
    key: 'home.allUnpaged',
    label: `operations home, all ${FLEET_SITES.toLocaleString('en-US')} sites, every site's cards (no paging)`,
    path: HOME_PATH,
    body: {},
    check: homeOf(FLEET_SITES),
  },
];

/** The figures of one scenario, so that a run that stops early still lists each one as missing. */
function figureIds(s: Scenario) {
  const p = `fleet.${s.key}`;
  return {
    twoP50: [`${p}.two.p50`, `${s.label}: median, 2 instances, ${CONNECTIONS} conns`, 'ms', undefined],
    // Capacity, not the budget: 200 connections each sending its next call the moment the last
    // returns wait in the queue that 200 / throughput makes (docs/decisions.md, issue 17).
    twoP99: [`${p}.two.p99`, `${s.label}: p99, 2 instances, ${CONNECTIONS} conns`, 'ms', undefined],
    twoRps: [`${p}.two.rps`, `${s.label}: throughput, 2 instances`, 'req/s', undefined],
    oneP50: [`${p}.one.p50`, `${s.label}: median, 1 instance, ${CONNECTIONS} conns`, 'ms', undefined],
    oneP99: [`${p}.one.p99`, `${s.label}: p99, 1 instance, ${CONNECTIONS} conns`, 'ms', undefined],
    oneRps: [`${p}.one.rps`, `${s.label}: throughput, 1 instance`, 'req/s', undefined],
    alone: [`${p}.alone`, `${s.label}: one call at a time, median`, 'ms', undefined],
    cpu: [`${p}.cpu`, `${s.label}: server CPU per call, one at a time`, 'ms', undefined],
    pacedP50: [`${p}.paced.p50`, `${s.label}: median, ${PACED_LOAD}`, 'ms', undefined],
    // The budget: 200 sessions over both instances, each a call every 2 s (issue 17's "200
    // concurrent sessions").
    pacedP99: [`${p}.paced.p99`, `${s.label}: p99, ${PACED_LOAD}`, 'ms', s.budget],
  } as const;
}

/** Every figure of these calls not taken yet, listed as missing with the reason. */
function reportMissing(results: Results, scenarios: readonly Scenario[], reason: string): void {
  const taken = new Set(results.figures.map((f) => f.id));
  for (const s of scenarios)
    for (const [id, label, unit, budget] of Object.values(figureIds(s)))
      if (!taken.has(id)) results.missing(id, label, unit, reason, budget);
}

/** One call after another for at most `seconds` (and at least one): the latency with no load. */
async function alone(target: Target, seconds: number, maxCalls = 50): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  do {
    const t0 = performance.now();
    const res = await fetch(target.baseUrl + target.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...target.headers },
      body: JSON.stringify(target.body),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
  } while (performance.now() < until && latencies.length < maxCalls);
  return latencies;
}

/** How long an instance may take to catch up after a load before the next measurement. */
const DRAIN_LIMIT_MS = 90_000;

/**
 * Waits until every instance answers /readyz (a `select 1` through its pool) within 100 ms, three
 * times in a row: autocannon stops sending at the end of a run, but the calls already queued
 * (up to 200, in the pool's wait queue) go on running, and would load the next measurement.
 */
async function drain(servers: readonly ServerProcess[]): Promise<void> {
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  let quiet = 0;
  while (quiet < 3) {
    if (Date.now() > deadline)
      throw new Error(`the instances were still busy ${DRAIN_LIMIT_MS / 1000} s after a load`);
    const t0 = performance.now();
    const answers = await Promise.all(
      servers.map((s) =>
        fetch(`${s.baseUrl}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
          (r) => r.ok,
          () => false,
        ),
      ),
    );
    const fast = answers.every(Boolean) && performance.now() - t0 < 100;
    quiet = fast ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, fast ? 100 : 500));
  }
}

export async function benchFleet(settings: BenchSettings, results: Results): Promise<void> {
  console.log('\n== fleet on postgres: 2 instances ==');
  let target: DbTarget;
  try {
    target = await postgresTarget();
  } catch (e) {
    const reason = `PostgreSQL not reachable: ${(e as Error).message}`;
    results.note(`fleet skipped: ${reason}`);
    reportMissing(results, SCENARIOS, reason);
    return;
  }
  const servers: ServerProcess[] = [];
  let cleaned: Promise<void> | undefined;
  // Once, whether the run ends, fails or is interrupted: the servers stop and the database goes.
  const cleanUp = () => {
    cleaned ??= (async () => {
      await Promise.allSettled(servers.map((s) => s.stop()));
      await target.dispose();
    })();
    return cleaned;
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let done = 0;
  try {
    // The first start migrates and seeds; the rows go in while no server runs.
    await (await ServerProcess.start(target, FLEET_ENV)).stop();
    const fill = await fillFleet(target.databaseUrl!);
    scratchDatabase = new URL(target.databaseUrl!).pathname.slice(1);
    const others = Object.values(fill.others).reduce((a, b) => a + b, 0);
    console.log(
      `  filled ${fill.sites} sites${fill.registry ? ' (site registry)' : ' (ids only: no site registry)'}, ` +
        `${fill.terminals.toLocaleString('en-US')} terminals and ${others.toLocaleString('en-US')} other rows in ${fill.ms} ms`,
    );
    results.detail('fleet.fill', fill);
    if (TRACE_DIR) {
      // Traced: PostgreSQL logs this database's statements over 20 ms (to its own log file).
      const name = new URL(target.databaseUrl!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: target.databaseUrl });
      await admin.connect();
      await admin
        .query(`ALTER DATABASE ${name} SET log_min_duration_statement = 20`)
        .finally(() => admin.end());
    }
    // Both at once, as a deployment starts them.
    servers.push(
      ...(await Promise.all([
        ServerProcess.start(target, FLEET_ENV),
        ServerProcess.start(target, FLEET_ENV),
      ])),
    );
    const [a, b] = servers as [ServerProcess, ServerProcess];
    await prepareAdmin(a.baseUrl);
    // Sessions live in the database: one sign-in serves both instances.
    const token = await signIn(a.baseUrl, BENCH_PASSWORD, true);
    const scenarios = ONLY_CALLS ? SCENARIOS.filter((s) => ONLY_CALLS.includes(s.key)) : SCENARIOS;
    if (ONLY_CALLS && scenarios.length !== ONLY_CALLS.length)
      throw new Error(`BENCH_FLEET_CALLS: known calls are ${SCENARIOS.map((s) => s.key).join(', ')}`);
    if (TRACE_DIR)
      fs.writeFileSync(
        path.join(TRACE_DIR, 'servers.tsv'),
        `${servers.map((s, i) => `${i}\t${s.pid}\t${s.baseUrl}`).join('\n')}\n`,
      );
    for (const s of scenarios) {
      await measure(s, a, b, token, settings, results);
      done++;
    }
    // The session must have stayed valid: a load of error envelopes would be fast and meaningless.
    await drain([a, b]);
    await call(b.baseUrl, TERMINALS_PATH, { method: 'list' }, token);
  } catch (e) {
    const reason = `fleet run failed: ${(e as Error).message}`;
    console.log(`  FAILED: ${reason}`);
    results.note(reason);
    reportMissing(results, SCENARIOS.slice(done), reason);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
}

async function measure(
  s: Scenario,
  a: ServerProcess,
  b: ServerProcess,
  token: string,
  settings: BenchSettings,
  results: Results,
): Promise<void> {
  const ids = figureIds(s);
  const headers: Record<string, string> = { IGSAuth: token, 'accept-encoding': 'gzip, deflate, br' };
  if (s.sites) headers['igs-sids'] = s.sites;
  const onA: Target = { baseUrl: a.baseUrl, path: s.path, body: s.body, headers };
  const onB: Target = { ...onA, baseUrl: b.baseUrl };
  await drain([a, b]);
  // Each instance must answer for real before its speed means anything.
  for (const server of [a, b]) {
    const reply = await call(server.baseUrl, s.path, s.body, token, s.sites ? { 'igs-sids': s.sites } : {});
    const problem = s.check(reply.data);
    if (problem) throw new Error(`${s.label} on ${server.baseUrl}: not a real reply: ${problem}`);
  }
  // The machine is shared: the load beside each call's figures says how far to trust them.
  const load = os.loadavg()[0]!;
  results.detail(`fleet.${s.key}.loadAverage`, Math.round(load * 100) / 100);
  const cpuBefore = a.cpuMs();
  const single = await alone(onA, 2);
  // The server's own CPU per call, without queueing (PostgreSQL's is not in it).
  results.add(ids.cpu[0], ids.cpu[1], ids.cpu[2], [(a.cpuMs() - cpuBefore) / single.length]);
  const aloneMedian = percentile(single, 50);
  results.add(ids.alone[0], ids.alone[1], ids.alone[2], single);
  console.log(
    `  ${s.label} (load average ${load.toFixed(1)}): alone p50 ${aloneMedian.toFixed(1)} ms, p99 ${percentile(single, 99).toFixed(1)} ms`,
  );
  if (aloneMedian > TOO_SLOW_ALONE_MS) {
    const reason = `not loaded: one call alone takes ${Math.round(aloneMedian)} ms; ${CONNECTIONS} at once would queue for minutes`;
    results.note(`${s.label}: ${reason}`);
    for (const key of ['twoP50', 'twoP99', 'oneP50', 'oneP99'] as const) {
      const [id, label, unit, budget] = ids[key];
      // At least what a call takes alone: over any budget it has.
      results.add(id, label, unit, single, budget, `${reason} (figure: one call alone)`);
    }
    for (const key of ['twoRps', 'oneRps'] as const)
      results.missing(ids[key][0], ids[key][1], 'req/s', reason);
    for (const key of ['pacedP50', 'pacedP99'] as const)
      results.missing(ids[key][0], ids[key][1], 'ms', reason);
    return;
  }

  const sec = settings.fleetSeconds;
  if (!ONLY_PACED) await saturateAll([onA, onB], { connections: CONNECTIONS, seconds: 1 }); // warm-up
  const two = { p50: [] as number[], p99: [] as number[], rps: [] as number[] };
  const one = { p50: [] as number[], p99: [] as number[], rps: [] as number[] };
  const atPace = { p50: [] as number[], p99: [] as number[] };
  for (let run = 0; run < settings.fleetRuns; run++) {
    for (const [name, targets, into] of [
      ['2 instances', [onA, onB], two],
      ['1 instance', [onA], one],
    ] as const) {
      if (ONLY_PACED) break;
      await drain([a, b]);
      const r = await saturateAll(targets, { connections: CONNECTIONS, seconds: sec });
      if (r.errors || r.non2xx) results.note(`${s.label}, ${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
      // No good reply within the run: what is known is that a call takes longer than the run.
      const floor = r.rps === 0 ? sec * 1000 : 0;
      if (floor)
        results.note(`${s.label}, ${name}: no good reply within the ${sec} s run (figure: the run's length)`);
      into.p50.push(Math.max(r.p50, floor));
      into.p99.push(Math.max(r.p99, floor));
      into.rps.push(r.rps);
      console.log(`    ${name}, run ${run + 1}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    }
    await drain([a, b]);
    const pacedLoad = os.loadavg()[0]!;
    const trace = TRACE_DIR
      ? startTrace(`${s.key} paced run ${run + 1}`, [a.pid, b.pid], scratchDatabase)
      : undefined;
    const p = await pacedAll([onA, onB], {
      rate: SESSION_RATE,
      connections: CONNECTIONS,
      seconds: settings.fleetPacedSeconds,
    }).catch(async (e) => {
      await trace?.stop();
      throw e;
    });
    // The slow calls, with when and where: to line up with the servers' and the database's logs.
    const slow = p.calls.filter((c) => c.ms > SLOW_MS);
    results.detail(`fleet.${s.key}.paced.run${run + 1}.slowCalls`, {
      loadAverage: Math.round(pacedLoad * 100) / 100,
      calls: p.calls.length,
      slow: slow.map((c) => ({
        at: new Date(c.scheduled).toISOString(),
        instance: c.target,
        ms: Math.round(c.ms),
      })),
    });
    if (trace)
      for (const c of p.calls) trace.call([c.scheduled, c.sent, c.target, c.ms.toFixed(1), c.status, s.key]);
    await trace?.stop();
    console.log(
      `    paced: ${slow.length} of ${p.calls.length} calls over ${SLOW_MS} ms (load average ${pacedLoad.toFixed(1)})` +
        slow
          .slice(0, 12)
          .map(
            (c) =>
              `\n      ${new Date(c.scheduled).toISOString().slice(11)} instance ${c.target}: ${c.ms.toFixed(0)} ms`,
          )
          .join(''),
    );
    if (p.failures) results.note(`${s.label}, paced: ${p.failures} failures`);
    atPace.p50.push(p.p50);
    atPace.p99.push(p.p99);
    console.log(
      `    2 instances at ${SESSION_RATE} req/s, run ${run + 1}: ${p.rps.toFixed(0)} req/s done, p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms`,
    );
  }
  for (const [key, runs] of [
    ['twoP50', two.p50],
    ['twoP99', two.p99],
    ['twoRps', two.rps],
    ['oneP50', one.p50],
    ['oneP99', one.p99],
    ['oneRps', one.rps],
    ['pacedP50', atPace.p50],
    ['pacedP99', atPace.p99],
  ] as const) {
    const [id, label, unit, budget] = ids[key];
    results.add(id, label, unit, runs, budget);
  }
}
