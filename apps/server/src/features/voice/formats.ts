import { texts } from '@igs/contract';
import { FILE_FORMATS } from '@igs/contract/resources';
import { exportFormat, importFormat, type Registration } from '../../platform/feature.ts';
import type { SignedInContext } from '../../platform/http/action.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { pjsipFragment } from './pjsip-export.ts';

/**
 * The voice lists' own file formats (DOMAIN section 3.3 format names `vcard`, `cdr_csv`, `pjsip`):
 * the address book as vCard 3.0 (RFC 2426), export and import, call records in Asterisk's
 * Master.csv layout (the 16 columns of cdr/cdr_csv.c, in its order, no header), and the
 * pjsip.conf sections of trunks and extensions (pjsip-export.ts).
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
  return v.replace(/\\([nN,;\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
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

export interface ContactCard {
  name: string;
  department?: string | null;
  position?: string | null;
  extension?: string | null;
  mobile?: string | null;
  phone?: string | null;
  email?: string | null;
  group?: string | null;
}

export function toVcard(c: ContactCard): string {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${vEscape(c.name)}`, `N:${vEscape(c.name)};;;;`];
  if (c.department) lines.push(`ORG:${vEscape(c.department)}`);
  if (c.position) lines.push(`TITLE:${vEscape(c.position)}`);
  if (c.mobile) lines.push(`TEL;TYPE=CELL:${vEscape(c.mobile)}`);
  if (c.phone) lines.push(`TEL;TYPE=WORK,VOICE:${vEscape(c.phone)}`);
  if (c.extension) lines.push(`TEL;TYPE=X-EXTENSION:${vEscape(c.extension)}`);
  if (c.email) lines.push(`EMAIL;TYPE=INTERNET:${vEscape(c.email)}`);
  if (c.group) lines.push(`CATEGORIES:${vEscape(c.group)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n');
}

/** Splits a structured value (N, ORG) or a list (CATEGORIES) at separators that are not escaped. */
function splitUnescaped(v: string, sep: ';' | ','): string[] {
  return v.split(sep === ';' ? /(?<!\\);/ : /(?<!\\),/);
}

/** One card as a contact record, plus the names of its CATEGORIES (groups are matched by name). */
export interface ParsedCard {
  record: Record<string, unknown>;
  categories: string[];
}

/**
 * The cards of a vCard file (3.0; 2.1 and 4.0 cards read the same where they agree). Throws
 * a file error for text that is not a vCard file or a card left open; a card without the
 * contact's required values is returned as it is, for the import to report against its number.
 */
export function parseVcards(text: string): ParsedCard[] {
  const unfolded = text.replace(/^\uFEFF/, '').replace(/\r?\n[ \t]/g, '');
  const out: ParsedCard[] = [];
  let card: ParsedCard | null = null;
  for (const raw of unfolded.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const [prop, ...params] = line.slice(0, colon).split(';');
    const name = prop!.toUpperCase().replace(/^item\d+\./i, '');
    const value = line.slice(colon + 1);
    const types = params.join(';').toUpperCase();
    if (name === 'BEGIN' && value.toUpperCase() === 'VCARD') {
      if (card) throw invalidField('file', texts('voice.cardNoEnd', { n: out.length + 1 }));
      card = { record: {}, categories: [] };
    } else if (name === 'END' && card) {
      out.push(card);
      card = null;
    } else if (card) {
      const c = card.record;
      const text_ = vUnescape(value).trim();
      if (name === 'FN') c.name = text_;
      else if (name === 'N' && !c.name)
        c.name = splitUnescaped(value, ';').filter(Boolean).map(vUnescape).join(' ').trim();
      else if (name === 'ORG') c.department = vUnescape(splitUnescaped(value, ';')[0] ?? '').trim();
      else if (name === 'TITLE') c.position = text_;
      else if (name === 'EMAIL' && !c.email) c.email = text_;
      else if (name === 'CATEGORIES')
        card.categories.push(...splitUnescaped(value, ',').map((v) => vUnescape(v).trim()));
      else if (name === 'TEL') {
        if (types.includes('X-EXTENSION')) c.extension = text_;
        else if (types.includes('CELL') && !c.mobile)
          c.mobile = text_.replace(/^\+?86/, '').replace(/[\s-]/g, '');
        else if (!c.phone) c.phone = text_;
      }
    }
  }
  if (card) throw invalidField('file', texts('voice.cardNoEnd', { n: out.length + 1 }));
  if (!out.length) throw invalidField('file', texts('voice.noVcard'));
  return out;
}

