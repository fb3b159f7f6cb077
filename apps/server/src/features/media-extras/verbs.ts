import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, type Lang, say } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { type Registration, resourceVerb } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { insertRecord } from '../../platform/resources/write.ts';
import { cachedUploadFile } from '../../platform/uploads/stored.ts';
import { eachLimited, probe, requireProgram } from './ffprobe.ts';
import { STREAM_SCHEMES, splitPipe } from './m3u-read.ts';
import { type RotationPlan, startRotation, stopRotation } from './rotation-runner.ts';
import { syncSource, testSource } from './source-sync.ts';
import { keyFields } from './stream-key.ts';
import { isTranscoding, startTranscode } from './transcode.ts';

/**
 * The media verbs of DOMAIN 2.6: broadcast `reset_key`; rotation `start` and `stop`; collected
 * channels `import` (as live programmes) and `ignore`; source `sync` and `test`; and the probes
 * and transcode that need ffprobe or ffmpeg, which answer 503 naming the program where it is not
 * installed. Each runs in the call's transaction (`db`).
 */

const live = resourceByName('media:live');
const liveClass = resourceByName('media:live_type');
const collected = resourceByName('media:collect_programs');
const film = resourceByName('media:video');

/** At most this many streams per probe call: each may take the whole read time limit. */
export const PROBE_MAX = 40;

function tooMany(lang: Lang, n: number): ApiError {
  const msg = say(lang, 'media.probeMostTimeGot', { max: PROBE_MAX, n });
  return new ApiError(Code.invalid, msg, { errors: [{ field: 'ids', msg }] });
}

// ------------------------------------------------------------------------------ broadcast

const broadcastResetKeyVerb = resourceVerb('media:broadcast', 'reset_key', async ({ ctx, db, records }) => {
  const r = records[0]!;
  const fields = keyFields(ctx);
  await db
    .updateTable('media_broadcast_room')
    .set({ ...fields, updated_at: ctx.app.now() })
    .where('id', '=', Number(r.id))
    .execute();
  // The key itself stays out of the operation log.
  ctx.logDetail = `media:broadcast reset_key #${r.id}`;
  return { push_url: fields.push_url, play_url: fields.play_url };
});

// ------------------------------------------------------------------------------- rotation

/**
 * A real file of an upload id for ffmpeg (platform/uploads/stored.ts: the data folder's own, or
 * this instance's cached copy of the shared store's), or null when it is not an upload.
 */
async function uploadFile(db: Conn, app: AppContext, id: unknown): Promise<string | null> {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const row = await db.selectFrom('uploads').select(['file']).where('id', '=', id).executeTakeFirst();
  return row ? cachedUploadFile(app, String(row.file)) : null;
}

/** The files a film plays, in order: a movie's file, or a series' episodes by number. */
async function filmFiles(db: Conn, app: AppContext, row: Record<string, unknown>): Promise<string[]> {
  if (row.kind === 'series') {
    let episodes: unknown;
    try {
      episodes = JSON.parse(String(row.episodes ?? '[]'));
    } catch {
      episodes = [];
    }
    const list = (Array.isArray(episodes) ? episodes : [])
      .filter((e): e is { no?: unknown; file?: unknown } => Boolean(e) && typeof e === 'object')
      .sort((a, b) => Number(a.no ?? 0) - Number(b.no ?? 0));
    const out: string[] = [];
    for (const e of list) {
      const f = await uploadFile(db, app, e.file);
      if (f) out.push(f);
    }
    return out;
  }
  const f = await uploadFile(db, app, row.file);
  return f ? [f] : [];
}

