import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
/** Where the server is built and run from: this checkout, or a snapshot of BENCH_SERVER_REF. */
let serverRoot: string | undefined;
/** The commit the server was built from (BENCH_SERVER_REF resolved), for the results. */
let serverCommit: string | undefined;

/** What the measured server was built from: a commit, or the working tree (undefined before a build). */
export function serverSource(): string | undefined {
  if (!serverRoot) return undefined;
  return serverCommit ? `commit ${serverCommit}` : 'working tree';
}

/**
 * BENCH_SERVER_REF=<git ref> (e.g. HEAD): the server is built from that commit, exported into a
 * temporary folder (removed at exit), instead of from the working tree. In a checkout shared by
 * several people the working tree can be mid-edit and not start; a commit is what was measured.
 * Only the server and the contract are exported; the packages are this checkout's node_modules,
 * linked, except the workspace's own (@igs/*), which point into the snapshot.
 */
function snapshotOf(ref: string): string {
  serverCommit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: REPO_ROOT }).toString().trim();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-bench-server-'));
  process.once('exit', () => fs.rmSync(root, { recursive: true, force: true }));
  const archive = execFileSync(
    'git',
    ['archive', '--format=tar', serverCommit, 'apps/server', 'packages/contract'],
    {
      cwd: REPO_ROOT,
      maxBuffer: 1 << 30,
    },
  );
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(path.join(modules, '@igs'), { recursive: true });
  for (const name of fs.readdirSync(path.join(REPO_ROOT, 'node_modules')))
    if (name !== '@igs' && name !== '.bin')
      fs.symlinkSync(path.join(REPO_ROOT, 'node_modules', name), path.join(modules, name));
  fs.symlinkSync('../../packages/contract', path.join(modules, '@igs/contract'));
  fs.symlinkSync('../../apps/server', path.join(modules, '@igs/server'));
  return root;
}

/** Builds the server's JavaScript once per bench run (apps/server/build/build-server.ts); returns its entry. */
function buildServerOnce(): string {
  if (!serverRoot) {
    const ref = process.env.BENCH_SERVER_REF;
    const root = ref ? snapshotOf(ref) : REPO_ROOT;
    execFileSync(process.execPath, [path.join(root, 'apps/server/build/build-server.ts')], {
      stdio: 'inherit',
    });
    serverRoot = root;
  }
  // The production build, as `npm start` runs it.
  return path.join(serverRoot, 'apps/server/dist/main.js');
}

/** USER_HZ of /proc/<pid>/stat: 100 on every Linux kernel configuration in use. */
const CLOCK_TICKS_PER_SECOND = 100;

export type DbKind = 'sqlite' | 'postgres';

/** A fresh, empty database for one half of the benchmark, removed again by `dispose`. */
export interface DbTarget {
  kind: DbKind;
  /** Always set: SQLite keeps its file here, and uploads live here for both. */
  dataDir: string;
  databaseUrl?: string;
  dispose(): Promise<void>;
}

