import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { type GuideItem, itemsOfRow } from '../../src/features/media-extras/guide-items.ts';
import { MAX_NOTES, planGuide, reportNotes } from '../../src/features/media-extras/guide-policy.ts';
import { readXmltv } from '../../src/features/media-extras/xmltv-read.ts';
import { decodeXml, TextDecodeError } from '../../src/platform/lib/text-decode.ts';

/** The XMLTV guide policy (guide-policy.ts) and the XML text reading (text-decode.ts decodeXml). */

const guide = (programmes: string) =>
  readXmltv(`<tv>\n<channel id="a"><display-name>A</display-name></channel>\n${programmes}\n</tv>`);
const p = (start: string, stop: string | null, title: string, extra = '') =>
  `<programme start="202606010${start}00"${stop ? ` stop="202606010${stop}00"` : ''} channel="a"${extra}><title>${title}</title></programme>`;
const plan = (xml: string) => planGuide(guide(xml), new Map([['a', 7]]));
const kept = (r: ReturnType<typeof plan>) =>
  r.kept.map((k) => [k.start.slice(11, 16), k.stop.slice(11, 16), k.title]);

describe('guide policy', () => {
  it('two programmes starting together, not a clump: the later in the file replaces the earlier', () => {
    const r = plan([p('600', '700', 'First'), p('600', '730', 'Second'), p('730', '800', 'Next')].join('\n'));
    expect(kept(r)).toEqual([
      ['06:00', '07:30', 'Second'],
      ['07:30', '08:00', 'Next'],
    ]);
    expect(r.notes.map((n) => [n.title, n.reason])).toEqual([['First', 'sameSlot']]);
  });

  it('a stop-less clump ends with its slot; a programme without a title is left out', () => {
    const r = plan(
      [
        p('600', null, 'News', ' clumpidx="0/2"'),
        p('600', null, 'Weather', ' clumpidx="1/2"'),
        p('630', '700', ''),
        p('700', '800', 'Film'),
      ].join('\n'),
    );
    expect(kept(r)).toEqual([
      ['06:00', '06:30', 'News'],
      ['06:00', '06:30', 'Weather'],
      ['07:00', '08:00', 'Film'],
    ]);
    expect(r.notes.map((n) => n.reason)).toEqual(['noTitle']);
  });

  it('a programme inside a longer one cuts it; the reader reports a missing channel and a bad stop', () => {
    const r = planGuide(
      readXmltv(
        `<tv>${p('600', '900', 'Long')}${p('700', '800', 'Inside')}<programme start="20260601060000"><title>x</title></programme>${p('900', '9xx', 'Bad')}</tv>`,
      ),
      new Map([['a', 1]]),
    );
    expect(kept(r)).toEqual([
      ['06:00', '07:00', 'Long'],
      ['07:00', '08:00', 'Inside'],
    ]);
    expect(r.notes.map((n) => n.reason).sort()).toEqual(['badStop', 'cut', 'noChannel']);
  });

  it('a reply carries the first notes and counts the rest', () => {
    // Zero-length programmes a minute apart: each one a note.
    const hhmm = (i: number) =>
      `${String(Math.floor(i / 60)).padStart(2, '0')}${String(i % 60).padStart(2, '0')}`;
    const many = Array.from(
      { length: MAX_NOTES + 3 },
      (_, i) =>
        `<programme start="20260601${hhmm(i)}" stop="20260601${hhmm(i)}" channel="a"><title>Zero ${i}</title></programme>`,
    );
    const r = plan(many.join('\n'));
    expect(r.notes).toHaveLength(MAX_NOTES + 3);
    const report = reportNotes(r.notes, 'en');
    expect(report).toHaveLength(MAX_NOTES + 1);
    expect(report.at(-1)!.msg).toBe('And 3 more programmes from this line on, by reason: zeroLength 3');
  });
});

