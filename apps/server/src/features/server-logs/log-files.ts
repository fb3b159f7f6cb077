import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';

/**
 * The daily files of the server's log: listing, reading (tail or paged) and expiry. A file is only
 * ever named from a validated date, so no request can point outside the logs folder.
 */

export const DEFAULT_KEEP_DAYS = 14;
const FILE_RE = /^server-(\d{4}-\d{2}-\d{2})\.log$/;

export function localDate(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** `YYYY-MM-DD` naming a real calendar day (2026-02-30 is refused). */
export function isLogDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function logFilePath(dir: string, date: string): string {
  if (!isLogDate(date)) throw new Error(`not a log date: ${date}`);
  return path.join(dir, `server-${date}.log`);
}

export interface LogFileInfo {
  date: string;
  name: string;
  size: number;
  modified_at: number;
}

/** The daily files present, newest first. */
export async function listLogFiles(dir: string): Promise<LogFileInfo[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const out: LogFileInfo[] = [];
  for (const name of names) {
    const m = FILE_RE.exec(name);
    if (!m || !isLogDate(m[1])) continue;
    const st = await fs.stat(path.join(dir, name)).catch(() => null);
    if (st?.isFile()) out.push({ date: m[1]!, name, size: st.size, modified_at: Math.round(st.mtimeMs) });
  }
  return out.sort((a, b) => b.date.localeCompare(a.date));
}

/** Deletes the files older than the last `keepDays` days (today counts as one). */
export async function purgeOldLogs(dir: string, keepDays: number, now: number): Promise<string[]> {
  const cutoff = localDate(now - (Math.max(1, keepDays) - 1) * 86_400_000);
  const removed: string[] = [];
  for (const f of await listLogFiles(dir)) {
    if (f.date < cutoff) {
      await fs.rm(path.join(dir, f.name), { force: true });
      removed.push(f.name);
    }
  }
  return removed;
}

export interface LogLine {
  /** 1-based line number in the file; null in a tail of a file too large to count. */
  n: number | null;
  text: string;
}

/** The last `count` lines, read backwards from the end so a large file costs only its tail. */
export async function tailLines(
  file: string,
  count: number,
): Promise<{ lines: LogLine[]; total_bytes: number; whole_file: boolean }> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const block = 64 * 1024;
    const chunks: Buffer[] = [];
    let pos = size;
    let newlines = 0;
    // Stop once count + 1 line breaks are in hand (the last byte is usually a break itself), or 16 MB.
    while (pos > 0 && newlines <= count && size - pos < 16 * 1024 * 1024) {
      const len = Math.min(block, pos);
      pos -= len;
      const buf = Buffer.alloc(len);
      await handle.read(buf, 0, len, pos);
      chunks.unshift(buf);
      for (const b of buf) if (b === 10) newlines++;
    }
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    // The first piece is a partial line when reading started mid-file.
    if (pos > 0) lines.shift();
    const kept = lines.slice(-count);
    // Line numbers are known only when the whole file was read.
    const first = pos === 0 ? lines.length - kept.length + 1 : null;
    return {
      lines: kept.map((text, i) => ({ n: first === null ? null : first + i, text })),
      total_bytes: size,
      whole_file: pos === 0,
    };
  } finally {
    await handle.close();
  }
}

export const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

export interface PageQuery {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  keyword?: string;
  /** Lowest pino level shown. */
  level?: keyof typeof LEVELS;
}

function matcher(q: PageQuery): (line: string) => boolean {
  const keyword = q.keyword?.toLowerCase();
  const min = q.level ? LEVELS[q.level]! : 0;
  return (line) => {
    if (keyword && !line.toLowerCase().includes(keyword)) return false;
    if (min) {
      const m = /"level":(\d+)/.exec(line);
      if (!m || Number(m[1]) < min) return false;
    }
    return true;
  };
}

async function eachLine(file: string, fn: (line: string, n: number) => void): Promise<void> {
  const rl = readline.createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let n = 0;
  for await (const line of rl) fn(line, ++n);
}

/** One page of the (filtered) lines; `desc` puts the newest first. Two passes: count, then collect. */
export async function pageLines(file: string, q: PageQuery): Promise<{ lines: LogLine[]; total: number }> {
  const match = matcher(q);
  let total = 0;
  await eachLine(file, (l) => {
    if (match(l)) total++;
  });
  const skip = (q.page - 1) * q.limit;
  // Positions among matching lines, counted from the start of the file.
  const from = q.order === 'asc' ? skip : Math.max(0, total - skip - q.limit);
  const to = q.order === 'asc' ? skip + q.limit : total - skip;
  const lines: LogLine[] = [];
  let i = 0;
  if (to > from) {
    await eachLine(file, (l, n) => {
      if (!match(l)) return;
      if (i >= from && i < to) lines.push({ n, text: l });
      i++;
    });
  }
  if (q.order === 'desc') lines.reverse();
  return { lines, total };
}
