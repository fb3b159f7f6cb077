import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Digest authentication of REGISTER (RFC 2617 / RFC 3261 §22.4, MD5, qop auth or none). The nonce
 * carries its own expiry, signed with a key of this process, so nothing is stored per challenge and
 * a nonce cannot be forged or used past its life.
 */

export const NONCE_LIFE_MS = 5 * 60_000;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export class NonceSigner {
  private readonly key = randomBytes(32);
  private readonly now: () => number;
  constructor(now: () => number) {
    this.now = now;
  }

  make(): string {
    const until = (this.now() + NONCE_LIFE_MS).toString(36);
    return `${until}.${this.sign(until)}`;
  }

  valid(nonce: string): boolean {
    const [until, sig] = nonce.split('.');
    if (!until || !sig || !/^[0-9a-z]{1,12}$/.test(until)) return false;
    const want = Buffer.from(this.sign(until));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
    return Number.parseInt(until, 36) >= this.now();
  }

  private sign(s: string): string {
    return createHmac('sha256', this.key).update(s).digest('base64url').slice(0, 22);
  }
}

/** The WWW-Authenticate value of a 401. */
export const challenge = (realm: string, nonce: string) =>
  `Digest realm="${realm}", nonce="${nonce}", algorithm=MD5, qop="auth"`;

/** The parameters of an Authorization: Digest header, or null when it is not one. */
export function parseAuthorization(value: string | undefined): Record<string, string> | null {
  if (!value || !/^Digest\s/i.test(value)) return null;
  const out: Record<string, string> = {};
  const re = /([a-zA-Z-]+)\s*=\s*(?:"([^"]{0,512})"|([^\s,]{0,512}))/g;
  let m: RegExpExecArray | null;
  let n = 0;
  // biome-ignore lint/suspicious/noAssignInExpressions: the usual regexp scan, bounded by n.
  while ((m = re.exec(value.slice(7))) && n++ < 20) out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? '';
  return out;
}

/** The response value a client computes (used by the checks and by tests). */
export function digestResponse(p: {
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  qop?: string;
  nc?: string;
  cnonce?: string;
}): string {
  const ha1 = md5(`${p.username}:${p.realm}:${p.password}`);
  const ha2 = md5(`${p.method}:${p.uri}`);
  return p.qop
    ? md5(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`)
    : md5(`${ha1}:${p.nonce}:${ha2}`);
}

export type DigestCheck = 'ok' | 'missing' | 'stale' | 'wrong';

/** Checks an Authorization header against the password; `stale` asks for a fresh challenge. */
export function checkDigest(
  auth: Record<string, string> | null,
  opts: { method: string; realm: string; password: string; username: string; signer: NonceSigner },
): DigestCheck {
  if (!auth) return 'missing';
  const { nonce = '', uri = '', response = '', qop, nc, cnonce } = auth;
  if (auth.username !== opts.username || auth.realm !== opts.realm) return 'wrong';
  if (auth.algorithm && auth.algorithm.toUpperCase() !== 'MD5') return 'wrong';
  if (!opts.signer.valid(nonce)) return 'stale';
  if (qop && (qop !== 'auth' || !nc || !cnonce)) return 'wrong';
  const want = digestResponse({ ...opts, uri, nonce, qop, nc, cnonce });
  const a = Buffer.from(want);
  const b = Buffer.from(response.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'wrong';
}
