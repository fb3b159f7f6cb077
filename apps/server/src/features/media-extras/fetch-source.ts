import { Code, type Lang, say } from '@igs/contract';
import { ApiError } from '../../platform/http/errors.ts';

/**
 * Fetches a live source's playlist or guide over HTTP(S) (DOMAIN 2.6 Access: "fetches with a
 * timeout and a size cap"): only http and https, a time limit for the whole transfer, and a cap on
 * the bytes read; the body is never kept beyond the cap. A source that does not answer, or answers
 * with an error status, gets 503 naming the address; one that sends too much gets 422.
 */

export const FETCH_TIMEOUT_MS = 20_000;
export const PLAYLIST_MAX_BYTES = 10 * 1024 * 1024;
export const GUIDE_MAX_BYTES = 50 * 1024 * 1024;

export interface Fetched {
  status: number;
  contentType: string;
  data: Buffer;
}

/** The address without user and password, for messages. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

export async function fetchSource(
  url: string,
  opts: {
    lang: Lang;
    field: string;
    maxBytes: number;
    timeoutMs?: number;
    userAgent?: string | null;
    referrer?: string | null;
  },
): Promise<Fetched> {
  const { lang } = opts;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ApiError(Code.invalid, say(lang, 'media.notAddress', { url }), {
      errors: [{ field: opts.field, msg: url }],
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    const msg = say(lang, 'media.onlyHttpHttpsAddresses', { protocol: parsed.protocol });
    throw new ApiError(Code.invalid, msg, { errors: [{ field: opts.field, msg }] });
  }
  const headers: Record<string, string> = { accept: '*/*' };
  if (opts.userAgent) headers['user-agent'] = opts.userAgent;
  if (opts.referrer) headers.referer = opts.referrer;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? FETCH_TIMEOUT_MS);
  const unreachable = (why: string) =>
    new ApiError(Code.unavailable, say(lang, 'media.couldNotFetched', { shown: shown(url), why }));
  let res: Response;
  try {
    res = await fetch(parsed, { headers, signal, redirect: 'follow' });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    const why =
      err.name === 'TimeoutError' || err.name === 'AbortError'
        ? say(lang, 'media.noAnswerTime')
        : (err.cause?.code ?? err.cause?.message ?? err.message);
    throw unreachable(why);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw unreachable(`HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? '');
  const tooLarge = () => {
    const mb = Math.round(opts.maxBytes / 1048576);
    const msg = say(lang, 'media.largerThanMb', { shown: shown(url), mb });
    return new ApiError(Code.invalid, msg, { errors: [{ field: opts.field, msg }] });
  };
  if (Number.isFinite(declared) && declared > opts.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body ?? []) {
      size += chunk.length;
      if (size > opts.maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(Buffer.from(chunk));
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw unreachable(
      (e as Error).name === 'TimeoutError' ? say(lang, 'media.noAnswerTime') : (e as Error).message,
    );
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    data: Buffer.concat(chunks),
  };
}
