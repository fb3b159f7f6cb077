import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Code, type Localized, Paths, say, texts } from '@igs/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { deviceSecret } from '../auth/device-secrets.ts';
import { authenticate } from '../auth/sessions.ts';
import { allowedSites, checkWriteSite, requestedSites } from '../auth/sites.ts';
import { requirePasswordChanged } from '../auth/weak-password-gate.ts';
import { FileNotFound } from '../files/index.ts';
import type { Caller } from '../http/action.ts';
import { FORBIDDEN_FIELD_NAMES, forbiddenFieldName, partsError } from '../http/body-errors.ts';
import { errorEnvelope } from '../http/dispatch.ts';
import { edgeSettings } from '../http/edge-settings.ts';
import { ApiError, invalidField } from '../http/errors.ts';
import { noteAnonymousCall } from '../http/rate-limits.ts';
import { countAnonymousRefusal } from '../http/refusal-summary.ts';
import { requestIp, requestLang } from '../http/request-info.ts';
import { imageSize, sniff } from '../lib/file-type.ts';
import { writeOperationLog } from '../logging/operation-log.ts';
import { bytesUploadedBy, mayUseKind, quotaExceeded, requireKind } from './kind-access.ts';
import { kindRule, UPLOAD_KINDS, type UploadKind } from './kinds.ts';
import { openUpload, uploadKey } from './stored.ts';

const HEAD_BYTES = 4096;

/**
 * How long a link stays valid, and when it ends: rounded up to a tenth of its life, so a list
 * read twice hands out the same URL and the browser keeps the file it already has.
 */
function linkExpiry(app: AppContext, kind: UploadKind | undefined): number {
  const settings = edgeSettings(app);
  const life = kind === 'image' || kind === 'avatar' ? settings.imageLinkSeconds : settings.fileLinkSeconds;
  const step = Math.max(60, Math.floor(life / 10));
  return Math.ceil((Math.floor(app.now() / 1000) + life) / step) * step;
}

/**
 * The signature of a link: an HMAC of the file id and the link's end under this gateway's own
 * key (auth/device-secrets.ts), which no backup carries, so a restored archive of another gateway
 * cannot make or open links here.
 */
async function linkSignature(app: AppContext, id: string, exp: number): Promise<Buffer> {
  return createHmac('sha256', await deviceSecret(app, 'file-links'))
    .update(`${id}.${exp}`)
    .digest();
}

/**
 * A file URL carries its end and an HMAC over the id and that end: only URLs the server handed
 * out open, and only until they end (images shown in pages: IMAGE_LINK_HOURS, 7 days by default;
 * other files: FILE_LINK_MIN, 1 hour). Lists make them fresh each time they are read. `kind`,
 * when the caller knows it, picks the longer life for images.
 */
export async function signedFileUrl(app: AppContext, id: string, kind?: UploadKind): Promise<string> {
  const exp = linkExpiry(app, kind);
  const sig = (await linkSignature(app, id, exp)).toString('base64url');
  return `${Paths.file}/${id}?exp=${exp}&sig=${sig}`;
}

class TooLarge extends Error {}
class OverQuota extends Error {}

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
  if (!req.isMultipart()) throw new ApiError(Code.badRequest, texts('uploads.sendMultipart'));
  const kinds = opts.kinds ?? UPLOAD_KINDS;
  const quota = edgeSettings(app).uploadQuotaBytes;
  const used = await bytesUploadedBy(app, caller.user.id);
  // A full quota is refused before a byte of the body is read.
  if (used >= quota) throw quotaExceeded(used, quota);
  try {
    return await receiveParts(app, req, caller, opts, kinds, { used, quota });
  } catch (e) {
    throw partsError(e);
  }
}

