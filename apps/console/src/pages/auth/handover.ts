import { afterLoginPath } from '../../router/guard.ts';

/**
 * What another system hands over in the query of /authh5 or /setlogindata:
 * - `token`: a single-use hand-off code (60 s) the server exchanges for a new session; a session
 *   token itself is refused by the server, so nobody can plant their session in this browser;
 * - `username` and an already hashed `password`: they pre-fill this tab's login form.
 */
export type Handover =
  | { type: 'handoff'; code: string; next: string }
  | { type: 'credentials'; username: string; password: string }
  | { type: 'none' };

export function readHandover(params: URLSearchParams): Handover {
  const code = params.get('token')?.trim();
  if (code) return { type: 'handoff', code, next: afterLoginPath(params.get('redirect')) };
  const username = params.get('username')?.trim();
  const password = params.get('password')?.trim();
  // Only an already hashed password is accepted: the login form sends it as is.
  if (username && password && /^[0-9a-f]{64}$/.test(password))
    return { type: 'credentials', username, password };
  return { type: 'none' };
}
