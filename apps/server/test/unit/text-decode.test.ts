import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText, TextDecodeError } from '../../src/platform/lib/text-decode.ts';

/* Files as other programs write them: Excel's GBK CSV, a Windows playlist, a Russian list, UTF-16 exports. */
const zh = '频道,分组\r\n中央一台,央视\r\n湖南卫视,卫视\r\n';
const fr = '#EXTM3U\r\n#EXTINF:-1 group-title="Télévision",France Ô — Réunion\r\nhttp://x/1\r\n';
const ru = 'Первый канал;Россия 1;НТВ;Пятый канал;Культура;Звезда;Домашний\n';

describe('decodeText', () => {
  it('reads UTF-8 with or without a BOM, and turns every line ending into \\n', () => {
    expect(decodeText(Buffer.from(zh)).text).toBe(zh.replace(/\r\n/g, '\n'));
    const bom = decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a\rb\r\nc')]));
    expect(bom).toMatchObject({ text: 'a\nb\nc', encoding: 'utf-8', by: 'bom' });
  });

  it('reads UTF-16 LE and BE by their byte-order mark', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(zh, 'utf-16le')]);
    expect(decodeText(le)).toMatchObject({
      encoding: 'utf-16le',
      by: 'bom',
      text: zh.replace(/\r\n/g, '\n'),
    });
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(fr, 'utf-16be')]);
    expect(decodeText(be)).toMatchObject({ encoding: 'utf-16be', text: fr.replace(/\r\n/g, '\n') });
  });

  it('guesses GB18030 (Chinese Excel), Windows-1252 and CP1251 files', () => {
    expect(decodeText(iconv.encode(zh.repeat(5), 'gbk'))).toMatchObject({
      encoding: 'gb18030',
      by: 'guess',
      text: zh.repeat(5).replace(/\r\n/g, '\n'),
    });
    expect(decodeText(iconv.encode(fr, 'windows-1252').subarray(0))).toMatchObject({ by: 'guess' });
    expect(decodeText(iconv.encode(fr.replace('—', '-'), 'windows-1252')).text).toContain(
      'France Ô - Réunion',
    );
    expect(decodeText(iconv.encode(ru.repeat(3), 'windows-1251'))).toMatchObject({
      encoding: 'windows-1251',
      text: ru.repeat(3),
    });
  });

  it('reads a few Chinese words in GB18030 as Chinese, where the statistics are too short to tell', () => {
    for (const words of [
      '王小明',
      '张三,13800000000',
      '大堂经理',
      '名称,号码\r\n前台,8001',
      '客房部',
      'name,room\r\n李四,1203',
    ])
      expect(decodeText(iconv.encode(words, 'gb18030'))).toMatchObject({
        encoding: 'gb18030',
        by: 'guess',
        text: words.replace(/\r\n/g, '\n'),
      });
    // Short Western and Russian text keeps its own reading.
    expect(decodeText(iconv.encode('Zoë Müller, Café', 'windows-1252')).text).toBe('Zoë Müller, Café');
    expect(decodeText(iconv.encode(ru, 'windows-1251')).text).toBe(ru);
  });

  it('uses the encoding it is told instead of its guess', () => {
    const latin = iconv.encode('Café', 'latin1');
    expect(decodeText(latin, 'iso-8859-1')).toMatchObject({ text: 'Café', by: 'given' });
  });

  it('unpacks gzip, and refuses a file that only looks compressed', () => {
    expect(decodeText(gzipSync(iconv.encode(zh, 'gbk')))).toMatchObject({ gzip: true, encoding: 'gb18030' });
    expect(() => decodeText(Buffer.from([0x1f, 0x8b, 1, 2, 3]))).toThrow(TextDecodeError);
  });
});
