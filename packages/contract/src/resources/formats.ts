import type { Lang } from '../messages.ts';

/**
 * The file formats of import and export: DOMAIN section 3.3's format names, plus XLSX, which the
 * server writes for every list that exports. One list, so a description's `io` can name a module's
 * own format, the server names and types its files after it, and the console labels it and picks
 * the file by its extension.
 */
export interface FileFormat {
  /** The extension an exported file gets; the import picker takes it too. */
  extension: string;
  /** More extensions the import picker takes. */
  moreExtensions?: readonly string[];
  /** Such files are often named without an extension (`/etc/hosts`): the picker takes any name. */
  anyName?: boolean;
  mime: string;
  label: Record<Lang, string>;
  /** An import's per-row errors count lines of the file (CSV and its kin), not records. */
  rowsAreLines?: boolean;
}

export const FILE_FORMATS = {
  csv: { extension: 'csv', mime: 'text/csv', label: { en: 'CSV', zh_CN: 'CSV' }, rowsAreLines: true },
  xlsx: {
    extension: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: { en: 'Excel (XLSX)', zh_CN: 'Excel (XLSX)' },
    // An import's errors name the sheet's row numbers, as Excel shows them.
    rowsAreLines: true,
  },
  json: { extension: 'json', mime: 'application/json', label: { en: 'JSON', zh_CN: 'JSON' } },
  // vCard 3.0 (RFC 2426); `.vcf` is the extension address books write and read.
  vcard: {
    extension: 'vcf',
    moreExtensions: ['vcard'],
    mime: 'text/vcard',
    label: { en: 'vCard (.vcf)', zh_CN: 'vCard 名片 (.vcf)' },
  },
  // Asterisk's cdr_csv module writes Master.csv: 16 columns, no header.
  cdr_csv: {
    extension: 'csv',
    mime: 'text/csv',
    label: { en: 'Asterisk CDR (Master.csv)', zh_CN: 'Asterisk 话单 (Master.csv)' },
  },
  // DOMAIN system/RegionalManagement: one area path a line (`A栋/8F/0805`), optional code column.
  region_path: {
    extension: 'csv',
    moreExtensions: ['txt'],
    mime: 'text/csv',
    label: { en: 'Area paths (CSV, A栋/8F/0805)', zh_CN: '区域路径 (CSV，如 A栋/8F/0805)' },
    rowsAreLines: true,
  },
  // DOMAIN smart/DeviceBinding: the columns room_code, mac, extension.
  binding_csv: {
    extension: 'csv',
    mime: 'text/csv',
    label: { en: 'Room, MAC, extension (CSV)', zh_CN: '房间号、MAC、分机 (CSV)' },
    rowsAreLines: true,
  },
  hosts: {
    extension: 'txt',
    moreExtensions: ['hosts'],
    anyName: true,
    mime: 'text/plain',
    label: { en: 'hosts file (/etc/hosts)', zh_CN: 'hosts 文件 (/etc/hosts)' },
  },
  m3u: {
    extension: 'm3u',
    moreExtensions: ['m3u8'],
    mime: 'audio/x-mpegurl',
    label: { en: 'M3U playlist', zh_CN: 'M3U 播放列表' },
  },
  xmltv: { extension: 'xml', mime: 'application/xml', label: { en: 'XMLTV', zh_CN: 'XMLTV' } },
  pjsip: { extension: 'conf', mime: 'text/plain', label: { en: 'pjsip.conf', zh_CN: 'pjsip.conf' } },
  dnsmasq: { extension: 'conf', mime: 'text/plain', label: { en: 'dnsmasq.conf', zh_CN: 'dnsmasq.conf' } },
} as const satisfies Record<string, FileFormat>;

export type FileFormatName = keyof typeof FILE_FORMATS;

/**
 * Written by the generic import and export of every resource; other names are a module's own. An
 * XLSX import reads the first sheet as a CSV import reads its file (header row of field names).
 */
export const BUILT_IN_IMPORT_FORMATS: readonly FileFormatName[] = ['csv', 'xlsx', 'json'];
export const BUILT_IN_EXPORT_FORMATS: readonly FileFormatName[] = ['csv', 'xlsx', 'json'];

/**
 * The formats an import of a list offers: its description's, with Excel (XLSX) beside CSV wherever
 * CSV is offered (an XLSX sheet is read as a CSV file is).
 */
export function importFormatsOf(io: { import?: readonly FileFormatName[] } | undefined): FileFormatName[] {
  const list = [...(io?.import ?? [])];
  const csv = list.indexOf('csv');
  if (csv >= 0 && !list.includes('xlsx')) list.splice(csv + 1, 0, 'xlsx');
  return list;
}

