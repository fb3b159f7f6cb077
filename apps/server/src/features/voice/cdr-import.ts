import { type Lang, say } from '@igs/contract';
import { parseCsv } from '../../platform/lib/csv.ts';

/**
 * Asterisk's Master.csv (cdr/cdr_csv.c) read back into call records. There is no header, so the
 * layout is chosen by the number of columns: the 16 standard ones (accountcode … amaflags), then
 * what cdr.conf's `[csv]` section adds in this order: `uniqueid` (loguniqueid), `userfield`
 * (loguserfield) and, with `newcdrcolumns=yes`, `peeraccount`, `linkedid`, `sequence`:
 *
 *   16 standard · 17 + uniqueid (or userfield, when the value is no unique id) · 18 + uniqueid,
 *   userfield · 19 + peeraccount, linkedid, sequence · 20 + uniqueid (or userfield), peeraccount,
 *   linkedid, sequence · 21 + all five.
 *
 * The direction is derived the way the gateway's dialplan names things: calls into `from-trunk`
 * are inbound, calls dialled out through a `trunk-…` endpoint outbound, the rest internal.
 */

export const STANDARD_COLUMNS = [
  'accountcode',
  'src',
  'dst',
  'dcontext',
  'clid',
  'channel',
  'dstchannel',
  'lastapp',
  'lastdata',
  'start',
  'answer',
  'end',
  'duration',
  'billsec',
  'disposition',
  'amaflags',
] as const;

/** The columns after amaflags, in cdr_csv's order. */
export const EXTRA_COLUMNS = ['uniqueid', 'userfield', 'peeraccount', 'linkedid', 'sequence'] as const;
export type ExtraColumn = (typeof EXTRA_COLUMNS)[number];

const NEW_COLUMNS = ['peeraccount', 'linkedid', 'sequence'] as const;

/** An Asterisk unique id: `1714525200.1`, or with a system name `pbx1-1714525200.1`. */
const UNIQUEID = /^(?:[\w.-]+-)?\d{9,}\.\d+$/;

/** The columns of a header-less line of `n` cells, or null when no cdr_csv layout has n. */
export function layoutOf(cells: readonly string[]): readonly string[] | null {
  const one = (v: string | undefined) => (UNIQUEID.test((v ?? '').trim()) ? 'uniqueid' : 'userfield');
  switch (cells.length) {
    case 16:
      return STANDARD_COLUMNS;
    case 17:
      return [...STANDARD_COLUMNS, one(cells[16])];
    case 18:
      return [...STANDARD_COLUMNS, 'uniqueid', 'userfield'];
    case 19:
      return [...STANDARD_COLUMNS, ...NEW_COLUMNS];
    case 20:
      return [...STANDARD_COLUMNS, one(cells[16]), ...NEW_COLUMNS];
    case 21:
      return [...STANDARD_COLUMNS, ...EXTRA_COLUMNS];
    default:
      return null;
  }
}

export interface MasterLine {
  line: number;
  record: Record<string, unknown>;
}

export interface MasterProblem {
  line: number;
  field: string;
  msg: string;
}

export function cdrDirection(r: Record<string, unknown>): 'internal' | 'inbound' | 'outbound' {
  const channel = String(r.channel ?? '');
  if (r.dcontext === 'from-trunk' || /^PJSIP\/trunk-/i.test(channel)) return 'inbound';
  const out = `${String(r.dstchannel ?? '')} ${String(r.lastdata ?? '')}`;
  if (/PJSIP\/trunk-|@trunk-/i.test(out)) return 'outbound';
  return 'internal';
}

