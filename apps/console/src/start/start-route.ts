import { decideGuard, LOGIN_PATH, legacyPath } from '../router/guard.ts';

export interface StartInput {
  path: string;
  search: string;
  hash: string;
  hasToken: boolean;
}

/**
 * What the first screen of a page load is (issue 18 item 2):
 * - `login`: the sign-in form, drawn without the router (and hydrated over the form the served
 *   page already holds); `url` is the address to show instead, as the guard would redirect to it
 *   (`/system/log` without a token → `/login?redirect=%2Fsystem%2Flog`);
 * - `app`: the console with its router (signed in, or a public page other than sign-in, or an
 *   address of the earlier hash-routed console, which the router's guard translates).
 * The same decisions as the router's guard (router/index.tsx), so a visitor lands where it would
 * have sent them; the served page's early script (early-script.ts) makes the same choice.
 */
export type StartRoute = { type: 'login'; url?: string } | { type: 'app' };

export function startRoute({ path, search, hash, hasToken }: StartInput): StartRoute {
  if (hasToken || legacyPath(path, hash)) return { type: 'app' };
  const decision = decideGuard({ path, search, hasToken: false, hasUserInfo: false });
  if (decision.type === 'redirect') return { type: 'login', url: decision.to };
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return clean === LOGIN_PATH ? { type: 'login' } : { type: 'app' };
}
