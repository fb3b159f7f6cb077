import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { postRequest, RawConnection } from './raw-http.ts';
import { percentile } from './stats.ts';

/** One POST call to load the server with: path, JSON body and headers (token, encodings). */
export interface Target {
  baseUrl: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface SaturationResult {
  /** Completed 2xx requests per second over the whole run. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** With `okCode`: replies per second whose envelope carried that code (the rest were refused). */
  okRps?: number;
}

/** Closed loop: `connections` clients each sending the next request as soon as the last returns. */
export async function saturate(
  target: Target,
  opts: { connections: number; seconds: number; okCode?: number },
): Promise<SaturationResult> {
  // Refusals are HTTP 200 too (the envelope carries the code): with `okCode` each reply's
  // envelope is read, so a figure cannot count quick refusals as work done.
  let ok = 0;
  const countOk = (_status: number, body: string) => {
    try {
      if ((JSON.parse(body) as { code?: unknown }).code === opts.okCode) ok++;
    } catch {
      // Not an envelope: not a success.
    }
  };
  const result = await autocannon({
    url: target.baseUrl + target.path,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target.headers },
    body: JSON.stringify(target.body),
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.okCode === undefined ? {} : { requests: [{ onResponse: countOk }] }),
  });
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    ...(opts.okCode === undefined ? {} : { okRps: ok / result.duration }),
  };
}

/** What autocannon exports but its type definitions leave out: merging runs' histograms. */
const { aggregateResult } = autocannon as unknown as {
  aggregateResult(results: unknown[], opts: { url: string; connections: number }): autocannon.Result;
};

/**
 * Closed loop over several servers at once (instances behind a load balancer): `connections` split
 * evenly over `targets`, all running together; the latencies of every reply merged into one
 * histogram, so p99 is that of the whole load, not an average of each server's.
 */
export async function saturateAll(
  targets: readonly Target[],
  opts: { connections: number; seconds: number },
): Promise<SaturationResult> {
  const runs = await Promise.all(
    targets.map((target, i) =>
      autocannon({
        url: target.baseUrl + target.path,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...target.headers },
        body: JSON.stringify(target.body),
        // The first targets take the remainder of an uneven split.
        connections:
          Math.floor(opts.connections / targets.length) + (i < opts.connections % targets.length ? 1 : 0),
        duration: opts.seconds,
        skipAggregateResult: true,
      }),
    ),
  );
  const result = aggregateResult(runs, { url: targets[0]!.baseUrl, connections: opts.connections });
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface PacedResult {
  /** Requests per second actually completed. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Replies that were not HTTP 200, plus connection errors. */
  failures: number;
  /** Every request's latency, ms (to merge runs over several servers). */
  latencies: number[];
  /**
   * Every request that got a reply: its scheduled start and the moment it went on the wire (both
   * wall-clock ms since the epoch) and its latency from the scheduled start, to line the slow ones
   * up with what else happened then (BENCH_FLEET_TRACE).
   */
  calls: PacedCall[];
}

export interface PacedCall {
  scheduled: number;
  sent: number;
  ms: number;
  status: number;
  /** Which server (pacedAll's target index). */
  target: number;
}

/**
 * Open loop: requests start on a fixed schedule (`rate` per second) over at most `connections`
 * kept-alive sockets, whatever the replies do. Latency runs from the scheduled start, so a
 * server that falls behind is charged for the queue it causes (no coordinated omission).
 * autocannon's own rate limit sends each second's quota in a burst at the top of the second,
 * which measures a 50-request burst rather than a steady 1,000 requests/s. The sockets are raw
 * (raw-http.ts): the generator runs on the server's two cores, and a lighter one measures more
 * of the server and less of itself.
 */
export async function paced(
  target: Target,
  opts: { rate: number; connections: number; seconds: number },
): Promise<PacedResult> {
  const url = new URL(target.baseUrl + target.path);
  const request = postRequest(url, target.body, target.headers);
  const idle: RawConnection[] = [];
  for (let i = 0; i < opts.connections; i++) idle.push(await RawConnection.open(url));
  const all = [...idle];

  const latencies: number[] = [];
  const calls: PacedCall[] = [];
  const wall = (t: number) => Math.round((performance.timeOrigin + t) * 10) / 10;
  let failures = 0;
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  // Scheduled starts waiting for a free connection, oldest first.
  const queue: number[] = [];
  let queueHead = 0;
  let settled = 0;
  let allSettled!: () => void;
  const finished = new Promise<void>((resolve) => {
    allSettled = resolve;
  });
  // Requests on the wire, by their scheduled start: charged their wait so far if the run is cut short.
  const open = new Set<number>();

  const send = (connection: RawConnection, scheduledAt: number) => {
    open.add(scheduledAt);
    const sentAt = performance.now();
    connection.send(request, (status) => {
      if (!open.delete(scheduledAt)) return;
      const ms = performance.now() - scheduledAt;
      calls.push({ scheduled: wall(scheduledAt), sent: wall(sentAt), ms, status, target: 0 });
      if (status === 200) latencies.push(ms);
      else failures++;
      if (++settled === total) allSettled();
      if (!connection.usable) return;
      if (queueHead < queue.length) send(connection, queue[queueHead++]!);
      else idle.push(connection);
    });
  };

  const started = performance.now();
  await new Promise<void>((done) => {
    let sent = 0;
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
      for (; sent < due; sent++) {
        const scheduledAt = started + sent * interval;
        const connection = idle.pop();
        if (connection) send(connection, scheduledAt);
        else queue.push(scheduledAt);
      }
      // The next tick at the next call's scheduled start: a fixed period (it was interval / 2)
      // sent each call up to that late, which every latency then carried (5 ms at the median
      // at 50 calls/s per server).
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
      else done();
    };
    tick();
  });
  // A server far below the offered rate would take minutes to drain its queue: stop waiting
  // after a grace period and count what is still open or queued at the wait it has had so far.
  let graceTimer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    graceTimer = setTimeout(resolve, Math.max(5000, opts.seconds * 1000));
  });
  await Promise.race([finished, grace]);
  clearTimeout(graceTimer);
  const now = performance.now();
  for (const scheduledAt of [...open, ...queue.slice(queueHead)]) latencies.push(now - scheduledAt);
  open.clear();
  queueHead = queue.length;
  // Closing the sockets also drops the requests the server has not answered yet, which would
  // otherwise go on loading it during the next measurement.
  for (const connection of all) connection.close();
  const elapsed = (now - started) / 1000;
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    failures,
    latencies,
    calls,
  };
}

/** `paced` over several servers at once: the rate and the connections split evenly, the latencies merged. */
export async function pacedAll(
  targets: readonly Target[],
  opts: { rate: number; connections: number; seconds: number },
): Promise<PacedResult> {
  const n = targets.length;
  const runs = await Promise.all(
    targets.map((t) =>
      paced(t, { rate: opts.rate / n, connections: Math.ceil(opts.connections / n), seconds: opts.seconds }),
    ),
  );
  const latencies = runs.flatMap((r) => r.latencies);
  return {
    rps: runs.reduce((sum, r) => sum + r.rps, 0),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
    latencies,
    calls: runs.flatMap((r, i) => r.calls.map((c) => ({ ...c, target: i }))),
  };
}
