import { AUTH_MENU_PATH, BENCH_PASSWORD, call, LOGIN_PATH, loginBody, OK_CODE, prepareAdmin } from './api.ts';
import { BUDGETS } from './budgets.ts';
import { fill, type ListResource } from './dataset.ts';
import { paced, saturate, type Target } from './load.ts';
import type { Results } from './report.ts';
import {
  type DbKind,
  type DbTarget,
  postgresTarget,
  ServerProcess,
  sampleEvery,
  sqliteTarget,
} from './server-process.ts';
import type { BenchSettings } from './settings.ts';
import { median } from './stats.ts';

/** What a browser sends: replies over 1 KB come back compressed, as in real use. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const LOGIN_CONNECTIONS = 8;
/** Unmeasured seconds at the paced rate between a saturating run and the measured paced run. */
const SETTLE_SECONDS = 2;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every figure of one database, so that a skipped half still lists each one as missing. */
function figureIds(kind: DbKind) {
  const p = `server.${kind}`;
  return {
    authMenuRps: [`${p}.authMenu.rps`, `${kind}: auth_menu throughput, 50 conns`, 'req/s', BUDGETS.serverRps],
    authMenuP99: [`${p}.authMenu.p99`, `${kind}: auth_menu p99 at 1,000 req/s`, 'ms', BUDGETS.serverP99Ms],
    listRps: [`${p}.list.rps`, `${kind}: list p.500 throughput, 50 conns`, 'req/s', BUDGETS.serverRps],
    listP99: [`${p}.list.p99`, `${kind}: list p.500 p99 at 1,000 req/s`, 'ms', BUDGETS.serverP99Ms],
    rssIdle: [`${p}.rss.idle`, `${kind}: server RSS idle`, 'MB', BUDGETS.rssIdleMB],
    rssLoad: [`${p}.rss.load`, `${kind}: server RSS peak under load`, 'MB', BUDGETS.rssLoadMB],
  } as const;
}

/** A database half that could not run: every figure listed as missing with the reason. */
function reportMissing(results: Results, kind: DbKind, reason: string): void {
  for (const [id, label, unit, budget] of Object.values(figureIds(kind)))
    results.missing(id, label, unit, reason, budget);
}

async function openTarget(kind: DbKind): Promise<DbTarget> {
  return kind === 'sqlite' ? sqliteTarget() : postgresTarget();
}

/**
 * The server half for one database: a fresh database migrated and seeded by the server itself,
 * filled with the list resource, then the real server under load from this process.
 */
export async function benchServer(
  kind: DbKind,
  resource: ListResource,
  settings: BenchSettings,
  results: Results,
): Promise<void> {
  console.log(`\n== server on ${kind} ==`);
  let target: DbTarget;
  try {
    target = await openTarget(kind);
  } catch (e) {
    const reason = `${kind} not reachable: ${(e as Error).message}`;
    console.log(`  SKIPPED: ${reason}`);
    results.note(`${kind} half skipped: ${reason}`);
    reportMissing(results, kind, reason);
    return;
  }
  let server: ServerProcess | undefined;
  try {
    // The first start migrates and seeds; rows go in while the server is down.
    await (await ServerProcess.start(target)).stop();
    const t0 = Date.now();
    await fill(target, resource);
    console.log(
      `  filled ${resource.rowCount.toLocaleString('en-US')} ${resource.name} rows in ${Date.now() - t0} ms`,
    );
    server = await ServerProcess.start(target);
    await measure(server, kind, resource, settings, results);
  } catch (e) {
    const reason = `${kind} half failed: ${(e as Error).message}`;
    console.log(`  FAILED: ${reason}`);
    results.note(reason);
    reportMissing(results, kind, reason);
  } finally {
    await server?.stop();
    await target.dispose();
  }
}

