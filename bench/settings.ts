/** Options of one `npm run bench`, from the environment (documented in docs/performance.md). */
export interface BenchSettings {
  /** BENCH_QUICK=1: short loads and fewer runs, to check that everything works. */
  quick: boolean;
  /** BENCH_RUNS: cold loads per browser figure (default 5, quick 2). */
  browserRuns: number;
  /** BENCH_SERVER_RUNS: measured loads per endpoint and database (default 3, quick 1). */
  serverRuns: number;
  /** Seconds per load measurement (BENCH_SECONDS; default 10, quick 3). */
  loadSeconds: number;
  connections: number;
  /** Offered load of the latency measurement, requests per second. */
  pacedRate: number;
  /** Seconds per fleet load measurement (BENCH_SECONDS; default 5, quick 3): 8 calls × 2 set-ups. */
  fleetSeconds: number;
  /** The fleet's paced runs, whose p99 is judged: 20 s is 2,000 calls, so the p99 is the 20th worst. */
  fleetPacedSeconds: number;
  /** Measured loads per fleet call and set-up (BENCH_SERVER_RUNS; default 2, quick 1: some 7 minutes in all). */
  fleetRuns: number;
  /**
   * BENCH_ONLY=server|browser|search|fleet: one part only. The fleet (issue 17: a million rows,
   * two instances, some 5 minutes) runs only when asked for.
   */
  only: 'server' | 'browser' | 'search' | 'fleet' | undefined;
  /** BENCH_SKIP_BUILD=1: reuse the built console as it is (apps/console/dist, or CONSOLE_DIR). */
  skipBuild: boolean;
  /** BENCH_DATABASES=sqlite,postgres (default both). */
  databases: ('sqlite' | 'postgres')[];
  chromiumPath: string;
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

export function readSettings(): BenchSettings {
  const quick = process.env.BENCH_QUICK === '1';
  const only = process.env.BENCH_ONLY;
  if (only && !['server', 'browser', 'search', 'fleet'].includes(only))
    throw new Error(`BENCH_ONLY must be server, browser, search or fleet, got "${only}"`);
  const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
  for (const d of databases)
    if (d !== 'sqlite' && d !== 'postgres') throw new Error(`unknown database "${d}" in BENCH_DATABASES`);
  return {
    quick,
    browserRuns: positive('BENCH_RUNS', quick ? 2 : 5),
    serverRuns: positive('BENCH_SERVER_RUNS', quick ? 1 : 3),
    loadSeconds: positive('BENCH_SECONDS', quick ? 3 : 10),
    fleetSeconds: positive('BENCH_SECONDS', quick ? 3 : 5),
    fleetPacedSeconds: positive('BENCH_FLEET_PACED_SECONDS', quick ? 3 : 20),
    fleetRuns: positive('BENCH_SERVER_RUNS', quick ? 1 : 2),
    connections: 50,
    pacedRate: 1000,
    only: only as BenchSettings['only'],
    skipBuild: process.env.BENCH_SKIP_BUILD === '1',
    databases: databases as BenchSettings['databases'],
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  };
}