async function receiveParts(
  app: AppContext,
  req: FastifyRequest,
  caller: Caller,
  opts: ReceiveOptions,
  kinds: readonly UploadKind[],
  quota: { used: number; quota: number },
): Promise<Record<string, unknown>> {
  let kind: UploadKind | undefined;
  // No prototype: a field named like one of Object's own properties stays a plain field.
  const fields: Record<string, string> = Object.create(null);
  for await (const part of req.parts({
    limits: { files: 1, fields: 5, fileSize: app.config.uploadMaxBytes + 1 },
  })) {
    if (FORBIDDEN_FIELD_NAMES.has(part.fieldname)) {
      if (part.type === 'file') part.file.resume();
      throw forbiddenFieldName();
    }
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      if (part.fieldname === 'kind') {
        if (!kinds.includes(part.value as UploadKind))
          throw invalidField('kind', texts('uploads.kindOneOf', { kinds: kinds.join(', ') }));
        kind = part.value as UploadKind;
        // Only an account with a page that uses this kind of file may store one.
        await requireKind(app, caller, kind);
      }
      continue;
    }
    if (part.fieldname !== 'file') throw invalidField(part.fieldname, texts('uploads.onlyFileField'));
    if (!kind) throw invalidField('kind', texts('uploads.kindFirst'));
    const folderId = opts.folder ? await opts.folder(fields) : null;
    const rule = kindRule(kind, app.config.uploadMaxBytes);
    const id = randomUUID();
    // The first bytes decide, before a byte is stored, whether the kind accepts the file and
    // what it is named; the rest streams into the file store behind them.
    const source = part.file[Symbol.asyncIterator]();
    const first: Buffer[] = [];
    let head = Buffer.alloc(0);
    while (head.length < HEAD_BYTES) {
      const next = await source.next();
      if (next.done) break;
      first.push(next.value as Buffer);
      head = Buffer.concat([head, next.value as Buffer]).subarray(0, HEAD_BYTES);
    }
    const sniffed = sniff(head);
    if (head.length === 0 || !rule.accepts(sniffed, head)) {
      part.file.resume();
      throw invalidField(
        'file',
        kind === 'avatar' ? 'Only JPG/PNG images can be uploaded' : `Only ${rule.what} can be uploaded here`,
      );
    }
    const ext = sniffed?.type ?? 'txt';
    const file = `${id}.${ext}`;
    const hash = createHash('sha256');
    let size = 0;
    const meter = (chunk: Buffer): Buffer => {
      size += chunk.length;
      if (size > rule.maxBytes) throw new TooLarge();
      if (quota.used + size > quota.quota) throw new OverQuota();
      hash.update(chunk);
      return chunk;
    };
    // Pulled by the store as it writes (nothing flows before it reads), metered on the way.
    const body = Readable.from(
      (async function* () {
        for (const chunk of first) yield meter(chunk);
        for (let next = await source.next(); !next.done; next = await source.next())
          yield meter(next.value as Buffer);
        if (part.file.truncated) throw new TooLarge();
      })(),
    );
    try {
      // A put that fails (too large, over the quota, the client gone) stores nothing.
      await app.files.put(uploadKey(file), body);
    } catch (e) {
      part.file.resume();
      if (e instanceof OverQuota) throw quotaExceeded(quota.used, quota.quota);
      if (e instanceof TooLarge)
        throw invalidField(
          'file',
          texts('uploads.kindTooLarge', { kind, mb: Math.round(rule.maxBytes / 1048576) }),
        );
      throw e;
    }
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
    // Parallel uploads each passed the check above against the same figure: counted again with
    // this one stored, an upload that took the account over its quota is taken back.
    const now = await bytesUploadedBy(app, caller.user.id);
    if (now > quota.quota) {
      await app.db.kysely.deleteFrom('uploads').where('id', '=', id).execute();
      await app.files.delete(uploadKey(file));
      throw quotaExceeded(now - size, quota.quota);
    }
    return {
      id,
      url: await signedFileUrl(app, id, kind),
      name,
      size,
      mime,
      sha256,
      ...(dims ?? {}),
      ...(opts.folder ? { folder_id: folderId } : {}),
    };
  }
  throw invalidField('file', texts('uploads.fileRequired'));
}

/**
 * In operations mode an upload belongs to the one site the call names (igs-sids), so that site's
 * ResourcePicker shows it; a call naming no single site keeps the gateway's (0), as before.
 */
function uploadSite(caller: Caller, req: FastifyRequest): number {
  const sites = requestedSites(caller, req);
  // A suspended site takes no new files, as it takes no other change (auth/sites.ts).
  return sites?.length === 1 ? checkWriteSite(caller, sites[0]!) : 0;
}

