import { XMLParser } from 'fast-xml-parser';
import iconv from 'iconv-lite';

/**
 * MANSCDP bodies (GB/T 28181 appendix A): the XML of the MESSAGEs between this agent and devices,
 * in the device's charset (GB2312 for most cameras, else UTF-8). Values put into XML are escaped;
 * values read are kept as text, trimmed and bounded, and only the fields this server stores are read.
 */

export type Charset = 'GB2312' | 'UTF-8';

export const charsetOf = (v: unknown): Charset =>
  String(v ?? '').toUpperCase() === 'UTF-8' ? 'UTF-8' : 'GB2312';

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  processEntities: true,
  ignoreDeclaration: true,
  isArray: (name) => name === 'Item',
});

const ENTITY: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};
const esc = (s: string | number) => String(s).replace(/[<>&"']/g, (c) => ENTITY[c]!);

/** The XML of a request, encoded in the charset. `fields` keep their order after CmdType/SN/DeviceID. */
export function buildBody(
  root: 'Query' | 'Control' | 'Notify',
  cmdType: string,
  sn: number,
  deviceId: string,
  charset: Charset,
  fields: [string, string | number][] = [],
): Buffer {
  const inner = [['CmdType', cmdType], ['SN', sn], ['DeviceID', deviceId], ...fields]
    .map(([k, v]) => `<${k}>${esc(v!)}</${k}>`)
    .join('\r\n');
  const xml = `<?xml version="1.0" encoding="${charset}"?>\r\n<${root}>\r\n${inner}\r\n</${root}>\r\n`;
  return iconv.encode(xml, charset);
}

/** A Notify (a keepalive upward) in the charset: the same body under its own root. */
export function buildNotify(
  cmdType: string,
  sn: number,
  deviceId: string,
  charset: Charset,
  fields: [string, string | number][] = [],
): Buffer {
  return buildBody('Notify', cmdType, sn, deviceId, charset, fields);
}

export interface Manscdp {
  root: 'Notify' | 'Response' | 'Query' | 'Control';
  cmdType: string;
  sn: number;
  deviceId: string;
  fields: Record<string, unknown>;
}

/** Reads a MESSAGE body (charset from its declaration, else the device's); null if not MANSCDP. */
export function parseBody(body: Buffer, fallback: Charset): Manscdp | null {
  const head = body.subarray(0, 100).toString('latin1');
  const declared = /encoding=["']([\w-]+)["']/i.exec(head)?.[1];
  const cs = declared && iconv.encodingExists(declared) ? declared : fallback;
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(iconv.decode(body, cs)) as Record<string, unknown>;
  } catch {
    return null;
  }
  for (const root of ['Notify', 'Response', 'Query', 'Control'] as const) {
    const node = doc[root];
    if (!node || typeof node !== 'object') continue;
    const f = node as Record<string, unknown>;
    return {
      root,
      cmdType: text(f.CmdType, 32),
      sn: Number(text(f.SN, 12)) || 0,
      deviceId: text(f.DeviceID, 32),
      fields: f,
    };
  }
  return null;
}

/** A leaf as bounded text ('' for anything else). */
export function text(v: unknown, max = 255): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim().slice(0, max) : '';
}

export interface CatalogItem {
  channel_id: string;
  name: string;
  civil_code: string;
  address: string;
  parent_id: string;
  status: 'ON' | 'OFF';
  ptz_type: number | null;
  longitude: number | null;
  latitude: number | null;
}

const numOrNull = (v: unknown) => {
  const n = Number(text(v, 32));
  return text(v) !== '' && Number.isFinite(n) ? n : null;
};

/** The channels of one Response/Catalog part, and the total the device announces. */
export function catalogPart(m: Manscdp): { sumNum: number; items: CatalogItem[] } {
  const list = m.fields.DeviceList as Record<string, unknown> | undefined;
  const raw = Array.isArray(list?.Item) ? (list.Item as Record<string, unknown>[]) : [];
  const items = raw.slice(0, 1000).flatMap((it): CatalogItem[] => {
    const id = text(it.DeviceID, 32);
    if (!/^\d{20}$/.test(id)) return [];
    const info = (it.Info ?? {}) as Record<string, unknown>;
    const status = text(it.Status, 8).toUpperCase();
    return [
      {
        channel_id: id,
        name: text(it.Name, 64),
        civil_code: text(it.CivilCode, 32),
        address: text(it.Address, 128),
        parent_id: text(it.ParentID, 32),
        status: status === 'ON' || status === 'ONLINE' ? 'ON' : 'OFF',
        ptz_type: numOrNull(info.PTZType ?? it.PTZType),
        longitude: numOrNull(it.Longitude),
        latitude: numOrNull(it.Latitude),
      },
    ];
  });
  return { sumNum: Math.min(Number(text(m.fields.SumNum, 8)) || 0, 10_000), items };
}

/** A Response/Catalog part this server sends upward (cascade): `total` is the SumNum of all parts. */
export function catalogBody(
  sn: number,
  deviceId: string,
  total: number,
  items: CatalogItem[],
  charset: Charset,
): Buffer {
  const item = (c: CatalogItem) =>
    [
      '<Item>',
      `<DeviceID>${esc(c.channel_id)}</DeviceID>`,
      `<Name>${esc(c.name)}</Name>`,
      `<CivilCode>${esc(c.civil_code)}</CivilCode>`,
      `<Address>${esc(c.address)}</Address>`,
      `<ParentID>${esc(c.parent_id || deviceId)}</ParentID>`,
      '<Parental>0</Parental>',
      '<SafetyWay>0</SafetyWay>',
      '<RegisterWay>1</RegisterWay>',
      '<Secrecy>0</Secrecy>',
      `<Status>${c.status}</Status>`,
      ...(c.longitude !== null ? [`<Longitude>${c.longitude}</Longitude>`] : []),
      ...(c.latitude !== null ? [`<Latitude>${c.latitude}</Latitude>`] : []),
      ...(c.ptz_type !== null ? [`<Info><PTZType>${c.ptz_type}</PTZType></Info>`] : []),
      '</Item>',
    ].join('\r\n');
  const xml = [
    `<?xml version="1.0" encoding="${charset}"?>`,
    '<Response>',
    '<CmdType>Catalog</CmdType>',
    `<SN>${sn}</SN>`,
    `<DeviceID>${esc(deviceId)}</DeviceID>`,
    `<SumNum>${total}</SumNum>`,
    `<DeviceList Num="${items.length}">`,
    ...items.map(item),
    '</DeviceList>',
    '</Response>',
    '',
  ].join('\r\n');
  return iconv.encode(xml, charset);
}