describe('decodeXml', () => {
  const doc = (enc: string, title: string) =>
    `<?xml version="1.0" encoding="${enc}"?>\n<tv><programme><title>${title}</title></programme></tv>`;

  it('reads the declared encoding, gzip-compressed or not', () => {
    expect(decodeXml(iconv.encode(doc('ISO-8859-1', 'Café'), 'latin1')).text).toContain('Café');
    expect(decodeXml(iconv.encode(doc('GB2312', '朱镕基'), 'gbk'))).toMatchObject({
      encoding: 'gb18030',
      by: 'declared',
    });
    expect(decodeXml(iconv.encode(doc('GB2312', '朱镕基'), 'gbk')).text).toContain('朱镕基');
    const gz = decodeXml(gzipSync(iconv.encode(doc('windows-1251', 'Привет'), 'win1251')));
    expect(gz).toMatchObject({ gzip: true, by: 'declared' });
    expect(gz.text).toContain('Привет');
  });

  it('a BOM wins over the declaration; no declaration is UTF-8; a mislabelled file is guessed', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(doc('ISO-8859-1', 'é中'))]);
    expect(decodeXml(bom)).toMatchObject({ encoding: 'utf-8', by: 'bom' });
    expect(decodeXml(bom).text.startsWith('<?xml')).toBe(true);
    expect(decodeXml(Buffer.from('<tv>中文</tv>')).text).toBe('<tv>中文</tv>');
    expect(decodeXml(iconv.encode(doc('UTF-8', 'Crème brûlée à la télé'), 'latin1')).text).toContain(
      'Crème brûlée à la télé',
    );
  });

  it('refuses an encoding no decoder knows', () => {
    expect(() => decodeXml(Buffer.from(doc('x-klingon', 'a')))).toThrow(TextDecodeError);
  });
});

describe('itemsOfRow', () => {
  const details: GuideItem[] = [
    { kind: 'title', value: 'Brecwast', lang: 'cy' },
    { kind: 'title', value: 'Breakfast', lang: 'en' },
    { kind: 'desc', value: 'Y newyddion.' },
    { kind: 'episode-num', value: '0.4.0/1', system: 'xmltv_ns' },
    { kind: 'episode-num', value: 'S1 E5', system: 'onscreen' },
  ];
  const columns = {
    title: 'Brecwast',
    titleEn: 'Breakfast',
    subTitle: '',
    desc: 'Y newyddion.',
    category: '',
    episode: 'S1 E5',
  };

  it('gives the details back when the columns are as read', () => {
    expect(itemsOfRow(columns, details)).toEqual(details);
  });

  it('puts edited columns in place of the items they stand for, and drops an emptied one', () => {
    const items = itemsOfRow({ ...columns, titleEn: 'Breakfast Live', desc: '', episode: 'S1 E6' }, details);
    expect(items).toEqual([
      { kind: 'title', value: 'Brecwast', lang: 'cy' },
      { kind: 'title', value: 'Breakfast Live', lang: 'en' },
      { kind: 'episode-num', value: '0.4.0/1', system: 'xmltv_ns' },
      { kind: 'episode-num', value: 'S1 E6', system: 'onscreen' },
    ]);
  });

  it('a row entered by hand: a title without a language, the English one with en', () => {
    expect(itemsOfRow({ ...columns, desc: '', episode: '' }, [])).toEqual([
      { kind: 'title', value: 'Brecwast' },
      { kind: 'title', value: 'Breakfast', lang: 'en' },
    ]);
  });
});

describe('reading descriptions', () => {
  it('keeps a description’s paragraphs, other texts on one line', () => {
    const r = readXmltv(
      '<tv><programme start="20260601060000" stop="20260601070000" channel="a"><title>A\n  B</title><desc>One.\n  Two.</desc></programme></tv>',
    );
    expect(r.programmes[0]).toMatchObject({ title: 'A B', desc: 'One.\nTwo.' });
  });
});
