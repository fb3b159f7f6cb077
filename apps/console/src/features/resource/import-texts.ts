import type { TextEncoding } from '@igs/contract/resources';
import { registerTexts, type Texts } from '../../i18n/index.ts';

/**
 * Texts of the import dialog's reading report (issue 15 items 1 and 8): which encoding a text
 * file was read as and how that was known, the choice of another, and the sheet of a workbook.
 */
const texts: Texts = {
  'res.importReadAs': { en: 'Read as {{encoding}} ({{how}})', zh_CN: '按 {{encoding}} 读取（{{how}}）' },
  'res.importBy.bom': { en: 'byte-order mark', zh_CN: '字节序标记' },
  'res.importBy.utf-8': { en: 'valid UTF-8', zh_CN: '内容为有效 UTF-8' },
  'res.importBy.guess': { en: 'guessed', zh_CN: '自动识别' },
  'res.importBy.given': { en: 'as chosen', zh_CN: '手动指定' },
  'res.importGzip': { en: 'unpacked from gzip', zh_CN: '已从 gzip 解压' },
  'res.importEncoding': { en: 'Read with', zh_CN: '读取编码' },
  'res.importEncodingHint': {
    en: 'Names or Chinese text look garbled? Choose the encoding the file was saved in: the check runs again.',
    zh_CN: '姓名或中文显示为乱码？请选择文件保存时的编码，将重新预检。',
  },
  'res.importEncodingAuto': { en: 'Detect automatically', zh_CN: '自动识别' },
  'res.importSheet': {
    en: 'Read sheet “{{sheet}}” (the first of the workbook)',
    zh_CN: '读取工作表“{{sheet}}”（工作簿中的第一个）',
  },
  'res.enc.utf-8': { en: 'UTF-8', zh_CN: 'UTF-8' },
  'res.enc.utf-16le': { en: 'UTF-16 LE', zh_CN: 'UTF-16 LE' },
  'res.enc.utf-16be': { en: 'UTF-16 BE', zh_CN: 'UTF-16 BE' },
  'res.enc.gb18030': { en: 'GB18030 / GBK (Simplified Chinese)', zh_CN: 'GB18030 / GBK（简体中文）' },
  'res.enc.big5': { en: 'Big5 (Traditional Chinese)', zh_CN: 'Big5（繁体中文）' },
  'res.enc.windows-1252': { en: 'Windows-1252 (Western European)', zh_CN: 'Windows-1252（西欧）' },
  'res.enc.iso-8859-1': { en: 'ISO-8859-1 (Latin-1)', zh_CN: 'ISO-8859-1（Latin-1）' },
  'res.enc.windows-1251': { en: 'Windows-1251 (Cyrillic)', zh_CN: 'Windows-1251（西里尔文）' },
  'res.enc.shift_jis': { en: 'Shift_JIS (Japanese)', zh_CN: 'Shift_JIS（日文）' },
  'res.enc.euc-kr': { en: 'EUC-KR (Korean)', zh_CN: 'EUC-KR（韩文）' },
};

/** The short name an encoding is shown by in "Read as …". */
export const ENCODING_NAMES: Record<TextEncoding, string> = {
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

registerTexts(texts);
