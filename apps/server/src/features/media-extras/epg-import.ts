import { Code, type Lang, say } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { Conn } from '../../platform/db/schema.ts';
import { importFormat, type Registration } from '../../platform/feature.ts';
import type { ActionContext } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { channelId } from './playlists.ts';
import { type ReadProgramme, readXmltv, XmlError } from './xmltv-read.ts';

/**
 * XMLTV import of the EPG (DOMAIN 2.6 media/Epg I/O): the generic import with format `xmltv`.
 * A programme's channel is the live programme whose XMLTV id (`tvg_id`, or `channel-<number>` as
 * the export writes for programmes without one) is the programme's channel attribute; guides carry
 * many channels this gateway does not show, so programmes of other channels are left out. Each
 * record then goes through the usual validation and the EPG rules (stop after start, no overlap).
 */

const epg = resourceByName('media:epg');
const live = resourceByName('media:live');

/** The calls whose EPG rows came from an XMLTV file: their new rows get source xmltv (writes.ts). */
export const xmltvImports = new WeakSet<ActionContext>();

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

/** One XMLTV programme as an EPG record (texts cut to the fields' lengths). */
export function epgRecord(p: ReadProgramme, programId: number): Record<string, unknown> {
  const max = (name: string) => epg.fields.find((f) => f.name === name)?.max ?? 255;
  return {
    program_id: programId,
    start: p.start,
    stop: p.stop,
    title: cut(p.title, max('title')),
    title_en: cut(p.titleEn, max('title_en')),
    sub_title: cut(p.subTitle, max('sub_title')),
    desc: cut(p.desc, max('desc')),
    category: cut(p.category, max('category')),
    episode: cut(p.episode, max('episode')),
  };
}

/** Reads a guide; 422 naming the file when it is not XMLTV. */
export function readGuide(data: Buffer, lang: Lang, field = 'file') {
  try {
    return readXmltv(data.toString('utf8'));
  } catch (e) {
    if (!(e instanceof XmlError)) throw e;
    const msg = say(lang, 'media.notXmltvFile', { message: e.message });
    throw new ApiError(Code.invalid, msg, { errors: [{ field, msg }] });
  }
}

const epgXmltvImport = importFormat('media:epg', 'xmltv', async (data, ctx) => {
  const guide = readGuide(data, ctx.lang);
  const ids = await programmesByXmltvId(ctx.app.db.kysely, ctx.scope.writeSite());
  const records = guide.programmes.flatMap((p) => {
    const id = ids.get(p.channel);
    return id === undefined ? [] : [epgRecord(p, id)];
  });
  if (!records.length) {
    const msg = guide.programmes.length
      ? say(ctx.lang, 'media.noneFileSProgrammes', { n: guide.programmes.length })
      : say(ctx.lang, 'media.fileHoldsNoProgramme');
    throw new ApiError(Code.invalid, msg, { errors: [{ field: 'file', msg }] });
  }
  xmltvImports.add(ctx);
  return records;
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const epgFormats: readonly Registration[] = [epgXmltvImport];
