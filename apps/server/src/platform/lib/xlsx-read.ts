import { XMLParser } from 'fast-xml-parser';
import { strFromU8, type UnzipFileInfo, unzipSync } from 'fflate';

/**
 * Reads the first sheet of an Office Open XML workbook (`.xlsx`, as Excel, WPS, LibreOffice and
 * this product's own toXlsx write it) into rows of text cells, so an import reads a sheet as it
 * reads a CSV file (issue 15 item 8).
 *
 * - The sheet is the first of workbook.xml's `<sheets>`, found through its relationship.
 * - Cells are placed by their reference (`C7`), so skipped (empty) cells and rows keep their place;
 *   each row keeps its sheet row number for error messages.
 * - Shared strings (rich-text runs joined, phonetic runs left out), inline strings, formula
 *   strings, numbers (as Excel shows them: 15 significant digits), booleans (`1`/`0`), error values
 *   as written, and dates: a number whose style's number format is a date or time becomes
 *   `YYYY-MM-DD`, `YYYY-MM-DD HH:mm:ss` or `HH:mm`(`:ss`), in the workbook's 1900 or 1904 system.
 * - Bounded: only the parts read are unpacked, each and all together at most MAX_XLSX_UNPACKED
 *   bytes by their declared sizes (a part is never unpacked past its declared size), so a zip bomb
 *   is refused, not unpacked; a DOCTYPE (never in OOXML) is refused before parsing.
 */

export const MAX_XLSX_UNPACKED = 48 * 1024 * 1024;

export class XlsxReadError extends Error {
  readonly reason: 'notXlsx' | 'tooLarge' | 'noSheet' | 'dtd';
  constructor(reason: XlsxReadError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface SheetRow {
  /** The row's number in the sheet (1-based), as Excel shows it. */
  line: number;
  cells: string[];
}

export interface Sheet {
  name: string;
  rows: SheetRow[];
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: (name) => ['sheet', 'Relationship', 'si', 'r', 'row', 'c', 'numFmt', 'xf'].includes(name),
});

type Node = Record<string, unknown>;

function unpack(data: Uint8Array, wanted: (name: string) => boolean, budget: { left: number }) {
  try {
    const files = unzipSync(data, {
      filter: (f: UnzipFileInfo) => {
        if (!wanted(f.name)) return false;
        budget.left -= f.originalSize;
        if (f.originalSize > MAX_XLSX_UNPACKED || budget.left < 0)
          throw new XlsxReadError(
            'tooLarge',
            `the workbook unpacks to more than ${MAX_XLSX_UNPACKED / 1024 / 1024} MB`,
          );
        return true;
      },
    });
    // Keyed case-insensitively: writers differ in the case of part names.
    return new Map(Object.entries(files).map(([k, v]) => [k.toLowerCase(), v]));
  } catch (e) {
    if (e instanceof XlsxReadError) throw e;
    throw new XlsxReadError('notXlsx', 'the file is not an Excel workbook (.xlsx)');
  }
}

function xml(bytes: Uint8Array | undefined): Node | undefined {
  if (!bytes) return undefined;
  const text = strFromU8(bytes);
  if (/<!DOCTYPE/i.test(text)) throw new XlsxReadError('dtd', 'the workbook declares a DTD');
  try {
    return parser.parse(text) as Node;
  } catch {
    throw new XlsxReadError('notXlsx', 'the workbook has a part that is not well-formed XML');
  }
}

const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v ? [v as Node] : []);

/** An element's text: `<t>` may be a string or an object with `#text` (attributes beside it). */
function textOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(textOf).join('');
  const t = (v as Node)['#text'];
  return t === undefined ? '' : String(t);
}

/** Excel escapes characters XML cannot carry as `_xHHHH_` (and a literal `_x` as `_x005F_x`). */
function unescapeX(s: string): string {
  return s.includes('_x')
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    : s;
}

/** A string item (`<si>` or `<is>`): plain `<t>`, or rich-text runs `<r><t>`; phonetic `<rPh>` left out. */
function stringItem(si: Node | undefined): string {
  if (!si || typeof si !== 'object') return '';
  if (si.t !== undefined) return unescapeX(textOf(si.t));
  return unescapeX(
    list(si.r)
      .map((r) => textOf(r.t))
      .join(''),
  );
}

/** Zip part path of a relationship target, relative to the part in `base` (`xl/`). */
function partPath(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : base + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/').toLowerCase();
}

// Built-in number formats that are dates or times (ECMA-376 18.8.30, with the East Asian ones).
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);
// Of these, times of day only (the Chinese 32–35 among them), and those showing seconds.
const BUILT_IN_TIMES = new Set([18, 19, 20, 21, 32, 33, 34, 35, 45, 46, 47]);
const BUILT_IN_SECONDS = new Set([19, 21, 33, 35, 45, 46, 47]);

interface DateStyle {
  date: boolean;
  time: boolean;
  seconds: boolean;
}

