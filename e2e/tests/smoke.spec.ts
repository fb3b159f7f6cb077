import { expect, test } from '@playwright/test';

test('the server serves the built console, which sends a visitor without a token to sign in', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard|\/login\?redirect=\/dashboard/);
  await expect(page).toHaveTitle(/多业务融合网关|Multi-business integrated gateway/);
  await expect(page.locator('input[type="password"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('hashed assets are served compressed with a long cache life', async ({ request, page }) => {
  await page.goto('/login');
  const scripts = await page
    .locator('script[type="module"][src]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src') ?? ''));
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script).toMatch(/^\/assets\//);
    const res = await request.get(script, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
    // Files of 1 KB or less (the bundler's tiny runtime) gain nothing from compression.
    if ((await res.body()).length > 1024) expect(['gzip', 'br']).toContain(res.headers()['content-encoding']);
  }
});
