import { Code, type Lang } from '@igs/contract';
import { ApiError } from '../../http/errors.ts';
import { valuesAfterWrite } from '../resources/after-write-values.ts';
import { onResourceWrite, type WriteHookArgs } from '../resources/hooks.ts';

/**
 * The media rules a field description cannot say (DOMAIN 2.6), checked on add, edit and every
 * imported row: EPG programmes end after they start and never overlap within a channel; a
 * rotation's channel number is not a programme's number; film classes are two levels deep at most;
 * a live source has the URL or file its type needs. Server-set starting values (EPG source,
 * rotation state) are filled in here too.
 */

const say = (lang: Lang, en: string, zh: string) => (lang === 'zh_CN' ? zh : en);

function fieldError(code: number, field: string, msg: string): ApiError {
  return new ApiError(code, msg, { errors: [{ field, msg }] });
}

// --------------------------------------------------------------------------------------- EPG

async function epgRule({ conn, lang, def, values, site, selfId }: WriteHookArgs): Promise<void> {
  if (selfId === undefined && values.source == null) values.source = 'manual';
  const after = await valuesAfterWrite(conn, def, values, selfId);
  const start = String(after.start ?? '');
  const stop = String(after.stop ?? '');
  if (!start || !stop) return;
  // `dt` values are `YYYY-MM-DD HH:mm:ss`, so text order is time order.
  if (stop <= start)
    throw fieldError(
      Code.invalid,
      'stop',
      say(
        lang,
        `Stop (${stop}) must be after start (${start})`,
        `结束时间（${stop}）须晚于开始时间（${start}）`,
      ),
    );
  // Half-open intervals: one programme may start when the previous one stops.
  let q = conn
    .selectFrom(def.table)
    .select(['id', 'title', 'start', 'stop'])
    .where('site_id', '=', site)
    .where('program_id', '=', after.program_id as number)
    .where('start', '<', stop)
    .where('stop', '>', start);
  if (selfId !== undefined) q = q.where('id', '!=', selfId);
  const clash = await q.orderBy('start').executeTakeFirst();
  if (clash)
    throw fieldError(
      Code.invalid,
      'start',
      say(
        lang,
        `Overlaps "${clash.title}" (${clash.start} – ${clash.stop}) on the same channel`,
        `与同一频道的“${clash.title}”（${clash.start} – ${clash.stop}）时间重叠`,
      ),
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
      say(
        lang,
        `Channel number ${values.channel_number} is already live programme "${clash.name}"`,
        `频道号${values.channel_number}已被直播节目“${clash.name}”使用`,
      ),
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
      say(
        lang,
        `Channel number ${after.number} is already rotation channel "${clash.name}" (only a programme of type rotation may share it)`,
        `频道号${after.number}已被轮播频道“${clash.name}”使用（仅类型为轮播的节目可与之相同）`,
      ),
    );
}

// ------------------------------------------------------------------------------ film classes

async function filmClassRule({ conn, lang, def, values, selfId }: WriteHookArgs): Promise<void> {
  const parent = values.parent_id;
  if (parent === undefined || parent === null) return;
  if (selfId !== undefined && Number(parent) === selfId)
    throw fieldError(
      Code.invalid,
      'parent_id',
      say(lang, 'A class cannot be its own parent', '分类不能以自身为上级'),
    );
  const row = await conn
    .selectFrom(def.table)
    .select(['id', 'name', 'parent_id'])
    .where('id', '=', parent as number)
    .executeTakeFirst();
  if (row && row.parent_id !== null && row.parent_id !== undefined)
    throw fieldError(
      Code.invalid,
      'parent_id',
      say(
        lang,
        `"${row.name}" is itself a subclass: film classes have two levels at most`,
        `“${row.name}”本身是二级分类：影片分类最多两级`,
      ),
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
        say(
          lang,
          `This class has subclasses ("${child.name}"): it cannot become a subclass itself (two levels at most)`,
          `该分类下有子分类（“${child.name}”），不能再设为子分类（最多两级）`,
        ),
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
    if (!after.file)
      throw fieldError(
        Code.invalid,
        'file',
        say(lang, 'An M3U file source needs its M3U file', 'M3U文件类型的直播源须上传M3U文件'),
      );
    return;
  }
  const url = after.url == null ? '' : String(after.url);
  if (!url) {
    if (type || !after.file)
      throw fieldError(
        Code.invalid,
        'url',
        say(lang, 'URL is required for this source type', '该类型的直播源须填写地址'),
      );
    return;
  }
  const schemes = type ? SOURCE_SCHEMES[type] : undefined;
  const scheme = url.slice(0, Math.max(0, url.indexOf(':'))).toLowerCase();
  if (schemes && !schemes.includes(scheme))
    throw fieldError(
      Code.invalid,
      'url',
      say(
        lang,
        `A ${type} source is read over ${schemes.join(' or ')}, not ${scheme || 'this address'}`,
        `${type}类型的直播源须使用${schemes.join('或')}地址，而不是${scheme || '该地址'}`,
      ),
    );
}

onResourceWrite('media:epg', epgRule);
onResourceWrite('media:rotation', rotationNumberRule);
onResourceWrite('media:live', programmeNumberRule);
onResourceWrite('media:video_type', filmClassRule);
onResourceWrite('media:source', sourceRule);
