import { parseDateTime } from '../../platform/lib/time.ts';
import { CREDIT_ROLES, type GuideItem } from './guide-items.ts';

/**
 * The media export formats of DOMAIN 2.6: live channels as an extended M3U playlist (the
 * attributes Jellyfin's and Kodi's M3U readers take) and programme guides as XMLTV
 * (XMLTV/xmltv:xmltv.dtd; channel id = tvg_id, times `YYYYMMDDhhmmss ±hhmm`).
 */

export interface M3uChannel {
  number: number;
  name: string;
  tvgId: string;
  logo: string;
  groups: string[];
  url: string;
  /** Alternate streams of the channel: each an entry of its own with the same tvg-id. */
  backups?: readonly string[];
  referrer?: string;
  userAgent?: string;
  country?: string;
  language?: string;
}

/** An attribute value: no quotes or line breaks can end it early. */
const attr = (s: string) => s.replace(/["\r\n]+/g, ' ').trim();
const line = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The XMLTV channel id of a programme: its tvg_id, else one made from its number. */
export function channelId(tvgId: string | null | undefined, number: number): string {
  return tvgId?.trim() || `channel-${number}`;
}

/**
 * The playlist: per channel an `#EXTINF` with tvg-id, tvg-name, tvg-logo, tvg-chno, tvg-country,
 * tvg-language and group-title, the referrer and user agent as `#EXTVLCOPT` lines (what VLC, Kodi
 * and iptv-playlist-parser read), then the stream URL. M3U has no backup URL: an alternate stream
 * is written as public playlists write it, the same entry again with the other URL (a player
 * lists it as another source of the channel; this product's import folds it back into backups).
 */
export function buildM3u(channels: readonly M3uChannel[]): string {
  const out = ['#EXTM3U'];
  for (const c of channels) {
    const attrs = [
      `tvg-id="${attr(c.tvgId)}"`,
      `tvg-name="${attr(c.name)}"`,
      ...(c.logo ? [`tvg-logo="${attr(c.logo)}"`] : []),
      `tvg-chno="${c.number}"`,
      ...(c.country ? [`tvg-country="${attr(c.country)}"`] : []),
      ...(c.language ? [`tvg-language="${attr(c.language)}"`] : []),
      // Several classes: Kodi's IPTV Simple and Jellyfin split group-title on ";".
      ...(c.groups.length ? [`group-title="${attr(c.groups.join(';'))}"`] : []),
    ];
    for (const url of [c.url, ...(c.backups ?? []).filter((b) => b && b !== c.url)]) {
      out.push(`#EXTINF:-1 ${attrs.join(' ')},${line(c.name)}`);
      if (c.referrer) out.push(`#EXTVLCOPT:http-referrer=${line(c.referrer)}`);
      if (c.userAgent) out.push(`#EXTVLCOPT:http-user-agent=${line(c.userAgent)}`);
      out.push(line(url));
    }
  }
  return `${out.join('\n')}\n`;
}

// -------------------------------------------------------------------------------- XMLTV

/** Text for XML: entities escaped, characters XML 1.0 forbids dropped. */
export function xmlText(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The server zone's offset from UTC in minutes at that instant (east positive). */
export const localOffsetMinutes = (ms: number) => -new Date(ms).getTimezoneOffset();

/** `YYYY-MM-DD HH:mm:ss` (server zone) as XMLTV's `YYYYMMDDhhmmss ±hhmm`. */
export function xmltvTime(dt: string, offsetOf: (ms: number) => number = localOffsetMinutes): string {
  const digits = dt.replace(/\D/g, '').slice(0, 14).padEnd(14, '0');
  const off = offsetOf(parseDateTime(dt));
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${digits} ${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

export interface XmltvChannel {
  id: string;
  name: string;
  nameEn: string;
  number: number;
  logo: string;
}

export interface XmltvProgramme {
  channel: string;
  start: string;
  stop: string;
  /** What the programme says (guide-items.ts itemsOfRow: its details with the columns in place). */
  items: readonly GuideItem[];
}

/** ` name="value"` for each attribute given (none for an empty or missing one). */
const attrs = (pairs: Record<string, string | number | undefined>) =>
  Object.entries(pairs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${xmlText(String(v))}"`)
    .join('');

/**
 * A programme's elements in the order xmltv.dtd wants them: title+, sub-title*, desc*, credits?,
 * category*, icon*, episode-num*, rating*, star-rating*. A text without a known language is written
 * without `lang`.
 */
function programmeBody(items: readonly GuideItem[]): string[] {
  const of = (kind: GuideItem['kind']) => items.filter((i) => i.kind === kind);
  const out: string[] = [];
  const texts = (kind: 'title' | 'sub-title' | 'desc' | 'category') => {
    for (const i of of(kind))
      out.push(`    <${kind}${attrs({ lang: i.lang })}>${xmlText(i.value)}</${kind}>`);
  };
  texts('title');
  texts('sub-title');
  texts('desc');
  const people = CREDIT_ROLES.flatMap((role) => of(role));
  if (people.length) {
    out.push('    <credits>');
    for (const p of people)
      out.push(
        `      <${p.kind}${attrs({ role: p.kind === 'actor' ? p.role : undefined })}>${xmlText(p.value)}</${p.kind}>`,
      );
    out.push('    </credits>');
  }
  texts('category');
  for (const i of of('icon'))
    out.push(`    <icon${attrs({ src: i.value, width: i.width, height: i.height })}/>`);
  for (const i of of('episode-num'))
    out.push(
      `    <episode-num${attrs({ system: i.system || 'onscreen' })}>${xmlText(i.value)}</episode-num>`,
    );
  for (const kind of ['rating', 'star-rating'] as const)
    for (const i of of(kind))
      out.push(`    <${kind}${attrs({ system: i.system })}><value>${xmlText(i.value)}</value></${kind}>`);
  return out;
}

export function buildXmltv(
  channels: readonly XmltvChannel[],
  programmes: readonly XmltvProgramme[],
  offsetOf: (ms: number) => number = localOffsetMinutes,
): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE tv SYSTEM "xmltv.dtd">',
    '<tv generator-info-name="igs-console">',
  ];
  // The DTD wants every channel before the first programme.
  for (const c of channels) {
    out.push(`  <channel id="${xmlText(c.id)}">`);
    // The channel's name is in no language this gateway knows; its English name is English.
    out.push(`    <display-name>${xmlText(c.name)}</display-name>`);
    if (c.nameEn) out.push(`    <display-name lang="en">${xmlText(c.nameEn)}</display-name>`);
    out.push(`    <display-name>${c.number}</display-name>`);
    if (c.logo) out.push(`    <icon src="${xmlText(c.logo)}"/>`);
    out.push('  </channel>');
  }
  for (const p of programmes) {
    const clump = p.items.find((i) => i.kind === 'clumpidx')?.value;
    out.push(
      `  <programme${attrs({ start: xmltvTime(p.start, offsetOf), stop: xmltvTime(p.stop, offsetOf), channel: p.channel, clumpidx: clump })}>`,
    );
    out.push(...programmeBody(p.items));
    out.push('  </programme>');
  }
  out.push('</tv>');
  return `${out.join('\n')}\n`;
}
