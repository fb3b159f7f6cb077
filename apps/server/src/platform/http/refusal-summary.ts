import { keepText } from '@igs/contract';
import type { AppContext } from '../app-context.ts';
import { writeRefusalSummary } from '../logging/operation-log.ts';

/**
 * Refused anonymous calls (no valid session: 1002, 1005, 429, bad input from nobody) are counted
 * here and written as one operation-log row per address and minute, so that a flood of them
 * cannot grow the log by a row per request. Counts live in this process until their minute is
 * over; each instance writes its own summary.
 */

interface Tally {
  minute: number;
  ip: string;
  count: number;
  codes: Map<number, number>;
  paths: Map<string, number>;
}

/** Addresses kept per minute; beyond this, further addresses share one row (a spoofing flood). */
const MAX_ADDRESSES = 5000;
const MAX_PATHS = 20;
const FLUSH_EVERY_MS = 10_000;
const OVERFLOW_IP = '*';

interface Summaries {
  tallies: Map<string, Tally>;
  timer: NodeJS.Timeout;
  flushing: Promise<void>;
}

const BY_APP = new WeakMap<AppContext, Summaries>();

function minuteOf(ms: number): number {
  return Math.floor(ms / 60_000);
}

/** Counts one refused anonymous call. Cheap: a map update, no database write. */
export function countAnonymousRefusal(app: AppContext, ip: string, path: string, code: number): void {
  const s = BY_APP.get(app);
  if (!s) return;
  const minute = minuteOf(app.now());
  let key = `${minute}|${ip}`;
  let tally = s.tallies.get(key);
  if (!tally && s.tallies.size >= MAX_ADDRESSES) {
    key = `${minute}|${OVERFLOW_IP}`;
    tally = s.tallies.get(key);
  }
  if (!tally) {
    tally = { minute, ip: key.slice(key.indexOf('|') + 1), count: 0, codes: new Map(), paths: new Map() };
    s.tallies.set(key, tally);
  }
  tally.count++;
  tally.codes.set(code, (tally.codes.get(code) ?? 0) + 1);
  const p = path.split('?')[0]!.slice(0, 120);
  if (tally.paths.has(p) || tally.paths.size < MAX_PATHS) tally.paths.set(p, (tally.paths.get(p) ?? 0) + 1);
}

function describe(t: Tally): { code: number; path: string; detail: string } {
  const codes = [...t.codes].sort((a, b) => b[1] - a[1]);
  const paths = [...t.paths].sort((a, b) => b[1] - a[1]);
  const codeText = codes.map(([c, n]) => `${c}×${n}`).join(', ');
  const pathText = paths.map(([p, n]) => `${p}×${n}`).join(', ');
  const from = new Date(t.minute * 60_000).toISOString().slice(11, 16);
  return {
    code: codes[0]![0],
    path: paths.length === 1 ? paths[0]![0] : `(${paths.length})`,
    // Kept as its key: the log list shows it in the reader's language.
    detail: keepText('logging.refusedAnonymous', { count: t.count, from, codes: codeText, paths: pathText }),
  };
}

/** Writes the rows of every finished minute (or of all minutes, when closing). */
export async function flushRefusalSummaries(app: AppContext, all = false): Promise<void> {
  const s = BY_APP.get(app);
  if (!s) return;
  const current = minuteOf(app.now());
  const done = [...s.tallies].filter(([, t]) => all || t.minute < current);
  for (const [key] of done) s.tallies.delete(key);
  for (const [, t] of done) {
    const d = describe(t);
    await writeRefusalSummary(app, { at: t.minute * 60_000, ip: t.ip, ...d }).catch((err) =>
      app.log.error({ err }, 'refusal summary write failed'),
    );
  }
}

/** Starts counting for this app; the returned stop writes what is left. */
export function startRefusalSummaries(app: AppContext): { stop(): Promise<void> } {
  const s: Summaries = {
    tallies: new Map(),
    flushing: Promise.resolve(),
    timer: setInterval(() => {
      s.flushing = s.flushing.then(() => flushRefusalSummaries(app));
    }, FLUSH_EVERY_MS),
  };
  s.timer.unref();
  BY_APP.set(app, s);
  return {
    async stop() {
      clearInterval(s.timer);
      await s.flushing;
      await flushRefusalSummaries(app, true);
      BY_APP.delete(app);
    },
  };
}
