import { addExportFormat, addImportFormat } from '../resources/hooks.ts';
import type { AnyDb } from '../resources/queries.ts';

/**
 * The voice lists' own file formats (DOMAIN section 3.3 format names `vcard` and `cdr_csv`):
 * the address book as vCard 3.0 (RFC 2426), export and import, and call records in Asterisk's
 * Master.csv layout (the 16 columns of cdr/cdr_csv.c, in its order, no header).
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

/** The cards of a vCard file as contact records (the group is not taken: it is a local id). */
export function parseVcards(text: string): Record<string, unknown>[] {
  const unfolded = text.replace(/^\uFEFF/, '').replace(/\r?\n[ \t]/g, '');
  const out: Record<string, unknown>[] = [];
  let card: Record<string, unknown> | null = null;
  for (const raw of unfolded.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const [prop, ...params] = line.slice(0, colon).split(';');
    const name = prop!.toUpperCase().replace(/^item\d+\./i, '');
    const value = line.slice(colon + 1);
    const types = params.join(';').toUpperCase();
    if (name === 'BEGIN' && value.toUpperCase() === 'VCARD') card = {};
    else if (name === 'END' && card) {
      out.push(card);
      card = null;
    } else if (card) {
      const text_ = vUnescape(value).trim();
      if (name === 'FN') card.name = text_;
      else if (name === 'N' && !card.name)
        card.name = vUnescape(value.split(';').filter(Boolean).join(' ')).trim();
      else if (name === 'ORG') card.department = vUnescape(value.split(';')[0] ?? '').trim();
      else if (name === 'TITLE') card.position = text_;
      else if (name === 'EMAIL' && !card.email) card.email = text_;
      else if (name === 'TEL') {
        if (types.includes('X-EXTENSION')) card.extension = text_;
        else if (types.includes('CELL') && !card.mobile)
          card.mobile = text_.replace(/^\+?86/, '').replace(/[\s-]/g, '');
        else if (!card.phone) card.phone = text_;
      }
    }
  }
  return out;
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

let registered = false;

export function registerVoiceFormats(): void {
  if (registered) return;
  registered = true;
  addExportFormat('voice:contact', 'vcard', async (rows, ctx) => {
    const ids = [...new Set(rows.map((r) => Number(r.group_id)).filter((id) => id > 0))];
    const groups = new Map<number, string>();
    if (ids.length) {
      const db = ctx.app.db.kysely as unknown as AnyDb;
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
    return { data: Buffer.from(cards.length ? `${cards.join('\r\n')}\r\n` : ''), extension: 'vcf' };
  });
  addImportFormat('voice:contact', 'vcard', (data) => parseVcards(data.toString('utf8')));
  addExportFormat('voice:cdr', 'cdr_csv', (rows) => ({
    data: Buffer.from(rows.map((r) => `${cdrCsvLine(r)}\n`).join('')),
    extension: 'csv',
  }));
}
