/**
 * `npm run gen:menu-pinyin`: writes the pinyin of every built-in menu title
 * (src/features/header-search/menu-pinyin.generated.ts), so that the header search needs
 * pinyin-pro (some 300 KB) only for titles the server adds, such as external links. A unit test
 * (menu-pinyin.test.ts) fails when the file is stale: run this after changing a menu title.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { menuPinyinSource } from '../src/features/header-search/menu-pinyin-source.ts';

const target = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/features/header-search/menu-pinyin.generated.ts',
);
fs.writeFileSync(target, menuPinyinSource());
// In the repository's style, so `biome check` passes on the committed file.
execFileSync('npx', ['biome', 'format', '--write', target], { stdio: 'inherit' });
console.log(`wrote ${path.relative(process.cwd(), target)}`);
