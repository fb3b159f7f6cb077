import { digestAuthorization, parseDigestChallenge } from './digest.ts';

export interface ConnectionRequestResult {
  status: number;
  /** How the CPE was authenticated: it did not ask, digest (TR-069's rule) or basic. */
  auth: 'none' | 'digest' | 'basic';
}

/** The CPE could not be reached at all: refused, unresolvable, timed out. */
export class UnreachableError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

async function get(url: string, timeoutMs: number, authorization?: string): Promise<Response> {
  try {
    const res = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      headers: authorization ? { authorization } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not needed; reading it frees the connection.
    await res.arrayBuffer().catch(() => undefined);
    return res;
  } catch (e) {
    const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (err.name === 'TimeoutError') throw new UnreachableError(`no answer within ${timeoutMs / 1000} s`);
    throw new UnreachableError(err.cause?.code ?? err.cause?.message ?? err.message ?? 'connection failed');
  }
}

/**
 * A TR-069 connection request (TR-069 section 3.2.2): an HTTP GET to the CPE's
 * ConnectionRequestURL, answered with digest (or basic) credentials when the CPE challenges.
 */
export async function connectionRequest(
  url: string,
  username: string,
  password: string,
  timeoutMs = 5000,
): Promise<ConnectionRequestResult> {
  const first = await get(url, timeoutMs);
  if (first.status !== 401) return { status: first.status, auth: 'none' };
  const header = first.headers.get('www-authenticate') ?? '';
  const challenge = parseDigestChallenge(header);
  if (challenge) {
    const { pathname, search } = new URL(url);
    const authorization = digestAuthorization({
      username,
      password,
      method: 'GET',
      uri: `${pathname}${search}`,
      challenge,
    });
    return { status: (await get(url, timeoutMs, authorization)).status, auth: 'digest' };
  }
  if (/^\s*basic/i.test(header)) {
    const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    return { status: (await get(url, timeoutMs, basic)).status, auth: 'basic' };
  }
  return { status: 401, auth: 'none' };
}
