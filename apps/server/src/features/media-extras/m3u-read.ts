/**
 * Reads an extended M3U playlist as the field writes it (jellyfin/jellyfin:src/Jellyfin.LiveTv/
 * TunerHosts/M3uParser.cs, Kodi's IPTV Simple, VLC): `#EXTINF` attributes tvg-id (or channel-id),
 * tvg-name, tvg-logo, tvg-chno (or channel-number), tvg-country, tvg-language, group-title (else
 * the `#EXTGRP` before the URL), the name after the last comma; the referrer and user agent of an
 * entry in every syntax players read: `#EXTVLCOPT:http-referrer=`/`http-user-agent=`,
 * `#EXTHTTP:{"User-Agent":…,"Referer":…}`, `user-agent="…"`/`http-referrer="…"` on `#EXTINF`, and
 * Kodi's `url|User-Agent=…&Referer=…` suffix (taken off the URL). Only stream URLs of the schemes
 * the programmes accept are kept; the header's `url-tvg`/`x-tvg-url` is the playlist's guide.
 */

export interface M3uEntry {
  name: string;
  tvgId: string;
  tvgName: string;
  tvgLogo: string;
  groupTitle: string;
  /** null when the playlist gives no number (or not a whole one). */
  tvgChno: number | null;
  tvgCountry: string;
  tvgLanguage: string;
  url: string;
  /** Player options (referrer, user_agent); empty when none. */
  opts: Record<string, string>;
}

export interface M3uPlaylist {
  /** `url-tvg` / `x-tvg-url` of the `#EXTM3U` line (the first when it lists several). */
  guideUrl: string;
  entries: M3uEntry[];
  /** Entries left out: a URL of another scheme (file:…) or none at all. */
  skipped: number;
}

/** The schemes a LiveProgram's url accepts (DOMAIN 2.6); never file:. */
export const STREAM_SCHEMES = ['http', 'https', 'rtsp', 'rtp', 'udp', 'rtmp'];

/** `key="value"` pairs of an #EXTINF or #EXTM3U line (quotes optional, as Jellyfin reads them). */
export function m3uAttributes(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([\w-]+)=(?:"([^"]*)"|([^\s,"]+))/g;
  for (let m = re.exec(line); m; m = re.exec(line)) out[m[1]!.toLowerCase()] = (m[2] ?? m[3] ?? '').trim();
  return out;
}

/** The channel name of an #EXTINF line: what follows the last comma outside quotes. */
function nameOf(line: string): string {
  let quoted = false;
  let comma = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ',' && !quoted) comma = i;
  }
  return comma >= 0 ? line.slice(comma + 1).trim() : '';
}

/** The option an HTTP header name stands for, if it is one kept. */
function optionOf(header: string): 'referrer' | 'user_agent' | null {
  const h = header.trim().toLowerCase();
  if (h === 'referer' || h === 'referrer' || h === 'http-referrer' || h === 'http-referer') return 'referrer';
  if (h === 'user-agent' || h === 'http-user-agent' || h === 'useragent') return 'user_agent';
  return null;
}

function unescaped(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, '%20'));
  } catch {
    return s;
  }
}

/** Kodi's `url|Header=value&Header=value`: the URL alone and the headers it names. */
export function splitPipe(raw: string): { url: string; opts: Record<string, string> } {
  const bar = raw.indexOf('|');
  if (bar < 0) return { url: raw, opts: {} };
  const opts: Record<string, string> = {};
  for (const pair of raw.slice(bar + 1).split('&')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const key = optionOf(unescaped(pair.slice(0, eq)));
    if (key) opts[key] = unescaped(pair.slice(eq + 1)).trim();
  }
  return { url: raw.slice(0, bar).trim(), opts };
}

export class M3uError extends Error {}

export function readM3u(text: string): M3uPlaylist {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n?|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines[0]?.startsWith('#EXTM3U')) throw new M3uError('The file does not start with #EXTM3U');
  const header = m3uAttributes(lines[0]);
  const guide = header['url-tvg'] || header['x-tvg-url'] || '';
  const playlist: M3uPlaylist = {
    guideUrl: (guide.split(',')[0] ?? '').trim(),
    entries: [],
    skipped: 0,
  };
  let info: string | null = null;
  let group = '';
  let opts: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    if (line.startsWith('#EXTINF:')) {
      info = line;
      continue;
    }
    if (line.startsWith('#EXTGRP:')) {
      group = line.slice('#EXTGRP:'.length).trim();
      continue;
    }
    if (line.startsWith('#EXTVLCOPT:')) {
      const body = line.slice('#EXTVLCOPT:'.length);
      const eq = body.indexOf('=');
      const key = eq > 0 ? optionOf(body.slice(0, eq)) : null;
      if (key) opts[key] = body.slice(eq + 1).trim();
      continue;
    }
    if (line.startsWith('#EXTHTTP:')) {
      try {
        const headers = JSON.parse(line.slice('#EXTHTTP:'.length)) as unknown;
        if (headers && typeof headers === 'object')
          for (const [k, v] of Object.entries(headers)) {
            const key = optionOf(k);
            if (key && typeof v === 'string') opts[key] = v.trim();
          }
      } catch {
        // Not JSON: nothing a player could read either.
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const piped = splitPipe(line);
    const url = piped.url;
    const scheme = url.slice(0, Math.max(0, url.indexOf(':'))).toLowerCase();
    if (!STREAM_SCHEMES.includes(scheme)) {
      playlist.skipped++;
    } else {
      const attrs = info ? m3uAttributes(info) : {};
      const numbered = attrs['tvg-chno'] ?? attrs['channel-number'];
      const chno = Number(numbered ?? '');
      const tvgName = attrs['tvg-name'] ?? '';
      // Options of the #EXTINF line, then the option lines, then the URL's own suffix: the nearer wins.
      const fromInfo: Record<string, string> = {};
      for (const [k, v] of Object.entries(attrs)) {
        const key = optionOf(k);
        if (key && v) fromInfo[key] = v;
      }
      playlist.entries.push({
        name: (info ? nameOf(info) : '') || tvgName || url,
        tvgId: attrs['tvg-id'] ?? attrs['channel-id'] ?? '',
        tvgName,
        tvgLogo: attrs['tvg-logo'] ?? attrs.logo ?? '',
        groupTitle: attrs['group-title'] || group,
        tvgChno: Number.isInteger(chno) && chno > 0 && numbered ? chno : null,
        tvgCountry: attrs['tvg-country'] ?? '',
        tvgLanguage: attrs['tvg-language'] ?? '',
        url,
        opts: { ...fromInfo, ...opts, ...piped.opts },
      });
    }
    info = null;
    group = '';
    opts = {};
  }
  return playlist;
}
