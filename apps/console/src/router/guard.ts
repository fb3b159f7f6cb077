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

export function loginRedirect(path: string, search = ''): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(`${path}${search}`)}`;
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
 * Where to go after signing in: the `redirect` query when it is a local path (never another
 * origin, never back to /login), else home.
 */
export function afterLoginPath(redirect: string | null | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return HOME_PATH;
  if (normalise(redirect.split(/[?#]/)[0] ?? '') === LOGIN_PATH) return HOME_PATH;
  return redirect;
}
