import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The authentication of the channel between the two gateways (the snapshot push and the state
 * query): an HMAC-SHA256, keyed by the hot-standby settings' sync key, over what the request is
 * for, its time, the snapshot version it carries and the SHA-256 of its body. The time bounds a
 * replay to the window; within it a replayed push carries a version the backup already holds, and
 * is refused for that. The device secret never takes part: it stays on its own gateway.
 */

export const HEADER_TIME = 'x-igs-sync-time';
export const HEADER_VERSION = 'x-igs-sync-version';
export const HEADER_SIGNATURE = 'x-igs-sync-signature';

/** How far a request's time may be from the receiver's clock, either way. */
export const REPLAY_WINDOW_MS = 120_000;

export type Purpose = 'push' | 'state';

/** The MAC key, derived from the sync key so it is never used raw (the snapshot passphrase is). */
function macKey(syncKey: string): Buffer {
  return createHmac('sha256', syncKey).update('igs-hot-standby-sync-mac-v1').digest();
}

function mac(syncKey: string, purpose: Purpose, time: number, version: number, body: Buffer): Buffer {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return createHmac('sha256', macKey(syncKey))
    .update(`${purpose}\n${time}\n${version}\n${bodyHash}`)
    .digest();
}

/** The headers of a request from this gateway. */
export function signRequest(
  syncKey: string,
  purpose: Purpose,
  now: number,
  version: number,
  body: Buffer,
): Record<string, string> {
  return {
    [HEADER_TIME]: String(now),
    [HEADER_VERSION]: String(version),
    [HEADER_SIGNATURE]: mac(syncKey, purpose, now, version, body).toString('hex'),
  };
}

export type VerifyFailure = 'unsigned' | 'bad_signature' | 'stale';

/**
 * Checks a request's headers: the signature first (constant time), then the window, so that an
 * unauthenticated caller learns nothing about the clock. Returns the version it carries.
 */
export function verifyRequest(
  syncKey: string,
  purpose: Purpose,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
  now: number,
): { ok: true; version: number; time: number } | { ok: false; why: VerifyFailure } {
  const one = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' ? v : '';
  };
  const timeText = one(HEADER_TIME);
  const versionText = one(HEADER_VERSION);
  const given = one(HEADER_SIGNATURE);
  if (!syncKey || !/^\d{1,16}$/.test(timeText) || !/^\d{1,16}$/.test(versionText) || !given)
    return { ok: false, why: 'unsigned' };
  if (!/^[0-9a-f]{64}$/.test(given)) return { ok: false, why: 'bad_signature' };
  const time = Number(timeText);
  const version = Number(versionText);
  const expected = mac(syncKey, purpose, time, version, body);
  if (!timingSafeEqual(Buffer.from(given, 'hex'), expected)) return { ok: false, why: 'bad_signature' };
  if (Math.abs(now - time) > REPLAY_WINDOW_MS) return { ok: false, why: 'stale' };
  return { ok: true, version, time };
}
