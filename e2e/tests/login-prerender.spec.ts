import { expect, test } from '@playwright/test';
import { ownAdminAccount } from '../support/accounts.ts';

/**
 * Issue 18 item 2: the served page already holds the sign-in form (prerendered at build time,
 * apps/console/build/prerender-login.ts), so it draws before the script arrives, and the script
 * hydrates that very form without React reporting a mismatch.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the served page shows the sign-in form, its button off until the script runs', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('input#username')).toBeVisible();
    await expect(page.locator('input#password[type="password"]')).toBeVisible();
    await expect(page.locator('input#username')).toHaveAttribute('placeholder', '用户名');
    await expect(page.getByTestId('login-submit')).toBeDisabled();
  });
});

for (const [locale, placeholder, submit] of [
  ['zh-CN', '用户名', '登 录'],
  ['en-US', 'Username', 'Sign in'],
] as const)
  test.describe(`with JavaScript, browser language ${locale}`, () => {
    test.use({ locale });

    test('the form is hydrated in place without a React warning and works', async ({ page }) => {
      const messages: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') messages.push(msg.text());
      });
      page.on('pageerror', (error) => messages.push(error.message));
      // Marks the element the served page holds, before any script of the console runs.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          const input = document.querySelector('input#username');
          if (input && document.readyState === 'interactive') input.setAttribute('data-served', '1');
        });
      });
      await page.goto('/login?redirect=%2Fsystem%2Flog');
      await expect(page.getByTestId('login-submit')).toBeEnabled();
      await expect(page.locator('input#username')).toHaveAttribute('placeholder', placeholder);
      await expect(page.getByTestId('login-submit')).toHaveText(submit);
      // The served element is the one React now owns: typing reaches its state (a mismatch would
      // have made React draw the form anew, without the mark).
      await expect(page.locator('input#username[data-served="1"]')).toHaveCount(1);
      await page.getByTestId('login-submit').click();
      await expect(page.locator('.login-field-error').first()).toBeVisible();
      expect(messages.filter((m) => /hydrat|#418|#423|#425|did not match/i.test(m))).toEqual([]);
    });
  });

test('a signed-out visitor at a module address gets the sign-in page with the redirect, drawn from the HTML', async ({
  page,
}) => {
  await page.goto('/system/log');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Flog$/);
  await expect(page.getByTestId('login-submit')).toBeEnabled();
});

test('a sign-in clicked before the script has arrived is made as soon as it arrives', async ({
  page,
  request,
}) => {
  const { username, password } = await ownAdminAccount(request, 'early_submit');
  // The start chunk is held back, as a slow link would: the page is the served HTML and its early script.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const button = page.getByTestId('login-submit');
  await expect(button).toBeEnabled();
  await page.locator('input#username').fill(username);
  await page.locator('input#password').fill(password);
  await button.click();
  // Held: the page shows the button busy and stays where it is; no password has left.
  await expect(page.locator('#app[data-early-submit]')).toHaveCount(1);
  await expect(button.locator('.login-submit__spinner')).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 });
  await expect(page.locator('#app[data-early-submit]')).toHaveCount(0);
});

test('the sign-in page asks for the signed-in shell once its form is painted, not before', async ({
  page,
}) => {
  await page.goto('/login');
  // The early script's, and later Vite's own for the same file when the app preloads the console.
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/shell-"]').first()).toBeAttached();
  const read = () =>
    page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      // A resource's entry is written once it has arrived.
      shell: performance.getEntriesByType('resource').find((e) => /\/assets\/shell-[^/]*\.js$/.test(e.name))
        ?.startTime,
    }));
  await expect.poll(async () => (await read()).shell !== undefined).toBe(true);
  const timing = await read();
  expect(timing.fcp).toBeGreaterThan(0);
  expect(timing.shell).toBeGreaterThan(timing.fcp!);
});
