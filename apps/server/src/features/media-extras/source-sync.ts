import { Code, say } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { Conn } from '../../platform/db/schema.ts';
import type { ActionContext } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { decodeText, TextDecodeError } from '../../platform/lib/text-decode.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { readUpload } from '../../platform/uploads/stored.ts';
import { readGuide, type StoredGuide, storeGuide } from './epg-import.ts';
import { fetchSource, GUIDE_MAX_BYTES, PLAYLIST_MAX_BYTES } from './fetch-source.ts';
import { probe, requireProgram } from './ffprobe.ts';
import { noteCounts, reportNotes } from './guide-policy.ts';
import { type M3uEntry, M3uError, type M3uPlaylist, readM3u } from './m3u-read.ts';

/**
 * A live source's `sync` and `test` (DOMAIN 2.6 media/Access). sync reads the source's playlist
 * (fetched with a timeout and a size cap, or its uploaded M3U file) into its collected channels,
 * updating the ones it already had and dropping the ones that left the playlist unless they were
 * imported; a single-stream source (hls, udp multicast, rtsp) is one collected channel. A source
 * with an `xmltv_url` also brings its guide into the EPG. test only reads: the playlist, or the
 * stream with ffprobe.
 */

const collected = resourceByName('media:collect_programs');
const source = resourceByName('media:source');

const isHttp = (url: string) => /^https?:\/\//i.test(url);

async function uploadedText(ctx: SyncContext, db: Conn, id: unknown): Promise<Buffer> {
  const row =
    typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)
      ? await db.selectFrom('uploads').select(['file']).where('id', '=', id).executeTakeFirst()
      : undefined;
  const gone = () => {
    const msg = say(ctx.lang, 'media.m3uFileNotFound');
    return new ApiError(Code.invalid, msg, { errors: [{ field: 'file', msg }] });
  };
  if (!row) throw gone();
  return readUpload(ctx.app, String(row.file), ctx.app.config.uploadMaxBytes).catch(() => {
    throw gone();
  });
}

function playlistOf(ctx: SyncContext, data: Buffer, field: string): M3uPlaylist {
  try {
    // Any encoding the field writes (UTF-16, GB18030, Latin-1, CP1251…), gzip-compressed or not.
    return readM3u(decodeText(data).text);
  } catch (e) {
    if (!(e instanceof M3uError || e instanceof TextDecodeError)) throw e;
    const msg = say(ctx.lang, 'media.notM3uPlaylist', { message: e.message });
    throw new ApiError(Code.invalid, msg, { errors: [{ field, msg }] });
  }
}

/** The playlist a source stands for: fetched, uploaded, or its one stream. */
async function readSource(ctx: SyncContext, db: Conn, src: Record<string, unknown>): Promise<M3uPlaylist> {
  const url = String(src.url ?? '');
  if (src.type === 'm3u_file') return playlistOf(ctx, await uploadedText(ctx, db, src.file), 'file');
  if (src.type === 'm3u_url' || (!src.type && isHttp(url))) {
    const got = await fetchSource(url, {
      lang: ctx.lang,
      field: 'url',
      maxBytes: PLAYLIST_MAX_BYTES,
      userAgent: src.user_agent as string | null,
      referrer: src.referrer as string | null,
    });
    return playlistOf(ctx, got.data, 'url');
  }
  if (!url) {
    const msg = say(ctx.lang, 'media.sourceNoAddress');
    throw new ApiError(Code.invalid, msg, { errors: [{ field: 'url', msg }] });
  }
  const opts: Record<string, string> = {};
  if (src.referrer) opts.referrer = String(src.referrer);
  if (src.user_agent) opts.user_agent = String(src.user_agent);
  return {
    guideUrl: '',
    skipped: 0,
    entries: [
      {
        name: String(src.name),
        tvgId: '',
        tvgName: '',
        tvgLogo: '',
        groupTitle: '',
        tvgChno: null,
        tvgCountry: '',
        tvgLanguage: '',
        url,
        opts,
      },
    ],
  };
}

const cut = (s: string, max: number) => (s ? s.slice(0, max) : null);

