import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Code, Paths, say } from '@igs/contract';
import { mimeOfFileName } from '@igs/contract/resources';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Conn } from '../db/schema.ts';
import { checkKey, FileNotFound } from '../files/index.ts';
import { requestLang } from '../http/request-info.ts';
import { formatDateTime } from '../lib/time.ts';
import { newToken, tokenId } from '../lib/tokens.ts';

export const LIFETIME_MS = 10 * 60_000;

/**
 * Export files live in the file store (platform/files) under `exports/`, so a link made through
 * one instance opens through any other. A download row names either such a file (`<uuid>.<ext>`,
 * removed once served) or the key of a stored file that stays (a backup archive: `backups/…`).
 */
const EXPORT_FILE = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

function exportKey(file: string): string {
  return `exports/${file}`;
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
  const file = `${randomUUID()}${path.extname(name)}`;
  await app.files.put(exportKey(file), data);
  return registerDownload(app, userId, name, file);
}

/**
 * The same for a file on this machine's disk (a call recording of the host's PBX): streamed into
 * the store, so a large file is never read into memory and the original stays.
 */
export async function offerFileDownload(
  app: AppContext,
  userId: number,
  name: string,
  source: string,
): Promise<{ url: string; expires_at: string }> {
  const file = `${randomUUID()}${path.extname(name)}`;
  await app.files.put(exportKey(file), createReadStream(source));
  return registerDownload(app, userId, name, file);
}

/**
 * The same for a file already in the store that must stay after the download (a backup
 * archive): the link names its key, nothing is copied.
 */
export async function offerStoredDownload(
  app: AppContext,
  userId: number,
  name: string,
  key: string,
): Promise<{ url: string; expires_at: string }> {
  return registerDownload(app, userId, name, checkKey(key));
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
    // Used, expired (its file removed by the prune, platform/files/prune.ts) or never made.
    const gone = () =>
      reply
        .code(404)
        .send({ code: Code.notFound, msg: say(requestLang(req), 'uploads.downloadLinkGone'), data: null });
    if (!row || row.expires_at < app.now()) return gone();
    const isExport = EXPORT_FILE.test(row.file);
    const key = isExport ? exportKey(row.file) : row.file;
    let stream: Readable;
    try {
      stream = await app.files.get(checkKey(key));
    } catch (e) {
      if (e instanceof FileNotFound || (e as Error).message.startsWith('bad file store key')) return gone();
      throw e;
    }
    // An export goes once its single use is served; a stored file named by key stays.
    if (isExport)
      stream.on('close', () => {
        app.files.delete(key).catch((err) => app.log.warn({ err }, 'export file not removed'));
      });
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

/**
 * The prune's first step (platform/files/prune.ts), under its lock: removes the download links
 * that have expired and returns the store keys of their export files, which go too. A link to a
 * stored file that stays (a backup archive) only loses its row.
 */
export async function takeExpiredDownloads(db: Conn, now: number): Promise<string[]> {
  const rows = await db.deleteFrom('downloads').where('expires_at', '<', now).returning('file').execute();
  return rows.filter((r) => EXPORT_FILE.test(r.file)).map((r) => exportKey(r.file));
}

/**
 * Removes those export files, then any export file no link names that is older than a link's
 * life and `graceMs` (the prune's FILE_PRUNE_HOURS). A link's row goes when its download starts,
 * so a file without a link may be one still being streamed: a slow download begun near the end
 * of its link's life, which the database store serves chunk by chunk. The grace keeps such a file
 * until that download has long ended; the others (the row removed by the clear-cache task, a
 * removal after a download that failed) merely wait as long. `check` runs between removals (the
 * prune's lock still held). Returns how many files went.
 */
export async function removeExportFiles(
  app: AppContext,
  keys: readonly string[],
  now: number,
  graceMs: number,
  check: () => void = () => {},
): Promise<number> {
  let removed = 0;
  for (const key of keys) {
    check();
    await app.files.delete(key);
    removed++;
  }
  const before = now - LIFETIME_MS - graceMs;
  const old = (await app.files.list('exports/')).filter((f) => f.modifiedAt < before);
  for (let i = 0; i < old.length; i += 500) {
    const part = old.slice(i, i + 500);
    const names = part.map((f) => f.key.slice('exports/'.length));
    const live = new Set(
      (await app.db.kysely.selectFrom('downloads').select('file').where('file', 'in', names).execute()).map(
        (r) => r.file,
      ),
    );
    for (const f of part)
      if (!live.has(f.key.slice('exports/'.length))) {
        check();
        await app.files.delete(f.key);
        removed++;
      }
  }
  return removed;
}