export function sqliteTarget(): DbTarget {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-bench-sqlite-'));
  return {
    kind: 'sqlite',
    dataDir,
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Where to reach PostgreSQL for creating and dropping the benchmark database. */
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Creates a throw-away PostgreSQL database; throws with the reason when PostgreSQL is not reachable. */
export async function postgresTarget(): Promise<DbTarget> {
  const name = `igs_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-bench-pg-'));
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The V8 flags of `npm start` (apps/server/package.json): a 4 MB young generation instead of 16 MB
 * keeps the resident memory within budget at a CPU cost too small to measure here; the old
 * generation let grow to 1.5x what the last full collection kept instead of V8's up to 4x (the
 * peak under load 324-336 -> 189-193 MB, docs/performance.md "Server memory").
 */
const SERVER_NODE_FLAGS = ['--conditions=igs-dist', '--max-semi-space-size=4', '--heap-growing-percent=50'];

/**
 * BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in
 * Chromium's DevTools, Performance panel), to see where a request's time goes. The profiler costs
 * CPU itself: the figures of such a run are not comparable with the others.
 */
function profilerFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

/**
 * BENCH_SERVER_NODE_FLAGS="<flags>": more Node or V8 flags for the server (space-separated), to try
 * one before it goes into `npm start`; such a run measures a server operators do not run.
 */
function extraNodeFlags(): string[] {
  return (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
}

/**
 * BENCH_STALL_LOG=<file>: the server logs its event-loop stalls and garbage collections with wall
 * times to <file>.<pid> (stall-probe.mjs), to line up with slow requests.
 */
function stallProbeFlags(): string[] {
  return process.env.BENCH_STALL_LOG ? ['--import', path.join(import.meta.dirname, 'stall-probe.mjs')] : [];
}

/** The real server (`node apps/server/src/main.ts`) as a child process, as an operator runs it. */
export class ServerProcess {
  readonly baseUrl: string;
  private readonly child: ChildProcess;
  private output = '';
  private exited: Promise<number | null>;

  private constructor(child: ChildProcess, port: number) {
    this.child = child;
    this.baseUrl = `http://127.0.0.1:${port}`;
    const keep = (chunk: Buffer) => {
      // Only the tail is kept: enough to explain a failed start.
      this.output = (this.output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** `extraEnv` adds to or overrides the environment (e.g. services a benchmark leaves off). */
  static async start(target: DbTarget, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
    const entry = buildServerOnce();
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // As `npm start` runs the server: glibc returns blocks over 1 MB (argon2's 19 MB) at once,
      // and keeps up to 4 MB free at the top of its heap for the next reply's compressor. With
      // the trim threshold left at its 128 KB default, every Brotli or gzip reply gave its
      // tables back to the kernel and faulted them in again: 4x the compression's CPU.
      MALLOC_MMAP_THRESHOLD_: '1048576',
      // Two heaps shared by all threads (libuv's pool hashing passwords, V8's collector) instead
      // of one per thread, each holding its own free memory: 60 MB less at the sign-in peak.
      MALLOC_ARENA_MAX: '2',
      MALLOC_TRIM_THRESHOLD_: '4194304',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: target.dataDir,
      GW_CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      // The sign-in figure is argon2id's throughput and the memory it takes: with the default
      // per-address limit (30 a minute) the bench's one address was refused after the first 30,
      // and the figure counted thousands of quick refusals a second (HTTP 200, code 429).
      RATE_LIMIT_LOGIN_PER_MIN: '1000000',
      ...extraEnv,
    };
    if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
    else delete env.DATABASE_URL;
    const child = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, ...extraNodeFlags(), ...profilerFlags(), ...stallProbeFlags(), entry],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const server = new ServerProcess(child, port);
    // BENCH_SERVER_LOG=<prefix>: the server's whole output (its log lines) also goes to <prefix>.<pid>.log.
    const logPrefix = process.env.BENCH_SERVER_LOG;
    if (logPrefix) {
      const file = fs.createWriteStream(`${logPrefix}.${child.pid}.log`);
      child.stdout?.pipe(file);
      child.stderr?.pipe(file);
    }
    await server.waitHealthy(90_000);
    return server;
  }

  get pid(): number {
    return this.child.pid!;
  }

  private async waitHealthy(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let exitCode: number | null | undefined;
    void this.exited.then((code) => {
      exitCode = code;
    });
    while (Date.now() < deadline) {
      if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}:\n${this.output}`);
      try {
        const res = await fetch(`${this.baseUrl}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server not healthy after ${timeoutMs} ms:\n${this.output}`);
  }

  /** Resident set size of the server process in MB, from /proc (Linux). */
  rssMB(): number {
    const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Number(kb[1]) / 1024 : Number.NaN;
  }

  /** CPU time (user + system) the server process has used so far, in ms, from /proc (Linux). */
  cpuMs(): number {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const stat = fs.readFileSync(`/proc/${this.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Samples a value every `everyMs` until stopped; returns the samples. */
export function sampleEvery(everyMs: number, read: () => number): () => number[] {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(read()), everyMs);
  samples.push(read());
  return () => {
    clearInterval(timer);
    samples.push(read());
    return samples;
  };
}