const rotationStartVerb = resourceVerb('media:rotation', 'start', async ({ ctx, db, records }) => {
  const r = records[0]!;
  const { lang } = ctx;
  const ids = (r.film_ids as number[]) ?? [];
  const rows = ids.length ? await db.selectFrom(film.table).selectAll().where('id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((f) => [Number(f.id), f]));
  // Only approved films reach terminals (DOMAIN 2.6 FilmManagement, 2.9 ResourceAudit).
  const unapproved = ids.filter((id) => byId.get(id)?.audit_state !== 'approved');
  if (unapproved.length)
    throw new ApiError(
      Code.conflict,
      say(lang, 'media.filmsNotApprovedResource', { unapproved: unapproved.join(', #') }),
    );
  const files: string[] = [];
  const missing: number[] = [];
  for (const id of ids) {
    const f = await filmFiles(db, ctx.app, byId.get(id)!);
    if (!f.length) missing.push(id);
    files.push(...f);
  }
  if (missing.length)
    throw new ApiError(
      Code.conflict,
      say(lang, 'media.filmsWithoutVideoFile', { missing: missing.join(', #') }),
    );
  if (r.output === 'udp_multicast' && !r.multicast_addr)
    throw new ApiError(Code.invalid, say(lang, 'media.multicastOutputNeedsMulticast'), {
      errors: [{ field: 'multicast_addr', msg: 'required' }],
    });
  const binary = await requireProgram('ffmpeg', lang);
  const plan: RotationPlan = {
    id: Number(r.id),
    files,
    loop: Number(r.loop ?? 1) === 1,
    output: r.output === 'udp_multicast' ? 'udp_multicast' : 'hls',
    multicastAddr: (r.multicast_addr as string | null) ?? null,
  };
  try {
    await startRotation(binary, plan, ctx.app.config.dataDir, ctx.app.log);
  } catch (e) {
    throw new ApiError(
      Code.unavailable,
      say(lang, 'media.ffmpegCouldNotPlay', { message: (e as Error).message }),
    );
  }
  await db
    .updateTable('media_rotation')
    .set({ state: 'running', updated_at: ctx.app.now() })
    .where('id', '=', plan.id)
    .execute();
  return { state: 'running' };
});

const rotationStopVerb = resourceVerb('media:rotation', 'stop', async ({ ctx, db, records }) => {
  const id = Number(records[0]!.id);
  await stopRotation(id);
  await db
    .updateTable('media_rotation')
    .set({ state: 'stopped', updated_at: ctx.app.now() })
    .where('id', '=', id)
    .execute();
  return { state: 'stopped' };
});

// ---------------------------------------------------------------------- collected channels

/** A programme's type from its address (DOMAIN 2.6 LiveProgram type). */
export function programType(url: string): string {
  const scheme = url.slice(0, Math.max(0, url.indexOf(':'))).toLowerCase();
  if (scheme === 'udp' || scheme === 'rtp') return 'multicast';
  if (scheme === 'rtsp') return 'rtsp';
  return /\.m3u8(\?|$)/i.test(url) ? 'hls' : 'http_ts';
}

const UNGROUPED = { name: '未分类', name_en: 'Uncategorised' };

/** A collected channel's player options (referrer, user_agent), as stored or as sent. */
function optionsOf(v: unknown): Record<string, string> {
  let o = v;
  if (typeof o === 'string') {
    try {
      o = JSON.parse(o);
    } catch {
      o = null;
    }
  }
  if (!o || typeof o !== 'object') return {};
  return Object.fromEntries(
    Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
}

/** Where a channel stands in its playlist: by source, then place in the playlist, then id. */
function playlistOrder(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const place = (r: Record<string, unknown>) =>
    r.position === null || r.position === undefined ? Number.MAX_SAFE_INTEGER : Number(r.position);
  return (
    Number(a.source_id ?? 0) - Number(b.source_id ?? 0) || place(a) - place(b) || Number(a.id) - Number(b.id)
  );
}

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

/**
 * `import`: the selected collected channels as live programmes. Channels sharing a tvg-id become
 * one programme, the first in playlist order, with the other streams as its backup URLs; logo,
 * referrer, user agent, group (as class), country and language come along. A channel that cannot
 * be imported (ignored, already imported, an address programmes do not play, a value out of range)
 * is reported with why, in the caller's language, and the others are imported; only when none can
 * be is the call refused. Channels without a tvg-chno are numbered in playlist order.
 */
const collectProgramsImportVerb = resourceVerb(
  'media:collect_programs',
  'import',
  async ({ ctx, db, records, site }) => {
    const { lang } = ctx;
    const w = { db, lang, now: ctx.app.now() };
    const skipped: { id: number; name: string; reason: string }[] = [];
    const skip = (r: Record<string, unknown>, reason: string) =>
      skipped.push({ id: Number(r.id), name: String(r.name ?? ''), reason });
    const candidates: Record<string, unknown>[] = [];
    for (const r of [...records].sort(playlistOrder)) {
      if (Number(r.ignored) === 1) {
        skip(r, say(lang, 'media.ignoredChannelsNotImported', { id: String(r.id), name: String(r.name) }));
        continue;
      }
      if (r.imported_program_id) {
        const still = await db
          .selectFrom(live.table)
          .select('id')
          .where('id', '=', Number(r.imported_program_id))
          .executeTakeFirst();
        if (still) {
          skip(
            r,
            say(lang, 'media.alreadyImportedProgramme', {
              id: String(r.id),
              name: String(r.name),
              imported_program_id: String(r.imported_program_id),
            }),
          );
          continue;
        }
      }
      // A Kodi `url|User-Agent=…` kept from an older sync: the options come off the address.
      const piped = splitPipe(String(r.url ?? '').trim());
      const scheme = piped.url.slice(0, Math.max(0, piped.url.indexOf(':'))).toLowerCase();
      if (!STREAM_SCHEMES.includes(scheme) || piped.url.length > 1024) {
        skip(r, say(lang, 'media.importNotStreamAddress', { id: String(r.id), name: String(r.name) }));
        continue;
      }
      candidates.push({ ...r, url: piped.url, opts: { ...optionsOf(r.opts), ...piped.opts } });
    }
    // Alternate streams of one channel (the same tvg-id): one programme, the others its backups.
    const groups: Record<string, unknown>[][] = [];
    const byTvg = new Map<string, Record<string, unknown>[]>();
    for (const r of candidates) {
      const tvg = String(r.tvg_id ?? '').trim();
      const same = tvg ? byTvg.get(tvg) : undefined;
      if (same) {
        same.push(r);
        continue;
      }
      const group = [r];
      groups.push(group);
      if (tvg) byTvg.set(tvg, group);
    }
    if (!groups.length)
      throw new ApiError(
        Code.conflict,
        skipped.map((x) => x.reason).join('; ') || say(lang, 'media.nothingToImport'),
      );

    const programmes = await db
      .selectFrom(live.table)
      .select(['number', 'tvg_id'])
      .where('site_id', '=', site)
      .execute();
    const rotations = await db
      .selectFrom('media_rotation')
      .select(['channel_number'])
      .where('site_id', '=', site)
      .execute();
    const used = new Set([
      ...programmes.map((p) => Number(p.number)),
      ...rotations.map((p) => Number(p.channel_number)),
    ]);
    const tvgIds = new Set(programmes.map((p) => p.tvg_id).filter(Boolean));
    const classes = new Map(
      (await db.selectFrom(liveClass.table).select(['id', 'name']).where('site_id', '=', site).execute()).map(
        (c) => [String(c.name), Number(c.id)],
      ),
    );
    const classFor = async (group: string): Promise<number> => {
      const name = (group.split(';')[0] ?? '').trim().slice(0, 64);
      const key = name || UNGROUPED.name;
      const found = classes.get(key);
      if (found !== undefined) return found;
      // DOMAIN: a group-title without a class becomes a new class.
      const id = await insertRecord(w, liveClass, name ? { name } : UNGROUPED, site);
      classes.set(key, id);
      return id;
    };
    // The numbers the playlist asks for first (the first channel asking wins), then the others in
    // playlist order, each the lowest free one.
    const numbers = new Map<Record<string, unknown>[], number>();
    for (const g of groups) {
      const chno = Number(g[0]!.tvg_chno);
      if (Number.isInteger(chno) && chno >= 1 && chno <= 9999 && !used.has(chno)) {
        numbers.set(g, chno);
        used.add(chno);
      }
    }
    const nextFree = () => {
      for (let n = 1; n <= 9999; n++) if (!used.has(n)) return n;
      throw new ApiError(Code.conflict, say(lang, 'media.everyChannelNumberTaken'));
    };
    const created: number[] = [];
    let backups = 0;
    for (const g of groups) {
      const r = g[0]!;
      let number = numbers.get(g);
      if (number === undefined) {
        number = nextFree();
        used.add(number);
      }
      const url = String(r.url);
      const alternates = [...new Set(g.slice(1).map((x) => String(x.url)))].filter((u) => u !== url);
      const opts = r.opts as Record<string, string>;
      const name = String(r.name || r.tvg_name || url).slice(0, 64);
      const tvg = r.tvg_id && !tvgIds.has(String(r.tvg_id)) ? String(r.tvg_id) : null;
      const logo = text(r.tvg_logo, 1024);
      let id: number;
      try {
        id = await insertRecord(
          w,
          live,
          {
            number,
            name,
            name_en: String(r.tvg_name || name).slice(0, 64),
            category_ids: [await classFor(String(r.group_title ?? ''))],
            url,
            ...(alternates.length ? { backup_url: alternates[0] } : {}),
            ...(alternates.length > 1 ? { backup_urls: alternates.slice(1) } : {}),
            tvg_id: tvg,
            type: programType(url),
            ...(logo && /^https?:\/\//i.test(logo) ? { logo_url: logo } : {}),
            referrer: text(opts.referrer, 1024),
            user_agent: text(opts.user_agent, 255),
            country: text(r.tvg_country, 64),
            language: text(r.tvg_language, 64),
          },
          site,
        );
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        used.delete(number);
        for (const x of g) skip(x, `#${x.id} ${x.name}: ${e.message}`);
        continue;
      }
      if (tvg) tvgIds.add(tvg);
      created.push(id);
      backups += alternates.length;
      await db
        .updateTable(collected.table)
        .set({ imported_program_id: id, updated_at: w.now })
        .where(
          'id',
          'in',
          g.map((x) => Number(x.id)),
        )
        .execute();
    }
    if (!created.length) throw new ApiError(Code.invalid, skipped.map((x) => x.reason).join('; '));
    ctx.logDetail = `media:collect_programs import #${records.map((r) => r.id).join(', #')} → media:live #${created.join(', #')}${skipped.length ? `; skipped #${skipped.map((x) => x.id).join(', #')}` : ''}`;
    return { imported: created.length, program_ids: created, backups, skipped };
  },
);

const collectProgramsIgnoreVerb = resourceVerb(
  'media:collect_programs',
  'ignore',
  async ({ ctx, db, records }) => {
    const r = await db
      .updateTable(collected.table)
      .set({ ignored: 1, updated_at: ctx.app.now() })
      .where(
        'id',
        'in',
        records.map((x) => Number(x.id)),
      )
      .executeTakeFirst();
    return { updated: Number(r.numUpdatedRows) };
  },
);

const collectProgramsProbeVerb = resourceVerb(
  'media:collect_programs',
  'probe',
  async ({ ctx, db, records }) => {
    if (records.length > PROBE_MAX) throw tooMany(ctx.lang, records.length);
    const binary = await requireProgram('ffprobe', ctx.lang);
    const results = await eachLimited(records, 4, (r) => probe(binary, String(r.url ?? ''), ctx.app.now));
    for (const [i, r] of records.entries()) {
      const p = results[i]!;
      await db
        .updateTable(collected.table)
        .set({
          probe: JSON.stringify({
            ok: p.ok,
            codec: p.codec,
            resolution: p.resolution,
            bitrate: p.bitrate,
            probed_at: p.probed_at,
            ...(p.error ? { error: p.error } : {}),
          }),
          updated_at: ctx.app.now(),
        })
        .where('id', '=', Number(r.id))
        .execute();
    }
    return { ok: results.filter((p) => p.ok).length, failed: results.filter((p) => !p.ok).length };
  },
);

// ------------------------------------------------------------------------- live programmes

const liveProbeVerb = resourceVerb('media:live', 'probe', async ({ ctx, db, records }) => {
  if (records.length > PROBE_MAX) throw tooMany(ctx.lang, records.length);
  const binary = await requireProgram('ffprobe', ctx.lang);
  const results = await eachLimited(records, 4, (r) => probe(binary, String(r.url ?? ''), ctx.app.now));
  for (const [i, r] of records.entries())
    await db
      .updateTable(live.table)
      .set({ health: results[i]!.ok ? 'up' : 'down', updated_at: ctx.app.now() })
      .where('id', '=', Number(r.id))
      .execute();
  return {
    up: results.filter((p) => p.ok).length,
    down: results.filter((p) => !p.ok).length,
    results: records.map((r, i) => ({ id: r.id, ...results[i]! })),
  };
});

// ---------------------------------------------------------------------------------- sources

const sourceSyncVerb = resourceVerb('media:source', 'sync', async ({ ctx, db, records, site }) =>
  syncSource(ctx, db, records[0]!, site),
);
const sourceTestVerb = resourceVerb('media:source', 'test', async ({ ctx, db, records }) =>
  testSource(ctx, db, records[0]!),
);

// ------------------------------------------------------------------------------------ films

/** Transcodes a movie to HLS beside the uploads (DOMAIN 2.6: "optional HLS transcode"). */
const videoTranscodeVerb = resourceVerb('media:video', 'transcode', async ({ ctx, db, records }) => {
  const r = records[0]!;
  const { lang } = ctx;
  const files = await filmFiles(db, ctx.app, r);
  if (!files.length)
    throw new ApiError(Code.conflict, say(lang, 'media.noVideoFileTranscode', { id: String(r.id) }));
  if (isTranscoding(Number(r.id)))
    throw new ApiError(Code.locked, say(lang, 'media.alreadyBeingTranscoded', { id: String(r.id) }));
  const ffprobe = await requireProgram('ffprobe', lang);
  const ffmpeg = await requireProgram('ffmpeg', lang);
  const facts = await probe(ffprobe, files[0]!, ctx.app.now);
  if (!facts.ok)
    throw new ApiError(Code.invalid, say(lang, 'media.videoFileCannotRead', { error: facts.error }), {
      errors: [{ field: 'file', msg: facts.error ?? '' }],
    });
  await db
    .updateTable(film.table)
    .set({ duration_s: facts.duration_s, resolution: facts.resolution, updated_at: ctx.app.now() })
    .where('id', '=', Number(r.id))
    .execute();
  const out = path.join(ctx.app.config.dataDir, 'media', 'films', String(r.id));
  await fs.mkdir(out, { recursive: true });
  startTranscode(ffmpeg, files, out, ctx.app.log, Number(r.id));
  return { duration_s: facts.duration_s, resolution: facts.resolution, transcoding: true };
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const mediaVerbs: readonly Registration[] = [
  broadcastResetKeyVerb,
  rotationStartVerb,
  rotationStopVerb,
  collectProgramsImportVerb,
  collectProgramsIgnoreVerb,
  collectProgramsProbeVerb,
  liveProbeVerb,
  sourceSyncVerb,
  sourceTestVerb,
  videoTranscodeVerb,
];
