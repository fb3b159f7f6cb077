import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import type { UploadKind } from '../../platform/uploads/kinds.ts';
import { signedFileUrl } from '../../platform/uploads/routes.ts';
import { openUpload } from '../../platform/uploads/stored.ts';

/**
 * File fields (`file`: an upload id, DOMAIN 3.6) as URLs a terminal can open: the server's signed
 * file link (no session needed), made absolute with the host the terminal called. A value that is
 * already an http(s) URL is passed on; anything else (a missing upload) gives null.
 */

export interface FileFacts {
  url: string;
  size: number;
  sha256: string;
  mime: string;
}

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

export class FileLinks {
  private readonly cache = new Map<string, FileFacts | null>();
  private readonly app: AppContext;
  private readonly origin: string;
  constructor(app: AppContext, origin: string) {
    this.app = app;
    this.origin = origin;
  }

  static of(app: AppContext, req: FastifyRequest): FileLinks {
    const host = String(req.headers.host ?? '').replace(/[^A-Za-z0-9.:[\]-]/g, '');
    return new FileLinks(app, host ? `${req.protocol}://${host}` : '');
  }

  async facts(value: unknown): Promise<FileFacts | null> {
    const v = typeof value === 'string' ? value.trim() : '';
    if (!v) return null;
    if (/^https?:\/\//i.test(v)) return { url: v, size: 0, sha256: '', mime: '' };
    if (!UPLOAD_ID.test(v)) return null;
    if (this.cache.has(v)) return this.cache.get(v)!;
    const row = await this.app.db.kysely
      .selectFrom('uploads')
      .select(['id', 'size', 'sha256', 'mime', 'kind'])
      .where('id', '=', v)
      .executeTakeFirst();
    const facts = row
      ? {
          // By kind: images live as long as pages show them; a terminal fetches the rest at once.
          url: this.origin + (await signedFileUrl(this.app, row.id, row.kind as UploadKind)),
          size: Number(row.size),
          sha256: row.sha256,
          mime: row.mime,
        }
      : null;
    this.cache.set(v, facts);
    return facts;
  }

  async url(value: unknown): Promise<string | null> {
    return (await this.facts(value))?.url ?? null;
  }
}

/** MD5 of uploads by id and SHA-256 (an upload never changes): APKs are read once per process. */
const md5Cache = new Map<string, string>();

export async function uploadMd5(app: AppContext, id: string): Promise<string> {
  if (!UPLOAD_ID.test(id)) return '';
  const row = await app.db.kysely
    .selectFrom('uploads')
    .select(['file', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return '';
  const key = `${id}:${row.sha256}`;
  const known = md5Cache.get(key);
  if (known) return known;
  const hash = createHash('md5');
  try {
    for await (const chunk of await openUpload(app, row.file)) hash.update(chunk as Buffer);
  } catch {
    return '';
  }
  const md5 = hash.digest('hex');
  if (md5Cache.size > 1000) md5Cache.clear();
  md5Cache.set(key, md5);
  return md5;
}
