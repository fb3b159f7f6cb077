import { TEXT_ENCODING_LABELS } from '@igs/contract/resources';
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
  'res.importBy.declared': { en: 'as the file declares', zh_CN: '按文件声明的编码' },
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
  // The encodings' words are the contract's (a verb's encoding field offers the same).
  ...Object.fromEntries(Object.entries(TEXT_ENCODING_LABELS).map(([e, words]) => [`res.enc.${e}`, words])),
};

registerTexts(texts);