export function registerUploadRoutes(fastify: FastifyInstance, app: AppContext): void {
  fastify.post(Paths.upload, async (req, reply) => {
    const lang = requestLang(req);
    let caller: Caller | undefined;
    let envelope: { code: number; msg: string; data: unknown };
    try {
      caller = await authenticate(app, req);
      requirePasswordChanged(caller, { path: Paths.upload, method: undefined });
      const site = caller.isOperations ? uploadSite(caller, req) : 0;
      envelope = { code: Code.ok, msg: 'ok', data: await receive(app, req, caller, { site }) };
    } catch (e) {
      envelope = errorEnvelope(app, e, lang, req);
      // The client may still be sending the refused file: end the connection with the reply.
      reply.header('connection', 'close');
    }
    if (!caller && envelope.code !== Code.ok) {
      // Refused without a valid session: counted, summarised in the log once a minute.
      countAnonymousRefusal(app, requestIp(req), req.url, envelope.code);
      await noteAnonymousCall(app, req);
    } else {
      await writeOperationLog(app, {
        req,
        ip: requestIp(req),
        caller,
        module: 'common:upload',
        action: 'upload',
        code: envelope.code,
        detail: envelope.code === Code.ok ? String((envelope.data as { name: string }).name) : envelope.msg,
      }).catch((e) => app.log.error({ err: e }, 'operation log write failed'));
    }
    return reply.send(envelope);
  });

  fastify.get<{ Params: { id: string }; Querystring: { sig?: string; exp?: string } }>(
    `${Paths.file}/:id`,
    async (req, reply) => {
      const { id } = req.params;
      const lang = requestLang(req);
      const notFound = () => reply.code(404).send({ code: Code.notFound, msg: 'No such file', data: null });
      const refuse = (text: Localized) =>
        reply.code(403).send({ code: Code.forbidden, msg: text[lang], data: null });
      if (!/^[0-9a-f-]{36}$/.test(id)) return notFound();
      const link = await checkLink(app, id, req.query);
      const row = await app.db.kysely
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (link !== 'valid') {
        // Without a valid link, a session may open the file: the caller's role must use files of
        // its kind, and in operations mode the file must be the gateway's or one of its sites'.
        const caller = await authenticate(app, req).catch(() => undefined);
        if (!caller)
          return link === 'expired'
            ? refuse(texts('uploads.fileLinkExpiredReload'))
            : refuse(texts('uploads.fileLinkNotValid'));
        if (caller.user.weak_psw)
          return reply.code(403).send({
            code: Code.passwordChangeRequired,
            msg: say(lang, 'passwordChangeRequired'),
            data: null,
          });
        if (!row) return notFound();
        const sites = caller.isOperations ? allowedSites(caller) : null;
        if (sites && row.site_id !== 0 && !sites.includes(row.site_id))
          return refuse(texts('uploads.fileBelongsSiteNot', { site_id: row.site_id }));
        if (!(await mayUseKind(app, caller, row.kind as UploadKind)))
          return refuse(texts('uploads.doNotAccessPage', { kind: row.kind }));
      }
      if (!row) return notFound();
      const body = await openUpload(app, row.file).catch((e) => {
        if (e instanceof FileNotFound) return null;
        throw e;
      });
      if (!body) return notFound();
      const exp = Number(req.query.exp);
      const maxAge = link === 'valid' ? Math.max(0, Math.floor(exp - app.now() / 1000)) : 0;
      return (
        reply
          .type(row.mime)
          .header('content-length', String(row.size))
          // Kept by the browser no longer than its link lives.
          .header('cache-control', `private, max-age=${maxAge}`)
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`)
          .send(body)
      );
    },
  );
}

/** Whether a link's signature and end are this gateway's and still current. */
async function checkLink(
  app: AppContext,
  id: string,
  query: { sig?: string; exp?: string },
): Promise<'valid' | 'expired' | 'none'> {
  const exp = Number(query.exp);
  if (typeof query.sig !== 'string' || !Number.isSafeInteger(exp)) return 'none';
  const expected = await linkSignature(app, id, exp);
  const given = Buffer.from(query.sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'none';
  return exp * 1000 >= app.now() ? 'valid' : 'expired';
}
