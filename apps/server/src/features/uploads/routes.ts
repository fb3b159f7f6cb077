import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Code, Paths } from '@igs/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { authenticate } from '../../auth/sessions.ts';
import { requestedSites } from '../../auth/sites.ts';
import type { Caller } from '../../http/action.ts';
import { errorEnvelope } from '../../http/dispatch.ts';
import { ApiError, invalidField } from '../../http/errors.ts';
import { requestIp, requestLang } from '../../http/request-info.ts';
import { imageSize, sniff } from '../../lib/file-type.ts';
import { writeOperationLog } from '../logging/operation-log.ts';
import { getSettings, setSetting } from '../settings/settings.ts';
import { kindRule, UPLOAD_KINDS, type UploadKind } from './kinds.ts';

const HEAD_BYTES = 4096;

function uploadDir(app: AppContext): string {
  return path.join(app.config.dataDir, 'uploads', 'files');
}

async function fileSecret(app: AppContext): Promise<string> {
  const current = (await getSettings(app)).file_secret;
  if (current) return current;
  const made = randomBytes(32).toString('hex');
  await setSetting(app, 'file_secret', made);
  return made;
}

/** A file URL carries an HMAC of its id: only URLs the server handed out open. */
export async function signedFileUrl(app: AppContext, id: string): Promise<string> {
  const sig = createHmac('sha256', await fileSecret(app))
    .update(id)
    .digest('base64url');
  return `${Paths.file}/${id}?sig=${sig}`;
}

class TooLarge extends Error {}

/** Where a received file goes: its site, and what to check of the fields before the file. */
export interface ReceiveOptions {
  /** The site the upload belongs to (0: full mode). */
  site: number;
  /** The kinds this call accepts (default: every kind). */
  kinds?: readonly UploadKind[];
  /**
   * Called with the form fields sent before the file, before a byte of it is stored: returns the
   * folder the file goes into (null: the root), or throws to refuse the upload.
   */
  folder?: (fields: Readonly<Record<string, string>>) => Promise<number | null>;
}

/**
 * Streams one file to disk under a generated name while hashing it and keeping its first bytes,
 * then decides by content whether the kind accepts it. Nothing of a refused file remains.
 * The explorer's upload (features/explorer) goes through here too, with its site and folder.
 */
