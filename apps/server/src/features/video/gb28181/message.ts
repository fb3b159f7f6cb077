/**
 * SIP messages (RFC 3261 §7): parse and serialize requests and responses. Everything a device sends
 * passes through parseMessage, so it is bounded (MAX_MESSAGE bytes, MAX_HEADERS lines) and refuses
 * malformed input by throwing SipParseError, which the transport drops without answering.
 */

/** A UDP datagram cannot be larger; a GB28181 Catalog part is a few KB. */
export const MAX_MESSAGE = 65_535;
const MAX_HEADERS = 128;

/** RFC 3261 §7.3.3 compact header names, expanded so one name stands for each header. */
const COMPACT: Record<string, string> = {
  i: 'call-id',
  m: 'contact',
  e: 'content-encoding',
  l: 'content-length',
  c: 'content-type',
  f: 'from',
  s: 'subject',
  k: 'supported',
  t: 'to',
  v: 'via',
};

export class SipParseError extends Error {}

export interface SipMessage {
  /** Set on requests (`INVITE`, `REGISTER`…); absent on responses. */
  method?: string;
  uri?: string;
  /** Set on responses. */
  status?: number;
  reason?: string;
  /** Lower-case full names, in order; a repeated header (Via) appears once per line. */
  headers: [string, string][];
  body: Buffer;
}

const TOKEN = /^[A-Za-z0-9.!%*_+`'~-]+$/;

/** Where the head ends (the blank line), or -1 when it is not there yet. */
function headEnd(buf: Buffer): number {
  return buf.indexOf('\r\n\r\n');
}

/**
 * The byte length of the first whole message in a TCP stream buffer, or null while it is incomplete.
 * Throws on a head without Content-Length (required on streams, §18.3) or over the size limit.
 */
export function framedLength(buf: Buffer): number | null {
  const end = headEnd(buf);
  if (end < 0) {
    if (buf.length > MAX_MESSAGE) throw new SipParseError('head too large');
    return null;
  }
  const head = buf.subarray(0, end).toString('latin1');
  const m = /\r\n(?:content-length|l)[ \t]*:[ \t]*(\d{1,6})[ \t]*(?=\r\n|$)/i.exec(head);
  if (!m) throw new SipParseError('no Content-Length on a stream');
  const total = end + 4 + Number(m[1]);
  if (total > MAX_MESSAGE) throw new SipParseError('message too large');
  return buf.length >= total ? total : null;
}

/** Parses one message (a datagram, or one framed off a stream). */
export function parseMessage(buf: Buffer): SipMessage {
  if (buf.length > MAX_MESSAGE) throw new SipParseError('message too large');
  const end = headEnd(buf);
  if (end < 0) throw new SipParseError('no end of head');
  const lines = buf.subarray(0, end).toString('utf8').split('\r\n');
  const start = lines.shift() ?? '';
  const msg: SipMessage = { headers: [], body: Buffer.alloc(0) };
  const resp = /^SIP\/2\.0 ([1-6]\d\d) ?(.*)$/.exec(start);
  if (resp) {
    msg.status = Number(resp[1]);
    msg.reason = resp[2] ?? '';
  } else {
    const req = /^([A-Za-z]+) (\S+) SIP\/2\.0$/.exec(start);
    if (!req) throw new SipParseError('bad start line');
    msg.method = req[1]!.toUpperCase();
    msg.uri = req[2]!;
  }
  for (const line of lines) {
    if (/^[ \t]/.test(line)) {
      // A folded line continues the previous header (§7.3.1).
      const last = msg.headers.at(-1);
      if (!last) throw new SipParseError('continuation without a header');
      last[1] = `${last[1]} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new SipParseError('bad header line');
    const raw = line.slice(0, colon).trim();
    if (!TOKEN.test(raw)) throw new SipParseError('bad header name');
    const name = raw.toLowerCase();
    msg.headers.push([COMPACT[name] ?? name, line.slice(colon + 1).trim()]);
    if (msg.headers.length > MAX_HEADERS) throw new SipParseError('too many headers');
  }
  for (const h of ['via', 'from', 'to', 'call-id', 'cseq'])
    if (!header(msg, h)) throw new SipParseError(`no ${h}`);
  if (!/^\d{1,10} [A-Za-z]+$/.test(header(msg, 'cseq')!)) throw new SipParseError('bad CSeq');
  const rest = buf.subarray(end + 4);
  const cl = header(msg, 'content-length');
  if (cl === undefined) msg.body = rest;
  else {
    if (!/^\d{1,6}$/.test(cl)) throw new SipParseError('bad Content-Length');
    const n = Number(cl);
    if (n > rest.length) throw new SipParseError('body shorter than Content-Length');
    msg.body = rest.subarray(0, n);
  }
  return msg;
}

/** The first value of a header (full lower-case name). */
export function header(msg: SipMessage, name: string): string | undefined {
  return msg.headers.find(([n]) => n === name)?.[1];
}

/** Serializes a message; Content-Length is always written from the body. */
export function serialize(msg: SipMessage): Buffer {
  const start = msg.method
    ? `${msg.method} ${msg.uri} SIP/2.0`
    : `SIP/2.0 ${msg.status} ${msg.reason ?? ''}`.trimEnd();
  const lines = [start];
  for (const [n, v] of msg.headers) {
    if (n === 'content-length') continue;
    // A value never carries a line break: it would start a header of the sender's choosing.
    lines.push(`${canonical(n)}: ${v.replace(/[\r\n]+/g, ' ')}`);
  }
  lines.push(`Content-Length: ${msg.body.length}`, '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'utf8'), msg.body]);
}

const SPECIAL: Record<string, string> = {
  'call-id': 'Call-ID',
  cseq: 'CSeq',
  'www-authenticate': 'WWW-Authenticate',
};
const canonical = (n: string) =>
  SPECIAL[n] ?? n.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());

/** A response to `req` (§8.2.6): Via, From, To (with our tag), Call-ID and CSeq copied. */
export function responseTo(
  req: SipMessage,
  status: number,
  reason: string,
  extra: [string, string][] = [],
  toTag?: string,
): SipMessage {
  const headers: [string, string][] = req.headers.filter(([n]) => n === 'via');
  headers.push(['from', header(req, 'from')!]);
  let to = header(req, 'to')!;
  if (toTag && !/;\s*tag=/i.test(to)) to = `${to};tag=${toTag}`;
  headers.push(['to', to], ['call-id', header(req, 'call-id')!], ['cseq', header(req, 'cseq')!]);
  return { status, reason, headers: [...headers, ...extra], body: Buffer.alloc(0) };
}

/** The user part of the URI in a From/To/Contact value: a GB28181 device id. */
export function uriUser(value: string | undefined): string {
  const m = /sips?:([^@;>\s]+)@/i.exec(value ?? '');
  return m?.[1] ?? '';
}

/** A `;name=value` parameter of a header value (tag, branch, expires…). */
export function param(value: string | undefined, name: string): string | undefined {
  const re = new RegExp(`;\\s*${name}=([^;,\\s>]+)`, 'i');
  return re.exec(value ?? '')?.[1];
}

/** The top Via's branch: the transaction key (§17.1.3). */
export const branchOf = (msg: SipMessage) => param(header(msg, 'via'), 'branch') ?? '';

export const cseqMethod = (msg: SipMessage) => (header(msg, 'cseq') ?? '').split(' ')[1]?.toUpperCase() ?? '';
