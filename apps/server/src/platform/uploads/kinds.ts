import type { Sniffed } from '../lib/file-type.ts';

export type UploadKind = 'avatar' | 'image' | 'audio' | 'video' | 'apk' | 'firmware' | 'text';

/**
 * What each kind of upload accepts and how big it may be (spec sections 5 and 9: avatar 10 MB,
 * general 5 MB; DOMAIN 3.6: video, apk and firmware configurable, 2 GB by default).
 */
export function kindRule(
  kind: UploadKind,
  largeMax: number,
): { maxBytes: number; accepts(s: Sniffed | null, head: Buffer): boolean; what: string } {
  const MB = 1024 * 1024;
  switch (kind) {
    case 'avatar':
      return {
        maxBytes: 10 * MB,
        accepts: (s) => s?.type === 'jpg' || s?.type === 'png',
        what: 'JPG or PNG',
      };
    case 'image':
      return { maxBytes: 5 * MB, accepts: (s) => s?.group === 'image', what: 'JPG, PNG, GIF or WebP' };
    case 'audio':
      return { maxBytes: 5 * MB * 20, accepts: (s) => s?.group === 'audio', what: 'MP3, WAV, FLAC or Ogg' };
    case 'video':
      return { maxBytes: largeMax, accepts: (s) => s?.group === 'video', what: 'MP4, MPEG-TS or Matroska' };
    case 'apk':
      return { maxBytes: largeMax, accepts: (s) => s?.type === 'zip', what: 'an Android package (APK)' };
    case 'firmware':
      return {
        maxBytes: largeMax,
        accepts: (s) => s?.group === 'archive' || s === null,
        what: 'a firmware image',
      };
    case 'text':
      // Playlists, XMLTV, VPN profiles, as the field writes them: text without NUL bytes in any
      // single-byte or multi-byte encoding, UTF-16 behind its byte-order mark (which a sniffer may
      // take for an MP3 frame), or gzip-compressed
      // (the reader, platform/lib/text-decode.ts, unpacks and decodes them).
      return {
        maxBytes: 5 * MB,
        accepts: (s, head) => utf16Bom(head) || (s === null && !head.includes(0)) || s?.type === 'gzip',
        what: 'a text file (any encoding, or gzip-compressed)',
      };
  }
}

/** UTF-16 text starts with its byte-order mark (FF FE or FE FF). */
function utf16Bom(head: Buffer): boolean {
  return (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
}

export const UPLOAD_KINDS: readonly UploadKind[] = [
  'avatar',
  'image',
  'audio',
  'video',
  'apk',
  'firmware',
  'text',
];

/**
 * The areas of the console that use each kind of file, as endpoint paths without their mode
 * prefix (`media/`: every media page; `system/backup_restore`: that page). An account may upload
 * a kind only when its role holds a menu listing one of them: an account without any media,
 * advertising or smart-terminal menu cannot upload a video. null: any signed-in account (its own
 * avatar).
 */
export const KIND_USERS: Readonly<Record<UploadKind, readonly string[] | null>> = {
  avatar: null,
  image: [
    'media/',
    'advertising/',
    'smart/',
    'system/',
    'voice/',
    'aiso/',
    'shop/',
    'introduce/',
    'festival/',
    'bulletin_board/',
    'video/',
    'ac/',
    'tr069/',
  ],
  audio: ['media/', 'advertising/', 'smart/', 'voice/', 'aiso/', 'system/'],
  video: ['media/', 'advertising/', 'smart/'],
  apk: ['smart/', 'index/app_upgrade'],
  // Firmware images, and the archives of backups and upgrade packages sent through the same call.
  firmware: ['tr069/', 'ac/', 'system/backup_restore', 'authorise/upgrade'],
  // Playlists and XMLTV (media), VPN profiles and address lists (network, system), phone books.
  text: ['media/', 'network/', 'system/', 'voice/', 'tr069/'],
};
