import { gunzipSync } from 'node:zlib';
import type { TextEncoding } from '@igs/contract/resources';
import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * One way to read the text of an imported file, whoever wrote it (issue 15 item 1): gzip is
 * unpacked, a byte-order mark decides UTF-8 or UTF-16, valid UTF-8 is UTF-8, and anything else is
 * guessed by chardet among the encodings the field writes (GB18030 for Chinese Excel and vendor
 * files, Windows-1252/Latin-1, CP1251, Big5, Shift_JIS, EUC-KR); an operator may name the encoding
 * instead. Line endings become `\n` (Windows `\r\n`, old Mac `\r`). The encoding read is reported,
 * so an import preview can show it and offer another.
 */

/** The encodings an import may be told to use, by the names the console offers (the contract's list). */
export { TEXT_ENCODINGS, type TextEncoding } from '@igs/contract/resources';

export interface DecodedText {
  text: string;
  /** What the bytes were read as. */
  encoding: TextEncoding;
  /** How it was known: a byte-order mark, valid UTF-8, a guess, or the caller's word. */
  by: 'bom' | 'utf-8' | 'guess' | 'given';
  /** The file was gzip-compressed. */
  gzip: boolean;
}

/** The most a gzip file may unpack to: an import larger than this is refused, not read. */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

export class TextDecodeError extends Error {
  /** Which refusal it is, for a caller that words it for an operator. */
  readonly reason: 'gzipTooLarge' | 'gzipBroken';
  constructor(message: string, reason: TextDecodeError['reason'] = 'gzipBroken') {
    super(message);
    this.reason = reason;
  }
}

function gunzipped(data: Buffer): { bytes: Buffer; gzip: boolean } {
  if (data.length < 2 || data[0] !== 0x1f || data[1] !== 0x8b) return { bytes: data, gzip: false };
  try {
    return { bytes: gunzipSync(data, { maxOutputLength: MAX_UNPACKED_BYTES }), gzip: true };
  } catch (e) {
    const tooLarge = (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
    throw new TextDecodeError(
      tooLarge
        ? `the compressed file unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB`
        : 'the file looks gzip-compressed but cannot be unpacked',
      tooLarge ? 'gzipTooLarge' : 'gzipBroken',
    );
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes: Buffer): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** chardet's names for what it found, mapped onto the encodings read here. */
const GUESSES: Record<string, TextEncoding> = {
  'UTF-8': 'utf-8',
  'UTF-16LE': 'utf-16le',
  'UTF-16BE': 'utf-16be',
  GB18030: 'gb18030',
  Big5: 'big5',
  'ISO-8859-1': 'windows-1252',
  'windows-1252': 'windows-1252',
  'ISO-8859-2': 'windows-1252',
  'windows-1251': 'windows-1251',
  'ISO-8859-5': 'windows-1251',
  'KOI8-R': 'windows-1251',
  Shift_JIS: 'shift_jis',
  'EUC-JP': 'shift_jis',
  'EUC-KR': 'euc-kr',
};

function guess(bytes: Buffer): TextEncoding {
  // Candidates in chardet's order of confidence; the first one read here wins. Cyrillic in a
  // single-byte file is told apart from Latin by chardet's language models.
  for (const c of chardet.analyse(bytes)) {
    const known = GUESSES[c.name];
    if (known) return known;
  }
  return 'windows-1252';
}

/** The text of an imported file, with what it was read as (`encoding` overrides the guess). */
export function decodeText(data: Buffer, encoding?: TextEncoding): DecodedText {
  const { bytes, gzip } = gunzipped(data);
  let text: string;
  let used: TextEncoding;
  let by: DecodedText['by'];
  if (encoding) {
    used = encoding;
    by = 'given';
    text = iconv.decode(bytes, encoding);
  } else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    [used, by, text] = ['utf-8', 'bom', bytes.subarray(3).toString('utf8')];
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    [used, by, text] = ['utf-16le', 'bom', iconv.decode(bytes.subarray(2), 'utf-16le')];
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    [used, by, text] = ['utf-16be', 'bom', iconv.decode(bytes.subarray(2), 'utf-16be')];
  } else if (isUtf8(bytes)) {
    [used, by, text] = ['utf-8', 'utf-8', bytes.toString('utf8')];
  } else {
    used = guess(bytes);
    by = 'guess';
    text = iconv.decode(bytes, used);
  }
  // A BOM the caller's encoding left in, then every kind of line ending as `\n`.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text: text.replace(/\r\n?/g, '\n'), encoding: used, by, gzip };
}
