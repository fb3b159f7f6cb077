/** Routes a visitor may open without a token (spec section 2, plus the sign-in helpers). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/register',
  '/auth-redirect',
  '/authh5',
  '/404',
  '/406',
  // Receives sign-in data from another system, so it cannot require a session itself.
  '/setlogindata',
]);

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';
export const OPERATIONS_HOME_PATH = '/operations';

export interface GuardInput {
  path: string;
  /** The query string including `?`, kept in the redirect so `?id=` survives sign-in. */
  search?: string;
  hasToken: boolean;
  /** The user's info (name) is loaded: routes are registered for this page load. */
  hasUserInfo: boolean;
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** Token but no info: load title, settings, menus and buttons, register routes, navigate again. */
  | { type: 'load' };

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.has(normalise(path));
}

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The sign-in page, with the page to come back to unless that is just home (`/`). */
export function loginRedirect(path: string, search = ''): string {
  if (normalise(path) === HOME_PATH && !search) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(`${path}${search}`)}`;
}

/**
 * The path an address of the earlier console means: it routed in the hash (`/#/system/log`), and
 * `/index.html` is home. Undefined when the address is already one of this console's.
 */
export function legacyPath(path: string, hash: string): string | undefined {
  if (path === '/' || path === '/index.html') {
    if (hash.startsWith('#/')) return hash.slice(1);
    if (path === '/index.html') return HOME_PATH;
  }
  return undefined;
}

/** The route guard of spec sections 2 and 4, as a pure decision. */
export function decideGuard({ path, search = '', hasToken, hasUserInfo }: GuardInput): GuardDecision {
  const clean = normalise(path);
  if (hasToken) {
    if (clean === LOGIN_PATH) return { type: 'redirect', to: HOME_PATH };
    return hasUserInfo ? { type: 'allow' } : { type: 'load' };
  }
  if (isPublicPath(clean)) return { type: 'allow' };
  return { type: 'redirect', to: loginRedirect(clean, search) };
}

/**
 * Whether the guard must run again for a navigation. Signed in with the user info loaded, every
 * path but the sign-in page is allowed as it is, so the guard is skipped there: a tab click then
 * stays a plain, synchronous route change (docs/performance.md, tab switch).
 */
export function guardNeedsRun({ path, hasToken, hasUserInfo }: Omit<GuardInput, 'search'>): boolean {
  return decideGuard({ path, hasToken, hasUserInfo }).type !== 'allow' || !hasToken;
}

/**
 * The home page of a mode: /dashboard in full mode (spec section 2); operations mode has no
 * dashboard in its menu tree, its home is /operations (DOMAIN section 1.2).
 */
export function modeHomePath(isOperations: 0 | 1): string {
  return isOperations === 1 ? OPERATIONS_HOME_PATH : DASHBOARD_PATH;
}

/**
 * Where to go after signing in: the `redirect` query when it is a local path (never another
 * origin, never back to /login), else `home`: the sign-in page passes the home of the mode signed
 * in to (`/dashboard` or `/operations`) so the address goes straight there; `/` (the default)
 * leads to the home of whatever mode the session has.
 */
export function afterLoginPath(redirect: string | null | undefined, home: string = HOME_PATH): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return home;
  const path = normalise(redirect.split(/[?#]/)[0] ?? '');
  if (path === LOGIN_PATH || path === HOME_PATH) return home;
  return redirect;
}
