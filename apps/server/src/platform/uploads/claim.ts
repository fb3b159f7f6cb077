import { Code, texts } from '@igs/contract';
import type { AppContext } from '../app-context.ts';
import { ApiError } from '../http/errors.ts';
import { uploadKey } from './stored.ts';

/**
 * Hands an uploaded file (DOMAIN 3.6 upload id) over to a feature that keeps it elsewhere
 * (a backup to restore, an upgrade package): the file is moved to the file store key `destKey`
 * (platform/files) and its upload record removed, so it is neither served nor counted as an
 * upload afterwards. Only the uploader may claim an upload.
 */
export async function claimUpload(
  app: AppContext,
  id: string,
  userId: number,
  destKey: string,
): Promise<{ name: string; size: number; sha256: string }> {
  if (!/^[0-9a-f-]{36}$/.test(id))
    throw new ApiError(Code.invalid, texts('uploads.notUploadId'), {
      errors: [{ field: 'file', msg: 'file must be an upload id' }],
    });
  const row = await app.db.kysely
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row)
    throw new ApiError(Code.invalid, texts('uploads.uploadGone'), {
      errors: [{ field: 'file', msg: 'not found' }],
    });
  await app.files.move(uploadKey(row.file), destKey);
  await app.db.kysely.deleteFrom('uploads').where('id', '=', id).execute();
  return { name: row.name, size: Number(row.size), sha256: row.sha256 };
}
