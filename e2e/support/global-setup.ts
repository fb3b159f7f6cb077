import { type FullConfig, request } from '@playwright/test';
import { ownAdminAccount } from './accounts.ts';
import { registerE2eSites } from './sites.ts';

/**
 * Before any spec runs: the registered sites the specs use in operations mode, and the account the
 * reading spec (readable.spec.ts) signs in with. That spec
 * runs beside the others (its own project and worker), so it must not touch admin's password while
 * the journeys change it; it gets its account here, when nothing else runs, through the
 * environment the workers inherit.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  const api = await request.newContext({ baseURL });
  try {
    const { username, password } = await ownAdminAccount(api, 'e2e_readable');
    process.env.E2E_READABLE_ACCOUNT = JSON.stringify({ username, password });
    // The sites the specs name in operations mode (support/sites.ts).
    await registerE2eSites(api, username, password);
  } finally {
    await api.dispose();
  }
}

/** The reading spec's account, made by the global set-up. */
export function readableAccount(): { username: string; password: string } {
  const saved = process.env.E2E_READABLE_ACCOUNT;
  if (!saved) throw new Error('E2E_READABLE_ACCOUNT is not set: run the specs through playwright.config.ts');
  return JSON.parse(saved) as { username: string; password: string };
}
