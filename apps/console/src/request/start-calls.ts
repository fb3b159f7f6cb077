import { Paths } from '@igs/contract';
import type { AnyCall, authCalls, changeModeCall, sessionInfoCalls, shellCalls } from '@igs/contract/calls';

/**
 * The contract's calls that the sign-in page and the stores it loads make, by their path and
 * method only (what `call` sends), typed as the contract's calls (`call` checks their input and
 * types their reply from them). The contract's call objects carry their zod schemas, built when
 * the module loads: importing them put zod and the server's text catalogue, some 80 KB
 * compressed, into the sign-in page's first script (issue 18 item 2). start-calls.test.ts holds
 * each to the contract's path and method.
 */
function ref<C extends AnyCall>(path: string, method?: string): C {
  return (method === undefined ? { path } : { path, method }) as unknown as C;
}

export const startCalls = {
  login: ref<typeof authCalls.login>(Paths.login),
  logout: ref<typeof authCalls.logout>(Paths.logout),
  handoffExchange: ref<typeof authCalls.handoffExchange>(Paths.handoffExchange),
  settings: ref<typeof sessionInfoCalls.settings>(Paths.settings),
  credentials: ref<typeof sessionInfoCalls.credentials>(Paths.credentials),
  changeMode: ref<typeof changeModeCall.changeMode>(Paths.changeMode, 'changeMode'),
  copyright: ref<typeof shellCalls.copyright>(Paths.copyright),
};
