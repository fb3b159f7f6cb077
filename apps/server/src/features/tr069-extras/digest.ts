import { createHash, randomBytes } from 'node:crypto';

/**
 * HTTP Digest authentication (RFC 2617, MD5 and MD5-sess, qop auth or none) as a TR-069
 * connection request needs it: the CPE answers 401 with a challenge, the ACS repeats the GET
 * with the computed response.
 */

export interface DigestChallenge {
  realm: string;
  nonce: string;
  qop?: string;
  opaque?: string;
  algorithm?: string;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The parameters of a `WWW-Authenticate: Digest ...` header, or null for another scheme. */
export function parseDigestChallenge(header: string): DigestChallenge | null {
  const m = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!m) return null;
  const params: Record<string, string> = {};
  const re = /([a-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/gi;
  for (let p = re.exec(m[1]!); p; p = re.exec(m[1]!))
    params[p[1]!.toLowerCase()] = (p[2] ?? p[3] ?? '').replace(/\\(.)/g, '$1');
  if (params.realm === undefined || !params.nonce) return null;
  return {
    realm: params.realm,
    nonce: params.nonce,
    ...(params.qop ? { qop: params.qop } : {}),
    ...(params.opaque ? { opaque: params.opaque } : {}),
    ...(params.algorithm ? { algorithm: params.algorithm } : {}),
  };
}

export interface DigestInput {
  username: string;
  password: string;
  method: string;
  uri: string;
  challenge: DigestChallenge;
  /** Fixed in tests; random otherwise. */
  cnonce?: string;
  nc?: string;
}

/** The response hash of RFC 2617 section 3.2.2.1. */
export function digestResponse(input: DigestInput & { cnonce: string; nc: string; qop?: string }): string {
  const { username, password, method, uri, challenge, cnonce, nc, qop } = input;
  let ha1 = md5(`${username}:${challenge.realm}:${password}`);
  if (challenge.algorithm?.toLowerCase() === 'md5-sess') ha1 = md5(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = md5(`${method}:${uri}`);
  return qop
    ? md5(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${qop}:${ha2}`)
    : md5(`${ha1}:${challenge.nonce}:${ha2}`);
}

const quote = (s: string) => `"${s.replace(/(["\\])/g, '\\$1')}"`;

/** The `Authorization` header answering a challenge. */
export function digestAuthorization(input: DigestInput): string {
  const cnonce = input.cnonce ?? randomBytes(8).toString('hex');
  const nc = input.nc ?? '00000001';
  // Only `auth` is offered: `auth-int` would hash a body a connection request does not have.
  const offered = input.challenge.qop?.split(',').map((q) => q.trim().toLowerCase());
  const qop = offered?.includes('auth') ? 'auth' : undefined;
  const response = digestResponse({ ...input, cnonce, nc, ...(qop ? { qop } : {}) });
  const parts = [
    `username=${quote(input.username)}`,
    `realm=${quote(input.challenge.realm)}`,
    `nonce=${quote(input.challenge.nonce)}`,
    `uri=${quote(input.uri)}`,
    ...(input.challenge.algorithm ? [`algorithm=${input.challenge.algorithm}`] : []),
    `response=${quote(response)}`,
    ...(input.challenge.opaque ? [`opaque=${quote(input.challenge.opaque)}`] : []),
    ...(qop ? [`qop=${qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`] : []),
  ];
  return `Digest ${parts.join(', ')}`;
}
