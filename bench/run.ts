import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { prepareAdmin } from './api.ts';
import { benchBrowser } from './browser.ts';
import { assetSizes, buildConsole, CONSOLE_DIST, consoleBuilt } from './console-build.ts';
import { operationLog } from './dataset.ts';
import { benchFleet } from './fleet.ts';
import { Results, renderTable, writeResults } from './report.ts';
import { benchSearch } from './search.ts';
import { benchServer } from './server-load.ts';
import { REPO_ROOT, ServerProcess, serverSource, sqliteTarget } from './server-process.ts';
import { type BenchSettings, readSettings } from './settings.ts';

/**
 * `npm run bench`: builds the production console, then measures the console in Chromium and the
 * API under load on SQLite and PostgreSQL, and prints every figure beside its budget.
 */
async function main(): Promise<void> {
  const settings = readSettings();
  const startedAt = new Date().toISOString();
  const results = new Results();
  const wants = (part: BenchSettings['only']) => !settings.only || settings.only === part;
  // The fleet is not part of a whole run: only BENCH_ONLY=fleet asks for it.
  const load = os.loadavg()[0]!;
  if (load > os.cpus().length * 0.5)
    results.note(`load average ${load.toFixed(1)} at start: other work on this machine skews the figures`);

  if (wants('search')) await benchSearch(settings, results);
  if (wants('browser')) await browserHalf(settings, results);
  if (wants('server')) {
    const resource = operationLog();
    for (const kind of settings.databases) await benchServer(kind, resource, settings, results);
  }
  if (settings.only === 'fleet') await benchFleet(settings, results);

  console.log(`\n${renderTable(results.figures)}\n`);
  const file = writeResults(
    path.join(REPO_ROOT, 'bench/results'),
    {
      startedAt,
      finishedAt: new Date().toISOString(),
      quick: settings.quick,
      browserRuns: settings.browserRuns,
      environment: environment(load),
    },
    results,
  );
  console.log(`results written to ${path.relative(process.cwd(), file)} and bench/results/latest.json`);
  const over = results.figures.filter((f) => f.verdict === 'over' || f.verdict === 'missing');
  console.log(
    over.length
      ? `${over.length} figure(s) over budget or missing: ${over.map((f) => f.id).join(', ')}`
      : 'every figure within its budget',
  );
}

/** The console, built for production and served by the real server on a fresh SQLite database. */
async function browserHalf(settings: BenchSettings, results: Results): Promise<void> {
  if (!settings.skipBuild) buildConsole();
  if (!consoleBuilt()) {
    const reason = `${path.relative(REPO_ROOT, CONSOLE_DIST) || CONSOLE_DIST} has no index.html: the console is not built`;
    results.note(reason);
    results.missing('browser.login.usable', 'login: sign-in usable', 'ms', reason);
    return;
  }
  results.detail('console assets, gzip KB', assetSizes());
  const target = sqliteTarget();
  const server = await ServerProcess.start(target);
  try {
    await prepareAdmin(server.baseUrl);
    await benchBrowser(server.baseUrl, settings, results);
  } finally {
    await server.stop();
    await target.dispose();
  }
}

function environment(loadAtStart: number): Record<string, string | number> {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT }).toString().trim();
  } catch {
    // not a git checkout
  }
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: Math.round(loadAtStart * 100) / 100,
    loadAverageAtEnd: Math.round(os.loadavg()[0]! * 100) / 100,
    commit,
    server: serverSource() ?? 'not started',
  };
}

await main();
