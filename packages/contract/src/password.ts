import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The one client-side password hash (spec section 5: the password is hashed before sending).
 * A pure-JS SHA-256, because `crypto.subtle` is missing on plain-HTTP LAN addresses where
 * gateways are usually reached. The server never sees the typed password of a login.
 */
export function hashPassword(plain: string): string {
  return bytesToHex(sha256(utf8ToBytes(plain)));
}

/** A value already produced by {@link hashPassword}: 64 lower-case hex digits. */
export function isPasswordHash(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

/** Special characters allowed by the strength rule (spec section 5). */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+{}[]:;<>,.?~\\/-';

const specialClass = PASSWORD_SPECIALS.replace(/[\\\]\-^[]/g, (c) => `\\${c}`);
const STRONG = new RegExp(`^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${specialClass}]).{8,}$`);

/** Strength rule of the change-password dialog: 8+ characters, lower, upper, digit and special. */
export function isStrongPassword(plain: string): boolean {
  return STRONG.test(plain);
}

/** Minimum length at login and registration (spec sections 5 and 9). */
export const LOGIN_PASSWORD_MIN = 6;
