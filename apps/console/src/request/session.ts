import { getToken } from '../utils/cookies.ts';

/** What the request layer needs to know about the signed-in user, per call. */
export interface RequestSession {
  token?: string;
  isOperations: 0 | 1;
  cId?: string | number;
}

// The user store binds itself here; until then the token comes straight from its cookie.
// This keeps the request layer free of an import cycle with the store that calls it.
let readSession: () => RequestSession = () => ({ token: getToken(), isOperations: 0 });
let resetSession: () => void | Promise<void> = () => {};
let passwordChange: () => void = () => {};

export function bindSession(
  read: () => RequestSession,
  reset: () => void | Promise<void>,
  onPasswordChangeRequired: () => void = () => {},
): void {
  readSession = read;
  resetSession = reset;
  passwordChange = onPasswordChangeRequired;
}

/** A call was refused until the weak password is changed (code 1007). */
export function requirePasswordChange(): void {
  passwordChange();
}

export function currentSession(): RequestSession {
  return readSession();
}

export function resetCurrentSession(): void | Promise<void> {
  return resetSession();
}
