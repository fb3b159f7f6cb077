import { Code, say, texts } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { valuesAfterWrite } from '../../platform/resources/after-write-values.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { parseDetails } from './guide-items.ts';

/**
 * The media rules a field description cannot say (DOMAIN 2.6), checked on add, edit and every
 * imported row: EPG programmes end after they start and never overlap within a channel; a
 * rotation's channel number is not a programme's number; film classes are two levels deep at most;
 * a live source has the URL or file its type needs. Server-set starting values (EPG source,
 * rotation state) are filled in here too.
 */

function fieldError(code: number, field: string, msg: string): ApiError {
  return new ApiError(code, msg, { errors: [{ field, msg }] });
}

// --------------------------------------------------------------------------------------- EPG

async function epgRule({ conn, lang, def, values, site, selfId }: WriteHookArgs<'media_epg'>): Promise<void> {
  if (selfId === undefined && values.source == null) values.source = 'manual';
  const after = await valuesAfterWrite(conn, def, values, selfId);
  const start = String(after.start ?? '');
  const stop = String(after.stop ?? '');
  if (!start || !stop) return;
  // `dt` values are `YYYY-MM-DD HH:mm:ss`, so text order is time order.
  if (stop <= start)
    throw fieldError(Code.invalid, 'stop', say(lang, 'media.stopMustAfterStart', { stop, start }));
  // Half-open intervals: one programme may start when the previous one stops. Members of an XMLTV
  // clump (programmes sharing one slot, guide-policy.ts) do not clash with each other.
  let q = conn
    .selectFrom(def.table)
    .select(['id', 'title', 'start', 'stop', 'details'])
    .where('site_id', '=', site)
    .where('program_id', '=', after.program_id as number)
    .where('start', '<', stop)
    .where('stop', '>', start);
  if (selfId !== undefined) q = q.where('id', '!=', selfId);
  const inClump = (details: unknown) => parseDetails(details).some((i) => i.kind === 'clumpidx');
  const mate = (r: { start: unknown; stop: unknown; details: unknown }) =>
    inClump(after.details) && inClump(r.details) && r.start === start && r.stop === stop;
  const clash = (await q.orderBy('start').execute()).find((r) => !mate(r));
  if (clash)
    throw fieldError(
      Code.invalid,
      'start',
      say(lang, 'media.overlapsSameChannel', { title: clash.title, start: clash.start, stop: clash.stop }),
    );
}

// ------------------------------------------------------------------------ channel numbers

/**
 * DOMAIN: a rotation's channel number is unique "also against LiveProgram". A rotation appears
 * to terminals as a LiveProgram of type rotation with its number, so that programme is the
 * rotation itself, not a clash; any other programme with the number is.
 */
async function rotationNumberRule({ conn, lang, values, site, selfId }: WriteHookArgs): Promise<void> {
  if (selfId === undefined && values.state == null) values.state = 'stopped';
  if (values.channel_number === undefined || values.channel_number === null) return;
  const clash = await conn
    .selectFrom('media_live')
    .select(['id', 'name'])
    .where('site_id', '=', site)
    .where('number', '=', values.channel_number as number)
    .where((eb) => eb.or([eb('type', '!=', 'rotation'), eb('type', 'is', null)]))
    .executeTakeFirst();
  if (clash)
    throw fieldError(
      Code.conflict,
      'channel_number',
      say(lang, 'media.channelNumberAlreadyLive', {
        channel_number: String(values.channel_number),
        name: String(clash.name),
      }),
    );
}

/** The same rule seen from a programme: it may not take a rotation's number unless it is that rotation. */
async function programmeNumberRule({ conn, lang, def, values, site, selfId }: WriteHookArgs): Promise<void> {
  if (values.number === undefined && values.type === undefined) return;
  const after = await valuesAfterWrite(conn, def, values, selfId);
  if (after.number === undefined || after.number === null || after.type === 'rotation') return;
  const clash = await conn
    .selectFrom('media_rotation')
    .select(['id', 'name'])
    .where('site_id', '=', site)
    .where('channel_number', '=', after.number as number)
    .executeTakeFirst();
  if (clash)
    throw fieldError(
      Code.conflict,
      'number',
      say(lang, 'media.channelNumberAlreadyRotation', {
        number: String(after.number),
        name: String(clash.name),
      }),
    );
}

// ------------------------------------------------------------------------------ film classes

async function filmClassRule({
  conn,
  lang,
  def,
  values,
  selfId,
}: WriteHookArgs<'media_video_type'>): Promise<void> {
  const parent = values.parent_id;
  if (parent === undefined || parent === null) return;
  if (selfId !== undefined && Number(parent) === selfId)
    throw fieldError(Code.invalid, 'parent_id', say(lang, 'media.classCannotOwnParent'));
  const row = await conn
    .selectFrom(def.table)
    .select(['id', 'name', 'parent_id'])
    .where('id', '=', parent as number)
    .executeTakeFirst();
  if (row && row.parent_id !== null && row.parent_id !== undefined)
    throw fieldError(
      Code.invalid,
      'parent_id',
      say(lang, 'media.itselfSubclassFilmClasses', { name: row.name }),
    );
  if (selfId !== undefined) {
    const child = await conn
      .selectFrom(def.table)
      .select(['name'])
      .where('parent_id', '=', selfId)
      .executeTakeFirst();
    if (child)
      throw fieldError(
        Code.invalid,
        'parent_id',
        say(lang, 'media.classSubclassesCannotBecome', { name: child.name }),
      );
  }
}

// ------------------------------------------------------------------------------ live sources

/** The schemes each source type is read with (DOMAIN: http, https, rtsp, rtp or udp; never file:). */
export const SOURCE_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  m3u_url: ['http', 'https'],
  hls: ['http', 'https'],
  udp_multicast: ['udp', 'rtp'],
  rtsp: ['rtsp'],
};

async function sourceRule({ conn, lang, def, values, selfId }: WriteHookArgs): Promise<void> {
  const after = await valuesAfterWrite(conn, def, values, selfId);
  const type = after.type == null ? null : String(after.type);
  if (type === 'm3u_file') {
    if (!after.file) throw fieldError(Code.invalid, 'file', say(lang, 'media.m3uFileSourceNeeds'));
    return;
  }
  const url = after.url == null ? '' : String(after.url);
  if (!url) {
    if (type || !after.file) throw fieldError(Code.invalid, 'url', say(lang, 'media.urlRequiredSourceType'));
    return;
  }
  const schemes = type ? SOURCE_SCHEMES[type] : undefined;
  const scheme = url.slice(0, Math.max(0, url.indexOf(':'))).toLowerCase();
  if (schemes && !schemes.includes(scheme))
    throw fieldError(
      Code.invalid,
      'url',
      say(lang, 'media.sourceScheme', {
        type: String(type),
        schemes: { en: schemes.join(' or '), zh_CN: schemes.join('或') },
        scheme: scheme || texts('media.thisAddress'),
      }),
    );
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const mediaRules: readonly Registration[] = [
  writeRule('media:epg', epgRule),
  writeRule('media:rotation', rotationNumberRule),
  writeRule('media:live', programmeNumberRule),
  writeRule('media:video_type', filmClassRule),
  writeRule('media:source', sourceRule),
];
