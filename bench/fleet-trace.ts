import fs from 'node:fs';
import path from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * BENCH_FLEET_TRACE=<dir>: what the fleet's paced runs need to explain their tail, written to <dir>
 * with wall-clock times (ms since the epoch) to line up with each other:
 * - `calls.tsv`: every paced call (scheduled start, when it went on the wire, instance, latency);
 * - `generator-stalls.log`: the bench process's own event-loop stalls over 5 ms and GCs over 2 ms
 *   (the generator's stalls add to every latency measured from the scheduled start);
 * - `cpu.tsv`: the machine's CPU every 20 ms from /proc/stat (busy, iowait, steal, runnable);
 * - `pg.tsv`: PostgreSQL's non-idle backends every 20 ms (pg_stat_activity, every database: the
 *   others' work shares the machine too) and the lock waits;
 * - the servers' stall logs (`server-stalls.<pid>`, stall-probe.mjs) and access logs at info
 *   level (`server.<pid>.log`), set up by the caller through BENCH_STALL_LOG and BENCH_SERVER_LOG.
 */
export const TRACE_DIR = process.env.BENCH_FLEET_TRACE
  ? path.resolve(process.env.BENCH_FLEET_TRACE)
  : undefined;

export interface Tracer {
  /** Stops every sampler and flushes the files. */
  stop(): Promise<void>;
  /** Writes one line of calls.tsv (before `stop`). */
  call(fields: (string | number)[]): void;
}

/** CPU time (user + system, ms) of a process from /proc/<pid>/stat; 0 once it is gone. */
function cpuOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving `database` (their process title names it). */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(database)) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * `servers`: the instances' pids; `database`: the scratch database's name. Besides the files
 * above, `procs.tsv` gets, every 500 ms, the CPU ms used so far by the servers, by the database's
 * backends and by this process (the generator): the bench's own demand on the machine.
 */
export function startTrace(label: string, servers: number[] = [], database?: string): Tracer {
  const dir = TRACE_DIR!;
  fs.mkdirSync(dir, { recursive: true });
  const open = (name: string) => fs.openSync(path.join(dir, name), 'a');
  const calls = open('calls.tsv');
  const stalls = open('generator-stalls.log');
  const cpu = open('cpu.tsv');
  const pgOut = open('pg.tsv');
  const procs = open('procs.tsv');
  const write = (fd: number, line: string) => fs.writeSync(fd, `${line}\n`);
  for (const fd of [calls, stalls, cpu, pgOut, procs]) write(fd, `# ${Date.now()} start ${label}`);
  // Backends seen so far keep counting after they end (their last reading stays in the sum).
  const seen = new Map<number, number>();
  const procsTimer = setInterval(() => {
    if (database) for (const pid of backendsOf(database)) seen.set(pid, cpuOf(pid) || (seen.get(pid) ?? 0));
    const own = process.cpuUsage();
    write(
      procs,
      `${Date.now()}\t${servers.map(cpuOf).join(',')}\t${[...seen.values()].reduce((a, b) => a + b, 0)}\t${Math.round((own.user + own.system) / 1000)}`,
    );
  }, 500);

  // The generator's own stalls.
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration > 2)
        write(
          stalls,
          `${Math.round(performance.timeOrigin + e.startTime)} gc kind=${(e as unknown as { detail?: { kind?: number } }).detail?.kind} ${e.duration.toFixed(1)}ms`,
        );
  });
  gc.observe({ entryTypes: ['gc'] });
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    if (now - last > 5) write(stalls, `${Date.now()} stall ${(now - last - 1).toFixed(1)}ms`);
    last = now;
  }, 1);

  // The machine's CPU, from /proc/stat deltas: busy share of both cores, iowait, steal, runnable.
  let prev: number[] | undefined;
  const cpuTimer = setInterval(() => {
    const stat = fs.readFileSync('/proc/stat', 'utf8');
    const f = stat.split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const running = /procs_running (\d+)/.exec(stat)?.[1];
    if (prev) {
      const d = f.map((v, i) => v - prev![i]!);
      const total = d.reduce((a, b) => a + b, 0) || 1;
      // user nice system idle iowait irq softirq steal
      const busy = total - d[3]! - d[4]!;
      write(
        cpu,
        `${Date.now()}\t${((100 * busy) / total).toFixed(0)}\t${((100 * d[4]!) / total).toFixed(0)}\t${((100 * d[7]!) / total).toFixed(0)}\t${running}`,
      );
    }
    prev = f;
  }, 20);

  // PostgreSQL's backends doing something, and who waits on a lock.
  const client = new pg.Client({
    connectionString: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  let pgStopped = false;
  const pgLoop = (async () => {
    await client.connect();
    while (!pgStopped) {
      const t = Date.now();
      const r = await client.query(
        `select datname, pid, backend_type, state, wait_event_type, wait_event,
                round(extract(epoch from clock_timestamp() - query_start) * 1000) as ms,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as q
           from pg_stat_activity
          where pid <> pg_backend_pid() and (state is distinct from 'idle')
            and backend_type not in ('walwriter', 'background writer', 'logical replication launcher', 'autovacuum launcher')
            and not (backend_type = 'checkpointer' and wait_event = 'CheckpointerMain')`,
      );
      for (const row of r.rows)
        write(
          pgOut,
          `${t}\t${row.datname}\t${row.pid}\t${row.backend_type}\t${row.state}\t${row.wait_event_type}:${row.wait_event}\t${row.ms}\t${row.q}`,
        );
      const locks = await client.query(`select count(*)::int as n from pg_locks where not granted`);
      if (locks.rows[0].n) write(pgOut, `${t}\tLOCKWAIT\t${locks.rows[0].n}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.end();
  })();

  return {
    call: (fields) => write(calls, fields.join('\t')),
    async stop() {
      clearInterval(probe);
      clearInterval(cpuTimer);
      clearInterval(procsTimer);
      gc.disconnect();
      pgStopped = true;
      await pgLoop.catch((e) => write(pgOut, `# sampler failed: ${(e as Error).message}`));
      for (const fd of [calls, stalls, cpu, pgOut, procs]) {
        write(fd, `# ${Date.now()} stop ${label}`);
        fs.closeSync(fd);
      }
    },
  };
}
