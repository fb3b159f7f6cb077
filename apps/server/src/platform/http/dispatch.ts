import {
  Code,
  type Envelope,
  issueKey,
  keepLocalized,
  type Lang,
  permissionPrefix,
  say,
  sayAny,
  texts,
} from '@igs/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { requireModule } from '../auth/permissions.ts';
import { authenticate } from '../auth/sessions.ts';
import { requirePasswordChanged } from '../auth/weak-password-gate.ts';
import { databaseUnavailable } from '../db/unavailable.ts';
import { requireLicence } from '../licence/gate.ts';
import { writeOperationLog } from '../logging/operation-log.ts';
import { noteCallContext } from '../observability/access-log.ts';
import { siteScope } from '../resources/scope.ts';
import {
  type ActionContext,
  type AnyAction,
  type Caller,
  isMutating,
  type SignedInContext,
  type UploadedFile,
} from './action.ts';
import {
  diskFull,
  FORBIDDEN_FIELD_NAMES,
  forbiddenFieldName,
  MalformedBodyError,
  malformedMultipart,
  partsError,
} from './body-errors.ts';
import { ApiError, localizedParts } from './errors.ts';
import { refuseNulText } from './input-text.ts';
import { hasCredential, noteAnonymousCall, rateLimitedEnvelope } from './rate-limits.ts';
import { countAnonymousRefusal } from './refusal-summary.ts';
import { requestIp, requestLang } from './request-info.ts';

/** Routes each path to its actions; the body's `method` picks one (spec section 7). */
export function mountActions(fastify: FastifyInstance, app: AppContext, actions: readonly AnyAction[]): void {
  const byPath = new Map<string, AnyAction[]>();
  for (const a of actions) {
    const key = a.path.toLowerCase();
    const list = byPath.get(key) ?? [];
    if (list.some((b) => b.method === a.method)) throw new Error(`duplicate action ${a.path} ${a.method}`);
    list.push(a);
    byPath.set(key, list);
  }
  for (const list of byPath.values()) {
    const first = list[0]!;
    const httpMethods = [...new Set(list.map((a) => a.httpMethod ?? 'POST'))];
    fastify.route({
      method: httpMethods,
      url: first.path,
      // Returning the reply tells Fastify the response is under way even when a raw handler
      // (captcha image, downloads) sent it itself, so onSend hooks such as compression finish.
      handler: async (req, reply) => {
        await handle(app, list, req, reply);
        return reply;
      },
    });
  }
}

function pickAction(list: AnyAction[], method: unknown, path: string): AnyAction {
  if (list.length === 1 && list[0]!.method === undefined) return list[0]!;
  const known = list.map((a) => a.method).filter(Boolean);
  if (typeof method !== 'string' || method === '') {
    throw new ApiError(Code.badRequest, texts('http.methodRequired', { path, known: known.join(', ') }), {
      errors: [{ field: 'method', msg: 'method is required' }],
    });
  }
  const found = list.find((a) => a.method === method);
  if (!found) {
    throw new ApiError(
      Code.badRequest,
      texts('http.unknownMethod', { method: method.slice(0, 40), path, known: known.join(', ') }),
      {
        errors: [{ field: 'method', msg: 'unknown method' }],
      },
    );
  }
  return found;
}

async function readBody(
  req: FastifyRequest,
  action: AnyAction | undefined,
): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
  if (req.isMultipart()) return readMultipart(req, action);
  const raw = req.method === 'GET' ? req.query : req.body;
  if (raw === undefined || raw === null || raw === '') return { body: {}, files: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ApiError(Code.badRequest, texts('http.bodyNotObject'));
  }
  return { body: raw as Record<string, unknown>, files: [] };
}

async function readMultipart(
  req: FastifyRequest,
  action: AnyAction | undefined,
): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
  // No prototype: a field named like one of Object's own properties stays a plain field.
  const body: Record<string, unknown> = Object.create(null);
  const files: UploadedFile[] = [];
  const allowed = action?.files;
  const limit = allowed?.maxBytes ?? 0;
  try {
    await collectParts(req, allowed, limit, body, files);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new ApiError(Code.invalid, texts('http.filesAtMostOne'));
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new ApiError(Code.badRequest, texts('http.tooManyFields'));
    throw partsError(e);
  }
  return { body, files };
}