/** The lines of a Master.csv as records (strings as written; empty values left out). */
export function parseMasterCsv(
  text: string,
  lang: Lang = 'en',
): { lines: MasterLine[]; problems: MasterProblem[] } {
  const lines: MasterLine[] = [];
  const problems: MasterProblem[] = [];
  parseCsv(text).forEach((cells, i) => {
    const line = i + 1;
    // A blank line (a file's last newline doubled, say) is no call.
    if (cells.length === 1 && cells[0]!.trim() === '') return;
    const layout = layoutOf(cells);
    if (!layout) {
      problems.push({
        line,
        field: 'text_file',
        msg: say(lang, 'voice.cdrColumns', { line, n: cells.length }),
      });
      return;
    }
    const record: Record<string, unknown> = {};
    layout.forEach((name, c) => {
      const v = (cells[c] ?? '').trim();
      if (v !== '') record[name] = v;
    });
    record.direction = cdrDirection(record);
    lines.push({ line, record });
  });
  return { lines, problems };
}

/** What a stored call is known by. */
export interface StoredCall {
  id?: unknown;
  uniqueid?: unknown;
  sequence?: unknown;
  start?: unknown;
  src?: unknown;
  dst?: unknown;
  channel?: unknown;
  userfield?: unknown;
  peeraccount?: unknown;
  linkedid?: unknown;
}

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/** When, from, to and on which channel: the call's identity where a line has no unique id. */
function sightKey(r: StoredCall): string {
  return [r.start, r.src, r.dst, r.channel].map((v) => String(v ?? '')).join('|');
}

/**
 * The calls already stored, to tell whether a line is one of them, whatever form each was read
 * from: two records are the same call when both have a unique id and those are equal (and their
 * sequence numbers, where both have one: Asterisk gives the CDRs of one channel the same unique
 * id and counts them by sequence); when either has none, when their start, caller, callee and
 * channel are equal.
 */
export class CallIndex {
  private byUid = new Map<string, StoredCall[]>();
  private bySight = new Map<string, StoredCall[]>();

  constructor(rows: Iterable<StoredCall> = []) {
    for (const r of rows) this.add(r);
  }

  add(r: StoredCall): void {
    if (filled(r.uniqueid)) {
      const k = String(r.uniqueid);
      this.byUid.set(k, [...(this.byUid.get(k) ?? []), r]);
    }
    const s = sightKey(r);
    this.bySight.set(s, [...(this.bySight.get(s) ?? []), r]);
  }

  find(r: StoredCall): StoredCall | undefined {
    if (filled(r.uniqueid)) {
      const same = (this.byUid.get(String(r.uniqueid)) ?? []).find(
        (k) => !filled(k.sequence) || !filled(r.sequence) || Number(k.sequence) === Number(r.sequence),
      );
      if (same) return same;
      return (this.bySight.get(sightKey(r)) ?? []).find((k) => !filled(k.uniqueid));
    }
    return this.bySight.get(sightKey(r))?.[0];
  }
}

/** The extra columns a line gives that the stored record of the same call lacks. */
export function missingExtras(
  stored: StoredCall,
  line: Record<string, unknown>,
): Partial<Record<ExtraColumn, unknown>> {
  const out: Partial<Record<ExtraColumn, unknown>> = {};
  for (const c of EXTRA_COLUMNS) if (!filled(stored[c]) && filled(line[c])) out[c] = line[c];
  return out;
}

/** Which extra columns an export writes after the standard 16. */
export type CdrExtras = 'none' | 'uniqueid_userfield' | 'all';

/**
 * One Master.csv line as cdr_csv writes it: strings and dates quoted, durations and the
 * sequence bare; the standard 16 columns, then the extra ones asked for (18 columns: uniqueid,
 * userfield as loguniqueid/loguserfield write them; 21: peeraccount, linkedid, sequence too).
 */
export function cdrCsvLine(r: Record<string, unknown>, extras: CdrExtras = 'none'): string {
  const q = (v: unknown) => `"${String(v ?? '').replaceAll('"', '""')}"`;
  const n = (v: unknown) => String(Number(v ?? 0) || 0);
  const cells = STANDARD_COLUMNS.map((c) => (c === 'duration' || c === 'billsec' ? n(r[c]) : q(r[c])));
  if (extras !== 'none') cells.push(q(r.uniqueid), q(r.userfield));
  if (extras === 'all') cells.push(q(r.peeraccount), q(r.linkedid), n(r.sequence));
  return cells.join(',');
}
