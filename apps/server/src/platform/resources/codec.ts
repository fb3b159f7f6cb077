import { type Lang, storedText } from '@igs/contract';
import type { ResourceRecord } from '@igs/contract/calls';
import type { FieldDef, ResourceDef } from '@igs/contract/resources';
import { formatDateTime } from '../lib/time.ts';
import { sanitizeHtml } from './html.ts';
import { isJsonField } from './storage.ts';

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/**
 * A validated value as stored: JSON text for lists, NULL for empty optional values, rich text
 * cleaned. Every write (add, edit, import, demo data) stores through here.
 */
export function encode(f: FieldDef, v: unknown): string | number | null {
  if (isEmpty(v)) return isJsonField(f) && Array.isArray(v) ? '[]' : null;
  if (isJsonField(f)) return JSON.stringify(v);
  if (f.type === 'html') return sanitizeHtml(String(v));
  if (typeof v === 'number') return v;
  return String(v);
}

export function decode(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined)
    return isJsonField(f) && f.type !== 'json' ? [] : f.type === 'pwd' ? '' : null;
  if (f.type === 'pwd') return ''; // secrets never leave the server
  if (isJsonField(f)) {
    try {
      return JSON.parse(String(v));
    } catch {
      return [];
    }
  }
  if (f.type === 'int' || f.type === 'bool' || f.type === 'ref' || f.type === 'num') return Number(v);
  return v;
}

/** A stored row as the API returns it. */
export function toRecord(def: ResourceDef, row: Record<string, unknown>, lang?: Lang): ResourceRecord {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    const v = decode(f, row[f.name]);
    // A text the server kept as a catalogue key (a terminal event, a task's last result) reads in
    // the reader's language; any other text passes through unchanged. (Saved back from a form,
    // it stays readable: the rendered words replace the key.)
    const kept = lang && typeof v === 'string' && (f.type === 'str' || f.type === 'text');
    out[f.name] = kept ? storedText(v, lang) : v;
  }
  return {
    id: Number(row.id),
    site_id: Number(row.site_id),
    ...out,
    created_at: formatDateTime(Number(row.created_at)),
    updated_at: formatDateTime(Number(row.updated_at)),
  };
}
