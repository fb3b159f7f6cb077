import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** The password the first journey sets; later journeys sign in with it. */
export const STRONG_PASSWORD = 'N3w!Passw0rd';
export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/**
 * Fills the sign-in form. The captcha is off on the test server, so the form shows no code field;
 * a code is typed only if one is there.
 */
export async function fillLogin(
  page: Page,
  username: string,
  password: string,
  opts: { operations?: boolean } = {},
) {
  await page.locator('input#username, input[id$="username"]').first().fill(username);
  await page.locator('input[type="password"]').first().fill(password);
  const code = page.locator('input[id$="code"]').first();
  if (await code.isVisible()) await code.fill('abcd');
  if (opts.operations) await page.locator('input[id$="isOperations"]').check();
  await page.locator('form button[type="submit"]').click();
}

export async function signIn(page: Page, opts: { operations?: boolean } = {}) {
  await page.goto('/login');
  await fillLogin(page, 'admin', STRONG_PASSWORD, opts);
  await expect(page).toHaveURL(opts.operations ? /\/operations/ : /\/dashboard/);
  // Signed in once the home page itself has rendered inside the shell (the guard is done).
  await expect(page.locator('.app-content .dashboard')).toBeVisible();
}

/** Screenshots kept as test artefacts (e2e/artifacts), to be looked at. */
export async function shoot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** Opens a sidebar entry by its group and item titles. */
export async function openFromSidebar(page: Page, group: string, item: string) {
  const sidebar = page.locator('.sidebar');
  const entry = sidebar.getByText(item, { exact: true });
  // A group title toggles: open it only when the entry is not showing already.
  if (!(await entry.isVisible())) {
    await sidebar.getByText(group, { exact: true }).click();
    // The group opens with antd's collapse motion; on a busy machine a click during it can land on
    // the list instead of the entry (seen right after sign-in, while the shell is still loading).
    await expect(sidebar.locator('[class*="ant-motion-collapse"]')).toHaveCount(0);
  }
  await entry.click();
  // The page has opened when its tab is the active one.
  await expect(page.locator('.tags-view .ant-tabs-tab-active')).toContainText(item, { timeout: 20_000 });
}

export function tab(page: Page, title: string) {
  return page.locator('.tags-view .tags-view__label', { hasText: title });
}

/**
 * Picks `item` from a tab's context menu (right click on the tab). The entry is clicked where it
 * is drawn, by its own click event: antd closes a context menu as soon as the page scrolls, and
 * Playwright's click may scroll the page first (it retried with other scroll positions when the
 * menu was still sliding in), which closed the menu under the pointer in one run in five.
 */
export async function chooseFromTabMenu(page: Page, title: string, item: string) {
  await tab(page, title).click({ button: 'right' });
  const entry = page.locator('.ant-dropdown:visible').getByText(item, { exact: true });
  await expect(entry).toBeVisible();
  await entry.dispatchEvent('click');
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
}

/**
 * Switches the session's mode from the user menu, as an operator does, once the shell has settled
 * (a menu opened while the shell is still loading can be replaced under the pointer); the console
 * then reloads at the other mode's home. A click that does not take (two fresh-clone runs saw the
 * menu item clicked and the menu still open, nothing sent) is made again, as an operator would.
 */
/**
 * Signs out from the user menu as an operator does. A menu item clicked while the dropdown is still
 * opening can miss (the menu stays open, nothing is sent: seen in a fresh-clone run at 800 px), so
 * the click is repeated until the sign-in page shows, never after it has.
 */
export async function logOutFromMenu(page: Page) {
  const item = page.locator('.ant-dropdown:visible').getByText(/^(退出登录|Log out)$/);
  await expect(async () => {
    if (/\/login/.test(page.url())) return;
    if (!(await item.isVisible())) await page.getByTestId('user-dropdown').click();
    await item.click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
}

export async function switchMode(page: Page, target: 'full' | 'operations') {
  const home = target === 'operations' ? /\/operations/ : /\/dashboard/;
  await expect(page.locator('.app-content')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.app-content .ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
  const item = page
    .locator('.ant-dropdown:visible')
    .getByText(
      target === 'operations'
        ? /切换到运营模式|Switch to operations mode/
        : /切换到完整模式|Switch to full mode/,
    );
  await expect(async () => {
    if (home.test(page.url())) return;
    if (!(await item.isVisible())) await page.getByTestId('user-dropdown').click();
    await item.click({ timeout: 5_000 });
    await expect(page).toHaveURL(home, { timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
}

/**
 * Clicks a button of a dialog once the dialog has finished zooming in. antd zooms a dialog in from
 * where the opening click was: a click while it is still scaled down (a busy machine holds the
 * first frame long enough for Playwright to find it stable) lands beside the button and is lost.
 */
export async function clickInSettledDialog(dialog: Locator, button: Locator) {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-appear/);
  await button.click();
}

/**
 * Holds the signed-in shell's script back until the returned function is called: what a slow link
 * does to its some 290 KB, so that a journey can see what the served page asks for meanwhile.
 */
export async function holdShell(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/shell-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
