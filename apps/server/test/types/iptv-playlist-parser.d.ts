/** The parts of iptv-playlist-parser (npm, 0.15) the M3U tests read: an independent M3U reader. */
declare module 'iptv-playlist-parser' {
  export interface PlaylistItem {
    name: string;
    tvg: { id: string; name: string; logo: string; url: string };
    group: { title: string };
    http: { referrer: string; 'user-agent': string };
    url: string;
  }
  export interface Playlist {
    header: { attrs: Record<string, string> };
    items: PlaylistItem[];
  }
  const parser: { parse(content: string): Playlist };
  export default parser;
}
