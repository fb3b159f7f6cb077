import { texts } from '@igs/contract';
import iconv from 'iconv-lite';
import { invalidField } from '../../platform/http/errors.ts';

/**
 * The address book's vCard reader and writer (issue 15 item 6). Read: vCard 2.1 (bare TYPE
 * params, QUOTED-PRINTABLE values with their CHARSET and soft line breaks, as Android writes its
 * names), 3.0 (RFC 2426: Apple's `itemN.` groups with `X-ABLabel`, Google's export) and 4.0
 * (RFC 6350: quoted parameter lists, `tel:` URIs with `;ext=`). Written: vCard 3.0 as Google
 * Contacts and Apple Contacts import it: N with family and given apart, FN, ORG (company;
 * department), TITLE, TEL with its TYPE (an Apple label through `itemN.X-ABLabel`), EMAIL, ADR,
 * NOTE, CATEGORIES; lines folded at 75 octets.
 */

/** RFC 2426 text value escaping. */
function vEscape(v: unknown): string {
  return String(v ?? '')
    .replaceAll('\\', '\\\\')
    .replace(/\r?\n/g, '\\n')
    .replaceAll(',', '\\,')
    .replaceAll(';', '\\;');
}

function vUnescape(v: string): string {
  return v.replace(/\\([nN,;:\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 2426 section 2.6). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let cur = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    const limit = out.length ? 74 : 75; // continuation lines start with a space
    if (bytes + n > limit) {
      out.push(cur);
      cur = '';
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

/** A TEL beyond the contact's mobile, phone and extension. */
export interface OtherPhone {
  type?: string | null;
  number: string;
  ext?: string | null;
}

/** ADR's seven components (RFC 2426 3.2.1), by the names the contact keeps them under. */
export const ADR_PARTS = [
  'pobox',
  'extended',
  'street',
  'locality',
  'region',
  'postcode',
  'country',
] as const;
export type Address = Partial<Record<(typeof ADR_PARTS)[number], string | null>>;

export interface ContactCard {
  name: string;
  family_name?: string | null;
  given_name?: string | null;
  company?: string | null;
  department?: string | null;
  position?: string | null;
  extension?: string | null;
  mobile?: string | null;
  phone?: string | null;
  phones?: OtherPhone[] | string | null;
  email?: string | null;
  address?: Address | string | null;
  note?: string | null;
  group?: string | null;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
/** Chinese two-character family names (a name written without a space is split after them). */
const COMPOUND_SURNAMES = [
  '欧阳',
  '司马',
  '上官',
  '诸葛',
  '东方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '长孙',
  '宇文',
  '司徒',
  '夏侯',
  '轩辕',
  '令狐',
  '端木',
  '独孤',
  '南宫',
  '西门',
];

/**
 * Family and given name of a contact for N: as the card gave them when it was imported, else
 * derived from the name shown: "John Appleseed" is given John, family Appleseed; a Chinese name
 * written without a space has its family name first (one character, or a compound surname); any
 * other single word is a given name.
 */
export function splitName(c: ContactCard): { family: string; given: string } {
  if (c.family_name || c.given_name) return { family: c.family_name ?? '', given: c.given_name ?? '' };
  const name = String(c.name ?? '').trim();
  const words = name.split(/\s+/);
  if (words.length > 1) return { family: words.at(-1)!, given: words.slice(0, -1).join(' ') };
  const chars = [...name];
  if (CJK.test(name) && chars.length >= 2 && chars.length <= 4) {
    const n = COMPOUND_SURNAMES.some((s) => name.startsWith(s)) && chars.length > 2 ? 2 : 1;
    return { family: chars.slice(0, n).join(''), given: chars.slice(n).join('') };
  }
  return { family: '', given: name };
}

/** The name a card without FN shows: given then family, or family then given in Chinese. */
function composeName(family: string, given: string, middle: string): string {
  if (CJK.test(family + given)) return `${family}${given}`.trim();
  return [given, middle, family].filter(Boolean).join(' ').trim();
}

function parsed<T>(v: T | string | null | undefined): T | null {
  if (v == null || v === '') return null;
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as T;
  } catch {
    return null;
  }
}

/** vCard TYPE words; any other label is written as an Apple `X-ABLabel`. */
const TEL_TYPES = new Set([
  'home',
  'work',
  'cell',
  'voice',
  'fax',
  'pager',
  'main',
  'iphone',
  'other',
  'text',
  'video',
]);

function telValue(number: string, ext?: string | null): string {
  return ext ? `${number} x${ext}` : number;
}

export function toVcard(c: ContactCard): string {
  const { family, given } = splitName(c);
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${vEscape(c.name)}`,
    `N:${vEscape(family)};${vEscape(given)};;;`,
  ];
  if (c.company || c.department)
    lines.push(`ORG:${vEscape(c.company ?? '')}${c.department ? `;${vEscape(c.department)}` : ''}`);
  if (c.position) lines.push(`TITLE:${vEscape(c.position)}`);
  if (c.mobile) lines.push(`TEL;TYPE=CELL:${vEscape(c.mobile)}`);
  if (c.phone) lines.push(`TEL;TYPE=WORK,VOICE:${vEscape(c.phone)}`);
  if (c.extension) lines.push(`TEL;TYPE=X-EXTENSION:${vEscape(c.extension)}`);
  let item = 0;
  for (const p of parsed<OtherPhone[]>(c.phones) ?? []) {
    if (!p?.number) continue;
    // Types as the reader keeps them (lower case); a label such as Apple's "Other" or "Assistant"
    // goes back as the label it was.
    const words = String(p.type ?? '')
      .split(/[,\s]+/)
      .filter(Boolean);
    const value = vEscape(telValue(p.number, p.ext));
    if (words.every((w) => TEL_TYPES.has(w)))
      lines.push(
        words.length ? `TEL;TYPE=${words.map((w) => w.toUpperCase()).join(',')}:${value}` : `TEL:${value}`,
      );
    else {
      item++;
      lines.push(`item${item}.TEL:${value}`, `item${item}.X-ABLabel:${vEscape(p.type)}`);
    }
  }
  if (c.email) lines.push(`EMAIL;TYPE=INTERNET:${vEscape(c.email)}`);
  const adr = parsed<Address>(c.address);
  if (adr && ADR_PARTS.some((k) => adr[k]))
    lines.push(`ADR;TYPE=WORK:${ADR_PARTS.map((k) => vEscape(adr[k] ?? '')).join(';')}`);
  if (c.note) lines.push(`NOTE:${vEscape(c.note)}`);
  if (c.group) lines.push(`CATEGORIES:${vEscape(c.group)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n');
}

/** Splits a structured value (N, ORG, ADR) or a list (CATEGORIES) at separators not escaped. */
function splitUnescaped(v: string, sep: ';' | ','): string[] {
  return v.split(sep === ';' ? /(?<!\\);/ : /(?<!\\),/);
}

/** One card as a contact record, plus the names of its CATEGORIES (groups are matched by name). */
export interface ParsedCard {
  record: Record<string, unknown>;
  categories: string[];
}

interface ContentLine {
  group: string;
  name: string;
  /** Parameter names upper-cased; a bare 2.1 parameter (`TEL;CELL`) is a TYPE. */
  params: Map<string, string[]>;
  value: string;
}

/** Splits at a separator outside double quotes. */
function splitOutsideQuotes(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of s) {
    if (ch === '"') quoted = !quoted;
    if (ch === sep && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function parseLine(line: string): ContentLine | null {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return null;
  const [head, ...rawParams] = splitOutsideQuotes(line.slice(0, colon), ';');
  const dot = head!.lastIndexOf('.');
  const params = new Map<string, string[]>();
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    const key = (eq < 0 ? 'TYPE' : p.slice(0, eq)).trim().toUpperCase();
    const raw = eq < 0 ? p : p.slice(eq + 1);
    // 4.0 quotes a list (`TYPE="work,voice"`); 3.0 may repeat the parameter (`type=CELL;type=pref`).
    const values = splitOutsideQuotes(raw, ',').flatMap((v) => v.trim().replace(/^"|"$/g, '').split(','));
    // A bare 2.1 parameter may also be the encoding (`;QUOTED-PRINTABLE`).
    if (eq < 0 && /^(QUOTED-PRINTABLE|BASE64|8BIT|7BIT|B)$/i.test(raw.trim()))
      params.set('ENCODING', [raw.trim()]);
    else params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return {
    group: dot < 0 ? '' : head!.slice(0, dot).toLowerCase(),
    name: head!.slice(dot + 1).toUpperCase(),
    params,
    value: line.slice(colon + 1),
  };
}

function isQuotedPrintable(line: string): boolean {
  const colon = line.indexOf(':');
  return colon > 0 && /;\s*(ENCODING=)?QUOTED-PRINTABLE\b/i.test(line.slice(0, colon));
}

/**
 * Logical lines of a file: RFC 2425 folding (a line starting with a space or tab continues the
 * one before), and vCard 2.1's quoted-printable soft line breaks (a QP value ending in `=`
 * continues on the next line, which need not start with a space).
 */
function logicalLines(text: string): string[] {
  const out: string[] = [];
  let softBreak = false;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    if (softBreak && out.length) {
      out[out.length - 1] = out.at(-1)!.slice(0, -1) + raw.replace(/^[ \t]+/, '');
    } else if (/^[ \t]/.test(raw) && out.length) {
      out[out.length - 1] += raw.slice(1);
    } else out.push(raw);
    const last = out.at(-1) ?? '';
    softBreak = isQuotedPrintable(last) && last.endsWith('=');
  }
  return out;
}

/** A QUOTED-PRINTABLE value's bytes read in its CHARSET (UTF-8 when none is named). */
function decodeQuotedPrintable(value: string, charset: string | undefined): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(value[i]!, 'utf8'));
  }
  const cs = charset && iconv.encodingExists(charset) ? charset : 'utf-8';
  return iconv.decode(Buffer.from(bytes), cs);
}

/** A value with its transfer encoding undone (escapes are undone per component later). */
function rawValue(l: ContentLine): string {
  const enc = l.params.get('ENCODING')?.[0]?.toUpperCase();
  if (enc === 'QUOTED-PRINTABLE') return decodeQuotedPrintable(l.value, l.params.get('CHARSET')?.[0]);
  return l.value;
}

/** `label` of Apple's `_$!<Mobile>!$_` form, or the label as written. */
function ablabel(v: string): string {
  return v.replace(/^_\$!<(.*)>!\$_$/, '$1');
}

/** A TEL value's number and extension: `tel:` URIs, `;ext=`, `x123`, `ext. 123`. */
export function splitExtension(v: string): { number: string; ext: string | null } {
  let s = v.trim().replace(/^tel:/i, '');
  let ext: string | null = null;
  const m = /\s*(?:;ext=|,|\s(?:ext\.?|x)\s*|(?<=\d)x)(\d{1,8})$/i.exec(s);
  if (m) {
    ext = m[1]!;
    s = s.slice(0, m.index);
  }
  return { number: s.trim(), ext };
}

/**
 * A mobile number as the contact keeps it: E.164 (`+14155550100`) or local digits; spaces,
 * dashes, dots and brackets are left out, `00` becomes `+`, and a Chinese mobile keeps its 11
 * digits without +86. What is still not a number is returned as it is, for validation to name.
 */
export function normaliseMobile(v: string): string {
  let s = v.replace(/[\s\-().]/g, '');
  if (/^00[1-9]/.test(s)) s = `+${s.slice(2)}`;
  const cn = /^\+?86(1\d{10})$/.exec(s);
  return cn ? cn[1]! : s;
}

/**
 * The cards of a vCard file (2.1, 3.0, 4.0). Throws a file error for text that is not a vCard
 * file or a card left open; a card without the contact's required values is returned as it is,
 * for the import to report against its number.
 */
export function parseVcards(text: string): ParsedCard[] {
  const out: ParsedCard[] = [];
  let lines: ContentLine[] | null = null;
  for (const logical of logicalLines(text)) {
    if (!logical.trim()) continue;
    const l = parseLine(logical.trim());
    if (!l) continue;
    if (l.name === 'BEGIN' && l.value.trim().toUpperCase() === 'VCARD') {
      if (lines) throw invalidField('file', texts('voice.cardNoEnd', { n: out.length + 1 }));
      lines = [];
    } else if (l.name === 'END' && l.value.trim().toUpperCase() === 'VCARD' && lines) {
      out.push(cardOf(lines));
      lines = null;
    } else lines?.push(l);
  }
  if (lines) throw invalidField('file', texts('voice.cardNoEnd', { n: out.length + 1 }));
  if (!out.length) throw invalidField('file', texts('voice.noVcard'));
  return out;
}

function cardOf(lines: ContentLine[]): ParsedCard {
  const c: Record<string, unknown> = {};
  const categories: string[] = [];
  const labels = new Map<string, string>();
  for (const l of lines)
    if (l.group && l.name === 'X-ABLABEL') labels.set(l.group, ablabel(vUnescape(rawValue(l)).trim()));
  const phones: OtherPhone[] = [];
  let fnSeen = false;
  let middle = '';
  for (const l of lines) {
    const value = rawValue(l);
    const text = vUnescape(value).trim();
    const parts = () => splitUnescaped(value, ';').map((v) => vUnescape(v).trim());
    switch (l.name) {
      case 'FN':
        if (text) {
          c.name = text;
          fnSeen = true;
        }
        break;
      case 'N': {
        const [family = '', given = '', mid = ''] = parts();
        if (family) c.family_name = family;
        if (given) c.given_name = given;
        middle = mid;
        break;
      }
      case 'ORG': {
        const [company = '', ...units] = parts();
        if (company) c.company = company;
        const dept = units.filter(Boolean).join(' / ');
        if (dept) c.department = dept;
        break;
      }
      case 'TITLE':
        if (text) c.position = text;
        break;
      case 'EMAIL':
        if (text && !c.email) c.email = text;
        break;
      case 'NOTE':
        if (text) c.note = c.note ? `${String(c.note)}\n${text}` : text;
        break;
      case 'ADR': {
        if (c.address) break;
        const p = parts();
        const adr: Address = {};
        ADR_PARTS.forEach((k, i) => {
          if (p[i]) adr[k] = p[i];
        });
        if (Object.keys(adr).length) c.address = adr;
        break;
      }
      case 'CATEGORIES':
        categories.push(...splitUnescaped(value, ',').map((v) => vUnescape(v).trim()));
        break;
      case 'TEL': {
        if (!text) break;
        const types = (l.params.get('TYPE') ?? []).map((t) => t.toLowerCase());
        const { number, ext } = splitExtension(text);
        const label = l.group ? labels.get(l.group) : undefined;
        if (types.includes('x-extension')) c.extension = number;
        else if (types.includes('cell') && !types.includes('fax') && c.mobile === undefined && !ext)
          c.mobile = normaliseMobile(number);
        else if (!label && c.phone === undefined && !types.includes('fax') && !types.includes('cell'))
          c.phone = telValue(number, ext);
        else {
          const type =
            label ??
            types.filter((t) => !['voice', 'pref', 'internet'].includes(t) && !/^pref=/.test(t)).join(',');
          phones.push({ type: type || null, number, ext });
        }
        break;
      }
    }
  }
  if (!fnSeen && (c.family_name || c.given_name))
    c.name = composeName(String(c.family_name ?? ''), String(c.given_name ?? ''), middle);
  if (phones.length) c.phones = phones;
  return { record: c, categories };
}
