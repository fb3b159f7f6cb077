import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx, XlsxReadError } from '../src/platform/lib/xlsx-read.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * The generic import as the field's files reach it (issue 15 items 1 and 8): a CSV saved by a
 * Chinese Excel (GBK, no BOM, CRLF), a gzip-compressed CSV, the encoding shown and overridable in the
 * dry run; XLSX sheets, the product's own export read back and a workbook laid out as Excel writes
 * one (shared strings, styles with a date format, an inline string, an empty cell).
 */

const CLASS = '/admin.php/media/live_type';
const LIVE = '/admin.php/media/live';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/import/${name}`, import.meta.url));

type Reply = {
  total: number;
  inserted: number;
  updated: number;
  skipped: number;
  errors: { line: number; field: string; msg: string }[];
  dry_run: boolean;
  encoding?: { name: string; by: string; gzip: boolean };
  sheet?: string;
};
type Live = { id: number; number: number; name: string; name_en: string; url: string; type: string };

/** A workbook laid out as Excel writes one, not as toXlsx does: shared strings, styles, a date. */
function excelLikeWorkbook(classId: number): Uint8Array {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const strings = ['number', 'name', 'name_en', 'category_ids', 'url', 'type', '东方卫视', 'multicast'];
  const si = strings.map((t, i) =>
    i === 6
      ? // Rich text: two runs of one string, and a phonetic run that is not part of it.
        `<si><r><t>东方</t></r><r><rPr><b/></rPr><t>卫视</t></r><rPh sb="0" eb="2"><t>dongfang</t></rPh></si>`
      : `<si><t>${t}</t></si>`,
  );
  const sheet = [
    // Row 1: the header, all shared strings, cells A1..F1.
    `<row r="1" spans="1:6">${['A', 'B', 'C', 'D', 'E', 'F'].map((c, i) => `<c r="${c}1" t="s"><v>${i}</v></c>`).join('')}</row>`,
    // Row 3 (row 2 left empty): a number, a shared string, a date-formatted number (style 1), the
    // class id as a number, an inline string; F3 (type) empty, so the default applies.
    `<row r="3"><c r="A3"><v>31</v></c><c r="B3" t="s"><v>6</v></c><c r="C3" s="1"><v>46353</v></c><c r="D3"><v>${classId}</v></c><c r="E3" t="inlineStr"><is><t>udp://239.3.1.31:8000</t></is></c></row>`,
    // Row 4: cells without references (placed one after another), a formula string, a boolean-free row.
    `<row r="4"><c><v>32</v></c><c t="str"><f>"Jiangsu"&amp;"台"</f><v>江苏卫视</v></c><c t="inlineStr"><is><t>Jiangsu TV</t></is></c><c><v>${classId}</v></c><c t="inlineStr"><is><t>udp://239.3.1.32:8000</t></is></c><c t="s"><v>7</v></c></row>`,
  ];
  const files: Record<string, string> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    // The first sheet in the workbook is the second part, through relationship rId3 (absolute target).
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${ns}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr defaultThemeVersion="166925"/><bookViews><workbookView/></bookViews><sheets><sheet name="频道" sheetId="2" r:id="rId3"/><sheet name="Notes" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${ns}"><numFmts count="1"><numFmt numFmtId="176" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/></numFmts><fonts count="1"><font><sz val="11"/></font></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0"/><xf numFmtId="176" fontId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${ns}" count="${si.length}" uniqueCount="${si.length}">${si.join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>not this sheet</t></is></c></row></sheetData></worksheet>`,
    'xl/worksheets/sheet2.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${ns}"><dimension ref="A1:F4"/><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/><sheetData>${sheet.join('')}</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
}

