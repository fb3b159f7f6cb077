import { Paths } from '@igs/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiCall, apiLogin, ownAdminAccount } from '../support/accounts.ts';
import { fillLogin, logOutFromMenu, shoot } from '../support/shell.ts';

/*
 * The dashboard an operator keeps open (issue 13 item 3, DOMAIN 2.1): the figures of the pages
 * the role holds from live state, each card opening its page, the 7-day trends drawn by ECharts
 * loaded only after the figures, no lonely card on a row, the disk figure the disk page shows;
 * and the operations home as a sortable table of sites, each row opening that site.
 */

const TERMINALS = '/admin.php/index/app_list';
const OPS_TERMINALS = '/operations/index/app_list';

interface Card {
  key: string;
  value: number | null;
  unknown?: string;
}

/** Every row of the card grid fills its width: no card stands alone beside empty places. */
async function rowsAreFull(page: Page) {
  const rows = await page
    .locator('.dashboard .dash-grid')
    .first()
    .evaluate((grid) => {
      const width = grid.getBoundingClientRect().width;
      const byTop = new Map<number, number>();
      for (const cell of grid.children) {
        const r = cell.getBoundingClientRect();
        const top = Math.round(r.top);
        byTop.set(top, (byTop.get(top) ?? 0) + r.width);
      }
      return { width, rows: [...byTop.values()] };
    });
  expect(rows.rows.length).toBeGreaterThan(0);
  // Cards plus the gaps between them: at least 95 % of the row, for every row.
  for (const used of rows.rows) expect(used / rows.width).toBeGreaterThan(0.9);
}

test('the dashboard: live figures linking to their pages, trends, full rows, one disk figure; the operations home by site', async ({
  page,
}) => {
  const api = page.context().request;
  const { username, password, token } = await ownAdminAccount(api, 'e2e_dash');
  const suffix = Date.now().toString(36).slice(-4);
  const mac = (n: number) =>
    `02:e2:${suffix
      .slice(0, 2)
      .replace(/[^0-9a-f]/g, 'a')
      .padStart(2, '0')}:00:00:${String(n).padStart(2, '0')}`;
  // A terminal waiting for authorisation in the gateway's own site, and one in site 7.
  const own = await apiCall(
    api,
    TERMINALS,
    { method: 'add', mac: mac(1), name: `Lobby TV ${suffix}` },
    token,
  );
  expect(own.code, own.msg).toBe(200);
  // An operations write goes through an operations session and names its one site.
  const ops = await apiLogin(api, username, password, 1);
  expect(ops.code, ops.msg).toBe(200);
  const other = await apiCall(
    api,
    OPS_TERMINALS,
    { method: 'add', mac: mac(2), name: `Spa TV ${suffix}` },
    ops.data.token,
    { 'igs-sids': '7' },
  );
  expect(other.code, other.msg).toBe(200);
  const home = await apiCall<{ cards: Card[]; system: { disk: { used_pct: number; mountpoint: string } } }>(
    api,
    Paths.home,
    {},
    token,
  );
  expect(home.code, home.msg).toBe(200);

  // The scripts the dashboard fetches: no chart library among them (its trends are SVG, issue 18).
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/.*\.js$/.test(r.url())) chunks.push(r.url());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard/);
  const dash = page.locator('.app-content .dashboard');
  const pending = dash.locator('[data-card="terminals_pending"]');
  await expect(pending).toBeVisible();
  const pendingFigure = home.data.cards.find((c) => c.key === 'terminals_pending')!.value!;
  expect(pendingFigure).toBeGreaterThanOrEqual(1);
  await expect(pending.locator('.dash-card__value')).toHaveText(String(pendingFigure));
  // Extensions come from Asterisk: where it cannot be asked the card says so, never 0.
  const ext = home.data.cards.find((c) => c.key === 'extensions_registered')!;
  if (ext.value === null) {
    await expect(dash.locator('[data-card="extensions_registered"]')).toContainText('未知');
    await expect(dash.locator('[data-card="extensions_registered"]')).toContainText('Asterisk');
  }
  await expect(dash.locator('[data-trend="calls"] svg.svg-chart')).toBeVisible();
  await expect(dash.locator('[data-trend="terminals_online"]')).toBeVisible();
  // The trends are drawn as SVG with the page (features/charts/svg-chart.tsx): ECharts is not fetched.
  expect(chunks.filter((u) => /echarts/.test(u))).toEqual([]);
  await rowsAreFull(page);
  // The disk figure is the server's, the percentage the disk and status pages show.
  await expect(dash.locator('[data-gauge="disk"]')).toContainText(`${home.data.system.disk.used_pct}%`);
  await shoot(page, 'dashboard-full-zh_CN-1440');

  // Each card opens its page.
  await pending.click();
  await expect(page).toHaveURL(/\/smart\/terminal-auth/);
  await expect(page.locator('.app-content').getByText(`Lobby TV ${suffix}`)).toBeVisible({ timeout: 20_000 });
  await page.goto('/dashboard');
  await dash.locator('[data-gauge="disk"]').click();
  await expect(page).toHaveURL(/\/system\/disk/);

  // At 800 px: fewer cards a row, still no lonely one.
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/dashboard');
  await expect(dash.locator('[data-card]').first()).toBeVisible();
  await rowsAreFull(page);
  await shoot(page, 'dashboard-full-zh_CN-800');

  // The operations home: a table of the account's sites, each by its name in the registry
  // (support/sites.ts names them "E2E site <n>"); a row opens that site's home.
  await page.setViewportSize({ width: 1440, height: 900 });
  await logOutFromMenu(page);
  await page.goto('/login'); // without the ?redirect to the full-mode page just left
  await fillLogin(page, username, password, { operations: true });
  await expect(page).toHaveURL(/\/operations/);
  const sites = page.locator('.app-content .ops-sites');
  const open7 = page.getByRole('link', { name: '进入E2E site 7', exact: true });
  const row7 = sites.locator('tr.ant-table-row').filter({ has: open7 });
  await expect(row7).toBeVisible();
  await shoot(page, 'operations-home-zh_CN-1440');
  await row7.getByRole('link', { name: '进入E2E site 7', exact: true }).click();
  await expect(page).toHaveURL(/\/operations\?id=7$/);
  await expect(page.locator('.app-content')).toContainText('E2E site 7 运行概况');
  await page.locator('.app-content [data-card="terminals_pending"]').click();
  await expect(page).toHaveURL(/\/operations\/terminal-auth\?id=7/);
  await expect(page.locator('.app-content').getByText(`Spa TV ${suffix}`)).toBeVisible({ timeout: 20_000 });
});
