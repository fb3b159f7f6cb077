import { formatDateTime } from '../../platform/lib/time.ts';
import { CREDIT_ROLES, columnItems, type GuideItem } from './guide-items.ts';

/**
 * Reads an XMLTV guide (XMLTV/xmltv:xmltv.dtd): its channels and programmes. A small XML reader of
 * our own, enough for XMLTV: elements, attributes, text, CDATA, comments and the five predefined
 * and numeric entities. A DOCTYPE with an internal subset is refused, so no entity is ever defined
 * by the file (no expansion attacks); an external DTD reference is ignored.
 */

export class XmlError extends Error {}

export interface XmlElement {
  name: string;
  /** The line the element starts on (1-based), for messages naming a programme. */
  line: number;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    if (e in ENTITIES) return ENTITIES[e]!;
    throw new XmlError(`Unknown entity ${m}`);
  });
}

const NAME = /[A-Za-z_:][-\w.:]*/y;

/** Parses a document into its root element; throws XmlError on what is not well-formed XML. */
export function parseXml(text: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  // Lines counted as the reader moves forward, so naming an element's line costs nothing extra.
  let line = 1;
  let counted = 0;
  const lineAt = (pos: number) => {
    for (; counted < pos; counted++) if (text.charCodeAt(counted) === 10) line++;
    return line;
  };
  const fail = (what: string): never => {
    throw new XmlError(`${what} (line ${text.slice(0, i).split('\n').length})`);
  };
  const appendText = (s: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += s;
    else if (s.trim()) fail('Text outside the root element');
  };
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      appendText(decodeEntities(text.slice(i)));
      break;
    }
    if (lt > i) appendText(decodeEntities(text.slice(i, lt)));
    i = lt;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) fail('Unclosed comment');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i + 9);
      if (end < 0) fail('Unclosed CDATA section');
      appendText(text.slice(i + 9, end));
      i = end + 3;
    } else if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) fail('Unclosed processing instruction');
      i = end + 2;
    } else if (text.startsWith('<!DOCTYPE', i)) {
      const end = text.indexOf('>', i);
      if (end < 0) fail('Unclosed DOCTYPE');
      if (text.slice(i, end).includes('[')) fail('A DOCTYPE with an internal subset is not accepted');
      i = end + 1;
    } else if (text.startsWith('</', i)) {
      NAME.lastIndex = i + 2;
      const m = NAME.exec(text);
      if (!m) fail('Bad closing tag');
      const name = m![0];
      const end = text.indexOf('>', NAME.lastIndex);
      if (end < 0 || text.slice(NAME.lastIndex, end).trim()) fail('Bad closing tag');
      const open = stack.pop();
      if (!open || open.name !== name) fail(`Unexpected </${name}>`);
      i = end + 1;
    } else {
      NAME.lastIndex = i + 1;
      const m = NAME.exec(text);
      if (!m) fail('Bad tag');
      const el: XmlElement = { name: m![0], line: lineAt(i), attrs: {}, children: [], text: '' };
      i = NAME.lastIndex;
      let selfClosing = false;
      for (;;) {
        while (/\s/.test(text[i] ?? '')) i++;
        if (text.startsWith('/>', i)) {
          selfClosing = true;
          i += 2;
          break;
        }
        if (text[i] === '>') {
          i++;
          break;
        }
        NAME.lastIndex = i;
        const a = NAME.exec(text);
        if (!a) fail(`Bad attribute in <${el.name}>`);
        i = NAME.lastIndex;
        while (/\s/.test(text[i] ?? '')) i++;
        if (text[i] !== '=') fail(`Attribute ${a![0]} has no value`);
        i++;
        while (/\s/.test(text[i] ?? '')) i++;
        const q = text[i];
        if (q !== '"' && q !== "'") fail(`Attribute ${a![0]} is not quoted`);
        const end = text.indexOf(q!, i + 1);
        if (end < 0) fail(`Unclosed attribute ${a![0]}`);
        el.attrs[a![0]] = decodeEntities(text.slice(i + 1, end));
        i = end + 1;
      }
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else if (root) fail('More than one root element');
      else root = el;
      if (!selfClosing) stack.push(el);
    }
  }
  if (stack.length) fail(`<${stack[stack.length - 1]!.name}> is not closed`);
  if (!root) fail('No root element');
  return root!;
}

