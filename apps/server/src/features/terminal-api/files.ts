import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import type { UploadKind } from '../../platform/uploads/kinds.ts';
import { signedFileUrl } from '../../platform/uploads/routes.ts';
import { uploadInReach } from '../../platform/uploads/site.ts';
import { openUpload } from '../../platform/uploads/stored.ts';

/**
 * File fields (`file`: an upload id, DOMAIN 3.6) as URLs a terminal can open: the server's signed
 * file link (no session needed), made absolute with the host the terminal called. A value that is
 * already an http(s) URL is passed on; anything else (a missing upload) gives null, and so does an
 * upload out of reach (uploads/site.ts) of the terminal's site or of the record naming it (the
 * gateway's templates and themes, site 0): a record stored before writes refused another site's
 * upload never hands a terminal a link to that site's file.
 */

export interface FileFacts {
  url: string;
  size: number;
  sha256: string;
  mime: string;
}

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

interface UploadRow {
  id: string;
  size: number | string;
  sha256: string;
  mime: string;
  kind: string;
  site_id: number | string;
}

export class FileLinks {
  /** Each upload id read so far (null: no such upload), with its link once one was signed. */
  private readonly cache = new Map<string, { row: UploadRow; url?: string } | null>();
  private readonly app: AppContext;
  private readonly origin: string;
  private readonly site: number;
  /** `site`: the terminal's. */
  constructor(app: AppContext, origin: string, site: number) {
    this.app = app;
    this.origin = origin;
    this.site = site;
  }

  static of(app: AppContext, req: FastifyRequest, site: number): FileLinks {
    const host = String(req.headers.host ?? '').replace(/[^A-Za-z0-9.:[\]-]/g, '');
    return new FileLinks(app, host ? `${req.protocol}://${host}` : '', site);
  }

  /** `recordSite`: the site of the record naming `value` (the terminal's, or 0: the gateway's). */
  async facts(value: unknown, recordSite = this.site): Promise<FileFacts | null> {
    const v = typeof value === 'string' ? value.trim() : '';
    if (!v) return null;
    if (/^https?:\/\//i.test(v)) return { url: v, size: 0, sha256: '', mime: '' };
    if (!UPLOAD_ID.test(v)) return null;
    if (!this.cache.has(v)) {
      const row = await this.app.db.kysely
        .selectFrom('uploads')
        .select(['id', 'size', 'sha256', 'mime', 'kind', 'site_id'])
        .where('id', '=', v)
        .executeTakeFirst();
      this.cache.set(v, row ? { row } : null);
    }
    const known = this.cache.get(v);
    if (!known) return null;
    const site = Number(known.row.site_id);
    if (!uploadInReach(site, recordSite) || !uploadInReach(site, this.site)) return null;
    // By kind: images live as long as pages show them; a terminal fetches the rest at once.
    known.url ??= this.origin + (await signedFileUrl(this.app, known.row.id, known.row.kind as UploadKind));
    return { url: known.url, size: Number(known.row.size), sha256: known.row.sha256, mime: known.row.mime };
  }

  async url(value: unknown, recordSite = this.site): Promise<string | null> {
    return (await this.facts(value, recordSite))?.url ?? null;
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
