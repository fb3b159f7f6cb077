import type { FieldDef, ResourceDef } from '@igs/contract/resources';
import { writableFields } from '@igs/contract/resources';

/**
 * Valid values for a new record, derived from the resource descriptions alone, so the module
 * journeys follow the contract as it grows. `n` makes each value unique (unique fields); the
 * start/end pairs of a record get increasing times so "end after start" rules hold.
 */

/**
 * Fields the add form is given: the required ones without a default the server fills in, and
 * every choice without a default (an operator picks one; an empty select says nothing).
 */
export function fieldsToFill(def: ResourceDef): FieldDef[] {
  return writableFields(def).filter((f) => f.default === undefined && (f.required || f.type === 'enum'));
}

const pad = (n: number, width: number) => String(n).padStart(width, '0').slice(-width);

/** Candidates for a pattern rule; the first that matches the pattern and the length limits is used. */
function patternCandidates(n: number): string[] {
  // Four digits first: the extension length of the voice basic settings defaults to 4.
  return [
    `8${pad(n, 3)}`,
    String(100 + (n % 900)),
    `138${pad(n, 8)}`,
    `e2e_${n}`,
    `e2e${n}@example.com`,
    String(n % 10),
    `3402000000132${pad(n, 7)}`,
    `34020${pad(n, 5)}`,
    '30000-30500',
    `ap-${n}`,
    '6',
    '149',
    'auto',
    'CN',
    `udp://239.1.1.${n % 250}:5000`,
    '#FFCC00',
    `https://example.com/e2e/${n}`,
  ];
}

const isEnd = (name: string) => /(^|_)(end|stop|to|until)(_|$)/.test(name);

function lengthOk(f: FieldDef, v: string): boolean {
  return v.length >= (f.min ?? 0) && v.length <= (f.max ?? 255);
}

/**
 * The text to type for one field (selects and files are picked in the form instead). Undefined
 * for the types whose value is chosen from options: enum, enums, ref, refs, bool, file.
 */
export function textValue(f: FieldDef, n: number): string | undefined {
  if (f.pattern) {
    const re = new RegExp(f.pattern.source);
    const found = patternCandidates(n).find((v) => re.test(v) && lengthOk(f, v));
    if (!found) throw new Error(`no sample value for ${f.name} matching ${f.pattern.source}`);
    return found;
  }
  switch (f.type) {
    case 'int':
    case 'num': {
      const lo = Math.max(f.min ?? 1, 1);
      const hi = f.max ?? lo + 100_000;
      return String(lo + (n % (hi - lo + 1)));
    }
    case 'json':
      // The description's example is a value the server's rules accept.
      return f.example ?? '[1]';
    case 'date':
      return isEnd(f.name) ? '2030-12-31' : '2030-01-01';
    case 'dt':
      return isEnd(f.name) ? '2030-12-31 18:00:00' : '2030-01-01 08:00:00';
    case 'time':
      return isEnd(f.name) ? '18:00' : '08:00';
    case 'ip':
      return `10.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    case 'cidr':
      return `10.${n % 250}.0.0/24`;
    case 'mac':
      return `02:00:00:00:${pad(Math.floor(n / 100) % 100, 2)}:${pad(n % 100, 2)}`;
    case 'host':
      return `host${n}.example.com`;
    case 'url':
      // Loopback only (a test sends no traffic elsewhere): a logo link is fetched by the server.
      return `http://127.0.0.1:9/e2e/${n}.m3u8`;
    case 'cron':
      return '0 3 * * *';
    case 'pwd':
      return `E2e-Secret-${pad(n, 4)}-pass`.slice(0, f.max ?? 128);
    case 'str':
    case 'text':
    case 'html': {
      const v = `e2e-${n}`;
      return v.length >= (f.min ?? 0) ? v.slice(0, f.max ?? 255) : v.padEnd(f.min ?? 0, 'x');
    }
    default:
      return undefined;
  }
}

/** A 1x1 PNG and a short silent WAV: the smallest files the upload checks accept as image and audio. */
export const SAMPLE_FILES = {
  image: {
    name: 'e2e.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    ),
  },
  audio: { name: 'e2e.wav', mimeType: 'audio/wav', buffer: silentWav(800) },
} as const;

function silentWav(samples: number): Buffer {
  const b = Buffer.alloc(44 + samples, 0x80);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples, 40);
  return b;
}

/**
 * json fields whose items name other records by id: the field, the resource its items name, and
 * the value made from the id of one such record. The one place that knows them: the journeys of
 * the named resources run first (dependencyOrder), and the generated test fills the field with it.
 */
export interface JsonReference {
  field: string;
  names: string;
  value: (id: number) => string;
}

export const JSON_REFERENCES: Readonly<Record<string, JsonReference>> = {
  // A homepage ad's items name ad materials.
  'advertising:main': {
    field: 'items',
    names: 'advertising:resource',
    value: (id) => JSON.stringify([{ material_id: id }]),
  },
  // A template's tiles name app menu items; the layout picked is the first one, banner_4: four slots.
  'smart:easy_template': {
    field: 'tiles',
    names: 'index:app_menu',
    value: (id) => JSON.stringify([1, 2, 3, 4].map((slot) => ({ slot, app_menu_id: id }))),
  },
};

/**
 * Resources in an order where the targets of required references (and of json references) come
 * first, so a record can usually pick an existing one (the menu order would ask for regions
 * before there are any).
 */
export function dependencyOrder(defs: readonly ResourceDef[]): ResourceDef[] {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const out: ResourceDef[] = [];
  const seen = new Set<string>();
  const visit = (d: ResourceDef) => {
    if (seen.has(d.name)) return;
    seen.add(d.name);
    for (const f of fieldsToFill(d)) {
      const target = f.ref ? byName.get(f.ref) : undefined;
      if (target) visit(target);
    }
    const named = JSON_REFERENCES[d.name];
    const target = named ? byName.get(named.names) : undefined;
    if (target) visit(target);
    out.push(d);
  };
  for (const d of defs) visit(d);
  return out;
}
