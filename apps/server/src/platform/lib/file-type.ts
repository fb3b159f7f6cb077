/**
 * File types recognised by their first bytes, never by the file name or the declared type
 * (DOMAIN section 3.6). Each entry names the type and its usual extension.
 */
export interface Sniffed {
  type:
    | 'jpg'
    | 'png'
    | 'gif'
    | 'webp'
    | 'mp4'
    | 'ts'
    | 'mkv'
    | 'mp3'
    | 'wav'
    | 'flac'
    | 'ogg'
    | 'zip'
    | 'gzip'
    | 'pdf';
  mime: string;
  group: 'image' | 'video' | 'audio' | 'archive' | 'document';
}

const at = (d: Buffer, offset: number, text: string) =>
  d.subarray(offset, offset + text.length).toString('latin1') === text;

export function sniff(d: Buffer): Sniffed | null {
  if (d.length >= 3 && d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff)
    return { type: 'jpg', mime: 'image/jpeg', group: 'image' };
  if (
    d.length >= 8 &&
    d.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { type: 'png', mime: 'image/png', group: 'image' };
  }
  if (at(d, 0, 'GIF87a') || at(d, 0, 'GIF89a')) return { type: 'gif', mime: 'image/gif', group: 'image' };
  if (at(d, 0, 'RIFF') && at(d, 8, 'WEBP')) return { type: 'webp', mime: 'image/webp', group: 'image' };
  if (at(d, 0, 'RIFF') && at(d, 8, 'WAVE')) return { type: 'wav', mime: 'audio/wav', group: 'audio' };
  if (at(d, 4, 'ftyp')) return { type: 'mp4', mime: 'video/mp4', group: 'video' };
  if (d.length >= 4 && d.readUInt32BE(0) === 0x1a45dfa3)
    return { type: 'mkv', mime: 'video/x-matroska', group: 'video' };
  if (d.length >= 377 && d[0] === 0x47 && d[188] === 0x47 && d[376] === 0x47)
    return { type: 'ts', mime: 'video/mp2t', group: 'video' };
  if (at(d, 0, 'ID3') || (d.length >= 2 && d[0] === 0xff && ((d[1] ?? 0) & 0xe0) === 0xe0))
    return { type: 'mp3', mime: 'audio/mpeg', group: 'audio' };
  if (at(d, 0, 'fLaC')) return { type: 'flac', mime: 'audio/flac', group: 'audio' };
  if (at(d, 0, 'OggS')) return { type: 'ogg', mime: 'audio/ogg', group: 'audio' };
  if (at(d, 0, 'PK\x03\x04')) return { type: 'zip', mime: 'application/zip', group: 'archive' };
  if (d.length >= 2 && d[0] === 0x1f && d[1] === 0x8b)
    return { type: 'gzip', mime: 'application/gzip', group: 'archive' };
  if (at(d, 0, '%PDF-')) return { type: 'pdf', mime: 'application/pdf', group: 'document' };
  return null;
}

/** The avatar and image checks of the shell: JPG or PNG only. */
export function sniffImage(data: Buffer): 'jpg' | 'png' | 'gif' | 'webp' | null {
  const s = sniff(data);
  return s && s.group === 'image' ? (s.type as 'jpg' | 'png' | 'gif' | 'webp') : null;
}

/** Width and height from the image header, where the format makes it cheap. */
export function imageSize(d: Buffer, type: Sniffed['type']): { width: number; height: number } | null {
  if (type === 'png' && d.length >= 24) return { width: d.readUInt32BE(16), height: d.readUInt32BE(20) };
  if (type === 'gif' && d.length >= 10) return { width: d.readUInt16LE(6), height: d.readUInt16LE(8) };
  if (type === 'jpg') {
    let i = 2;
    while (i + 9 < d.length) {
      if (d[i] !== 0xff) return null;
      const marker = d[i + 1]!;
      const len = d.readUInt16BE(i + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: d.readUInt16BE(i + 5), width: d.readUInt16BE(i + 7) };
      }
      i += 2 + len;
    }
  }
  return null;
}
