import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { contractTables } from '../apps/console/build/contract-tables.ts';
import { serve } from './search-browser.ts';
import { REPO_ROOT } from './server-process.ts';
import { readSettings } from './settings.ts';

/**
 * `node bench/search-look.ts <out dir>`: screenshots of the open header search with results, in
 * zh_CN and en, light and dark, at 1280 and 800 px (overlay), to compare its look with antd's
 * input (BENCH_SEARCH_COMPONENT: another version of header-search.tsx, as for the bench).
 */
const out = path.resolve(process.argv[2] ?? 'search-look');
const component = path.resolve(
  process.env.BENCH_SEARCH_COMPONENT ??
    path.join(REPO_ROOT, 'apps/console/src/features/header-search/header-search.tsx'),
);
const { build } = await import('vite');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-search-look-'));
await build({
  configFile: false,
  logLevel: 'error',
  root: path.join(REPO_ROOT, 'bench/search-page'),
  // The tables the console's build computes from the contract (the menu titles the search shows).
  plugins: [contractTables()],
  base: './',
  build: {
    outDir: dir,
    emptyOutDir: true,
    rollupOptions: { input: path.join(REPO_ROOT, 'bench/search-page/look.html') },
  },
  resolve: { alias: { 'bench-header-search': component } },
});
fs.mkdirSync(out, { recursive: true });
const server = await serve(dir);
const browser = await chromium.launch({
  executablePath: readSettings().chromiumPath,
  args: ['--no-sandbox'],
});
try {
  for (const [lang, typed] of [
    ['zh_CN', 'sz'],
    ['en', 'set'],
  ] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 800]) {
        const page = await browser.newPage({ viewport: { width, height: 420 } });
        const overlay = width < 992 ? '&overlay=1' : '';
        await page.goto(`${server.url}look.html?lang=${lang}&dark=${dark ? 1 : 0}${overlay}`);
        await page.locator('.navbar__icon').first().click();
        await page.locator('input[role="combobox"]').pressSequentially(typed);
        await page.locator('[role="option"]').first().waitFor();
        await page.keyboard.press('ArrowDown');
        await page.locator('[role="option"]').nth(2).hover();
        await page.waitForTimeout(300);
        const file = path.join(out, `${lang}-${dark ? 'dark' : 'light'}-${width}.png`);
        await page.screenshot({ path: file, clip: { x: 0, y: 0, width, height: 380 } });
        console.log(file);
        if (width === 1280 && !dark) {
          // Scrolled: the arrow keys wrap from the first row to the last (rows drawn as they come into view).
          await page.mouse.move(0, 300);
          await page.keyboard.press('ArrowUp');
          await page.keyboard.press('ArrowUp');
          await page.waitForTimeout(300);
          const last = path.join(out, `${lang}-light-1280-last.png`);
          await page.screenshot({ path: last, clip: { x: 0, y: 0, width, height: 380 } });
          console.log(last);
          // antd's small size (the console's compact sizes), the input empty, with its placeholder.
          await page.goto(`${server.url}look.html?lang=${lang}&size=small`);
          await page.locator('.navbar__icon').first().click();
          await page.locator('input[role="combobox"]').waitFor();
          await page.waitForTimeout(300);
          const small = path.join(out, `${lang}-light-1280-small.png`);
          await page.screenshot({ path: small, clip: { x: 0, y: 0, width, height: 60 } });
          console.log(small);
        }
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
