import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { untyped } from '../../platform/resources/queries.ts';

/**
 * The record as a write will leave it: the values sent, over the stored row on edit (an edit may
 * send only some fields). Values are as stored (JSON text for lists), so rules read one shape.
 */
export async function storedValues(
  { conn, def, values, selfId }: WriteHookArgs,
  fields: readonly string[],
): Promise<Record<string, unknown>> {
  let current: Record<string, unknown> = {};
  if (selfId !== undefined && fields.some((f) => !(f in values)))
    current =
      (await untyped(conn)
        .selectFrom(def.table)
        .select(fields)
        .where('id', '=', selfId)
        .executeTakeFirst()) ?? {};
  return Object.fromEntries(fields.map((f) => [f, f in values ? values[f] : (current[f] ?? null)]));
}

/** A stored JSON list (a `json` field): the array, null when empty, or 'bad' when not a list. */
export function storedList(v: unknown): unknown[] | null | 'bad' {
  if (v === null || v === undefined || v === '') return null;
  try {
    const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
    if (parsed === null) return null;
    return Array.isArray(parsed) ? parsed : 'bad';
  } catch {
    return 'bad';
  }
}

/** A message in the caller's language. */
