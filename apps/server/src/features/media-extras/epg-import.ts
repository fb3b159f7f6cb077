import { Code, type Lang, say } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { Conn } from '../../platform/db/schema.ts';
import { importWriter, type Registration } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { decodeXml, MAX_UNPACKED_BYTES, TextDecodeError } from '../../platform/lib/text-decode.ts';
import { type GuideNote, leftOut, type PlannedProgramme, planGuide, reportNotes } from './guide-policy.ts';
import { channelId } from './playlists.ts';
import { readXmltv, XmlError } from './xmltv-read.ts';

/**
 * XMLTV guides into the EPG (DOMAIN 2.6 media/Epg I/O), the one path of the file import (the
 * generic import with format `xmltv`) and the source sync (source-sync.ts): the same reader
 * (`readGuide`: gzip, the declared encoding, xmltv-read.ts) and the same policy (guide-policy.ts),
 * then `storeGuide`. A programme's channel is the live programme whose XMLTV id (`tvg_id`, or
 * `channel-<number>` as the export writes for programmes without one) is the programme's channel
 * attribute.
 */

const epg = resourceByName('media:epg');
const live = resourceByName('media:live');

/** XMLTV channel id → live programme id, for the live programmes of one site. */
export async function programmesByXmltvId(db: Conn, site: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(live.table)
    .select(['id', 'number', 'tvg_id'])
    .where('site_id', '=', site)
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) out.set(channelId(r.tvg_id as string | null, Number(r.number)), Number(r.id));
  return out;
}

const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);
const maxOf = (name: string) => epg.fields.find((f) => f.name === name)?.max ?? 255;

/** One planned programme as an EPG row: the columns cut to their lengths, the details whole. */
export function epgRecord(p: PlannedProgramme): Record<string, unknown> {
  const details = p.clump ? [...p.details, { kind: 'clumpidx', value: p.clump }] : p.details;
  const text = (name: string, v: string) => (v ? cut(v, maxOf(name)) : null);
  return {
    program_id: p.programId,
    start: p.start,
    stop: p.stop,
    title: cut(p.title, maxOf('title')),
    title_en: text('title_en', p.titleEn),
    sub_title: text('sub_title', p.subTitle),
    desc: text('desc', p.desc),
    category: text('category', p.category),
    episode: text('episode', p.episode),
    details: details.length ? JSON.stringify(details) : null,
  };
}

/** Reads a guide (gzip, its declared encoding, XMLTV); 422 naming `field` when it is not one. */
export function readGuide(
  data: Buffer,
  lang: Lang,
  field = 'file',
  /** The file's text; by default its byte-order mark or declared encoding decides. */
  decode: (data: Buffer) => string = (d) => decodeXml(d).text,
) {
  const refuse = (message: string) => {
    const msg = say(lang, 'media.notXmltvFile', { message });
    return new ApiError(Code.invalid, msg, { errors: [{ field, msg }] });
  };
  let text: string;
  try {
    text = decode(data);
  } catch (e) {
    if (!(e instanceof TextDecodeError)) throw e;
    throw refuse(
      e.reason === 'gzipTooLarge' ? `${e.message} (${MAX_UNPACKED_BYTES / 1048576} MB)` : e.message,
    );
  }
  try {
    return readXmltv(text);
  } catch (e) {
    if (!(e instanceof XmlError)) throw e;
    throw refuse(e.message);
  }
}

export interface StoredGuide {
  /** Channels of the guide that are live programmes here. */
  channels: number;
  inserted: number;
  /** Programmes left out (each with its note). */
  skipped: number;
  notes: GuideNote[];
}

const overlaps = (a: { start: string; stop: string }, b: { start: string; stop: string }) =>
  a.start < b.stop && b.start < a.stop;

/**
 * The guide's programmes into the EPG of the site, as guide-policy.ts plans them: for each channel
 * it covers, its earlier XMLTV programmes in the guide's time range are replaced (a guide fetched
 * again brings the latest listing); a programme overlapping one entered by hand is left out.
 */
export async function storeGuide(
  db: Conn,
  site: number,
  read: Parameters<typeof planGuide>[0],
  now: number,
): Promise<StoredGuide> {
  const plan = planGuide(read, await programmesByXmltvId(db, site));
  const notes = [...plan.notes];
  const byProgram = new Map<number, PlannedProgramme[]>();
  for (const p of plan.kept) {
    const list = byProgram.get(p.programId);
    if (list) list.push(p);
    else byProgram.set(p.programId, [p]);
  }
  let inserted = 0;
  for (const [programId, list] of byProgram) {
    const from = list.reduce((m, p) => (p.start < m ? p.start : m), list[0]!.start);
    const to = list.reduce((m, p) => (p.stop > m ? p.stop : m), list[0]!.stop);
    await db
      .deleteFrom(epg.table)
      .where('site_id', '=', site)
      .where('program_id', '=', programId)
      .where('source', '=', 'xmltv')
      .where('start', '<', to)
      .where('stop', '>', from)
      .execute();
    const manual = (
      await db
        .selectFrom(epg.table)
        .select(['start', 'stop'])
        .where('site_id', '=', site)
        .where('program_id', '=', programId)
        .where('start', '<', to)
        .where('stop', '>', from)
        .execute()
    ).map((r) => ({ start: String(r.start), stop: String(r.stop) }));
    for (const p of list) {
      const hit = manual.find((m) => overlaps(m, p));
      if (hit) {
        notes.push({
          line: p.line,
          channel: p.channel,
          title: p.title,
          reason: 'overlapsManual',
          start: hit.start,
          stop: hit.stop,
        });
        continue;
      }
      await db
        .insertInto(epg.table)
        .values({ ...epgRecord(p), source: 'xmltv', site_id: site, created_at: now, updated_at: now })
        .execute();
      inserted++;
    }
  }
  notes.sort((a, b) => a.line - b.line);
  return { channels: plan.channels, inserted, skipped: leftOut(notes), notes };
}

/**
 * The file import: the guide through storeGuide inside the import's transaction (a dry run shows
 * what would be stored and left out, then writes nothing). What the policy did is the reply's
 * notes, not errors: errors would undo the import, and the valid programmes are what the operator
 * wants. A guide none of whose channels is here is refused: the operator picked the wrong guide, or
 * the channels' XMLTV ids are not set.
 */
const epgXmltvImport = importWriter('media:epg', 'xmltv', async ({ conn, data, ctx, site, file }) => {
  // In the encoding the operator chose in the import dialog, if any; the reply says how it read.
  const read = readGuide(data, ctx.lang, 'file', () => file.xml());
  const total = read.programmes.length + read.problems.length;
  const refuse = (msg: string) => new ApiError(Code.invalid, msg, { errors: [{ field: 'file', msg }] });
  if (!total) throw refuse(say(ctx.lang, 'media.fileHoldsNoProgramme'));
  const stored = await storeGuide(conn, site, read, ctx.app.now());
  // Programmes (with good times) but none on a channel here; a guide of bad times alone is reported.
  if (!stored.channels && read.programmes.length)
    throw refuse(say(ctx.lang, 'media.noneFileSProgrammes', { n: total }));
  return {
    total,
    inserted: stored.inserted,
    updated: 0,
    skipped: stored.skipped,
    errors: [],
    notes: reportNotes(stored.notes, ctx.lang),
  };
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const epgFormats: readonly Registration[] = [epgXmltvImport];
