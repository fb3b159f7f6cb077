import { randomBytes } from 'node:crypto';
import type { DemoFileSpec } from './files.ts';

/**
 * How demo data is written down: tables of plain records per resource, in the order they are
 * stored. A record names itself with `$key` and points at earlier ones with `ref`/`refs`, and at
 * generated files with `file`; the seeder turns those into ids when it stores the record.
 */

export interface RefMark {
  readonly $ref: string;
  readonly key: string;
  /** The id as text, for JSON lists of ids kept as strings (reboot plan targets). */
  readonly text?: boolean;
}

export interface FileMark {
  readonly $file: DemoFileSpec;
  /** What of the stored file goes into the field: its id (default) or a fact about it. */
  readonly take: 'id' | 'size' | 'sha256' | 'md5' | 'width' | 'height' | 'mime';
}

export type DemoRow = { $key?: string } & Record<string, unknown>;

export interface DemoTable {
  /** A resource name, e.g. `system:region`. */
  resource: string;
  rows: DemoRow[];
  /**
   * Set when the resource's rules depend on the host's own settings: why a refusal is expected.
   * Refused rows of such a table are left out (and reported) instead of failing the demo.
   */
  dependsOn?: string;
}

/** The id of the record `key` of `resource`, stored earlier. */
export function ref(resource: string, key: string): RefMark {
  return { $ref: resource, key };
}

export function refText(resource: string, key: string): RefMark {
  return { $ref: resource, key, text: true };
}

export function refs(resource: string, ...keys: string[]): RefMark[] {
  return keys.map((k) => ref(resource, k));
}

/** The upload id of a generated file (one upload per file name). */
export function file(
  kind: DemoFileSpec['kind'],
  name: string,
  more: Omit<DemoFileSpec, 'kind' | 'name'> = {},
) {
  return { $file: { kind, name, ...more }, take: 'id' } satisfies FileMark;
}

/** A fact about a generated file, for the read-only fields that mirror it (size, checksum). */
export function fileFact(spec: FileMark, take: FileMark['take']): FileMark {
  return { $file: spec.$file, take };
}

export function isRef(v: unknown): v is RefMark {
  return typeof v === 'object' && v !== null && '$ref' in v;
}

export function isFile(v: unknown): v is FileMark {
  return typeof v === 'object' && v !== null && '$file' in v;
}

/** Dates relative to the moment of seeding, so schedules and EPG are current on any day. */
export interface DemoClock {
  now: number;
  /** `YYYY-MM-DD` `days` from today. */
  day(days: number): string;
  /** `YYYY-MM-DD HH:mm:ss`, `days` from today at `hhmm`. */
  at(days: number, hhmm: string): string;
  /** `YYYY-MM-DD HH:mm:ss`, `minutes` from now (negative: ago). */
  ago(minutes: number): string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const hms = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

export function demoClock(now: number): DemoClock {
  const shifted = (days: number) => {
    const d = new Date(now);
    d.setDate(d.getDate() + days);
    return d;
  };
  return {
    now,
    day: (days) => ymd(shifted(days)),
    at: (days, hhmm) => `${ymd(shifted(days))} ${hhmm}:00`,
    ago: (minutes) => {
      const d = new Date(now - minutes * 60_000);
      return `${ymd(d)} ${hms(d)}`;
    },
  };
}

/** A fresh random secret: demo data never ships a password anyone could look up. */
export function secret(length = 16): string {
  return randomBytes(length).toString('base64url').slice(0, length);
}
