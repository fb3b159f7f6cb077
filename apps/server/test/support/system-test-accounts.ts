import { signedInAs } from './accounts.ts';
import type { TestServer } from './server.ts';

/**
 * An account whose role holds exactly the full-mode menus listing the given endpoints, and the
 * given button keys: for permission refusals of the system pages' calls.
 */
export function accountWith(
  s: TestServer,
  username: string,
  endpoints: string[],
  buttons: string[],
): Promise<string> {
  return signedInAs(s, username, { endpoints, buttons });
}