export async function receive(
  app: AppContext,
  req: FastifyRequest,
  caller: Caller,
  opts: ReceiveOptions,
): Promise<Record<string, unknown>> {
  if (!req.isMultipart())
    throw new ApiError(Code.badRequest, 'Send multipart form data with the fields kind and file');
  const kinds = opts.kinds ?? UPLOAD_KINDS;
  let kind: UploadKind | undefined;
  const fields: Record<string, string> = {};
  for await (const part of req.parts({
    limits: { files: 1, fields: 5, fileSize: app.config.uploadMaxBytes + 1 },
  })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      if (part.fieldname === 'kind') {
        if (!kinds.includes(part.value as UploadKind))
          throw invalidField('kind', `kind must be one of: ${kinds.join(', ')}`);
        kind = part.value as UploadKind;
      }
      continue;
    }
    if (part.fieldname !== 'file')
      throw invalidField(part.fieldname, 'Only the field "file" may carry a file');
    if (!kind) throw invalidField('kind', 'kind is required and must come before the file');
    const folderId = opts.folder ? await opts.folder(fields) : null;
    const rule = kindRule(kind, app.config.uploadMaxBytes);
    const id = randomUUID();
    const dir = uploadDir(app);
    await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${id}.part`);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > rule.maxBytes) return done(new TooLarge());
        if (head.length < HEAD_BYTES)
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(part.file, meter, createWriteStream(tmp));
      if (part.file.truncated) throw new TooLarge();
    } catch (e) {
      await fs.rm(tmp, { force: true });
      part.file.resume();
      if (e instanceof TooLarge)
        throw invalidField(
          'file',
          `Files of kind ${kind} cannot exceed ${Math.round(rule.maxBytes / 1048576)} MB`,
        );
      throw e;
    }
    const sniffed = sniff(head);
    if (size === 0 || !rule.accepts(sniffed, head)) {
      await fs.rm(tmp, { force: true });
      throw invalidField(
        'file',
        kind === 'avatar' ? 'Only JPG/PNG images can be uploaded' : `Only ${rule.what} can be uploaded here`,
      );
    }
    const ext = sniffed?.type ?? 'txt';
    const file = `${id}.${ext}`;
    await fs.rename(tmp, path.join(dir, file));
    const dims = sniffed?.group === 'image' ? imageSize(head, sniffed.type) : null;
    const mime = sniffed?.mime ?? 'text/plain; charset=utf-8';
    const name = path
      .basename(part.filename || file)
      .replace(/[^\p{L}\p{N}._ -]/gu, '_')
      .slice(0, 200);
    const sha256 = hash.digest('hex');
    await app.db.kysely
      .insertInto('uploads')
      .values({
        id,
        kind,
        name,
        mime,
        size,
        sha256,
        width: dims?.width ?? null,
        height: dims?.height ?? null,
        file,
        user_id: caller.user.id,
        site_id: opts.site,
        folder_id: folderId,
        created_at: app.now(),
      })
      .execute();
    return {
      id,
      url: await signedFileUrl(app, id),
      name,
      size,
      mime,
      sha256,
      ...(dims ?? {}),
      ...(opts.folder ? { folder_id: folderId } : {}),
    };
  }
  throw invalidField('file', 'file is required');
}

/**
 * In operations mode an upload belongs to the one site the call names (igs-sids), so that site's
 * ResourcePicker shows it; a call naming no single site keeps the gateway's (0), as before.
 */
function uploadSite(caller: Caller, req: FastifyRequest): number {
  const sites = requestedSites(caller, req);
  return sites?.length === 1 ? sites[0]! : 0;
}

export function registerUploadRoutes(fastify: FastifyInstance, app: AppContext): void {
  fastify.post(Paths.upload, async (req, reply) => {
    const lang = requestLang(req);
    let caller: Caller | undefined;
    let envelope: { code: number; msg: string; data: unknown };
    try {
      caller = await authenticate(app, req);
      const site = caller.isOperations ? uploadSite(caller, req) : 0;
      envelope = { code: Code.ok, msg: 'ok', data: await receive(app, req, caller, { site }) };
    } catch (e) {
      envelope = errorEnvelope(app, e, lang, req);
      // The client may still be sending the refused file: end the connection with the reply.
      reply.header('connection', 'close');
    }
    await writeOperationLog(app, {
      req,
      ip: requestIp(req),
      caller,
      module: 'common:upload',
      action: 'upload',
      code: envelope.code,
      detail: envelope.code === Code.ok ? String((envelope.data as { name: string }).name) : envelope.msg,
    }).catch((e) => app.log.error({ err: e }, 'operation log write failed'));
    return reply.send(envelope);
  });

  fastify.get<{ Params: { id: string }; Querystring: { sig?: string } }>(
    `${Paths.file}/:id`,
    async (req, reply) => {
      const { id } = req.params;
      const notFound = () => reply.code(404).send({ code: Code.notFound, msg: 'No such file', data: null });
      if (!/^[0-9a-f-]{36}$/.test(id)) return notFound();
      const expected = createHmac('sha256', await fileSecret(app))
        .update(id)
        .digest();
      const given = Buffer.from(String(req.query.sig ?? ''), 'base64url');
      const signed = given.length === expected.length && timingSafeEqual(given, expected);
      if (!signed) {
        const ok = await authenticate(app, req).then(
          () => true,
          () => false,
        );
        if (!ok)
          return reply
            .code(403)
            .send({ code: Code.forbidden, msg: 'This file link is not valid', data: null });
      }
      const row = await app.db.kysely
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return notFound();
      return reply
        .type(row.mime)
        .header('content-length', String(row.size))
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .send(createReadStream(path.join(uploadDir(app), row.file)));
    },
  );
}
