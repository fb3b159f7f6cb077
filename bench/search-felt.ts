import os from 'node:os';
import { Results, renderTable } from './report.ts';
import { benchSearchInBrowser } from './search-browser.ts';
import { readSettings } from './settings.ts';

/**
 * `node bench/search-felt.ts`: only the header search in Chromium (bench/search-browser.ts), without
 * the Node figures of `BENCH_ONLY=search npm run bench` and without writing bench/results; for
 * before/after runs back to back (BENCH_SEARCH_COMPONENT, BENCH_SEARCH_CASE, BENCH_RUNS).
 */
const results = new Results();
const before = os.loadavg()[0]!;
await benchSearchInBrowser(readSettings(), results);
console.log(`\n${renderTable(results.figures)}`);
console.log(`load average (1 min): ${before.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at end`);
