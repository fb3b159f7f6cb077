/**
 * The server as plain JavaScript for production (`npm start`), made with the same type stripping
 * Node applies when it runs the TypeScript sources (module.stripTypeScriptTypes), so the program
 * is the one the tests run. Why: running .ts files keeps Node's TypeScript stripper (a WebAssembly
 * build of SWC) in memory for the life of the process, some 18 MB of the idle budget
 * (docs/performance.md).
 *
 * apps/server/src -> apps/server/dist and packages/contract/src -> packages/contract/dist, same
 * layout (code that finds the repository from its own folder keeps working); relative imports
 * `./x.ts` become `./x.js`; `@igs/contract` resolves to its dist under the `igs-dist` condition
 * (packages/contract/package.json `exports`), which `npm start` passes to Node.
 */
import fs from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../../..');
const PACKAGES = ['apps/server', 'packages/contract'];

/** `from './x.ts'`, `import './x.ts'`, `export … from '../y.ts'`: relative specifiers only. */
const RELATIVE_TS = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+?)\.ts\2/g;

export function toJavaScript(source: string): string {
  const js = stripTypeScriptTypes(source, { mode: 'strip' });
  return js.replace(
    RELATIVE_TS,
    (_m, lead: string, quote: string, spec: string) => `${lead}${quote}${spec}.js${quote}`,
  );
}

function isSource(file: string): boolean {
  return file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts');
}

function buildPackage(pkg: string): number {
  const src = path.join(REPO, pkg, 'src');
  const dist = path.join(REPO, pkg, 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  let count = 0;
  for (const rel of fs.readdirSync(src, { recursive: true }) as string[]) {
    const from = path.join(src, rel);
    if (!fs.statSync(from).isFile() || !isSource(from)) continue;
    const to = path.join(dist, rel.replace(/\.ts$/, '.js'));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, toJavaScript(fs.readFileSync(from, 'utf8')));
    count++;
  }
  return count;
}

if (import.meta.main) {
  // The stripper warns that it is experimental; the build output is what matters here.
  process.removeAllListeners('warning');
  for (const pkg of PACKAGES) console.log(`build-server: ${pkg}/dist, ${buildPackage(pkg)} files`);
}
