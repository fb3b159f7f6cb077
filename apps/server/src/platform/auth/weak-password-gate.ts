import { Code, Paths } from '@igs/contract';
import type { AnyAction, Caller } from '../http/action.ts';
import { apiError } from '../http/errors.ts';

/**
 * The default password works for nothing but changing it (issue 12, item 4). While an account's
 * password is weak (the seeded default, one set or reset by an administrator, or self-registered),
 * only these calls answer: what the console needs to start, show its shell and the forced change
 * dialog, sign out, and change the password. Everything else is refused with 1007, which the
 * console answers by opening that dialog instead of a toast. Public calls answer anyway.
 *
 * Path (lower-cased) → the methods allowed, or '*' for every method of that path.
 */
const WEAK_PASSWORD_ALLOWED: ReadonlyMap<string, ReadonlySet<string> | '*'> = new Map<
  string,
  ReadonlySet<string> | '*'
>(
  [
    [Paths.settings, '*'],
    [Paths.credentials, '*'],
    [Paths.captcha, '*'],
    [Paths.authMenu, '*'],
    [Paths.otherInfo, '*'],
    [Paths.logout, '*'],
    [Paths.legacyLogout, '*'],
    [Paths.personal, new Set(['detail', 'change_password'])],
  ].map(([path, methods]) => [(path as string).toLowerCase(), methods as ReadonlySet<string> | '*']),
);

/** Whether a weak-password account may make this call. */
export function allowedWhileWeak(action: Pick<AnyAction, 'path' | 'method'>): boolean {
  const methods = WEAK_PASSWORD_ALLOWED.get(action.path.toLowerCase());
  if (!methods) return false;
  return methods === '*' || methods.has(action.method ?? '');
}

/** Refuses (1007) a call of an account whose password must be changed first, unless allowed. */
export function requirePasswordChanged(caller: Caller, action: Pick<AnyAction, 'path' | 'method'>): void {
  if (caller.user.weak_psw && !allowedWhileWeak(action))
    throw apiError(Code.passwordChangeRequired, 'passwordChangeRequired');
}
