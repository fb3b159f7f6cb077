import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import type {} from './chart-page/chart-bench-api.ts';
import { serve } from './search-browser.ts';
import { REPO_ROOT } from './server-process.ts';
import { readSettings } from './settings.ts';

/**
 * `node bench/chart-draw.ts`: the dashboard's calls trend drawn by the console's SVG chart and by
 * the tree-shaken ECharts core it replaced (issue 18, item 4), in Chromium: bytes (gzip) of what
 * each needs beyond React and antd, the time to load ECharts' chunk, and the time of each draw
 * (median of fresh pages). A measurement kept beside the bench, run by hand.
 */
const settings = readSettings();
const { build } = await import('vite');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-bench-chart-page-'));
process.once('exit', () => fs.rmSync(outDir, { recursive: true, force: true }));
await build({
  configFile: false,
  logLevel: 'error',
  root: path.join(REPO_ROOT, 'bench/chart-page'),
  base: './',
  build: { outDir, emptyOutDir: true },
});
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(outDir, 'assets', file))).length / 1024;
const files = fs.readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
const echartsChunk = files.find((f) => f.startsWith('echarts-part'));
console.log(`ECharts core chunk: ${echartsChunk ? gz(echartsChunk).toFixed(1) : '?'} KB gzip`);

const server = await serve(outDir);
const browser = await chromium.launch({ executablePath: settings.chromiumPath, args: ['--no-sandbox'] });
const figures = {
  svg: [] as number[],
  svg2: [] as number[],
  load: [] as number[],
  echarts: [] as number[],
  echarts2: [] as number[],
};
try {
  for (let run = 0; run < 7; run++) {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => window.chartBench !== undefined);
    figures.svg.push(await page.evaluate(() => window.chartBench.svg()));
    figures.svg2.push(await page.evaluate(() => window.chartBench.svg()));
    figures.load.push(await page.evaluate(() => window.chartBench.loadEcharts()));
    figures.echarts.push(await page.evaluate(() => window.chartBench.echarts()));
    figures.echarts2.push(await page.evaluate(() => window.chartBench.echarts()));
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`first draw, SVG chart: ${median(figures.svg).toFixed(1)} ms (median of 7 fresh pages)`);
console.log(
  `second draw (a chart already drawn on the page), SVG chart: ${median(figures.svg2).toFixed(1)} ms`,
);
console.log(`ECharts chunk loaded and run: ${median(figures.load).toFixed(1)} ms`);
console.log(`first draw, ECharts: ${median(figures.echarts).toFixed(1)} ms`);
console.log(`second draw, ECharts: ${median(figures.echarts2).toFixed(1)} ms`);
console.log(`load average ${os.loadavg()[0]!.toFixed(1)}`);