async function collectParts(
  req: FastifyRequest,
  allowed: AnyAction['files'],
  limit: number,
  body: Record<string, unknown>,
  files: UploadedFile[],
): Promise<void> {
  for await (const part of req.parts({
    limits: { fileSize: Math.max(limit, 1), files: allowed ? 1 : 0, fields: 50 },
  })) {
    if (FORBIDDEN_FIELD_NAMES.has(part.fieldname)) {
      if (part.type === 'file') part.file.resume();
      throw forbiddenFieldName();
    }
    if (part.type === 'field') {
      body[part.fieldname] = part.value;
      continue;
    }
    if (!allowed || part.fieldname !== allowed.field) {
      part.file.resume();
      throw new ApiError(Code.invalid, texts('http.fileFieldRefused', { field: part.fieldname }), {
        errors: [{ field: part.fieldname, msg: 'unexpected file' }],
      });
    }
    const data = await part.toBuffer().catch((e: { code?: string }) => {
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') return null;
      throw e;
    });
    if (data === null || part.file.truncated) {
      const text = allowed.tooLargeMessage;
      throw new ApiError(Code.invalid, text, {
        errors: [{ field: part.fieldname, msg: typeof text === 'string' ? text : text.en }],
      });
    }
    files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
  }
}

/**
 * Zod's own messages in the caller's language, for a parse: the schema's own messages (a
 * catalogue key, see keyedIssue) come first, zod's built-in wording follows `lang`.
 */
export function zodMessages(lang: Lang): { error: z.core.$ZodErrorMap } {
  return { error: (lang === 'zh_CN' ? ZH_ZOD : EN_ZOD).localeError };
}
const ZH_ZOD = z.locales.zhCN();
const EN_ZOD = z.locales.en();

/** Zod issues as `[{field, msg}]` in the caller's language, the first one naming its field in `msg`. */
export function validationError(error: z.ZodError, lang: Lang, nameField = true): ApiError {
  const keyed = error.issues.map((i) => issueKey(i.message));
  const errors = error.issues.map((i, n) => {
    const field = i.path.length ? i.path.join('.') : 'body';
    const key = keyed[n];
    return {
      field,
      msg: key
        ? sayAny(lang, key)
        : i.code === 'invalid_type' && i.input === undefined
          ? say(lang, 'common.required', { label: i.path.join('.') || 'value' })
          : i.message,
    };
  });
  const first = errors[0]!;
  // The catalogue's own texts are shown as they are; other messages name their field.
  const msg =
    !nameField || keyed[0]
      ? first.msg
      : first.msg.toLowerCase().includes(first.field.split('.')[0]!.toLowerCase())
        ? first.msg
        : `${first.field}: ${first.msg}`;
  return new ApiError(Code.invalid, msg, { errors });
}

/**
 * The checks a multipart call can pass before its body is read: a session for every path that has
 * no public method, and a menu listing the path for module paths. Returns the caller (or
 * undefined when some method of the path is public and no valid session came).
 */
async function guardMultipart(
  app: AppContext,
  list: AnyAction[],
  req: FastifyRequest,
  ctx: ActionContext,
): Promise<Caller | undefined> {
  if (list.some((a) => a.access === 'public')) return authenticate(app, req).catch(() => undefined);
  const caller = await authenticate(app, req);
  if (list.every((a) => a.access === 'module')) {
    // The path alone: no method and no button key yet.
    await requireModule(
      app,
      caller,
      { ...list[0]!, method: undefined, button: undefined, mutates: false },
      ctx,
    );
  }
  return caller;
}

