import { parseDateTime } from '../../platform/lib/time.ts';

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
 * and iptv-playlist-parser read), then the stream URL.
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
    out.push(`#EXTINF:-1 ${attrs.join(' ')},${line(c.name)}`);
    if (c.referrer) out.push(`#EXTVLCOPT:http-referrer=${line(c.referrer)}`);
    if (c.userAgent) out.push(`#EXTVLCOPT:http-user-agent=${line(c.userAgent)}`);
    out.push(line(c.url));
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
  title: string;
  titleEn: string;
  subTitle: string;
  desc: string;
  category: string;
  episode: string;
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
    out.push(`    <display-name lang="zh">${xmlText(c.name)}</display-name>`);
    if (c.nameEn) out.push(`    <display-name lang="en">${xmlText(c.nameEn)}</display-name>`);
    out.push(`    <display-name>${c.number}</display-name>`);
    if (c.logo) out.push(`    <icon src="${xmlText(c.logo)}"/>`);
    out.push('  </channel>');
  }
  for (const p of programmes) {
    out.push(
      `  <programme start="${xmltvTime(p.start, offsetOf)}" stop="${xmltvTime(p.stop, offsetOf)}" channel="${xmlText(p.channel)}">`,
    );
    // Element order of the DTD: title, sub-title, desc, …, category, …, episode-num.
    out.push(`    <title lang="zh">${xmlText(p.title)}</title>`);
    if (p.titleEn) out.push(`    <title lang="en">${xmlText(p.titleEn)}</title>`);
    if (p.subTitle) out.push(`    <sub-title>${xmlText(p.subTitle)}</sub-title>`);
    if (p.desc) out.push(`    <desc>${xmlText(p.desc)}</desc>`);
    if (p.category) out.push(`    <category>${xmlText(p.category)}</category>`);
    if (p.episode) out.push(`    <episode-num system="onscreen">${xmlText(p.episode)}</episode-num>`);
    out.push('  </programme>');
  }
  out.push('</tv>');
  return `${out.join('\n')}\n`;
}
