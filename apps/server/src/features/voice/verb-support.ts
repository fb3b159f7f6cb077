import path from 'node:path';
import { Code, type Lang, type Localized, texts } from '@igs/contract';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { cachedUploadFile } from '../../platform/uploads/stored.ts';

/** What the voice and aiso verbs share: messages in the caller's language, lookups, sound files. */

/** 422 naming the verb's field. */
export function refuse(field: string, lang: Lang, text: Localized): ApiError {
  return invalidField(field, text[lang]);
}

export function conflict(lang: Lang, text: Localized): ApiError {
  return new ApiError(Code.conflict, text[lang]);
}

export interface ExtensionRow {
  id: number;
  extension: string;
  name: string;
  call_permission: string;
  area_id: number | null;
}

export async function extensionByNumber(
  db: Conn,
  site: number,
  number: string,
): Promise<ExtensionRow | null> {
  const row = await db
    .selectFrom('voice_extension')
    .select(['id', 'extension', 'name', 'call_permission', 'area_id'])
    .where('site_id', '=', site)
    .where('extension', '=', number)
    .executeTakeFirst();
  return row ? toExtension(row) : null;
}

export async function extensionById(db: Conn, id: number): Promise<ExtensionRow | null> {
  const row = await db
    .selectFrom('voice_extension')
    .select(['id', 'extension', 'name', 'call_permission', 'area_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toExtension(row) : null;
}

function toExtension(row: Record<string, unknown>): ExtensionRow {
  return {
    id: Number(row.id),
    extension: String(row.extension),
    name: String(row.name ?? ''),
    call_permission: String(row.call_permission ?? 'internal'),
    area_id: row.area_id === null || row.area_id === undefined ? null : Number(row.area_id),
  };
}

/**
 * An uploaded sound (a `file` field holds the upload id) as Asterisk's Playback names it: the
 * stored file without its extension, from which Asterisk picks the format it can play.
 */
export async function soundPath(app: AppContext, db: Conn, uploadId: unknown, lang: Lang): Promise<string> {
  const id = String(uploadId ?? '');
  const row = id
    ? await db.selectFrom('uploads').select(['file']).where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw conflict(lang, texts('voice.soundFileGone', { id: id || texts('voice.none') }));
  // Asterisk reads the file when the call plays: the data folder's own, or this instance's cached
  // copy of the shared store's (platform/uploads/stored.ts).
  const file = await cachedUploadFile(app, String(row.file));
  if (!file) throw conflict(lang, texts('voice.soundFileGone', { id }));
  return file.slice(0, file.length - path.extname(file).length);
}

/** An area and every area below it (paging and dispatch reach the areas under an area too). */
export async function areasUnder(db: Conn, roots: number[]): Promise<Set<number>> {
  const out = new Set(roots);
  if (!roots.length) return out;
  const rows = await db.selectFrom('system_area').select(['id', 'parent_id']).execute();
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows)
      if (r.parent_id !== null && out.has(Number(r.parent_id)) && !out.has(Number(r.id))) {
        out.add(Number(r.id));
        grew = true;
      }
  }
  return out;
}

/** A JSON list field as decoded by the verb call (records come decoded), never anything else. */
export function listOf(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
