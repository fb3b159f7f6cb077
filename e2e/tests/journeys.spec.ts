import { expect, test } from '@playwright/test';
import { restoreDefaultAdminPassword } from '../support/accounts.ts';
import {
  chooseFromTabMenu,
  fillLogin,
  logOutFromMenu,
  openFromSidebar,
  STRONG_PASSWORD,
  shoot,
  signIn,
  tab,
} from '../support/shell.ts';

// One server, one database: these journeys run in order; the first one sets the password.
test.describe.configure({ mode: 'serial' });

test('first sign-in with the default weak password forces a change, signs out, and the new password works', async ({
  page,
  request,
}) => {
  // A spec that ran first may have changed it for its API set-up (adminApiToken): put it back.
  await restoreDefaultAdminPassword(request);
  await page.goto('/login');
  await shoot(page, 'login-zh_CN');
  await fillLogin(page, 'admin', 'admin123');
  await expect(page).toHaveURL(/\/dashboard/);
  const dialog = page.locator('.ant-modal').filter({ hasText: '修改密码' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('您的密码过于简单');
  // It cannot be closed: no close button, Escape does nothing.
  await expect(dialog.locator('.ant-modal-close')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  // The rules of spec section 5, in Chinese.
  await dialog.locator('button[type="submit"], button.ant-btn-primary').last().click();
  await expect(dialog).toContainText('请输入原密码');
  await expect(dialog).toContainText('请输入密码');
  await expect(dialog).toContainText('请再次输入密码');
  const inputs = dialog.locator('input[type="password"]');
  await inputs.nth(0).fill('admin123');
  await inputs.nth(1).fill('weakpass');
  await inputs.nth(2).fill('different');
  await expect(dialog).toContainText('密码必须大于8位');
  await expect(dialog).toContainText('两次输入的密码不一致');
  await shoot(page, 'change-password-errors-zh_CN');
  await inputs.nth(1).fill(STRONG_PASSWORD);
  await inputs.nth(2).fill(STRONG_PASSWORD);
  await dialog.locator('button.ant-btn-primary').last().click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  await fillLogin(page, 'admin', STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.locator('.ant-modal').filter({ hasText: '修改密码' })).toBeHidden();
  await expect(page.locator('.app-content')).toContainText('系统状态');
  await shoot(page, 'dashboard-zh_CN');
});

test('a wrong password shows the specification text', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'admin', 'wrong-password');
  await expect(page.locator('.ant-message')).toContainText('账号或密码错误');
  await expect(page).toHaveURL(/\/login/);
});

test('tabs: opening modules, closing others and all from the context menu keeps the affixed dashboard', async ({
  page,
}) => {
  await signIn(page);
  await openFromSidebar(page, '系统设置', '日志管理');
  await openFromSidebar(page, '系统设置', 'DHCP');
  await openFromSidebar(page, '系统设置', '磁盘配置');
  await expect(page.locator('.tags-view .tags-view__label')).toHaveCount(4);
  await shoot(page, 'module-page-zh_CN');
  await chooseFromTabMenu(page, 'DHCP', '关闭其他');
  await expect(page.locator('.tags-view .tags-view__label')).toHaveText(['首页', 'DHCP']);
  await chooseFromTabMenu(page, 'DHCP', '关闭所有');
  await expect(page.locator('.tags-view .tags-view__label')).toHaveText(['首页']);
  await expect(page).toHaveURL(/\/dashboard/);
});

test('keep-alive: text typed in a page survives switching tabs; closing the tab drops it', async ({
  page,
}) => {
  await signIn(page);
  await openFromSidebar(page, '系统设置', '日志管理');
  const username = page.locator('.operation-log input[id$="username"]');
  await username.fill('someone-typed-this');
  await openFromSidebar(page, '系统设置', 'DHCP');
  await expect(page).toHaveURL(/\/system\/dhcp/);
  await tab(page, '日志管理').click();
  await expect(page.locator('.operation-log input[id$="username"]')).toHaveValue('someone-typed-this');
  // the log itself lists the sign-in that opened this journey
  await page.locator('.operation-log').getByText('登录日志').click();
  // The operation log's rows stay on show while the sign-ins load (they name admin too): wait for
  // the sign-ins themselves. A table that fills later changes the page's height, and the scroll
  // that follows closes a context menu opened meanwhile (antd closes one on scroll).
  await expect(page.locator('.operation-log .ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('.operation-log .ant-table-row').first()).toContainText('admin');
  await expect(page.locator('.operation-log .ant-table-row').first()).toContainText('登录');
  // closing the tab drops its state: reopened, the field is empty
  await chooseFromTabMenu(page, '日志管理', '关闭');
  await openFromSidebar(page, '系统设置', '日志管理');
  await expect(page.locator('.operation-log input[id$="username"]')).toHaveValue('');
});

test('tabs survive a reload; the URL wins over the restored active tab', async ({ page }) => {
  await signIn(page);
  await openFromSidebar(page, '系统设置', '日志管理');
  await openFromSidebar(page, '系统设置', 'DHCP');
  await page.reload();
  await expect(page).toHaveURL(/\/system\/dhcp/);
  await expect(page.locator('.tags-view .tags-view__label')).toHaveText(['首页', '日志管理', 'DHCP']);
  await page.goto('/system/log');
  await expect(page.locator('.tags-view .ant-tabs-tab-active')).toContainText('日志管理');
});

test('a drawer left open in a tab hides with it when Back leaves the tab, and is there again on return', async ({
  page,
}) => {
  await signIn(page);
  await openFromSidebar(page, '系统设置', '日志管理');
  await openFromSidebar(page, '系统设置', '区域管理');
  await page.locator('.resource-toolbar .ant-btn-primary:has(.anticon-plus)').click();
  const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
  await expect(drawer.locator('.ant-form')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/system\/log/);
  await expect(drawer).toBeHidden();
  await expect(page.locator('.operation-log')).toBeVisible();
  await tab(page, '区域管理').click();
  await expect(drawer.locator('.ant-form')).toBeVisible();
});

test('an unknown path goes to 404; a deep link without a token goes to sign-in and back', async ({
  page,
}) => {
  await page.goto('/system/dhcp');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fdhcp/);
  await fillLogin(page, 'admin', STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/system\/dhcp/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404/);
});

test('language switch: English everywhere, saved tabs cleared, back at home', async ({ page }) => {
  await signIn(page);
  await openFromSidebar(page, '系统设置', 'DHCP');
  await expect(page.locator('.dhcp-page')).toBeVisible();
  // The choice reloads the console at home. On a loaded runner a pick made while the menu is still
  // opening can be lost (seen once in CI: the page stayed as it was): the menu is opened again then.
  await expect(async () => {
    if (!/\/dashboard/.test(page.url())) {
      if (!(await page.locator('.ant-dropdown:visible').count()))
        await page.locator('.navbar [aria-label="语言"]').click({ timeout: 2_000 });
      await page.locator('.ant-dropdown:visible').getByText('English').click({ timeout: 2_000 });
    }
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('.sidebar')).toContainText('System settings');
  await expect(page.locator('.tags-view .tags-view__label')).toHaveText(['Dashboard']);
  await expect(page.locator('.app-content')).toContainText('System status');
  await shoot(page, 'dashboard-en');
  await openFromSidebar(page, 'System settings', 'Log management');
  await expect(page).toHaveURL(/\/system\/log/);
  await expect(page.locator('.operation-log')).toBeVisible();
  await shoot(page, 'module-page-en');
  // The choice is kept in the language cookie: a reload stays in English.
  await page.reload();
  await expect(page.locator('.sidebar')).toContainText('System settings');
  // The restored page has finished loading before the layout changes under it.
  await expect(page.locator('.operation-log')).toBeVisible();
  // The mobile layout and the sign-in page in English too.
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(page.locator('.sidebar')).toHaveCount(0);
  await expect(page.locator('.app-wrapper--mobile')).toBeVisible();
  await shoot(page, 'mobile-en');
  await logOutFromMenu(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.locator('form button[type="submit"]')).toContainText(/Sign in|Log in/i);
  await shoot(page, 'login-en');
});

test('mobile layout at 800 px: the sidebar is closed and opens as a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page);
  await expect(page.locator('.sidebar-drawer')).toHaveCount(0);
  await shoot(page, 'mobile-zh_CN');
  await page.locator('[aria-label="切换侧边栏"]').click();
  await expect(page.locator('.sidebar-drawer')).toBeVisible();
  await page.waitForTimeout(500); // let the drawer finish sliding in before the picture
  await shoot(page, 'mobile-drawer-zh_CN');
  await page.locator('.sidebar-drawer').getByText('系统设置', { exact: true }).click();
  await page.locator('.sidebar-drawer').getByText('DHCP', { exact: true }).click();
  await expect(page).toHaveURL(/\/system\/dhcp/);
  await expect(page.locator('.sidebar-drawer')).toBeHidden();
});

test('operations mode: no sidebar, module tiles and per-site cards, return-to-home link, export button', async ({
  page,
}) => {
  await signIn(page, { operations: true });
  await expect(page.locator('.sidebar')).toHaveCount(0);
  await expect(page.locator('.tags-view .tags-view__label')).toHaveText(['运营首页']);
  await expect(page.locator('[data-tile="OperationsMall"], [data-tile]').first()).toBeVisible();
  await expect(page.locator('.app-content')).toContainText('站点概况');
  await shoot(page, 'operations-zh_CN');
  const reply = page.waitForResponse((r) => r.url().includes('/admin.php/festival/index'));
  const popup = page.waitForEvent('popup');
  await page.locator('.navbar').getByText('导出首页数据').click();
  const body = (await (await reply).json()) as { code: number; data: { url: string } };
  expect(body.code).toBe(200);
  expect(body.data.url).toContain('/admin.php/common/download?token=');
  await (await popup).close();
  // a module opens as a tab; the breadcrumb offers the way home
  await page.locator('[data-tile]').nth(1).click();
  await expect(page.locator('.tags-view .tags-view__label')).toHaveCount(2);
  await page.locator('.navbar').getByText('返回首页').click();
  await expect(page).toHaveURL(/\/operations$/);
});

test('log out clears the session and goes to sign-in', async ({ page }) => {
  await signIn(page);
  await logOutFromMenu(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});
