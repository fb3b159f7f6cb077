// Preloaded into the benchmarked server when BENCH_STALL_LOG is set (server-process.ts): writes a
// line with the wall time for every event-loop stall over 6 ms and every garbage collection over
// 2 ms, to line up with the load generator's slow requests. How the p99 tail of session 5 was
// found (docs/performance.md).
import fs from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.BENCH_STALL_LOG;
if (file) {
  const out = fs.openSync(`${file}.${process.pid}`, 'w');
  const log = (text) => fs.writeSync(out, `${Date.now()} ${text}\n`);
  // V8's kinds: 1 scavenge, 2 minor mark-sweep, 4 mark-compact, 8 incremental marking, 16 weak callbacks.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration > 2) log(`gc kind=${e.detail?.kind} ${e.duration.toFixed(1)}ms`);
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > 6) log(`stall ${(now - last - 1).toFixed(1)}ms`);
    last = now;
  }, 1).unref();
}
