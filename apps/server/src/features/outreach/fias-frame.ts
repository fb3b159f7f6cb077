/**
 * FIAS framing (the Fidelio/Opera interface protocol, DOMAIN 2.9 system/ExternalInterface): every
 * message is STX (0x02), a record, ETX (0x03). A record is a two-letter type and `|`-separated
 * fields, each a two-character id followed by its value: `GI|RN0805|G#1234|GNZhang San|`.
 */

export const STX = 0x02;
export const ETX = 0x03;

export interface FiasRecord {
  type: string;
  fields: Record<string, string>;
}

/** A value may not hold the separator or control bytes (STX, ETX, line breaks): they are dropped. */
function clean(value: string): string {
  let out = '';
  for (const ch of value) if (ch !== '|' && ch.charCodeAt(0) >= 0x20) out += ch;
  return out;
}

export function encodeRecord(type: string, fields: [string, string][] = []): Buffer {
  const body = `${type}|${fields.map(([id, v]) => `${id}${clean(v)}|`).join('')}`;
  return Buffer.concat([Buffer.from([STX]), Buffer.from(body, 'utf8'), Buffer.from([ETX])]);
}

export function parseRecord(text: string): FiasRecord | null {
  const parts = text.split('|');
  const type = parts[0]?.trim() ?? '';
  if (!/^[A-Z0-9]{2}$/.test(type)) return null;
  const fields: Record<string, string> = {};
  for (const p of parts.slice(1)) if (p.length >= 2) fields[p.slice(0, 2)] = p.slice(2);
  return { type, fields };
}

/**
 * Collects bytes from the socket and yields each complete record. Bytes outside STX…ETX are
 * noise and dropped; a frame longer than `maxBytes` is discarded rather than growing forever.
 */
export function frameReader(maxBytes = 64 * 1024): (chunk: Buffer) => FiasRecord[] {
  let buf = Buffer.alloc(0);
  return (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    const out: FiasRecord[] = [];
    for (;;) {
      const start = buf.indexOf(STX);
      if (start < 0) {
        buf = Buffer.alloc(0);
        break;
      }
      const end = buf.indexOf(ETX, start + 1);
      if (end < 0) {
        buf = buf.subarray(start);
        if (buf.length > maxBytes) buf = Buffer.alloc(0);
        break;
      }
      // A second STX before the ETX means the first frame was cut: start again from it.
      const restart = buf.indexOf(STX, start + 1);
      if (restart > 0 && restart < end) {
        buf = buf.subarray(restart);
        continue;
      }
      const rec = parseRecord(buf.subarray(start + 1, end).toString('utf8'));
      if (rec) out.push(rec);
      buf = buf.subarray(end + 1);
    }
    return out;
  };
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** FIAS DA (YYMMDD) and TI (HHMMSS) of a moment, in the server's zone. */
export function fiasStamp(ms: number): [string, string][] {
  const d = new Date(ms);
  return [
    ['DA', `${p2(d.getFullYear() % 100)}${p2(d.getMonth() + 1)}${p2(d.getDate())}`],
    ['TI', `${p2(d.getHours())}${p2(d.getMinutes())}${p2(d.getSeconds())}`],
  ];
}

/** A FIAS date (YYMMDD, or YYYYMMDD) as YYYY-MM-DD; '' when it is not one. */
export function fiasDate(value: string | undefined): string {
  const v = (value ?? '').trim();
  let m = /^(\d{2})(\d{2})(\d{2})$/.exec(v);
  if (m) return `20${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : '';
}
