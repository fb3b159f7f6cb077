import { Paths } from '@igs/contract';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, ownAdminAccount } from '../support/accounts.ts';
import { fillLogin, STRONG_PASSWORD, shoot } from '../support/shell.ts';

/*
 * Shell details of issue 13, item 5, on the real server (captcha off) in Chromium: the sign-in page
 * without a captcha field and with a notice after a password change; a wrong original password
 * said once; the address after sign-in; an address of the earlier hash-routed console; the footer's
 * copyright line; the dark theme, remembered; English menu titles in full; the brand title per
 * language; the search and the size switch below 992 px. Signs in with an account of its own.
 */

const WRONG_ORIGINAL = /原密码错误|The original password is wrong/;
let account: { username: string; password: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  account = await ownAdminAccount(request, 'shell');
});

async function useLanguage(context: BrowserContext, lang: 'zh_CN' | 'en') {
  await context.addCookies([{ name: 'language', value: lang, url: test.info().project.use.baseURL! }]);
}

/**
 * Clicks an entry of the user menu until `done` shows: an entry clicked while the dropdown is still
 * opening can miss (support/shell.ts logOutFromMenu says when that was seen).
 */
async function fromUserMenu(page: Page, entry: string, done: Locator) {
  const item = page.locator('.ant-dropdown:visible').getByText(entry, { exact: true });
  await expect(async () => {
    if (await done.isVisible()) return;
    if (!(await item.isVisible())) await page.getByTestId('user-dropdown').click();
    await item.click({ timeout: 5_000 });
    await expect(done).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

async function signIn(page: Page, password = account.password) {
  await page.goto('/login');
  await fillLogin(page, account.username, password);
  await expect(page.locator('.app-content .dashboard')).toBeVisible({ timeout: 20_000 });
}

test('the sign-in page asks no code when the server asks none, and the address after it is /dashboard', async ({
  page,
  request,
}) => {
  const branding = await apiCall<{ captcha: number }>(request, Paths.copyright, {});
  expect(branding.data.captcha).toBe(0);
  await page.goto('/login');
  await expect(page.locator('form.login-form')).toHaveAttribute('data-captcha', 'off');
  await expect(page.locator('input#code')).toHaveCount(0);
  await expect(page.locator('.login-captcha')).toHaveCount(0);
  await shoot(page, 'shell-login-no-captcha-zh_CN');
  await fillLogin(page, account.username, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(new URL(page.url()).hash).toBe('');
  // The footer's copyright line: the server gives none, so the product's with the year.
  await expect(page.getByTestId('footer-copyright')).toHaveText(
    `© ${new Date().getFullYear()} 多业务融合网关`,
  );
});

test("an address of the earlier console's hash routes opens that page after sign-in", async ({ page }) => {
  await page.goto('/#/system/log');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Flog$/);
  await fillLogin(page, account.username, account.password);
  await expect(page).toHaveURL(/\/system\/log$/);
});

test('a wrong original password is said once; after a change the sign-in page says the password changed', async ({
  page,
}) => {
  await signIn(page);
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: '修改密码' });
  await fromUserMenu(page, '修改密码', dialog);
  const inputs = dialog.locator('input[type="password"]');
  await inputs.nth(0).fill('Not-the-Passw0rd!');
  await inputs.nth(1).fill('An0ther!Passw0rd');
  await inputs.nth(2).fill('An0ther!Passw0rd');
  // Every toast that appears is counted, however briefly it shows.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toasts: string[] }).toasts = seen;
    new MutationObserver(() => {
      for (const notice of document.querySelectorAll('.ant-message-notice-content:not([data-seen])')) {
        notice.setAttribute('data-seen', '');
        seen.push(notice.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await dialog.locator('button.ant-btn-primary').click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(WRONG_ORIGINAL);
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (window as unknown as { toasts: string[] }).toasts)).toEqual([]);
  await expect(page.getByText(WRONG_ORIGINAL)).toHaveCount(1);
  await shoot(page, 'shell-wrong-original-zh_CN');

  // Typing again clears it; the right original password changes it and signs out.
  await inputs.nth(0).fill(STRONG_PASSWORD);
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await dialog.locator('button.ant-btn-primary').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByTestId('login-notice')).toHaveText('密码已修改，请使用新密码登录。');
  await shoot(page, 'shell-password-changed-zh_CN');
  await fillLogin(page, account.username, 'An0ther!Passw0rd');
  await expect(page).toHaveURL(/\/dashboard$/);
  account.password = 'An0ther!Passw0rd';
  // Shown once: the next visit of the sign-in page (signed out) has no notice.
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.locator('form.login-form')).toBeVisible();
  await expect(page.getByTestId('login-notice')).toHaveCount(0);
});

test('the dark theme from the settings drawer darkens the whole shell and is remembered', async ({
  page,
}) => {
  await signIn(page);
  await page.locator('.navbar .anticon-setting').click();
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer.locator('.settings-panel__row').nth(1)).toHaveText('暗色主题');
  await drawer.getByTestId('dark-theme-switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toHaveCount(0);
  const background = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background('.ant-layout-sider')).toBe('rgb(20, 20, 20)');
  expect(await background('.app-header')).toBe('rgb(20, 20, 20)');
  expect(await background('.app-content')).toBe('rgb(0, 0, 0)');
  await shoot(page, 'shell-dark-zh_CN');
  await page.reload();
  await expect(page.locator('.app-content .dashboard')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background('.ant-layout-sider')).toBe('rgb(20, 20, 20)');
  // The sign-in page follows it too (signed out by dropping the session cookie).
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.locator('.login-page')).toHaveClass(/login-page--dark/);
  await shoot(page, 'shell-login-dark-zh_CN');
});

