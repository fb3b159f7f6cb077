import { parseCsv } from '../../platform/lib/csv.ts';

/**
 * Asterisk's Master.csv (cdr/cdr_csv.c) read back into call records: no header, the 16 columns
 * accountcode … amaflags in that order, then `uniqueid` and `userfield` when cdr.conf logs them.
 * The direction is derived the way the gateway's dialplan names things: calls into `from-trunk`
 * are inbound, calls dialled out through a `trunk-…` endpoint outbound, the rest internal.
 */

export const MASTER_COLUMNS = [
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
  'uniqueid',
] as const;

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
export function parseMasterCsv(text: string): { lines: MasterLine[]; problems: MasterProblem[] } {
  const lines: MasterLine[] = [];
  const problems: MasterProblem[] = [];
  parseCsv(text).forEach((cells, i) => {
    const line = i + 1;
    if (cells.length < 16 || cells.length > 18) {
      problems.push({
        line,
        field: 'text_file',
        msg: `Line ${line} has ${cells.length} columns; a Master.csv line has 16 to 18 (accountcode … amaflags, uniqueid, userfield)`,
      });
      return;
    }
    const record: Record<string, unknown> = {};
    MASTER_COLUMNS.forEach((name, c) => {
      const v = (cells[c] ?? '').trim();
      if (v !== '') record[name] = v;
    });
    record.direction = cdrDirection(record);
    lines.push({ line, record });
  });
  return { lines, problems };
}

/** What makes two lines the same call: Asterisk's unique id, else when, where from and to. */
export function callKey(r: Record<string, unknown>): string {
  return r.uniqueid
    ? `u:${String(r.uniqueid)}`
    : `s:${String(r.start)}|${String(r.channel)}|${String(r.dst)}`;
}
