import { Paths } from '@igs/contract';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiCall, apiLogin } from './accounts.ts';

/**
 * The registered sites the specs use in operations mode (issue 17: a call may name only a
 * registered site): 1 (the modules spec's OPERATIONS_SITE) up to 12 (the site-switch spec's 11
 * and 12). The server of a run starts on an empty data folder, so the sites added here get the
 * ids 1 to 12 in turn.
 */
export const E2E_SITES = 12;

const SITES = '/operations/fleet/site';

/** Adds sites through the Sites page's API until ids 1 to E2E_SITES are registered. */
export async function registerE2eSites(
  api: APIRequestContext,
  username: string,
  password: string,
): Promise<void> {
  const ops = await apiLogin(api, username, password, 1);
  expect(ops.code, ops.msg).toBe(200);
  const token = ops.data.token;
  const ids = async () =>
    new Set(
      (
        await apiCall<{ list: { id: number }[] }>(api, SITES, { method: 'list', limit: 200 }, token)
      ).data.list.map((s) => s.id),
    );
  let have = await ids();
  for (let n = 1; n <= E2E_SITES && have.size < E2E_SITES; n++) {
    const added = await apiCall<{ id: number }>(api, SITES, { method: 'add', name: `E2E site ${n}` }, token);
    expect(added.code, added.msg).toBe(200);
    have = await ids();
  }
  for (let id = 1; id <= E2E_SITES; id++)
    expect(have.has(id), `site ${id} is registered (the run's data folder must start empty)`).toBe(true);
  await apiCall(api, Paths.logout, {}, token);
}