/** What a custom format code shows: its date/time letters outside quotes, escapes and brackets. */
function dateStyleOfCode(code: string): DateStyle | undefined {
  const section = code.split(';')[0] ?? '';
  const bare = section
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/_.|\*./g, '')
    .replace(/\[(h+|m+|s+)\]/gi, '$1')
    .replace(/\[[^\]]*\]/g, '');
  if (!/[ymdhs]/i.test(bare) || /[#0?]/.test(bare.replace(/[.:]0+/g, ''))) return undefined;
  const date = /[yd]/i.test(bare) || (/m/i.test(bare) && !/[hs]/i.test(bare));
  const time = /[hs]/i.test(bare);
  return { date, time, seconds: /s/i.test(bare) };
}

function dateStyles(styles: Node | undefined): (DateStyle | undefined)[] {
  const sheet = styles?.styleSheet as Node | undefined;
  const custom = new Map<number, string>();
  for (const f of list((sheet?.numFmts as Node | undefined)?.numFmt))
    custom.set(Number(f['@numFmtId']), String(f['@formatCode'] ?? ''));
  return list((sheet?.cellXfs as Node | undefined)?.xf).map((xf) => {
    const id = Number(xf['@numFmtId'] ?? 0);
    const code = custom.get(id);
    if (code !== undefined) return dateStyleOfCode(code);
    if (!BUILT_IN_DATES.has(id)) return undefined;
    const time = BUILT_IN_TIMES.has(id) || id === 22;
    return { date: !BUILT_IN_TIMES.has(id), time, seconds: BUILT_IN_SECONDS.has(id) };
  });
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function dateText(serial: number, style: DateStyle, date1904: boolean): string {
  // Day 0 is 1899-12-30 in the 1900 system (Excel's phantom 1900-02-29 included), 1904-01-01 in the other.
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const d = new Date(epoch + Math.round(serial * 86400) * 1000);
  const day = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const hm = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  if (!style.time) return day;
  if (!style.date) return style.seconds ? `${hm}:${pad(d.getUTCSeconds())}` : hm;
  return `${day} ${hm}:${pad(d.getUTCSeconds())}`;
}

/** A number as Excel shows it in General: at most 15 significant digits, no exponent for integers. */
function numberText(v: string): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return v.trim();
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  return String(Number(n.toPrecision(15)));
}

/** `C7` → column 2 (0-based) and row 7; undefined when absent or malformed. */
function cellRef(ref: unknown): { col: number; row: number } | undefined {
  const m = typeof ref === 'string' ? /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref) : null;
  if (!m) return undefined;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col: col - 1, row: Number(m[2]) };
}

/** The first sheet of the workbook in `data`, every non-empty row with its row number. */
export function readXlsx(data: Uint8Array): Sheet {
  if (data.length < 4 || data[0] !== 0x50 || data[1] !== 0x4b)
    throw new XlsxReadError('notXlsx', 'the file is not an Excel workbook (.xlsx)');
  const budget = { left: MAX_XLSX_UNPACKED };
  const meta = unpack(
    data,
    (n) =>
      ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedstrings.xml', 'xl/styles.xml'].includes(
        n.toLowerCase(),
      ),
    budget,
  );
  const workbook = xml(meta.get('xl/workbook.xml'))?.workbook as Node | undefined;
  if (!workbook) throw new XlsxReadError('notXlsx', 'the file is not an Excel workbook (.xlsx)');
  const first = list((workbook.sheets as Node | undefined)?.sheet)[0];
  if (!first) throw new XlsxReadError('noSheet', 'the workbook has no sheet');
  const rels = list(
    (xml(meta.get('xl/_rels/workbook.xml.rels'))?.Relationships as Node | undefined)?.Relationship,
  );
  const rid = first['@id'];
  const target = rels.find((r) => r['@Id'] === rid)?.['@Target'];
  const sheetPath = typeof target === 'string' ? partPath('xl/', target) : 'xl/worksheets/sheet1.xml';
  const sheetPart = unpack(data, (n) => n.toLowerCase() === sheetPath, budget).get(sheetPath);
  if (!sheetPart) throw new XlsxReadError('noSheet', 'the workbook has no sheet');

  const shared = list((xml(meta.get('xl/sharedstrings.xml'))?.sst as Node | undefined)?.si).map(stringItem);
  const styles = dateStyles(xml(meta.get('xl/styles.xml')));
  const pr = workbook.workbookPr as Node | undefined;
  const date1904 = pr?.['@date1904'] === '1' || pr?.['@date1904'] === 'true';

  const sheetData = ((xml(sheetPart)?.worksheet as Node | undefined)?.sheetData ?? {}) as Node;
  const rows: SheetRow[] = [];
  let rowNo = 0;
  for (const row of list(sheetData.row)) {
    rowNo = Number(row['@r']) || rowNo + 1;
    const cells: string[] = [];
    let col = -1;
    for (const c of list(row.c)) {
      const ref = cellRef(c['@r']);
      col = ref ? ref.col : col + 1;
      const type = String(c['@t'] ?? 'n');
      const v = textOf(c.v);
      let value: string;
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') value = stringItem(c.is as Node | undefined);
      else if (type === 'b') value = v === '1' || v === 'true' ? '1' : v === '' ? '' : '0';
      else if (type === 'str' || type === 'e') value = unescapeX(v);
      else if (type === 'd') value = v.replace('T', ' ').replace(/(\.\d+)?Z?$/, '');
      else if (v === '') value = '';
      else {
        const style = styles[Number(c['@s'] ?? 0)];
        const n = Number(v);
        value = style && Number.isFinite(n) ? dateText(n, style, date1904) : numberText(v);
      }
      while (cells.length < col) cells.push('');
      cells[col] = value;
    }
    if (cells.some((x) => x !== '')) rows.push({ line: rowNo, cells });
  }
  return { name: String(first['@name'] ?? ''), rows };
}
