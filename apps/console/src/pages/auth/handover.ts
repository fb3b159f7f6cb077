import { afterLoginPath } from '../../router/guard.ts';

/** What another system hands over in the query of /authh5 or /setlogindata. */
export type Handover =
  | { type: 'token'; token: string; next: string }
  | { type: 'credentials'; username: string; password: string }
  | { type: 'none' };

export function readHandover(params: URLSearchParams): Handover {
  const token = params.get('token')?.trim();
  if (token) return { type: 'token', token, next: afterLoginPath(params.get('redirect')) };
  const username = params.get('username')?.trim();
  const password = params.get('password')?.trim();
  // Only an already hashed password may be stored: the cookie is sent as is at login.
  if (username && password && /^[0-9a-f]{64}$/.test(password))
    return { type: 'credentials', username, password };
  return { type: 'none' };
}
