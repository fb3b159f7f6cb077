import { expect, type Page, test } from '@playwright/test';
import { adminApiToken } from '../support/accounts.ts';
import { refusedExtensionForm } from '../support/record-form.ts';
import { fillLogin, STRONG_PASSWORD } from '../support/shell.ts';

/**
 * The console works under the server's Content-Security-Policy (apps/server/src/platform/http/security-headers.ts):
 * no inline script, antd's run-time <style> elements allowed. Any violation the browser reports on
 * the sign-in page, the dashboard or an opened menu fails the test; an injected inline script is
 * shown not to run, so the policy is really in force.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
    __inlineRan?: number;
  }
}

async function watchViolations(page: Page, seen: string[]) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
}

const violations = async (page: Page, seen: string[]) => [
  ...seen,
  ...(await page.evaluate(() => window.__cspViolations ?? [])),
];

test('the console runs under the Content-Security-Policy without a violation', async ({ page, request }) => {
  const seen: string[] = [];
  await watchViolations(page, seen);
  // The strong password, whichever spec ran first: the whole dashboard loads (with the default one
  // the forced change dialog would cover a page whose calls are refused).
  await adminApiToken(request);
  const password = STRONG_PASSWORD;

  const res = await page.goto('/login');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.locator('input[type="password"]')).toBeVisible();
  expect(await violations(page, seen), 'sign-in page').toEqual([]);

  await fillLogin(page, 'admin', password);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.locator('.app-content .dashboard')).toBeVisible();
  // antd injects styles as components first render: open the user menu too.
  await page.getByTestId('user-dropdown').click();
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(1);
  expect(await violations(page, seen), 'dashboard').toEqual([]);

  // A record page and its form's own check: zod arrives with them (apps/console/build/call-refs.ts)
  // and must build and run its parsers without eval (app/schemas-without-eval.ts).
  await page.goto('/voice/extension');
  await refusedExtensionForm(page);
  expect(await violations(page, seen), 'record form').toEqual([]);

  // The policy is in force: an injected inline script does not run, and is reported.
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = 1';
    document.body.appendChild(s);
    return window.__inlineRan ?? 0;
  });
  expect(ran).toBe(0);
  await expect.poll(async () => (await violations(page, seen)).length).toBeGreaterThan(0);
});
