import { expect, test } from '@playwright/test';
import { apiCall, ownAdminAccount } from '../support/accounts.ts';
import { clickInSettledDialog, fillLogin, shoot } from '../support/shell.ts';

/*
 * DOMAIN 2.4 ac/Ap verbs in the browser: "重启" on the selected APs queues a reboot for the AP
 * agent's next poll, and the AP's row shows it waiting (待执行任务). The upgrade page starts an
 * upgrade from its toolbar, and the operation can be cancelled from its row.
 */

const AP = '/admin.php/ac/ap';

test('rebooting an AP queues the command and its row shows it pending; an upgrade is cancelled', async ({
  page,
}) => {
  const api = page.context().request;
  const { username, password, token } = await ownAdminAccount(api, 'e2e_ap');
  const suffix = Date.now().toString(36).slice(-4);
  const category = await apiCall<{ id: number }>(
    api,
    '/admin.php/ac/ap_category',
    {
      method: 'add',
      name: `Ceiling ${suffix}`,
    },
    token,
  );
  expect(category.code, category.msg).toBe(200);
  const name = `AP-E2E-${suffix}`.toUpperCase();
  // A locally administered address of its own each run (a repeated run must not meet the last one's).
  const mac = `02:00:${Array.from({ length: 4 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join(':')}`;
  const ap = await apiCall<{ id: number }>(
    api,
    AP,
    { method: 'add', name, mac, category_id: category.data.id },
    token,
  );
  expect(ap.code, ap.msg).toBe(200);
  const build = await apiCall<{ id: number }>(
    api,
    '/admin.php/ac/firmware',
    { method: 'add', category_id: category.data.id, version: `23.05.${suffix}` },
    token,
  );
  expect(build.code, build.msg).toBe(200);

  await page.goto('/login');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/ac/ap-plus/ap');
  const rp = page.locator('.resource-page:visible').first();
  const row = rp.locator('.resource-table tbody tr.ant-table-row', { hasText: name });
  await expect(row).toBeVisible({ timeout: 20_000 });

  await row.locator('.ant-checkbox-input').check();
  await rp
    .locator('.resource-toolbar')
    .getByRole('button', { name: /^重\s?启$/ })
    .click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('为选中的AP排队重启');
  await clickInSettledDialog(confirm, confirm.locator('.ant-btn-dangerous'));
  await expect(confirm).toBeHidden();
  // The list is read again: the AP has one task waiting for its agent.
  const pendingColumn = await rp
    .locator('.resource-table thead th')
    .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.includes('待执行任务')));
  expect(pendingColumn).toBeGreaterThan(0);
  await expect(row.locator('td').nth(pendingColumn)).toHaveText('1');
  await shoot(page, 'ap-reboot-pending-zh_CN');

  // The upgrade page: "升级AP" asks for the AP and the build, then the operation is in progress.
  await page.goto('/ac/ap-plus/update');
  await page.getByRole('tab', { name: 'AP升级记录' }).click();
  const ops = page.locator('.resource-page:visible', { has: page.getByRole('button', { name: '升级AP' }) });
  await ops.getByRole('button', { name: '升级AP' }).click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.locator('.ant-select').nth(0).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
  await dialog.locator('.ant-select').nth(1).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `23.05.${suffix}` })
    .click();
  await clickInSettledDialog(dialog, dialog.locator('.ant-btn-primary'));
  await expect(dialog).toBeHidden();
  const op = ops.locator('.resource-table tbody tr.ant-table-row', { hasText: name });
  await expect(op).toContainText('升级中');
  await shoot(page, 'ap-upgrade-in-progress-zh_CN');
  await op.getByRole('button', { name: /^取\s?消$/ }).click();
  const cancelConfirm = page.locator('.ant-modal-confirm');
  await expect(cancelConfirm).toContainText('取消');
  await clickInSettledDialog(cancelConfirm, cancelConfirm.locator('.ant-btn-dangerous'));
  // The dialog closes once the call is answered (a refused call keeps it open, with the reason).
  await expect(cancelConfirm).toBeHidden();
  await expect(op).toContainText('已取消');
  await expect(op.getByRole('button', { name: /^取\s?消$/ })).toHaveCount(0);
});