/**
 * The text encodings an import may be told to read its file with (the server guesses otherwise):
 * the ones the field writes, by the names iconv-lite knows them by.
 */
export const TEXT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'gb18030',
  'big5',
  'windows-1252',
  'iso-8859-1',
  'windows-1251',
  'shift_jis',
  'euc-kr',
] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** The encodings as a select offers them: the name and the writing it serves. */
export const TEXT_ENCODING_LABELS: Readonly<Record<TextEncoding, { en: string; zh_CN: string }>> = {
  'utf-8': { en: 'UTF-8', zh_CN: 'UTF-8' },
  'utf-16le': { en: 'UTF-16 LE', zh_CN: 'UTF-16 LE' },
  'utf-16be': { en: 'UTF-16 BE', zh_CN: 'UTF-16 BE' },
  gb18030: { en: 'GB18030 / GBK (Simplified Chinese)', zh_CN: 'GB18030 / GBK（简体中文）' },
  big5: { en: 'Big5 (Traditional Chinese)', zh_CN: 'Big5（繁体中文）' },
  'windows-1252': { en: 'Windows-1252 (Western European)', zh_CN: 'Windows-1252（西欧）' },
  'iso-8859-1': { en: 'ISO-8859-1 (Latin-1)', zh_CN: 'ISO-8859-1（Latin-1）' },
  'windows-1251': { en: 'Windows-1251 (Cyrillic)', zh_CN: 'Windows-1251（西里尔文）' },
  shift_jis: { en: 'Shift_JIS (Japanese)', zh_CN: 'Shift_JIS（日文）' },
  'euc-kr': { en: 'EUC-KR (Korean)', zh_CN: 'EUC-KR（韩文）' },
};

/** The encodings by the short names "Read as …" says (the same in both languages). */
export const TEXT_ENCODING_NAMES: Readonly<Record<TextEncoding, string>> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  gb18030: 'GB18030',
  big5: 'Big5',
  'windows-1252': 'Windows-1252',
  'iso-8859-1': 'ISO-8859-1',
  'windows-1251': 'Windows-1251',
  shift_jis: 'Shift_JIS',
  'euc-kr': 'EUC-KR',
};

/**
 * How an import knew its file's encoding: a byte-order mark, valid UTF-8, a guess, the caller's
 * word, or the file's own declaration (an XML file's `encoding="…"`).
 */
export const TEXT_ENCODING_SOURCES = ['bom', 'utf-8', 'guess', 'given', 'declared'] as const;

/** Text formats whose files may come gzip-compressed (`channels.csv.gz`, `guide.xml.gz`). */
const GZIP_FORMATS: readonly FileFormatName[] = ['csv', 'json', 'xmltv'];

function extensionsOf(name: FileFormatName): readonly string[] {
  const f: FileFormat = FILE_FORMATS[name];
  return [f.extension, ...(f.moreExtensions ?? [])];
}

/**
 * The format of an uploaded file, among those allowed, by its extension; a file no extension
 * matches goes to an allowed format whose files often have none (`hosts`).
 */
export function fileFormatOf(
  fileName: string,
  allowed: readonly FileFormatName[],
): FileFormatName | undefined {
  // A gzip-compressed text file is known by the name inside (`channels.csv.gz`).
  const plain = fileName.toLowerCase();
  const lower = plain.endsWith('.gz') && plain.length > 3 ? plain.slice(0, -3) : plain;
  const dot = lower.lastIndexOf('.');
  const ext = dot >= 0 ? lower.slice(dot + 1) : lower;
  return (
    allowed.find((f) => extensionsOf(f).includes(ext)) ??
    allowed.find((f) => (FILE_FORMATS[f] as FileFormat).anyName)
  );
}

/**
 * The `accept` of a file picker for these formats (`.csv,.vcf,…`, and `.gz` where a generic text
 * format is among them); undefined, taking any file,
 * when one of them is often named without an extension.
 */
export function acceptOf(allowed: readonly FileFormatName[]): string | undefined {
  if (allowed.some((f) => (FILE_FORMATS[f] as FileFormat).anyName)) return undefined;
  const gz = allowed.some((f) => GZIP_FORMATS.includes(f)) ? ['.gz'] : [];
  return [...new Set([...allowed.flatMap((f) => extensionsOf(f).map((e) => `.${e}`)), ...gz])].join(',');
}

/** The MIME type a downloaded file is served with, by the extension of its name. */
export function mimeOfFileName(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return Object.values(FILE_FORMATS).find((f: FileFormat) => f.extension === ext)?.mime;
}
