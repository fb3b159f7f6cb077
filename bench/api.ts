import { hashPassword } from '../packages/contract/src/password.ts';

export const ADMIN = 'admin';
/** The seeded admin password; it is weak, so the console forces a change after signing in with it. */
export const SEED_PASSWORD = 'admin123';
/** What the benchmark changes it to, so the browser lands on the dashboard without the forced dialog. */
export const BENCH_PASSWORD = 'B3nch!mark';

/** The envelope's code of a call that succeeded (refusals are HTTP 200 with another code). */
export const OK_CODE = 200;

export const LOGIN_PATH = '/admin.php/common/login';
export const AUTH_MENU_PATH = '/admin.php/System/auth_menu';
const PERSONAL_PATH = '/admin.php/index/personal';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** `operations`: sign in to operations mode (the fleet's sites) instead of the full console. */
export function loginBody(password: string, operations = false): Record<string, unknown> {
  return { username: ADMIN, password: hashPassword(password), code: '', is_operations: operations ? 1 : 0 };
}

/** One API call; throws unless the envelope says 200. */
export async function call<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
  extraHeaders: Record<string, string> = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
  if (token) headers.IGSAuth = token;
  const res = await fetch(baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== OK_CODE) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope;
}

export async function signIn(baseUrl: string, password: string, operations = false): Promise<string> {
  const { data } = await call<{ token: string }>(baseUrl, LOGIN_PATH, loginBody(password, operations));
  return data.token;
}

/** Replaces the seeded weak password (once per fresh database); returns a token for the new one. */
export async function prepareAdmin(baseUrl: string): Promise<string> {
  const token = await signIn(baseUrl, SEED_PASSWORD);
  await call(
    baseUrl,
    PERSONAL_PATH,
    { method: 'change_password', password: hashPassword(SEED_PASSWORD), new_password: BENCH_PASSWORD },
    token,
  );
  return signIn(baseUrl, BENCH_PASSWORD);
}
