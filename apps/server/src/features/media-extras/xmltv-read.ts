import { formatDateTime } from '../../platform/lib/time.ts';

/**
 * Reads an XMLTV guide (XMLTV/xmltv:xmltv.dtd): its channels and programmes. A small XML reader of
 * our own, enough for XMLTV: elements, attributes, text, CDATA, comments and the five predefined
 * and numeric entities. A DOCTYPE with an internal subset is refused, so no entity is ever defined
 * by the file (no expansion attacks); an external DTD reference is ignored.
 */

export class XmlError extends Error {}

interface XmlElement {
  name: string;
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
  const fail = (what: string): never => {
    const line = text.slice(0, i).split('\n').length;
    throw new XmlError(`${what} (line ${line})`);
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
      const el: XmlElement = { name: m![0], attrs: {}, children: [], text: '' };
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
  channel: string;
  /** `YYYY-MM-DD HH:mm:ss` in the server's zone. */
  start: string;
  stop: string;
  title: string;
  titleEn: string;
  subTitle: string;
  desc: string;
  category: string;
  episode: string;
}

/**
 * XMLTV's `YYYYMMDDhhmmss ±hhmm` (seconds, minutes… may be left off; no offset means the server's
 * zone) as the server zone's `YYYY-MM-DD HH:mm:ss`; null when it is not such a time.
 */
export function fromXmltvTime(s: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?\s*(?:([+-])(\d{2}):?(\d{2}))?$/.exec(s.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', sign, oh, om] = m;
  const parts = [y, mo, d, h, mi, sec].map(Number) as [number, number, number, number, number, number];
  if (
    parts[1] < 1 ||
    parts[1] > 12 ||
    parts[2] < 1 ||
    parts[2] > 31 ||
    parts[3] > 23 ||
    parts[4] > 59 ||
    parts[5] > 59
  )
    return null;
  let ms: number;
  if (sign) {
    const offset = (Number(oh) * 60 + Number(om)) * (sign === '-' ? -1 : 1);
    ms = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]) - offset * 60_000;
  } else {
    ms = new Date(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]).getTime();
  }
  return formatDateTime(ms);
}

const textOf = (el: XmlElement | undefined) => (el ? el.text.trim() : '');

/** The channels and programmes of an XMLTV document; throws XmlError when it is not one. */
export function readXmltv(text: string): {
  channels: ReadChannel[];
  programmes: ReadProgramme[];
  /** Programmes left out: no channel, or a start or stop that is not an XMLTV time. */
  skipped: number;
} {
  const root = parseXml(text.replace(/^\uFEFF/, ''));
  if (root.name !== 'tv') throw new XmlError(`The root element is <${root.name}>, not <tv>`);
  const channels: ReadChannel[] = [];
  const programmes: ReadProgramme[] = [];
  let skipped = 0;
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
      const start = fromXmltvTime(el.attrs.start ?? '');
      // A programme without stop lasts until the next one; such guides are not accepted here.
      const stop = fromXmltvTime(el.attrs.stop ?? '');
      if (!el.attrs.channel || !start || !stop) {
        skipped++;
        continue;
      }
      const titles = el.children.filter((c) => c.name === 'title');
      const en = titles.find((t) => t.attrs.lang?.toLowerCase().startsWith('en'));
      const main = titles.find((t) => t !== en) ?? en;
      const child = (name: string) => el.children.find((c) => c.name === name);
      programmes.push({
        channel: el.attrs.channel,
        start,
        stop,
        title: textOf(main),
        titleEn: main === en ? '' : textOf(en),
        subTitle: textOf(child('sub-title')),
        desc: textOf(child('desc')),
        category: textOf(child('category')),
        episode: textOf(child('episode-num')),
      });
    }
  }
  return { channels, programmes, skipped };
}
