import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

/**
 * Ed25519 signing shared by the server (verification) and the vendor tools in tools/ (signing).
 * Kept free of server imports so that `node tools/…` can load it on its own.
 */

/** JSON with object keys sorted at every level: the bytes that are signed. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** Signs bytes with a PEM private key; the signature in base64. */
export function signBytes(privateKeyPem: string, data: Uint8Array): string {
  const key = createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('The private key is not an Ed25519 key');
  return sign(null, data, key).toString('base64');
}

/** Whether a base64 signature over the bytes verifies with the PEM public key; never throws. */
export function verifyBytes(publicKeyPem: string, data: Uint8Array, signatureB64: string): boolean {
  try {
    const key = createPublicKey(publicKeyPem);
    if (key.asymmetricKeyType !== 'ed25519') return false;
    const sig = Buffer.from(signatureB64, 'base64');
    if (sig.length !== 64) return false;
    return verify(null, data, key, sig);
  } catch {
    return false;
  }
}

export function generateKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/**
 * What an upgrade package's signature covers: a fixed label, the SHA-256 of its manifest and the
 * SHA-256 of its payload. Signing the hashes (not the archive) lets the package carry its own
 * detached signature file.
 */
export function packageStatement(manifestSha256: string, payloadSha256: string): Buffer {
  return Buffer.from(`igs-upgrade-v1\nmanifest ${manifestSha256}\npayload ${payloadSha256}\n`, 'utf8');
}
