import { FILE_FORMATS } from '@igs/contract/resources';
import { exportFormat, importFormat, type Registration } from '../../platform/feature.ts';
import type { SignedInContext } from '../../platform/http/action.ts';
import type { ImportFile } from '../../platform/resources/import-text.ts';
import { type CdrExtras, cdrCsvLine } from './cdr-import.ts';
import { pjsipFragment } from './pjsip-export.ts';
import { type ContactCard, parseVcards, toVcard } from './vcard.ts';

/**
 * The voice lists' own file formats (DOMAIN section 3.3 format names `vcard`, `cdr_csv`, `pjsip`):
 * the address book as vCard (vcard.ts: 2.1, 3.0 and 4.0 read, 3.0 written), call records in
 * Asterisk's Master.csv layout (cdr-import.ts: the 16 columns of cdr/cdr_csv.c in its order, no
 * header, and its extended forms), and the
 * pjsip.conf sections of trunks and extensions (pjsip-export.ts).
 */

/**
 * The Master.csv form an export writes: 21 columns when any call has peeraccount, linkedid or a
 * sequence (cdr.conf newcdrcolumns), 18 when any has a unique id or user field (loguniqueid,
 * loguserfield, Asterisk's defaults), else the standard 16.
 */
export function cdrExtrasOf(rows: readonly Record<string, unknown>[]): CdrExtras {
  const has = (c: string) => rows.some((r) => r[c] !== null && r[c] !== undefined && r[c] !== '');
  if (['peeraccount', 'linkedid', 'sequence'].some(has)) return 'all';
  if (['uniqueid', 'userfield'].some(has)) return 'uniqueid_userfield';
  return 'none';
}

/**
 * A vCard file as contact records. A card's group is the first of its CATEGORIES that names a
 * group of the site being written (the export writes the group's name there); other categories
 * are an address book's own labels, and are left out.
 */
async function importVcards(
  _data: Buffer,
  ctx: SignedInContext,
  file: ImportFile,
): Promise<Record<string, unknown>[]> {
  const cards = parseVcards(file.text());
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
  // The standard 16 columns; the extended forms only when the calls exported carry their
  // values (cdrExtrasOf), so one file has one layout and a 16-column reader still reads it.
  exportFormat('voice:cdr', 'cdr_csv', (rows) => {
    const extras = cdrExtrasOf(rows);
    return {
      data: Buffer.from(rows.map((r) => `${cdrCsvLine(r, extras)}\n`).join('')),
      extension: FILE_FORMATS.cdr_csv.extension,
    };
  }),
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
