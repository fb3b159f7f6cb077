import type { ResourceDef } from '@igs/contract/resources';
import type { AppContext } from '../app-context.ts';
import type { UploadKind } from '../uploads/kinds.ts';
import { signedFileUrl } from '../uploads/routes.ts';
import { uploadInReach } from '../uploads/site.ts';
import { fileIds } from './file-ids.ts';

/** What a list needs to show an uploaded file: a fresh signed link, its name and its type. */
export interface FileLink {
  url: string;
  name: string;
  mime: string;
}

/**
 * The links of every file the given records name (covers, posters, goods images, sounds …), so a
 * list shows thumbnails and players instead of upload ids. The records were read under the
 * caller's scope; a file is linked only when it is in reach of a record that names it (its site's
 * upload or the gateway's, uploads/site.ts), so a record that names another site's upload (written
 * before the write refused it) never hands out a link to that site's file.
 */
export async function fileLinksOf(
  app: AppContext,
  def: ResourceDef,
  records: readonly Record<string, unknown>[],
): Promise<Record<string, FileLink>> {
  // Each upload id with the sites of the records that name it.
  const namedBy = new Map<string, Set<number>>();
  for (const r of records) {
    const ids = new Set<string>();
    for (const field of def.fields) fileIds(field, r[field.name], ids);
    for (const id of ids) {
      const sites = namedBy.get(id) ?? new Set<number>();
      sites.add(Number(r.site_id ?? 0));
      namedBy.set(id, sites);
    }
  }
  if (!namedBy.size) return {};
  const rows = await app.db.kysely
    .selectFrom('uploads')
    .select(['id', 'kind', 'name', 'mime', 'site_id'])
    .where('id', 'in', [...namedBy.keys()])
    .execute();
  const out: Record<string, FileLink> = {};
  for (const r of rows) {
    const sites = [...(namedBy.get(r.id) ?? [])];
    if (!sites.some((site) => uploadInReach(Number(r.site_id), site))) continue;
    out[r.id] = { url: await signedFileUrl(app, r.id, r.kind as UploadKind), name: r.name, mime: r.mime };
  }
  return out;
}