export interface ReadChannel {
  id: string;
  names: string[];
}

export interface ReadProgramme {
  /** The line of the `<programme>` element, for the import's report. */
  line: number;
  channel: string;
  /** `YYYY-MM-DD HH:mm:ss` in the server's zone. */
  start: string;
  /** null: the guide gives none (the DTD makes stop optional); the guide policy fills it in. */
  stop: string | null;
  /** The DTD's `clumpidx` (`1/2`: the second of two programmes sharing one slot); '' when alone. */
  clump: string;
  /** The first title, its English title when the first is in another language, and the first of the rest. */
  title: string;
  titleEn: string;
  subTitle: string;
  desc: string;
  category: string;
  episode: string;
  /** Everything read, in document order: every language, credits, icon, ratings, episode systems. */
  details: GuideItem[];
}

/** A programme the reader could not take, and why (guide-policy.ts words and reports it). */
export interface ReadProblem {
  line: number;
  channel: string;
  title: string;
  reason: 'noChannel' | 'badStart' | 'badStop';
  value: string;
}

/**
 * Zone names XMLTV guides write after the time (`200007281733 BST`; the DTD's own example), as
 * minutes east of UTC. Abbreviations mean what XMLTV's tools (Date::Manip) take them for: CST is US
 * Central, IST is left out (Irish or Indian). A guide in China Standard Time writes `+0800`.
 */
const ZONES: Record<string, number> = {
  UTC: 0,
  UT: 0,
  GMT: 0,
  Z: 0,
  WET: 0,
  BST: 60,
  WEST: 60,
  CET: 60,
  MET: 60,
  CEST: 120,
  MEST: 120,
  EET: 120,
  EEST: 180,
  MSK: 180,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
  JST: 540,
  KST: 540,
  HKT: 480,
  SGT: 480,
  AWST: 480,
  ACST: 570,
  ACDT: 630,
  AEST: 600,
  AEDT: 660,
  NZST: 720,
  NZDT: 780,
};

/** The zone after an XMLTV time as minutes east of UTC: `+0100`, `-05:00`, `+01`, a name; none is UTC. */
function zoneMinutes(zone: string): number | null {
  if (!zone) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (m) return (Number(m[2]) * 60 + Number(m[3] ?? 0)) * (m[1] === '-' ? -1 : 1);
  return ZONES[zone.toUpperCase()] ?? null;
}

/**
 * XMLTV's `YYYYMMDDhhmmss ±hhmm` as the server zone's `YYYY-MM-DD HH:mm:ss`; null when it is not
 * such a time. The DTD lets the seconds, minutes and hours be left off (down to `YYYYMMDD` here: a
 * month alone is no programme time), and the zone: without one the time is UTC (the DTD says so).
 */
