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
  readonly reason: 'gzipTooLarge' | 'gzipBroken' | 'unknownEncoding';
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

/**
 * Whether every byte above ASCII pairs up as a GB2312 hanzi (lead 0xB0–0xF7, trail 0xA1–0xFE),
 * with at least one: what a short Chinese name or a few cells of a Chinese Excel CSV look like.
 */
function isGbHanziOnly(bytes: Buffer): boolean {
  let pairs = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    const trail = bytes[i + 1] ?? 0;
    if (b < 0xb0 || b > 0xf7 || trail < 0xa1 || trail > 0xfe) return false;
    pairs++;
    i++;
  }
  return pairs > 0;
}

/** Below this confidence (of 100) chardet is guessing from too little text to be believed. */
const SURE = 50;

function guess(bytes: Buffer): TextEncoding {
  const candidates = chardet.analyse(bytes);
  // A few Chinese words give chardet too little to go on (it says Shift_JIS, Big5 or Greek at
  // 10–40); text that is GB2312 hanzi and ASCII only is read as such (the field's usual case).
  if ((candidates[0]?.confidence ?? 0) < SURE && isGbHanziOnly(bytes)) return 'gb18030';
  // Candidates in chardet's order of confidence; the first one read here wins. Cyrillic in a
  // single-byte file is told apart from Latin by chardet's language models.
  for (const c of candidates) {
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

/** The text of an XML file, with the encoding it was read in (a name iconv-lite knows). */
export interface DecodedXml {
  text: string;
  encoding: string;
  by: 'bom' | 'declared' | 'utf-8' | 'guess' | 'given';
  gzip: boolean;
}

/**
 * Names an XML declaration may give, as the decoder reads them. Latin-1 is read as its superset
 * Windows-1252 (as browsers do: files labelled ISO-8859-1 carry Windows quotes and dashes), and
 * GB2312/GBK as their superset GB18030 (Chinese guides labelled GB2312 use GBK characters).
 */
const XML_ENCODING_ALIASES: Record<string, string> = {
  'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'us-ascii': 'windows-1252',
  ascii: 'windows-1252',
  gb2312: 'gb18030',
  gbk: 'gb18030',
  'x-gbk': 'gb18030',
  cp936: 'gb18030',
};

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="ISO-8859-1"?>`), if any. */
function declaredEncoding(bytes: Buffer): string | null {
  // The declaration is ASCII in every encoding an XML declaration can name without a BOM.
  const head = bytes.subarray(0, 200).toString('latin1');
  return /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(head)?.[1] ?? null;
}

/**
 * The text of an XML file (XML 1.0 section 4.3.3 and appendix F): gzip unpacked, then a byte-order
 * mark, else the encoding its declaration names, else UTF-8. A file that is not the UTF-8 it
 * claims to be (or claims nothing) is read as decodeText guesses, since the field mislabels files;
 * an encoding no decoder knows is refused.
 */
export function decodeXml(data: Buffer, given?: TextEncoding): DecodedXml {
  // The operator's word (the import dialog's choice) over the file's own declaration.
  if (given) {
    const d = decodeText(data, given);
    return { text: d.text, encoding: d.encoding, by: 'given', gzip: d.gzip };
  }
  const { bytes, gzip } = gunzipped(data);
  const hasBom =
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff);
  const declared = hasBom ? null : declaredEncoding(bytes);
  const name = declared ? (XML_ENCODING_ALIASES[declared.toLowerCase()] ?? declared.toLowerCase()) : null;
  if (name && !/^utf-?8$/.test(name)) {
    if (!iconv.encodingExists(name))
      throw new TextDecodeError(
        `the file's declared encoding ${declared} is not one read here`,
        'unknownEncoding',
      );
    const text = iconv.decode(bytes, name).replace(/^\uFEFF/, '');
    return { text: text.replace(/\r\n?/g, '\n'), encoding: name, by: 'declared', gzip };
  }
  const d = decodeText(bytes);
  return { text: d.text, encoding: d.encoding, by: d.by === 'given' ? 'guess' : d.by, gzip };
}
