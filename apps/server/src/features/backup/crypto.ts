import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';

/**
 * Passphrase encryption of a backup file: AES-256-GCM with a key derived by scrypt.
 *
 * File: header (56 bytes) · ciphertext · GCM tag (16 bytes).
 * Header: "IGSBKENC" · version 1 · log2(N) · r · p · salt (16) · IV (12) · key check (16).
 * scrypt gives 64 bytes: the first 32 are the AES key, the SHA-256 of the other 32 (first 16 bytes)
 * is the key check, so a wrong passphrase is told apart from a damaged file before decrypting.
 * The whole header is authenticated as GCM additional data.
 */

const MAGIC = Buffer.from('IGSBKENC', 'latin1');
const HEADER_BYTES = 56;
const TAG_BYTES = 16;
const LOG_N = 15;
const R = 8;
const P = 1;

export class PassphraseError extends Error {}

function derive(passphrase: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 64, { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

const keyCheck = (key: Buffer) => createHash('sha256').update(key.subarray(32)).digest().subarray(0, 16);

export async function isEncryptedFile(file: string): Promise<boolean> {
  const fh = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return bytesRead === MAGIC.length && head.equals(MAGIC);
  } finally {
    await fh.close();
  }
}

/** A pipeline stage that encrypts what flows through it (header first, tag last). */
export async function encryptStage(
  passphrase: string,
): Promise<(source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer>> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await derive(passphrase, salt, LOG_N, R, P);
  const header = Buffer.concat([MAGIC, Buffer.from([1, LOG_N, R, P]), salt, iv, keyCheck(key)]);
  return async function* encrypt(source) {
    const cipher = createCipheriv('aes-256-gcm', key.subarray(0, 32), iv);
    cipher.setAAD(header);
    yield header;
    for await (const chunk of source) {
      const out = cipher.update(chunk);
      if (out.length) yield out;
    }
    const last = cipher.final();
    if (last.length) yield last;
    yield cipher.getAuthTag();
  };
}

/**
 * The decrypted bytes of an encrypted backup file. Throws PassphraseError at once when the
 * passphrase is wrong; the stream itself throws at its end when the content was altered.
 */
export async function decryptedStream(file: string, passphrase: string): Promise<AsyncIterable<Buffer>> {
  const { size } = await fs.stat(file);
  if (size <= HEADER_BYTES + TAG_BYTES) throw new Error('The encrypted backup is truncated');
  const fh = await fs.open(file, 'r');
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await fh.read(header, 0, HEADER_BYTES, 0);
    await fh.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await fh.close();
  }
  const [version, logN, r, p] = header.subarray(8, 12);
  if (
    !header.subarray(0, 8).equals(MAGIC) ||
    version !== 1 ||
    logN! < 10 ||
    logN! > 20 ||
    !r ||
    !p ||
    r > 16 ||
    p > 4
  )
    throw new Error('The encrypted backup has an unknown header');
  const salt = header.subarray(12, 28);
  const iv = header.subarray(28, 40);
  const check = header.subarray(40, 56);
  const key = await derive(passphrase, salt, logN!, r!, p!);
  if (!timingSafeEqual(keyCheck(key), check)) throw new PassphraseError('wrong passphrase');
  const decipher = createDecipheriv('aes-256-gcm', key.subarray(0, 32), iv);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  const body = createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 });
  return (async function* () {
    for await (const chunk of body) {
      const out = decipher.update(chunk as Buffer);
      if (out.length) yield out;
    }
    try {
      const last = decipher.final();
      if (last.length) yield last;
    } catch {
      throw new Error('The encrypted backup fails its integrity check: it is damaged or was altered');
    }
  })();
}
