import { expect, type Page, test } from '@playwright/test';
import { apiCall, apiLogin, ownAdminAccount } from '../support/accounts.ts';
import { fillLogin, shoot } from '../support/shell.ts';

/*
 * Scoping by construction (issue 14 item 4): in operations mode a page acts on the sites its own
 * route names (`?id=`). The terminal list of site A, opened again (the kept-alive tab, same path)
 * on site B from the operations home, shows B's terminals and not A's; a terminal added there is
 * stored in site B; back on A, A's terminals again. Signs in with an account of its own.
 */

const OPS_TERMINALS = '/operations/index/app_list';
const suffix = Date.now().toString(36);
// Sites of this spec alone (other specs write to 1, 2 and 7), low enough for the first page of the
// home's site table.
const SITE_A = 11;
const SITE_B = 12;
const A_TV = `Site A TV ${suffix}`;
const B_TV = `Site B TV ${suffix}`;
const NEW_TV = `Site B new TV ${suffix}`;

/** A MAC of this run: 02:e2:<4 hex of the run>:<n>. */
function mac(n: number): string {
  const hex = Date.now().toString(16).slice(-4).padStart(4, '0');
  return `02:e2:${hex.slice(0, 2)}:${hex.slice(2)}:00:${String(n).padStart(2, '0')}`;
}

const table = (page: Page) => page.locator('.app-content .resource-page:visible .resource-table');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const formItem = (page: Page, field: string) =>
  drawer(page)
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[for="${field}"]`) });

/**
 * From the operations home (its site table), opens a site's home, then the terminal page from
 * its module tile, as an operator does: the route changes in the page, no reload, so a tab opened
 * before is the kept-alive one, shown again with the new `?id=`.
 */
async function openTerminalsOf(page: Page, site: number) {
  // The home's tab; on it, the way back to the table of all sites when one is named.
  await page.locator('.tags-view .tags-view__label').first().click();
  await expect(page).toHaveURL(/\/operations(\?id=\d+)?$/);
  if (/\?id=/.test(page.url()))
    await page
      .locator('.app-content')
      .getByRole('link', { name: /^(All sites|全部站点)$/ })
      .click();
  await expect(page).toHaveURL(/\/operations$/);
  await page
    .locator('.app-content .ops-sites')
    // Each site by its registered name (support/sites.ts: "E2E site <n>").
    .getByRole('link', { name: new RegExp(`^(Open |进入)E2E site ${site}$`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/operations\\?id=${site}$`));
  // The kept-alive home renders the site's address into its tiles' links just after the address
  // changes: a click before that opened the page of every site (seen in CI, one run in three).
  const tile = page.locator('.app-content [data-tile="OperationsTerminalAuth"]:visible');
  await expect(tile).toHaveAttribute('href', new RegExp(`\\?id=${site}$`));
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`/operations/terminal-auth\\?id=${site}$`));
}

test('operations mode: one kept-alive page reopened on another site reads and writes that site', async ({
  page,
}) => {
  const api = page.context().request;
  const { username, password } = await ownAdminAccount(api, 'e2e_sites');
  const ops = await apiLogin(api, username, password, 1);
  expect(ops.code, ops.msg).toBe(200);
  const terminals = async (site: number) =>
    (
      await apiCall<{ list: { name: string; mac: string }[] }>(
        api,
        OPS_TERMINALS,
        { method: 'list', limit: 200, keyword: suffix },
        ops.data.token,
        { 'igs-sids': String(site) },
      )
    ).data.list.map((t) => t.name);
  // One terminal in each site, written through the API with its site named.
  for (const [site, name, n] of [
    [SITE_A, A_TV, 1],
    [SITE_B, B_TV, 2],
  ] as const) {
    const added = await apiCall(api, OPS_TERMINALS, { method: 'add', mac: mac(n), name }, ops.data.token, {
      'igs-sids': String(site),
    });
    expect(added.code, added.msg).toBe(200);
  }
  expect(await terminals(SITE_A)).toEqual([A_TV]);
  expect(await terminals(SITE_B)).toEqual([B_TV]);

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await fillLogin(page, username, password, { operations: true });
  await expect(page).toHaveURL(/\/operations$/);
  await expect(page.locator('.app-content .ops-sites')).toBeVisible({ timeout: 20_000 });

  // Site A's terminal page: A's terminal only.
  await openTerminalsOf(page, SITE_A);
  await expect(table(page)).toContainText(A_TV, { timeout: 20_000 });
  await expect(table(page)).not.toContainText(B_TV);

  // The same page (one tab, kept alive) reopened on site B: B's terminal, never A's.
  await openTerminalsOf(page, SITE_B);
  await expect(table(page)).toContainText(B_TV, { timeout: 20_000 });
  await expect(table(page)).not.toContainText(A_TV);
  await expect(
    page.locator('.tags-view .tags-view__label', { hasText: /终端授权|Terminal authorization/ }),
  ).toHaveCount(1);
  await shoot(page, 'site-switch-site-b-zh_CN');

  // A terminal added on this page goes to site B.
  await page.locator('.resource-page:visible .resource-toolbar .ant-btn-primary:has(.anticon-plus)').click();
  await expect(drawer(page).locator('.ant-form')).toBeVisible();
  await formItem(page, 'mac').locator('input').fill(mac(3));
  await formItem(page, 'name').locator('input').fill(NEW_TV);
  await drawer(page).locator('.ant-drawer-footer .ant-btn-primary').click();
  await expect(drawer(page)).toBeHidden({ timeout: 15_000 });
  await expect(table(page)).toContainText(NEW_TV, { timeout: 20_000 });
  expect((await terminals(SITE_B)).sort()).toEqual([B_TV, NEW_TV].sort());
  expect(await terminals(SITE_A)).toEqual([A_TV]);

  // Back to site A: A's terminal again, and neither of B's.
  await openTerminalsOf(page, SITE_A);
  await expect(table(page)).toContainText(A_TV, { timeout: 20_000 });
  await expect(table(page)).not.toContainText(B_TV);
  await expect(table(page)).not.toContainText(NEW_TV);
  expect(errors).toEqual([]);
});
