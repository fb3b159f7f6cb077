/**
 * Rich text (`html` fields, DOMAIN section 0) cleaned against an allow-list before it is stored.
 *
 * The output is rebuilt from scratch rather than edited in place: text is re-escaped, and only
 * allowed elements with allowed attributes are written back, each value decoded, checked and
 * re-encoded. Whatever the parser does not recognise therefore comes out as inert text, never as
 * markup. Elements whose content is code or foreign markup (script, style, iframe, svg, ...) are
 * dropped together with their content; other unknown elements lose their tags and keep their text.
 */

const ALLOWED = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

const VOID = new Set(['br', 'col', 'hr', 'img']);

/** Dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'applet',
  'audio',
  'button',
  'frameset',
  'head',
  'iframe',
  'math',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'plaintext',
  'script',
  'select',
  'style',
  'svg',
  'template',
  'textarea',
  'title',
  'video',
  'xmp',
]);

/** Whose content the browser reads as raw text up to the matching end tag. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);

const GLOBAL_ATTRS = new Set(['title', 'lang', 'dir', 'style', 'align']);
const ELEMENT_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan', 'valign']),
  th: new Set(['colspan', 'rowspan', 'valign', 'scope']),
  ol: new Set(['start', 'type', 'reversed']),
  col: new Set(['span', 'width']),
  colgroup: new Set(['span', 'width']),
  table: new Set(['width', 'border', 'cellpadding', 'cellspacing']),
};

const STYLE_PROPS = new Set([
  'color',
  'background-color',
  'text-align',
  'text-decoration',
  'text-indent',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'line-height',
  'letter-spacing',
  'vertical-align',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'width',
  'height',
  'max-width',
  'border',
  'border-collapse',
  'list-style-type',
]);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return '\ufffd';
      return String.fromCodePoint(code);
    }
    // Unknown names stay as written; they are re-escaped on output, so the browser shows them as text.
    return NAMED[body.toLowerCase()] ?? m;
  });
}

const escapeAttr = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Text keeps valid character references and escapes every other `&`, `<` and `>`. */
const escapeText = (s: string) =>
  s
    .replace(/&(?!(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/** http(s), mailto and tel, or a relative address; never javascript:, data:, vbscript:, ... */
function safeUrl(value: string, forImage: boolean): boolean {
  // Browsers ignore control characters and spaces inside a scheme: so does this check.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters stripped
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  if (scheme === undefined) return !compact.startsWith('\\') && !compact.startsWith('/\\');
  return forImage
    ? scheme === 'http' || scheme === 'https'
    : ['http', 'https', 'mailto', 'tel'].includes(scheme);
}

function safeStyle(value: string): string | null {
  const kept: string[] = [];
  for (const decl of value.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const val = decl.slice(i + 1).trim();
    if (!STYLE_PROPS.has(prop) || !val) continue;
    // Plain values only: no url(), expression(), escapes, comments or quotes.
    if (!/^[#\w\s.,%+-]+$|^rgba?\([\d\s.,%]+\)$/i.test(val)) continue;
    kept.push(`${prop}: ${val}`);
  }
  return kept.length ? kept.join('; ') : null;
}

function cleanAttr(tag: string, name: string, raw: string): string | null {
  if (!GLOBAL_ATTRS.has(name) && !ELEMENT_ATTRS[tag]?.has(name)) return null;
  const value = decodeEntities(raw);
  switch (name) {
    case 'href':
      return safeUrl(value, false) ? value : null;
    case 'src':
      return safeUrl(value, true) ? value : null;
    case 'style':
      return safeStyle(value);
    case 'target':
      return value === '_blank' || value === '_self' ? value : null;
    case 'rel':
      return null; // set below for target=_blank
    case 'width':
    case 'height':
    case 'colspan':
    case 'rowspan':
    case 'span':
    case 'start':
    case 'border':
    case 'cellpadding':
    case 'cellspacing':
      return /^\d{1,4}%?$/.test(value.trim()) ? value.trim() : null;
    default:
      return value.length <= 500 ? value : null;
  }
}

interface Tag {
  name: string;
  end: boolean;
  attrs: [string, string][];
  /** Written as `<x/>`. */
  selfClosing: boolean;
  /** Index just after the tag's `>`. */
  next: number;
}

/** Reads a tag at `i` (which holds `<`), or null when the text there is not a tag. */
function readTag(html: string, i: number): Tag | null {
  const head = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i, i + 64));
  if (!head) return null;
  const tag: Tag = {
    name: head[2]!.toLowerCase(),
    end: head[1] === '/',
    attrs: [],
    selfClosing: false,
    next: 0,
  };
  let p = i + head[0].length;
  const attr = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?|[\s/]*(>)/y;
  while (p < html.length) {
    attr.lastIndex = p;
    const m = attr.exec(html);
    if (!m) break;
    p = attr.lastIndex;
    if (m[5]) {
      tag.next = p;
      tag.selfClosing = html[p - 2] === '/';
      return tag;
    }
    tag.attrs.push([m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '']);
  }
  // An unterminated tag: the browser would drop the rest of the input, and so does this.
  tag.next = html.length;
  return tag;
}

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out.push(escapeText(html.slice(i)));
      break;
    }
    if (lt > i) out.push(escapeText(html.slice(i, lt)));
    i = lt;
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const close = html.indexOf('>', i);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    const tag = readTag(html, i);
    if (!tag) {
      out.push('&lt;');
      i += 1;
      continue;
    }
    i = tag.next;
    if (!tag.end && DROP_WITH_CONTENT.has(tag.name)) {
      // <svg/> and <math/> have no content; raw-text elements ignore the slash, as browsers do.
      if (!tag.selfClosing || RAW_TEXT.has(tag.name)) i = skipElement(html, i, tag.name);
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    if (tag.end) {
      const at = open.lastIndexOf(tag.name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    const attrs: string[] = [];
    const seen = new Set<string>();
    for (const [name, raw] of tag.attrs) {
      if (seen.has(name)) continue;
      seen.add(name);
      const value = cleanAttr(tag.name, name, raw);
      if (value !== null) attrs.push(` ${name}="${escapeAttr(value)}"`);
    }
    if (tag.name === 'a' && attrs.some((a) => a.startsWith(' target="_blank"')))
      attrs.push(' rel="noopener noreferrer"');
    out.push(`<${tag.name}${attrs.join('')}>`);
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** The index just after the element that starts before `from`, counting nested ones of its name. */
function skipElement(html: string, from: number, name: string): number {
  const lower = html.toLowerCase();
  if (RAW_TEXT.has(name)) {
    const re = new RegExp(`</${name}[\\s/>]`, 'g');
    re.lastIndex = from;
    const m = re.exec(lower);
    if (!m) return html.length;
    const close = html.indexOf('>', m.index);
    return close < 0 ? html.length : close + 1;
  }
  let depth = 1;
  const re = new RegExp(`<(/?)${name}(?=[\\s/>])`, 'g');
  re.lastIndex = from;
  for (let m = re.exec(lower); m; m = re.exec(lower)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) {
      const close = html.indexOf('>', m.index);
      return close < 0 ? html.length : close + 1;
    }
  }
  return html.length;
}
