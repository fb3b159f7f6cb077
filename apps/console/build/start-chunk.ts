import { build, type InlineConfig, type Rolldown } from 'vite';
import { chunksOf } from './signed-in-chunks.ts';

/**
 * One chunk for everything the first screen needs.
 *
 * Rolldown's automatic splitting gives every set of importers its own common chunk, so a module
 * shared by the entry and by a lazy page ends up in a small chunk of its own: the sign-in page
 * needed 25 script requests. The first page must be usable within a handful of requests on a slow
 * hotel link (docs/performance.md). A first, unwritten build finds the modules the entry really
 * renders (after tree shaking, following static imports between chunks); the real build then puts
 * exactly those in one code-splitting group (entryModules), and groups what comes after sign-in in
 * a few more (signed-in-chunks.ts).
 */
export async function firstPassChunks(config: InlineConfig): Promise<Map<string, Rolldown.OutputChunk>> {
  const result = await build({ ...config, logLevel: 'silent', build: { ...config.build, write: false } });
  return chunksOf((Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]);
}

/**
 * Packages that must stay off the start chunk: antd, its icons and style engine (@ant-design/*)
 * and its component internals (@rc-component/*, rc-*). The sign-in page is drawn without them so
 * it is usable within the throttled budget (docs/performance.md, issue 4); they load with the
 * signed-in layout and the pages routed outside it.
 */
const NOT_AT_START =
  /[\\/]node_modules[\\/](?:antd|@ant-design[\\/][^\\/]+|@rc-component[\\/][^\\/]+|rc-[^\\/]+)[\\/]/;

/** The start modules that come from a package kept off the start chunk (empty when all is well). */
export function forbiddenStartModules(modules: Iterable<string>): string[] {
  return [...modules].filter((id) => NOT_AT_START.test(id)).sort();
}

/** Fails the build when the first screen would load antd again, naming the packages it pulled in. */
export function assertStartModules(modules: Iterable<string>): void {
  const found = forbiddenStartModules(modules);
  if (found.length === 0) return;
  const perPackage = new Map<string, number>();
  for (const id of found) {
    const name = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1] ?? id;
    perPackage.set(name, (perPackage.get(name) ?? 0) + 1);
  }
  const list = [...perPackage].map(([name, count]) => `  ${name} (${count} modules)`).join('\n');
  throw new Error(
    `antd in the start chunk, which the sign-in page loads first:\n${list}\n` +
      'Something on the start path (main.tsx, app/, router/, stores/, request/, pages/login/Login.tsx) imports antd; ' +
      'load it lazily instead (see docs/performance.md).',
  );
}