test('in English: the brand title in English and every menu title readable in full', async ({
  page,
  context,
}) => {
  await useLanguage(context, 'en');
  await page.goto('/login');
  await expect(page.locator('.login-titles h1')).toHaveText('Multi-business integrated gateway');
  await shoot(page, 'shell-login-en');
  await fillLogin(page, account.username, account.password);
  await expect(page.locator('.app-content .dashboard')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveTitle('Multi-business integrated gateway');
  await expect(page.locator('.sidebar-logo__title')).toHaveText('Multi-business integrated gateway');
  // Open every group (and the groups inside them), then no title is cut.
  const sidebar = page.locator('.sidebar');
  const closed = sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let round = 0; round < 3 && (await closed.count()) > 0; round++) {
    // From the last: opening one takes it off the list without moving the ones before it.
    for (let k = (await closed.count()) - 1; k >= 0; k--) await closed.nth(k).click();
    await expect(sidebar.locator('[class*="ant-motion-collapse"]')).toHaveCount(0);
  }
  expect(await closed.count()).toBe(0);
  expect(await sidebar.locator('.ant-menu-title-content').count()).toBeGreaterThan(60);
  const cut = await sidebar
    .locator('.ant-menu-title-content, .sidebar-logo__title')
    .evaluateAll((nodes) =>
      nodes
        .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
        .map((n) => n.textContent),
    );
  expect(cut).toEqual([]);
  await shoot(page, 'shell-sidebar-en');
  await expect(page.getByTestId('footer-copyright')).toHaveText(
    `© ${new Date().getFullYear()} Multi-business integrated gateway`,
  );
});

for (const lang of ['zh_CN', 'en'] as const) {
  test(`below 992 px the search and the size switch are still there (${lang})`, async ({ page, context }) => {
    await useLanguage(context, lang);
    await page.setViewportSize({ width: 800, height: 700 });
    await signIn(page);
    await shoot(page, `shell-800-${lang}`);
    // The search: a compact icon that opens across the top bar.
    await page.locator('.navbar .anticon-search').click();
    const search = page.locator('.header-search--overlay');
    await expect(search).toBeVisible();
    await page.keyboard.type(lang === 'en' ? 'dhcp' : 'DHCP');
    // The results: a listbox under the search's input (features/header-search/results-list.tsx).
    const dhcp = search.getByRole('option', { name: /DHCP/ }).first();
    await expect(dhcp).toBeVisible();
    await shoot(page, `shell-800-search-${lang}`);
    await dhcp.click();
    await expect(page).toHaveURL(/\/system\/dhcp/);
    // The size: in the user menu.
    const small = page
      .locator('.ant-dropdown-menu-submenu-popup:visible')
      .getByText(lang === 'en' ? 'Small' : '小型', { exact: true });
    await expect(async () => {
      if (!(await small.isVisible())) {
        const size = page.locator('.ant-dropdown:visible').getByText(lang === 'en' ? 'Size' : '布局大小');
        if (!(await size.isVisible())) await page.getByTestId('user-dropdown').click();
        await size.hover({ timeout: 5_000 });
      }
      await small.click({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'size')?.value)
      .toBe('small');
    // Opened again, the menu shows the size chosen.
    await page.keyboard.press('Escape');
    await expect(async () => {
      if (!(await small.isVisible())) {
        const size = page.locator('.ant-dropdown:visible').getByText(lang === 'en' ? 'Size' : '布局大小');
        if (!(await size.isVisible())) await page.getByTestId('user-dropdown').click();
        await size.hover({ timeout: 5_000 });
      }
      await expect(small.locator('xpath=ancestor::li[1]')).toHaveClass(/ant-dropdown-menu-item-selected/, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 45_000 });
    await shoot(page, `shell-800-size-${lang}`);
  });
}
