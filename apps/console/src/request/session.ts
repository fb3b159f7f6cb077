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

export function bindSession(read: () => RequestSession, reset: () => void | Promise<void>): void {
  readSession = read;
  resetSession = reset;
}

export function currentSession(): RequestSession {
  return readSession();
}

export function resetCurrentSession(): void | Promise<void> {
  return resetSession();
}
