import { expect, type Request, test } from '@playwright/test';
import { ownAdminAccount } from '../support/accounts.ts';
import { fillLogin, holdShell } from '../support/shell.ts';

/*
 * Issue 18 point 1: on a reload or a bookmark the served page sends the page's first data call
 * beside the session's calls (start/early-script.ts point 7, with the mode the console kept), and
 * the console takes its reply instead of asking again (start/early.ts `takeEarlyCall`). Here the
 * signed-in shell is held back: the page's call must go out meanwhile, which without the early
 * call never happens, and the page must then show its rows with that one call.
 */

for (const [address, endpoint] of [
  ['/media/access', '/admin.php/media/source'],
  ['/system/log', '/admin.php/system/logging'],
] as const)
  test(`a reload of ${address} asks for its first page while the shell is on its way, once`, async ({
    page,
    request,
  }) => {
    const account = await ownAdminAccount(request, 'firstcall');
    await page.goto('/login');
    await fillLogin(page, account.username, account.password);
    await expect(page).toHaveURL(/\/dashboard/);
    // The console keeps the session's mode once it has read the session's calls.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('igs-session-mode')), { timeout: 10_000 })
      .not.toBeNull();
    const release = await holdShell(page);
    const lists: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === endpoint && r.postData()?.includes('"list"')) lists.push(r);
    });
    const opened = page.goto(address);
    await expect.poll(() => lists.length, { timeout: 10_000 }).toBe(1);
    release();
    await opened;
    // Its rows, or the table's empty line: the page has drawn its first page.
    await expect(
      page.locator('.app-content .ant-table-row, .app-content .ant-table-placeholder').first(),
    ).toBeVisible({
      timeout: 20_000,
    });
    expect(lists).toHaveLength(1);
  });
