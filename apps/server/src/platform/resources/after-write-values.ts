import type { ResourceDef } from '@igs/contract/resources';
import type { Conn } from '../db/schema.ts';
import { untyped } from './queries.ts';

/**
 * The stored values a record will have once a write is done: on add the values written, on edit
 * the stored row overlaid with the fields the edit sends (an edit may send one field only). For
 * write hooks whose rule spans several fields (end after start).
 */
export async function valuesAfterWrite(
  conn: Conn,
  def: ResourceDef,
  values: Record<string, unknown>,
  selfId: number | undefined,
): Promise<Record<string, unknown>> {
  if (selfId === undefined) return { ...values };
  const row = await untyped(conn)
    .selectFrom(def.table)
    .selectAll()
    .where('id', '=', selfId)
    .executeTakeFirst();
  return { ...(row ?? {}), ...values };
}

/** The stored row of an edited record (undefined on add). */
export async function storedRow(
  conn: Conn,
  def: ResourceDef,
  selfId: number | undefined,
): Promise<Record<string, unknown> | undefined> {
  if (selfId === undefined) return undefined;
  return untyped(conn).selectFrom(def.table).selectAll().where('id', '=', selfId).executeTakeFirst();
}