async function handle(
  app: AppContext,
  list: AnyAction[],
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const lang = requestLang(req);
  const ip = requestIp(req);
  let action: AnyAction | undefined;
  const ctx: ActionContext = { app, req, reply, ip, lang, caller: undefined, files: [], extra: {} };
  // The access log names the caller once the session is checked (observability/access-log.ts).
  noteCallContext(req, ctx);
  let envelope: Envelope;
  let failure: unknown;
  try {
    const multipart = req.isMultipart();
    let picked: AnyAction;
    let early: Caller | undefined;
    let body: Record<string, unknown>;
    if (multipart) {
      // A multipart body must be read to know its method, so who calls and whether they may reach
      // this path at all are checked from the headers first: an anonymous or unentitled upload is
      // refused before its bytes are read (the button key follows once the method is known).
      early = await guardMultipart(app, list, req, ctx);
      picked = list.find((a) => a.files) ?? list[0]!;
      action = picked;
      const read = await readBody(req, picked);
      body = read.body;
      ctx.files = read.files;
      action = picked = pickAction(list, body.method, list[0]!.path);
    } else {
      const source = (req.method === 'GET' ? req.query : req.body) as Record<string, unknown> | undefined;
      action = picked = pickAction(list, source?.method, list[0]!.path);
      body = (await readBody(req, picked)).body;
    }
    if (ctx.files.length && !picked.files) throw new ApiError(Code.invalid, texts('http.noFiles'));
    if (picked.access !== 'public') {
      ctx.caller = early ?? (await authenticate(app, req));
      ctx.scope = siteScope(ctx.caller, req);
      requirePasswordChanged(ctx.caller, picked);
      if (picked.access === 'module') {
        await requireModule(app, ctx.caller, picked, ctx);
        await requireLicence(app, picked, lang);
      }
    } else {
      ctx.caller = await authenticate(app, req).catch(() => undefined);
    }
    refuseNulText(body);
    const parsed = picked.input.safeParse(body, zodMessages(lang));
    if (!parsed.success) throw validationError(parsed.error, lang);
    // A session or module call has its caller and scope set above (ContextFor).
    const data = await picked.handler(ctx as SignedInContext, parsed.data);
    if (picked.raw) return;
    if (picked.output && app.config.checkReplies) checkReply(picked, data);
    envelope = { code: Code.ok, msg: ctx.msg ?? 'ok', data: data ?? null, ...ctx.extra } as Envelope;
  } catch (err) {
    failure = err;
    envelope = errorEnvelope(app, err, lang, req);
    // A refused upload may still be arriving: end the connection with the reply.
    if (req.isMultipart()) reply.header('connection', 'close');
  }
  // Anonymous: no credential, or one that was refused (a valid session failing before it was
  // checked, on a missing method say, is not an anonymous caller).
  const anonymous =
    !ctx.caller &&
    (!hasCredential(req) || envelope.code === Code.tokenInvalid || envelope.code === Code.sessionExpired);
  if (anonymous && envelope.code !== Code.ok && !action?.selfLogged) {
    // Refused without a valid session: counted against the address (a made-up token past the limit
    // is answered 429 like any anonymous call), and summarised in the log once a minute.
    const wait = await noteAnonymousCall(app, req);
    if (wait !== null) {
      const limited = rateLimitedEnvelope(req, wait);
      reply.header('retry-after', String(limited.data.retry_after));
      envelope = limited;
    }
    countAnonymousRefusal(app, ip, req.url, envelope.code);
  } else if (action && isMutating(action) && !action.selfLogged) {
    await writeOperationLog(app, {
      req,
      ip,
      caller: ctx.caller,
      module: permissionPrefix(action.path),
      action: action.method ?? '',
      code: envelope.code,
      // A refusal known in both languages is kept in both, so the log reads in its reader's language.
      detail:
        ctx.logDetail ??
        (envelope.code === Code.ok
          ? ''
          : failure instanceof ApiError && failure.texts
            ? keepLocalized(failure.texts)
            : envelope.msg),
    }).catch((e) => app.log.error({ err: e }, 'operation log write failed'));
  }
  if (!reply.sent) await reply.code(200).send(envelope);
}

export function errorEnvelope(
  app: AppContext,
  err: unknown,
  lang: 'en' | 'zh_CN',
  req: FastifyRequest,
): Envelope {
  const known = malformedMultipart(err) ?? diskFull(err);
  if (known instanceof MalformedBodyError)
    // The client's fault: one warning line, no stack.
    app.log.warn(
      { reqId: req.id, url: req.url.split('?')[0], reason: known.reason },
      'malformed multipart body',
    );
  else if (known)
    app.log.error(
      { reqId: req.id, url: req.url.split('?')[0], code: (err as { code?: string }).code },
      'disk full',
    );
  const e = known ?? err;
  if (e instanceof ApiError) {
    const { msg, data } = localizedParts(e, lang);
    return { code: e.code, msg, data };
  }
  // The database cannot be reached (restart, failover): 503, try again; not a fault of the server,
  // so one line without a stack (an outage would otherwise fill the log with them).
  if (databaseUnavailable(err)) {
    app.log.warn(
      { reqId: req.id, url: req.url.split('?')[0], reason: (err as Error).message },
      'database unavailable',
    );
    const msg = say(lang, 'http.databaseUnavailable');
    return { code: Code.unavailable, msg, data: null };
  }
  // Unexpected: log it with the request id, never send the stack.
  app.log.error({ err, reqId: req.id }, 'unexpected error');
  return {
    code: Code.unexpected,
    msg: `${say(lang, 'unexpected')} (request ${req.id})`,
    data: { request_id: req.id },
  };
}

/**
 * A reply that is not what the contract's call says (CHECK_REPLIES: tests and development): a
 * server fault, answered as one, with the fields that differ in the log.
 */
function checkReply(action: AnyAction, data: unknown): void {
  const result = action.output!.safeParse(data);
  if (result.success) return;
  const where = result.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`).join('; ');
  throw new Error(`The reply of ${action.path} ${action.method ?? ''} breaks its contract: ${where}`);
}
