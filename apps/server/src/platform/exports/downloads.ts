import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, Paths } from '@igs/contract';
import { mimeOfFileName } from '@igs/contract/resources';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { formatDateTime } from '../lib/time.ts';
import { newToken, tokenId } from '../lib/tokens.ts';

const LIFETIME_MS = 10 * 60_000;

function exportDir(app: AppContext): string {
  return path.join(app.config.dataDir, 'exports');
}

/**
 * Stores an export file and returns a single-use URL valid for 10 minutes (DOMAIN section 3.2),
 * which the console opens in a new window: the token in the URL is the authorisation.
 */
export async function offerDownload(
  app: AppContext,
  userId: number,
  name: string,
  data: Uint8Array,
): Promise<{ url: string; expires_at: string }> {
  const dir = exportDir(app);
  await fs.mkdir(dir, { recursive: true });
  const file = `${randomUUID()}${path.extname(name)}`;
  await fs.writeFile(path.join(dir, file), data);
  return registerDownload(app, userId, name, file);
}

/**
 * The same for a file already on disk (a backup archive): linked (or copied) into the export
 * folder, so a large file is never read into memory and the original stays when the link is used.
 */
export async function offerFileDownload(
  app: AppContext,
  userId: number,
  name: string,
  source: string,
): Promise<{ url: string; expires_at: string }> {
  const dir = exportDir(app);
  await fs.mkdir(dir, { recursive: true });
  const file = `${randomUUID()}${path.extname(name)}`;
  await fs.link(source, path.join(dir, file)).catch(() => fs.copyFile(source, path.join(dir, file)));
  return registerDownload(app, userId, name, file);
}

async function registerDownload(
  app: AppContext,
  userId: number,
  name: string,
  file: string,
): Promise<{ url: string; expires_at: string }> {
  const token = newToken();
  const expires = app.now() + LIFETIME_MS;
  await app.db.kysely
    .insertInto('downloads')
    .values({ id: tokenId(token), file, name, user_id: userId, expires_at: expires })
    .execute();
  return { url: `${Paths.download}?token=${token}`, expires_at: formatDateTime(expires) };
}

export function registerDownloadRoute(fastify: FastifyInstance, app: AppContext): void {
  fastify.get<{ Querystring: { token?: string } }>(Paths.download, async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const row = token
      ? await app.db.kysely
          .deleteFrom('downloads')
          .where('id', '=', tokenId(token))
          .returningAll()
          .executeTakeFirst()
      : undefined;
    if (!row || row.expires_at < app.now() || !/^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/.test(row.file)) {
      return reply
        .code(404)
        .send({ code: Code.notFound, msg: 'This download link is invalid, used or expired', data: null });
    }
    const full = path.join(exportDir(app), row.file);
    const stream = createReadStream(full);
    // The file goes once the single use is served.
    stream.on('close', () => void fs.rm(full, { force: true }));
    // A gzip file goes as application/gzip: as octet-stream, compression would label its bytes
    // Content-Encoding: gzip and the browser would save them unpacked under the .gz name. An
    // export format's file goes with its own type (text/vcard for .vcf, from the contract's list).
    const mime = mimeOfFileName(row.name);
    return reply
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('cache-control', 'no-store')
      .type(
        row.name.endsWith('.gz')
          ? 'application/gzip'
          : mime
            ? `${mime}${mime.startsWith('text/') ? '; charset=utf-8' : ''}`
            : 'application/octet-stream',
      )
      .send(stream);
  });
}
