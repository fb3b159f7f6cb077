import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token for sessions, captchas and downloads (256 bits). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored hashed, so a leaked database does not leak live sessions. */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
