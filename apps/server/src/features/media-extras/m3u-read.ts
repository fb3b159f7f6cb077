/**
 * Reads an extended M3U playlist the way Jellyfin's M3uParser does
 * (jellyfin/jellyfin:src/Jellyfin.LiveTv/TunerHosts/M3uParser.cs): `#EXTINF` attributes tvg-id
 * (or channel-id), tvg-name, tvg-logo, group-title and tvg-chno (or channel-number), the name
 * after the last comma, `#EXTVLCOPT` referrer and user agent for the next entry, and only stream
 * URLs of the schemes the programmes accept.
 */

export interface M3uEntry {
  name: string;
  tvgId: string;
  tvgName: string;
  tvgLogo: string;
  groupTitle: string;
  /** null when the playlist gives no number (or not a whole one). */
  tvgChno: number | null;
  url: string;
  /** Player options from `#EXTVLCOPT` (referrer, user_agent); empty when none. */
  opts: Record<string, string>;
}

export interface M3uPlaylist {
  /** `url-tvg` / `x-tvg-url` of the `#EXTM3U` line: the guide that goes with the playlist. */
  guideUrl: string;
  entries: M3uEntry[];
  /** Entries left out: a URL of another scheme (file:, rtmp…) or none at all. */
  skipped: number;
}

/** The schemes a LiveProgram's url accepts (DOMAIN 2.6); never file:. */
export const STREAM_SCHEMES = ['http', 'https', 'rtsp', 'rtp', 'udp'];

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

export class M3uError extends Error {}

export function readM3u(text: string): M3uPlaylist {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines[0]?.startsWith('#EXTM3U')) throw new M3uError('The file does not start with #EXTM3U');
  const header = m3uAttributes(lines[0]);
  const playlist: M3uPlaylist = {
    guideUrl: header['url-tvg'] ?? header['x-tvg-url'] ?? '',
    entries: [],
    skipped: 0,
  };
  let info: string | null = null;
  let opts: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    if (line.startsWith('#EXTINF:')) {
      info = line;
      continue;
    }
    if (line.startsWith('#EXTVLCOPT:')) {
      const [key, ...rest] = line.slice('#EXTVLCOPT:'.length).split('=');
      const value = rest.join('=').trim();
      if (key === 'http-referrer') opts.referrer = value;
      else if (key === 'http-user-agent') opts.user_agent = value;
      continue;
    }
    if (line.startsWith('#')) continue;
    const scheme = line.slice(0, Math.max(0, line.indexOf(':'))).toLowerCase();
    if (!STREAM_SCHEMES.includes(scheme)) {
      playlist.skipped++;
    } else {
      const attrs = info ? m3uAttributes(info) : {};
      const chno = Number(attrs['tvg-chno'] ?? attrs['channel-number'] ?? '');
      const tvgName = attrs['tvg-name'] ?? '';
      playlist.entries.push({
        name: (info ? nameOf(info) : '') || tvgName || line,
        tvgId: attrs['tvg-id'] ?? attrs['channel-id'] ?? '',
        tvgName,
        tvgLogo: attrs['tvg-logo'] ?? '',
        groupTitle: attrs['group-title'] ?? '',
        tvgChno:
          Number.isInteger(chno) && chno > 0 && (attrs['tvg-chno'] ?? attrs['channel-number']) ? chno : null,
        url: line,
        opts,
      });
    }
    info = null;
    opts = {};
  }
  return playlist;
}