export function fromXmltvTime(s: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?\s*([+-][\d:]+|[A-Za-z]{1,5})?$/.exec(s.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', zone = ''] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, sec].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offset = zoneMinutes(zone);
  if (
    offset === null ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  return formatDateTime(Date.UTC(year, month - 1, day, hour, minute, second) - offset * 60_000);
}

/** An element's text, its white space as one space (the DTD allows no line breaks in most texts). */
const textOf = (el: XmlElement | undefined) => (el ? el.text.replace(/\s+/g, ' ').trim() : '');
/** A description keeps its line breaks: guides write paragraphs though the DTD says not to. */
const paragraphsOf = (el: XmlElement) =>
  el.text
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();

const size = (v: string | undefined) => (v && /^\d{1,5}$/.test(v) ? Number(v) : undefined);

/** A programme's elements as detail items, in document order; elements not kept here are read past. */
function itemsOf(el: XmlElement): GuideItem[] {
  const items: GuideItem[] = [];
  for (const c of el.children) {
    const value = c.name === 'desc' ? paragraphsOf(c) : textOf(c);
    const lang = c.attrs.lang?.trim() || undefined;
    switch (c.name) {
      case 'title':
      case 'sub-title':
      case 'desc':
      case 'category':
        if (value) items.push({ kind: c.name, value, ...(lang ? { lang } : {}) });
        break;
      case 'credits':
        for (const person of c.children) {
          const name = textOf(person);
          if (!name || !(CREDIT_ROLES as readonly string[]).includes(person.name)) continue;
          const role = person.name === 'actor' ? person.attrs.role?.trim() : undefined;
          items.push({ kind: person.name as GuideItem['kind'], value: name, ...(role ? { role } : {}) });
        }
        break;
      case 'icon':
        if (c.attrs.src?.trim()) {
          const width = size(c.attrs.width);
          const height = size(c.attrs.height);
          items.push({
            kind: 'icon',
            value: c.attrs.src.trim(),
            ...(width ? { width } : {}),
            ...(height ? { height } : {}),
          });
        }
        break;
      case 'episode-num':
        // The DTD's default system is onscreen.
        if (value) items.push({ kind: 'episode-num', value, system: c.attrs.system?.trim() || 'onscreen' });
        break;
      case 'rating':
      case 'star-rating': {
        const v = textOf(c.children.find((x) => x.name === 'value'));
        const system = c.attrs.system?.trim();
        if (v) items.push({ kind: c.name, value: v, ...(system ? { system } : {}) });
        break;
      }
    }
  }
  return items;
}

/** The columns' values (guide-items.ts columnItems says which item each stands for). */
function columnValues(items: readonly GuideItem[]) {
  const stands = columnItems(items);
  const value = (key: keyof typeof stands) => stands[key]?.value ?? '';
  return {
    title: value('title'),
    titleEn: value('titleEn'),
    subTitle: value('subTitle'),
    desc: value('desc'),
    category: value('category'),
    episode: value('episode'),
  };
}

/**
 * The channels and programmes of an XMLTV document (already decoded: text-decode.ts `decodeXml`);
 * throws XmlError when it is not one. A programme without a channel or with a start or stop that is
 * not an XMLTV time is a problem, returned for the report; the rest is read as written (guide-policy.ts
 * decides what is kept).
 */
export function readXmltv(text: string): {
  channels: ReadChannel[];
  programmes: ReadProgramme[];
  problems: ReadProblem[];
} {
  const root = parseXml(text.replace(/^\uFEFF/, ''));
  if (root.name !== 'tv') throw new XmlError(`The root element is <${root.name}>, not <tv>`);
  const channels: ReadChannel[] = [];
  const programmes: ReadProgramme[] = [];
  const problems: ReadProblem[] = [];
  for (const el of root.children) {
    if (el.name === 'channel' && el.attrs.id) {
      channels.push({
        id: el.attrs.id,
        names: el.children
          .filter((c) => c.name === 'display-name')
          .map(textOf)
          .filter(Boolean),
      });
    } else if (el.name === 'programme') {
      const details = itemsOf(el);
      const values = columnValues(details);
      const channel = el.attrs.channel?.trim() ?? '';
      const start = fromXmltvTime(el.attrs.start ?? '');
      const stop = el.attrs.stop?.trim() ? fromXmltvTime(el.attrs.stop) : null;
      const problem = (reason: ReadProblem['reason'], value: string) =>
        problems.push({ line: el.line, channel, title: values.title, reason, value });
      if (!channel) problem('noChannel', '');
      else if (!start) problem('badStart', el.attrs.start ?? '');
      else if (el.attrs.stop?.trim() && !stop) problem('badStop', el.attrs.stop);
      else {
        const clump = /^\d+\/([2-9]|\d\d+)$/.test(el.attrs.clumpidx ?? '') ? el.attrs.clumpidx! : '';
        programmes.push({ line: el.line, channel, start, stop, clump, ...values, details });
      }
    }
  }
  return { channels, programmes, problems };
}