/**
 * A vCard file as contact records. A card's group is the first of its CATEGORIES that names a
 * group of the site being written (the export writes the group's name there); other categories
 * are an address book's own labels, and are left out.
 */
async function importVcards(data: Buffer, ctx: SignedInContext): Promise<Record<string, unknown>[]> {
  const cards = parseVcards(data.toString('utf8'));
  const names = [...new Set(cards.flatMap((c) => c.categories))].filter(Boolean);
  const groups = new Map<string, number>();
  if (names.length) {
    const db = ctx.app.db.kysely;
    const rows = await db
      .selectFrom('voice_contact_group')
      .select(['id', 'name'])
      .where('site_id', '=', ctx.scope.writeSite())
      .where('name', 'in', names)
      .orderBy('id')
      .execute();
    for (const g of rows) if (!groups.has(String(g.name))) groups.set(String(g.name), Number(g.id));
  }
  return cards.map(({ record, categories }) => {
    const group = categories.map((n) => groups.get(n)).find((id) => id !== undefined);
    return group === undefined ? record : { ...record, group_id: group };
  });
}

/** One Master.csv line as cdr_csv writes it: strings and dates quoted, durations bare. */
export function cdrCsvLine(r: Record<string, unknown>): string {
  const q = (v: unknown) => `"${String(v ?? '').replaceAll('"', '""')}"`;
  const n = (v: unknown) => String(Number(v ?? 0) || 0);
  return [
    q(r.accountcode),
    q(r.src),
    q(r.dst),
    q(r.dcontext),
    q(r.clid),
    q(r.channel),
    q(r.dstchannel),
    q(r.lastapp),
    q(r.lastdata),
    q(r.start),
    q(r.answer),
    q(r.end),
    n(r.duration),
    n(r.billsec),
    q(r.disposition),
    q(r.amaflags),
  ].join(',');
}

/** The voice lists' own file formats (listed by the voice feature). */
export const voiceFormats: readonly Registration[] = [
  exportFormat('voice:contact', 'vcard', async (rows, ctx) => {
    const ids = [...new Set(rows.map((r) => Number(r.group_id)).filter((id) => id > 0))];
    const groups = new Map<number, string>();
    if (ids.length) {
      const db = ctx.app.db.kysely;
      for (const g of await db
        .selectFrom('voice_contact_group')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .execute())
        groups.set(Number(g.id), String(g.name));
    }
    const cards = rows.map((r) =>
      toVcard({ ...(r as unknown as ContactCard), group: groups.get(Number(r.group_id)) ?? null }),
    );
    return {
      data: Buffer.from(cards.length ? `${cards.join('\r\n')}\r\n` : ''),
      extension: FILE_FORMATS.vcard.extension,
    };
  }),
  importFormat('voice:contact', 'vcard', importVcards),
  exportFormat('voice:cdr', 'cdr_csv', (rows) => ({
    data: Buffer.from(rows.map((r) => `${cdrCsvLine(r)}\n`).join('')),
    extension: FILE_FORMATS.cdr_csv.extension,
  })),
  ...(
    [
      ['voice:trunk', 'trunks'],
      ['voice:extension', 'extensions'],
    ] as const
  ).map(([resource, of]) =>
    exportFormat(resource, 'pjsip', async (rows, ctx) => ({
      data: Buffer.from(await pjsipFragment(ctx.app, rows, of, ctx.lang)),
      extension: FILE_FORMATS.pjsip.extension,
    })),
  ),
];
