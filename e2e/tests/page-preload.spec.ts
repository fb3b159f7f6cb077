import { expect, test } from '@playwright/test';
import { ownAdminAccount } from '../support/accounts.ts';
import { fillLogin, holdShell } from '../support/shell.ts';

/*
 * Issue 18 point 1: on a reload or a bookmark of a module page, the served page asks for the page's
 * own scripts beside the signed-in shell (build/page-preloads.ts, start/early-script.ts), not once
 * the shell has arrived and run. On a slow link the shell is some 290 KB: here it is held back
 * until the page's scripts have been asked for, which without the preload never happens.
 */

for (const [address, script] of [
  ['/system/log', /\/assets\/area-system-[\w-]+\.js$/],
  ['/media/access', /\/assets\/records-[\w-]+\.js$/],
] as const)
  test(`a reload of ${address} asks for its page's scripts while the shell is on its way`, async ({
    page,
    request,
  }) => {
    const account = await ownAdminAccount(request, 'preload');
    await page.goto('/login');
    await fillLogin(page, account.username, account.password);
    await expect(page).toHaveURL(/\/dashboard/);
    // A cold load, as a bookmark opened in a new window.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const release = await holdShell(page);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const opened = page.goto(address);
    await expect.poll(() => asked.some((path) => script.test(path)), { timeout: 10_000 }).toBe(true);
    release();
    await opened;
    await expect(page.locator('.app-content .ant-table').first()).toBeVisible({ timeout: 20_000 });
    await cdp.detach();
  });