async function measure(
  server: ServerProcess,
  kind: DbKind,
  resource: ListResource,
  settings: BenchSettings,
  results: Results,
): Promise<void> {
  const ids = figureIds(kind);
  const base = server.baseUrl;
  const token = await prepareAdmin(base);
  const headers = { IGSAuth: token, 'accept-encoding': ACCEPT_ENCODING };
  const authMenu: Target = { baseUrl: base, path: AUTH_MENU_PATH, body: {}, headers };
  const list: Target = { baseUrl: base, path: resource.path, body: resource.listBody, headers };

  // Both calls must answer for real before their speed means anything.
  await call(base, AUTH_MENU_PATH, {}, token);
  const reply = await call(base, resource.path, resource.listBody, token);
  const problem = resource.checkReply(reply.data);
  if (problem) throw new Error(`the ${resource.name} list call is not a real page: ${problem}`);

  await sleep(2000);
  const idle: number[] = [];
  for (let i = 0; i < 5; i++) {
    idle.push(server.rssMB());
    await sleep(500);
  }
  results.add(ids.rssIdle[0], ids.rssIdle[1], ids.rssIdle[2], idle, ids.rssIdle[3]);
  console.log(`  idle RSS ${median(idle).toFixed(0)} MB`);

  const peaks: number[] = [];
  const sec = settings.loadSeconds;
  for (const [name, t, rpsId, p99Id] of [
    ['auth_menu', authMenu, ids.authMenuRps, ids.authMenuP99],
    ['list', list, ids.listRps, ids.listP99],
  ] as const) {
    await saturate(t, { connections: settings.connections, seconds: Math.min(3, sec) }); // warm-up
    const rps: number[] = [];
    const satP99: number[] = [];
    const p99: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < settings.serverRuns; run++) {
      const stop = sampleEvery(200, () => server.rssMB());
      const cpuBefore = server.cpuMs();
      const s = await saturate(t, { connections: settings.connections, seconds: sec });
      cpu.push(s.rps > 0 ? (server.cpuMs() - cpuBefore) / (s.rps * sec) : Number.NaN);
      // Below the offered rate the queue only grows: a short paced run shows that as well as a long one.
      const overloaded = s.rps < settings.pacedRate;
      const steady = { rate: settings.pacedRate, connections: settings.connections };
      if (!overloaded) {
        // The figure is the p99 of a steady load, not of the way out of the overload just before
        // it: V8 goes on collecting the saturating run's garbage for a second or two after it.
        await sleep(1000);
        await paced(t, { ...steady, seconds: SETTLE_SECONDS });
      }
      const p = await paced(t, { ...steady, seconds: overloaded ? Math.min(3, sec) : sec });
      peaks.push(Math.max(...stop()));
      if (s.errors || s.non2xx || p.failures)
        results.note(
          `${kind} ${name}: ${s.errors} errors, ${s.non2xx} non-2xx, ${p.failures} paced failures`,
        );
      rps.push(s.rps);
      satP99.push(s.p99);
      p99.push(p.p99);
      console.log(
        `  ${name} run ${run + 1}: ${s.rps.toFixed(0)} req/s (p50 ${s.p50} ms, p99 ${s.p99} ms at saturation, ${cpu.at(-1)!.toFixed(2)} ms CPU each); ` +
          `at ${settings.pacedRate} req/s: p50 ${p.p50.toFixed(2)} ms, p99 ${p.p99.toFixed(2)} ms, max ${p.max.toFixed(1)} ms, ${p.rps.toFixed(0)} req/s done`,
      );
    }
    results.add(rpsId[0], rpsId[1], rpsId[2], rps, rpsId[3]);
    results.add(p99Id[0], p99Id[1], p99Id[2], p99, p99Id[3]);
    results.add(`server.${kind}.${name}.cpu`, `${kind}: ${name} server CPU per request`, 'ms', cpu);
    results.add(
      `server.${kind}.${name}.p99Saturated`,
      `${kind}: ${name} p99 at saturation, 50 conns`,
      'ms',
      satP99,
    );
  }
  results.add(ids.rssLoad[0], ids.rssLoad[1], ids.rssLoad[2], peaks, ids.rssLoad[3]);

  // Sign-in last: each one adds a session and log rows, and argon2id is meant to be slow.
  const stop = sampleEvery(200, () => server.rssMB());
  const login = await saturate(
    { baseUrl: base, path: LOGIN_PATH, body: loginBody(BENCH_PASSWORD), headers: {} },
    { connections: LOGIN_CONNECTIONS, seconds: Math.min(5, sec), okCode: OK_CODE },
  );
  const loginPeak = Math.max(...stop());
  // Signed-in replies only: sign-ins beyond the lockout's limit of checks in flight from one
  // address are put off with a quick 429 (platform/auth/lockout.ts), which is no sign-in.
  const signedIn = login.okRps ?? 0;
  results.add(`server.${kind}.login.rps`, `${kind}: login (argon2id) throughput`, 'req/s', [signedIn]);
  results.add(`server.${kind}.login.rss`, `${kind}: server RSS peak under login load`, 'MB', [loginPeak]);
  console.log(
    `  login: ${signedIn.toFixed(1)} signed in/s of ${login.rps.toFixed(1)} replies/s, p99 ${login.p99} ms, peak RSS ${loginPeak.toFixed(0)} MB`,
  );

  // The token must have stayed valid: a load of error envelopes would be fast and meaningless.
  await call(base, AUTH_MENU_PATH, {}, token);
}
