import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
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
}

/** Closed loop: `connections` clients each sending the next request as soon as the last returns. */
export async function saturate(
  target: Target,
  opts: { connections: number; seconds: number },
): Promise<SaturationResult> {
  const result = await autocannon({
    url: target.baseUrl + target.path,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target.headers },
    body: JSON.stringify(target.body),
    connections: opts.connections,
    duration: opts.seconds,
  });
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
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
}

/**
 * Open loop: requests start on a fixed schedule (`rate` per second) over at most `connections`
 * kept-alive sockets, whatever the replies do. Latency runs from the scheduled start, so a
 * server that falls behind is charged for the queue it causes (no coordinated omission).
 * autocannon's own rate limit sends each second's quota in a burst at the top of the second,
 * which measures a 50-request burst rather than a steady 1,000 requests/s.
 */
export async function paced(
  target: Target,
  opts: { rate: number; connections: number; seconds: number },
): Promise<PacedResult> {
  const url = new URL(target.baseUrl + target.path);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const payload = Buffer.from(JSON.stringify(target.body));
  const headers = {
    'content-type': 'application/json',
    'content-length': String(payload.length),
    ...target.headers,
  };
  const latencies: number[] = [];
  let failures = 0;
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;

  // Requests still open, by their scheduled start: charged their wait so far if the run is cut short.
  const open = new Map<number, http.ClientRequest>();
  const send = (scheduledAt: number) =>
    new Promise<void>((resolve) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, agent },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (!open.delete(scheduledAt)) return;
            if (res.statusCode === 200) latencies.push(performance.now() - scheduledAt);
            else failures++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        if (open.delete(scheduledAt)) failures++;
        resolve();
      });
      open.set(scheduledAt, req);
      req.end(payload);
    });

  const started = performance.now();
  const pending: Promise<void>[] = [];
  await new Promise<void>((done) => {
    let sent = 0;
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
      for (; sent < due; sent++) pending.push(send(started + sent * interval));
      if (sent < total) setTimeout(tick, Math.max(0, interval / 2));
      else done();
    };
    tick();
  });
  // A server far below the offered rate would take minutes to drain its queue: stop waiting
  // after a grace period and count what is still open at the wait it has had so far.
  const grace = new Promise<void>((r) => setTimeout(r, Math.max(5000, opts.seconds * 1000)));
  await Promise.race([Promise.all(pending), grace]);
  const now = performance.now();
  // Destroying each request also drops the ones still queued in the agent, which would
  // otherwise go on loading the server during the next measurement.
  const cut = [...open];
  open.clear();
  for (const [scheduledAt, req] of cut) {
    latencies.push(now - scheduledAt);
    req.destroy();
  }
  const elapsed = (now - started) / 1000;
  agent.destroy();
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    failures,
  };
}
