import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

/** OWASP's minimum argon2id profile: 19 MiB, 2 passes, 1 lane. */
const PARAMS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;

/**
 * Stores argon2id of the client-side SHA-256 of the password, in PHC string form so that the
 * parameters can be raised later without breaking stored hashes.
 */
export async function hashSecret(clientHash: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await argon2Async('argon2id', { message: clientHash, nonce, ...PARAMS });
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${b64(nonce)}$${b64(tag)}`;
}

export async function verifySecret(stored: string, clientHash: string): Promise<boolean> {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  const tag = await argon2Async('argon2id', {
    message: clientHash,
    nonce: Buffer.from(m[4]!, 'base64'),
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
    tagLength: expected.length,
  });
  return tag.length === expected.length && timingSafeEqual(tag, expected);
}

function b64(buf: Buffer): string {
  return buf.toString('base64').replace(/=+$/, '');
}