function channelValues(e: M3uEntry, position: number): Record<string, unknown> {
  return {
    name: cut(e.name, 128),
    tvg_id: cut(e.tvgId, 64),
    tvg_name: cut(e.tvgName, 128),
    tvg_logo: cut(e.tvgLogo, 1024),
    group_title: cut(e.groupTitle, 64),
    tvg_chno: e.tvgChno !== null && e.tvgChno <= 99999 ? e.tvgChno : null,
    url: e.url,
    opts: Object.keys(e.opts).length ? JSON.stringify(e.opts) : null,
    tvg_country: cut(e.tvgCountry, 64),
    tvg_language: cut(e.tvgLanguage, 64),
    position,
  };
}

/** Writes the playlist's entries as the source's collected channels. */
async function storeChannels(db: Conn, sourceId: number, site: number, list: M3uPlaylist, now: number) {
  const existing = await db
    .selectFrom(collected.table)
    .selectAll()
    .where('site_id', '=', site)
    .where('source_id', '=', sourceId)
    .execute();
  const byTvg = new Map<string, Record<string, unknown>>(
    existing.filter((r) => r.tvg_id).map((r) => [String(r.tvg_id), r]),
  );
  const byUrl = new Map<string, Record<string, unknown>>(existing.map((r) => [String(r.url), r]));
  const seen = new Set<number>();
  const counts = { total: list.entries.length, inserted: 0, updated: 0, removed: 0, skipped: list.skipped };
  for (const [position, e] of list.entries.entries()) {
    if (e.url.length > 1024) {
      counts.skipped++;
      continue;
    }
    // The same stream as before, else the same channel on a new address. Entries sharing a tvg-id
    // with other addresses are the channel's alternate streams, each a collected channel of its own
    // (`import` makes them one programme with backup URLs).
    const sameUrl = byUrl.get(e.url);
    const sameTvg = e.tvgId ? byTvg.get(e.tvgId) : undefined;
    const match = sameUrl ?? (sameTvg && !seen.has(Number(sameTvg.id)) ? sameTvg : undefined);
    const values = channelValues(e, position);
    if (match && !seen.has(Number(match.id))) {
      await db
        .updateTable(collected.table)
        .set({ ...values, updated_at: now })
        .where('id', '=', Number(match.id))
        .execute();
      seen.add(Number(match.id));
      counts.updated++;
      continue;
    }
    if (match) {
      // The same stream twice in one playlist: the first one counts.
      counts.skipped++;
      continue;
    }
    const row = await db
      .insertInto(collected.table)
      .values({ ...values, source_id: sourceId, ignored: 0, site_id: site, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const added = { ...values, id: row.id };
    seen.add(Number(row.id));
    if (e.tvgId && !byTvg.has(e.tvgId)) byTvg.set(e.tvgId, added);
    byUrl.set(e.url, added);
    counts.inserted++;
  }
  const gone = existing
    .filter((r) => !seen.has(Number(r.id)) && !r.imported_program_id)
    .map((r) => Number(r.id));
  if (gone.length) {
    await db.deleteFrom(collected.table).where('id', 'in', gone).execute();
    counts.removed = gone.length;
  }
  return counts;
}

/**
 * What a sync needs of its caller: the app and the language of its messages. A verb passes its
 * call's context; a scheduled task (features/scheduler/jobs.ts) passes the app alone.
 */
export type SyncContext = Pick<ActionContext, 'app' | 'lang'> & { logDetail?: string };

export async function syncSource(ctx: SyncContext, db: Conn, src: Record<string, unknown>, site: number) {
  const now = ctx.app.now();
  const playlist = await readSource(ctx, db, src);
  const channels = await storeChannels(db, Number(src.id), site, playlist, now);
  let guide: StoredGuide | null = null;
  // The playlist's own guide (`url-tvg`/`x-tvg-url`) fills the source's XMLTV URL when it has none.
  const ownGuide = String(src.xmltv_url ?? '');
  const playlistGuide =
    !ownGuide && /^https?:\/\//i.test(playlist.guideUrl) && playlist.guideUrl.length <= 1024
      ? playlist.guideUrl
      : '';
  let guideError = '';
  if (ownGuide || playlistGuide) {
    try {
      const got = await fetchSource(ownGuide || playlistGuide, {
        lang: ctx.lang,
        field: 'xmltv_url',
        maxBytes: GUIDE_MAX_BYTES,
        userAgent: src.user_agent as string | null,
        referrer: src.referrer as string | null,
      });
      guide = await storeGuide(db, site, readGuide(got.data, ctx.lang, 'xmltv_url'), now);
    } catch (e) {
      // A guide the operator named must answer; one the playlist names only is reported.
      if (ownGuide || !(e instanceof ApiError)) throw e;
      guideError = e.message;
    }
  }
  const result = [
    `${channels.total} channels: ${channels.inserted} new, ${channels.updated} updated, ${channels.removed} removed, ${channels.skipped} skipped`,
    ...(guide
      ? [
          `EPG: ${guide.inserted} programmes on ${guide.channels} channels, ${guide.skipped} skipped${guide.notes.length ? ` (${noteCounts(guide.notes)})` : ''}`,
        ]
      : []),
    ...(guideError ? [`EPG: ${guideError}`] : []),
  ].join('; ');
  await db
    .updateTable(source.table)
    .set({
      last_sync_at: formatDateTime(now),
      last_result: result.slice(0, 255),
      ...(playlistGuide ? { xmltv_url: playlistGuide } : {}),
      updated_at: now,
    })
    .where('id', '=', Number(src.id))
    .execute();
  ctx.logDetail = `media:source sync #${src.id}: ${result}`;
  // What the guide policy left out, worded as the file import reports it.
  return { channels, epg: guide && { ...guide, notes: reportNotes(guide.notes, ctx.lang) } };
}

/** The EPG of a source with an `xmltv_url`, fetched again (scheduled `epg_refresh`). */
export async function refreshGuide(ctx: SyncContext, db: Conn, src: Record<string, unknown>, site: number) {
  const got = await fetchSource(String(src.xmltv_url), {
    lang: ctx.lang,
    field: 'xmltv_url',
    maxBytes: GUIDE_MAX_BYTES,
    userAgent: src.user_agent as string | null,
    referrer: src.referrer as string | null,
  });
  return storeGuide(db, site, readGuide(got.data, ctx.lang, 'xmltv_url'), ctx.app.now());
}

export async function testSource(ctx: ActionContext, db: Conn, src: Record<string, unknown>) {
  const url = String(src.url ?? '');
  const scheme = url.slice(0, Math.max(0, url.indexOf(':'))).toLowerCase();
  if (src.type === 'm3u_file' || src.type === 'm3u_url' || (!src.type && isHttp(url))) {
    const list = await readSource(ctx, db, src);
    return { ok: true, channels: list.entries.length, skipped: list.skipped };
  }
  if (src.type === 'hls' || isHttp(url)) {
    const got = await fetchSource(url, {
      lang: ctx.lang,
      field: 'url',
      maxBytes: PLAYLIST_MAX_BYTES,
      userAgent: src.user_agent as string | null,
      referrer: src.referrer as string | null,
    });
    if (
      !got.data
        .toString('utf8', 0, 64)
        .replace(/^\uFEFF/, '')
        .startsWith('#EXTM3U')
    ) {
      const msg = say(ctx.lang, 'media.addressDoesNotAnswer');
      throw new ApiError(Code.invalid, msg, { errors: [{ field: 'url', msg }] });
    }
    return { ok: true, bytes: got.data.length };
  }
  if (['udp', 'rtp', 'rtsp'].includes(scheme)) {
    const binary = await requireProgram('ffprobe', ctx.lang);
    const r = await probe(binary, url, ctx.app.now);
    if (!r.ok)
      throw new ApiError(Code.unavailable, say(ctx.lang, 'media.streamDidNotAnswer', { error: r.error }));
    return r;
  }
  const msg = say(ctx.lang, 'media.sourceNoAddressTest');
  throw new ApiError(Code.invalid, msg, { errors: [{ field: 'url', msg }] });
}
