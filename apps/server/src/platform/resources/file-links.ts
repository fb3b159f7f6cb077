import type { FieldDef, ResourceDef } from '@igs/contract/resources';
import type { AppContext } from '../app-context.ts';
import type { UploadKind } from '../uploads/kinds.ts';
import { signedFileUrl } from '../uploads/routes.ts';

/** What a list needs to show an uploaded file: a fresh signed link, its name and its type. */
export interface FileLink {
  url: string;
  name: string;
  mime: string;
}

/** The upload ids a value of `field` names: a file field's id, or the file parts of a json shape. */
function fileIds(field: FieldDef, value: unknown, out: Set<string>): void {
  if (value === null || value === undefined || value === '') return;
  if (field.type === 'file') {
    if (typeof value === 'string') out.add(value);
    return;
  }
  const shape = field.type === 'json' ? field.shape : undefined;
  if (!shape || (!Array.isArray(value) && shape.kind !== 'object')) return;
  if (shape.kind === 'list') for (const v of value as unknown[]) fileIds(shape.of, v, out);
  else {
    const rows = shape.kind === 'rows' ? (value as unknown[]) : [value];
    for (const row of rows)
      if (row && typeof row === 'object')
        for (const part of shape.fields) fileIds(part, (row as Record<string, unknown>)[part.name], out);
  }
}

/**
 * The links of every file the given records name (covers, posters, goods images, sounds …), so a
 * list shows thumbnails and players instead of upload ids. The records were read under the
 * caller's scope, so linking the files they name gives nothing the caller could not already open.
 */
export async function fileLinksOf(
  app: AppContext,
  def: ResourceDef,
  records: readonly Record<string, unknown>[],
): Promise<Record<string, FileLink>> {
  const ids = new Set<string>();
  for (const field of def.fields) for (const r of records) fileIds(field, r[field.name], ids);
  if (!ids.size) return {};
  const rows = await app.db.kysely
    .selectFrom('uploads')
    .select(['id', 'kind', 'name', 'mime'])
    .where('id', 'in', [...ids])
    .execute();
  const out: Record<string, FileLink> = {};
  for (const r of rows)
    out[r.id] = { url: await signedFileUrl(app, r.id, r.kind as UploadKind), name: r.name, mime: r.mime };
  return out;
}
