import { Code, type Lang, texts } from '@igs/contract';
import { ApiError } from './errors.ts';

/** An ApiError whose text is given in both languages here rather than in the contract's messages. */
export class LocalizedError extends ApiError {
  declare readonly texts: Readonly<Record<Lang, string>>;
  constructor(code: number, texts: Record<Lang, string>, data: unknown = null) {
    super(code, texts, data);
  }
}

/**
 * A multipart body that cannot be read: the client's fault, answered 400 and logged as one
 * warning line (errorEnvelope), never as an unexpected error with its stack.
 */
export class MalformedBodyError extends LocalizedError {
  readonly reason: string;
  constructor(reason: string, texts: Record<Lang, string>) {
    super(Code.badRequest, texts);
    this.reason = reason;
  }
}

/** Field names that would reach an object's prototype if copied onto a plain object. */
export const FORBIDDEN_FIELD_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function forbiddenFieldName(): MalformedBodyError {
  return new MalformedBodyError('forbidden field name', texts('http.fieldNamesProtoConstructor'));
}

const CUT_SHORT = texts('http.malformedMultipartFormBody');

/**
 * What went wrong reading a multipart body, in words an operator understands; null when the
 * error is not about the body's form (a disk error while storing a file, a refusal).
 * @fastify/busboy and @fastify/multipart report a missing boundary, a body cut short and
 * reserved field names with plain Errors or FST_* codes; anything else raised while iterating
 * the parts that is not a system call's error is the body's fault too (the caller decides).
 */
export function malformedMultipart(err: unknown): MalformedBodyError | null {
  if (err instanceof MalformedBodyError) return err;
  if (!(err instanceof Error) || err instanceof ApiError) return null;
  const code = (err as { code?: string }).code;
  const message = err.message;
  if (code === 'FST_PROTO_VIOLATION') return forbiddenFieldName();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || /boundary not found/i.test(message))
    return new MalformedBodyError('no boundary', texts('http.malformedMultipartFormContent'));
  if (code === 'FST_MP_PREMATURE_CLOSE' || /unexpected end of (multipart data|form)/i.test(message))
    return new MalformedBodyError('cut short', CUT_SHORT);
  if (code === 'FST_INVALID_JSON_FIELD_ERROR')
    return new MalformedBodyError('invalid JSON field', texts('http.malformedMultipartFormField'));
  if (/malformed|multipart|part header/i.test(message))
    return new MalformedBodyError(message.slice(0, 80), texts('http.malformedMultipartFormPart'));
  return null;
}

/**
 * Reading the parts failed: a known form error as itself; a system call's error (a full disk
 * while storing the file) or a refusal passes through; anything else from the parser is the body.
 */
export function partsError(err: unknown): unknown {
  const known = malformedMultipart(err);
  if (known) return known;
  if (err instanceof ApiError || (err as { syscall?: string } | null)?.syscall) return err;
  if (err instanceof Error && /^FST_/.test(String((err as { code?: string }).code ?? ''))) return err;
  return new MalformedBodyError(err instanceof Error ? err.message.slice(0, 80) : 'unreadable', CUT_SHORT);
}

/** The error codes of a disk that cannot take more bytes (quota included). */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A write that failed because the disk is full, on any write path (uploads, explorer, exports,
 * backups, avatars): 503 saying so, instead of an unexpected error. Looks through `cause` chains,
 * as streams and tar wrap the system error.
 */
export function diskFull(err: unknown): LocalizedError | null {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL.has(code))
      return new LocalizedError(Code.unavailable, texts('http.diskFullDataCould'));
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