describe('readXlsx', () => {
  it('reads the first sheet as Excel lays it out: shared and inline strings, numbers, dates, empty cells', () => {
    const sheet = readXlsx(excelLikeWorkbook(7));
    expect(sheet.name).toBe('频道');
    expect(sheet.rows).toEqual([
      { line: 1, cells: ['number', 'name', 'name_en', 'category_ids', 'url', 'type'] },
      { line: 3, cells: ['31', '东方卫视', '2026-11-27', '7', 'udp://239.3.1.31:8000'] },
      {
        line: 4,
        cells: ['32', '江苏卫视', 'Jiangsu TV', '7', 'udp://239.3.1.32:8000', 'multicast'],
      },
    ]);
  });

  it('reads dates and times by their number format, in the 1900 and the 1904 date systems', () => {
    const book = (date1904: boolean) =>
      zipSync({
        'xl/workbook.xml': strToU8(
          `<workbook><workbookPr${date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="s" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
        'xl/styles.xml': strToU8(
          '<styleSheet><numFmts><numFmt numFmtId="165" formatCode="[h]:mm:ss"/><numFmt numFmtId="166" formatCode="0.00&quot;d&quot;"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="22"/><xf numFmtId="20"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="33"/></cellXfs></styleSheet>',
        ),
        'xl/worksheets/sheet1.xml': strToU8(
          '<worksheet><sheetData><row r="1"><c r="A1" s="1"><v>45000</v></c><c r="B1" s="2"><v>45000.5</v></c><c r="C1" s="3"><v>0.75</v></c><c r="D1" s="4"><v>0.0001157407</v></c><c r="E1" s="5"><v>2.5</v></c><c r="F1"><v>0.30000000000000004</v></c><c r="G1" t="b"><v>1</v></c><c r="H1" s="6"><v>0.5</v></c><c r="I1" t="d"><v>2026-11-27T08:30:00Z</v></c></row></sheetData></worksheet>',
        ),
      });
    expect(readXlsx(book(false)).rows[0]!.cells).toEqual([
      '2023-03-15',
      '2023-03-15 12:00:00',
      '18:00',
      '00:00:10',
      '2.5',
      '0.3',
      '1',
      '12:00:00',
      '2026-11-27 08:30:00',
    ]);
    expect(readXlsx(book(true)).rows[0]!.cells.slice(0, 2)).toEqual(['2027-03-16', '2027-03-16 12:00:00']);
  });

  it('refuses what is not a workbook, and a workbook that would unpack past the cap', () => {
    expect(() => readXlsx(Buffer.from('number,name\n1,x\n'))).toThrow(XlsxReadError);
    expect(() => readXlsx(zipSync({ 'a.txt': strToU8('x') }))).toThrow(/not an Excel workbook/);
    // 60 MB of one byte packs into a few kB: refused by its declared size, never unpacked.
    const bomb = zipSync({
      'xl/workbook.xml': strToU8(
        '<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/worksheets/sheet1.xml': new Uint8Array(60 * 1024 * 1024).fill(0x20),
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(() => readXlsx(bomb)).toThrow(/more than 48 MB/);
  });
});

describeEachDb('resource import: encodings, gzip and XLSX', (kind) => {
  let s: TestServer;
  let token: string;
  let classId: number;
  const upload = (
    data: Uint8Array | string,
    name: string,
    fields: Record<string, string> = {},
    lang = 'en',
  ) => {
    const fd = new FormData();
    fd.append('method', 'import');
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('file', new Blob([typeof data === 'string' ? data : Buffer.from(data)]), name);
    return s.call<Reply>(LIVE, fd, { token, headers: { cookie: `language=${lang}` } });
  };
  const live = async () =>
    (
      await s.call<{ list: Live[] }>(
        LIVE,
        { method: 'list', limit: 100, sort: 'number', order: 'asc' },
        { token },
      )
    ).data.list;
  const clear = async () => {
    const ids = (await live()).map((r) => r.id);
    if (ids.length) await s.call(LIVE, { method: 'del', ids }, { token });
  };
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    classId = (await s.call<{ id: number }>(CLASS, { method: 'add', name: '卫视' }, { token })).data.id;
  });
  afterAll(async () => s.close());

  it('reads a CSV saved by a Chinese Excel (GBK): the dry run says it guessed GB18030, the import stores Chinese', async () => {
    expect(classId).toBe(1); // the fixtures name class 1, the first one added
    const file = fixture('live-excel-gbk.csv');
    const dry = await upload(file, 'channels.csv', { dry_run: '1' });
    expect(dry.code, dry.msg).toBe(200);
    expect(dry.data).toMatchObject({
      total: 3,
      inserted: 3,
      errors: [],
      encoding: { name: 'gb18030', by: 'guess', gzip: false },
    });
    expect(await live()).toEqual([]);
    const run = await upload(file, 'channels.csv');
    expect(run.data).toMatchObject({ inserted: 3, errors: [], dry_run: false });
    expect((await live()).map((r) => [r.number, r.name])).toEqual([
      [11, '中央一套综合频道'],
      [12, '湖南卫视，快乐中国'],
      [13, '广东珠江频道'],
    ]);
    await clear();
  });

  it('reads the file again in the encoding the operator names, and says so', async () => {
    const file = fixture('live-excel-gbk.csv');
    // Read as Windows-1252 the GBK bytes are mojibake: still three rows, named as given.
    const latin = await upload(file, 'channels.csv', { dry_run: '1', encoding: 'windows-1252' });
    expect(latin.data.encoding).toEqual({ name: 'windows-1252', by: 'given', gzip: false });
    const back = await upload(file, 'channels.csv', { dry_run: '1', encoding: 'gb18030' });
    expect(back.data).toMatchObject({ total: 3, errors: [], encoding: { name: 'gb18030', by: 'given' } });
    const bad = await upload(file, 'channels.csv', { dry_run: '1', encoding: 'ebcdic' });
    expect(bad.code).toBe(422);
    expect(bad.msg).toMatch(/encoding must be one of: utf-8, utf-16le/);
  });

  it('names UTF-8 with a BOM and plain UTF-8, and takes UTF-16 with a BOM', async () => {
    const csv = 'number,name,name_en,category_ids,url\r\n41,安徽卫视,Anhui TV,1,udp://239.3.1.41:8000\r\n';
    const bom = await upload(`\uFEFF${csv}`, 'a.csv', { dry_run: '1' });
    expect(bom.data).toMatchObject({ inserted: 1, encoding: { name: 'utf-8', by: 'bom' } });
    const plain = await upload(csv, 'a.csv', { dry_run: '1' });
    expect(plain.data).toMatchObject({ inserted: 1, encoding: { name: 'utf-8', by: 'utf-8' } });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(csv, 'utf-16le')]);
    const u16 = await upload(utf16, 'a.csv', { dry_run: '1' });
    expect(u16.data).toMatchObject({ inserted: 1, errors: [], encoding: { name: 'utf-16le', by: 'bom' } });
  });

  it('accepts a gzip-compressed CSV (and JSON), and refuses a broken one in the caller’s language', async () => {
    const gz = await upload(fixture('live-utf8.csv.gz'), 'channels.csv.gz');
    expect(gz.data).toMatchObject({ inserted: 2, errors: [], encoding: { name: 'utf-8', gzip: true } });
    expect((await live()).map((r) => r.name)).toEqual(['浙江卫视', '东方卫视']);
    await clear();
    const json = JSON.stringify([
      { number: 51, name: '四川卫视', name_en: 'Sichuan TV', category_ids: [1], url: 'udp://239.3.1.51:1' },
    ]);
    const jz = await upload(gzipSync(json), 'c.json.gz', { format: 'json', dry_run: '1' });
    expect(jz.data).toMatchObject({ inserted: 1, errors: [], encoding: { gzip: true } });
    const broken = Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0]), Buffer.from('not really gzip')]);
    const zh = await upload(broken, 'c.csv.gz', {}, 'zh_CN');
    expect(zh).toMatchObject({ code: 422, msg: '文件像是 gzip 压缩文件，但无法解压' });
    expect(await live()).toEqual([]);
  });

  it('imports the product’s own XLSX export back: the same rows, dry run and upsert alike', async () => {
    const rows = [
      {
        number: 61,
        name: '北京卫视',
        name_en: 'BTV',
        category_ids: [classId],
        url: 'udp://239.3.1.61:8000',
        type: 'multicast',
      },
      {
        number: 62,
        name: '天津卫视, "津"',
        name_en: 'Tianjin\nTV',
        category_ids: [classId],
        url: 'http://cdn.example/tj.m3u8',
        type: 'hls',
      },
    ];
    for (const r of rows) {
      const add = await s.call(LIVE, { method: 'add', ...r }, { token });
      expect(add.code, add.msg).toBe(200);
    }
    const before = await live();
    const exp = await s.call<{ url: string }>(LIVE, { method: 'export', format: 'xlsx' }, { token });
    expect(exp.code, exp.msg).toBe(200);
    const xlsx = new Uint8Array(await (await fetch(s.url + exp.data.url)).arrayBuffer());
    // The export writes readable words beside codes (type_label): read past as a CSV import does.
    const dry = await upload(xlsx, 'live.xlsx', { format: 'xlsx', mode: 'upsert', dry_run: '1' });
    expect(dry.data, JSON.stringify(dry.data.errors)).toMatchObject({ total: 2, updated: 2, errors: [] });
    expect(dry.data.encoding).toBeUndefined();
    expect(dry.data.sheet).toBeTruthy();
    await clear();
    const run = await upload(xlsx, 'live.xlsx', { format: 'xlsx' });
    expect(run.data).toMatchObject({ inserted: 2, errors: [] });
    const after = await live();
    const strip = (l: Live[]) =>
      l.map(({ id: _id, ...r }) => ({ ...r, created_at: undefined, updated_at: undefined }));
    expect(strip(after)).toEqual(strip(before));
    await clear();
  });

  it('imports a workbook laid out as Excel writes one, with the row numbers of the sheet in errors', async () => {
    const book = excelLikeWorkbook(classId);
    const dry = await upload(book, 'channels.xlsx', { format: 'xlsx', dry_run: '1' });
    expect(dry.data).toMatchObject({ total: 2, inserted: 2, errors: [], sheet: '频道' });
    expect(await live()).toEqual([]);
    const run = await upload(book, 'channels.xlsx', { format: 'xlsx' });
    expect(run.data).toMatchObject({ inserted: 2, errors: [] });
    expect((await live()).map((r) => [r.number, r.name, r.name_en, r.url, r.type])).toEqual([
      [31, '东方卫视', '2026-11-27', 'udp://239.3.1.31:8000', 'multicast'],
      [32, '江苏卫视', 'Jiangsu TV', 'udp://239.3.1.32:8000', 'multicast'],
    ]);
    // Imported again: both numbers are taken; the errors name the sheet's rows 3 and 4.
    const again = await upload(book, 'channels.xlsx', { format: 'xlsx' });
    expect(again.data.errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'number'],
      [4, 'number'],
    ]);
    expect(again.data).toMatchObject({ inserted: 0, skipped: 2 });
    await clear();
  });

  it('refuses a file that is not a workbook, and unknown columns, writing nothing', async () => {
    const notXlsx = await upload('number,name\n1,x\n', 'fake.xlsx', { format: 'xlsx' }, 'zh_CN');
    expect(notXlsx).toMatchObject({
      code: 422,
      msg: '文件不是 Excel 工作簿 (.xlsx)；旧版 .xls 请先另存为 .xlsx',
    });
    const wb = zipSync({
      'xl/workbook.xml': strToU8(
        '<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/worksheets/sheet1.xml': strToU8(
        '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>number</t></is></c><c r="B1" t="inlineStr"><is><t>password_hash</t></is></c></row></sheetData></worksheet>',
      ),
    });
    const unknown = await upload(wb, 'a.xlsx', { format: 'xlsx' });
    expect(unknown).toMatchObject({ code: 422, msg: 'Unknown columns: password_hash' });
    expect(await live()).toEqual([]);
  });
});
