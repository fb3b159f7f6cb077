import type { Rolldown } from 'vite';

/**
 * A handful of chunks for everything after sign-in (issue 18 point 1).
 *
 * Left to itself, rolldown gives every set of importers its own common chunk: the signed-in shell
 * was some 71 scripts, one per antd component or so, and a reload of a module page made about 100
 * requests, on a slow link a dozen round trips (docs/performance.md, "Slow links"). From the first
 * build pass (see start-chunk.ts) this finds, following static imports between chunks:
 * - `shell`: what the signed-in layout and the providers of the pages routed outside it load, less
 *   the start chunk;
 * - `records`: what the generic record page loads beyond the shell, and what pages of several areas
 *   load beyond that (every antd part a page loads among them);
 * - `area-<area>`: the page modules of `pages/<area>/` and what only that area's pages load.
 * Their style sheets all go with the shell's.
 * Chunks loaded on demand (charts, pickers, dialogs imported lazily) keep their own chunks.
 */

/** Dynamic imports that belong with the signed-in shell: it needs them for any page. */
const SHELL_ROOTS = [
  /[\\/]src[\\/]layout[\\/]index\.tsx$/,
  // The console with its router: the sign-in page runs without it (issue 18 item 2), and whatever
  // comes after the sign-in page starts with it and the layout, so they come together.
  /[\\/]src[\\/]app[\\/]app\.tsx$/,
  /[\\/]src[\\/]app[\\/](?:query|antd)-provider\.tsx$/,
  /[\\/]src[\\/]router[\\/]module-unavailable\.tsx$/,
  // The guard loads the menu titles first on a signed-in page load: the shell comes with them, beside
  // the session calls, instead of a round trip after them.
  /[\\/]src[\\/]i18n[\\/]menu-titles\.ts$/,
  // The progress bar shows from the first navigation after the sign-in page (router/progress.ts).
  /[\\/]src[\\/]router[\\/]progress-bar\.ts$/,
];

/**
 * The generic record page, which most modules are: a chunk of its own beside the shell, so that
 * the dashboard after sign-in does not wait for it (some 170 KB compressed: pickers, cron, luxon).
 */
const RECORD_ROOTS = [
  /[\\/]src[\\/]features[\\/]resource[\\/]resource-module-page\.tsx$/,
  /[\\/]src[\\/]features[\\/]resource[\\/]resource-modules\.ts$/,
];

/**
 * antd and its parts: a page's antd components go with the pages' shared chunk, never one chunk
 * per component. Other packages only some pages use (echarts) keep rolldown's own chunks, so that
 * the pages without them do not load them.
 */
const ANTD =
  /[\\/]node_modules[\\/](?:antd|@ant-design[\\/][^\\/]+|@rc-component[\\/][^\\/]+|rc-[^\\/]+)[\\/]/;
const PACKAGE = /[\\/]node_modules[\\/]/;
const CSS = /\.css$/;

/** rolldown's runtime: the start chunk holds it rather than a chunk of its own. */
const WITH_START = [/rolldown[\\/]runtime/];

/** Whether a module joins the start chunk though the entry only imports it lazily. */
export function joinsStart(id: string): boolean {
  return WITH_START.some((pattern) => pattern.test(id));
}

/** A page module of the registry (router/page-registry.ts): `pages/<area>/<PascalCase>.tsx`. */
const PAGE = /[\\/]src[\\/]pages[\\/]([^\\/]+)[\\/][A-Z][^\\/]*\.tsx$/;

export interface SignedInGroups {
  /** Module id → chunk name (`shell`, `records` or `area-<area>`). */
  chunkOf: Map<string, string>;
}

/** The modules a chunk renders, following its static imports. */
function staticClosure(
  chunks: Map<string, Rolldown.OutputChunk>,
  root: string,
  renderedOnly = false,
): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<string>();
  const queue = [root];
  while (queue.length > 0) {
    const chunk = chunks.get(queue.pop()!);
    if (!chunk || seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const [id, info] of Object.entries(chunk.modules))
      if (!renderedOnly || info.renderedLength > 0) modules.add(id);
    queue.push(...chunk.imports);
  }
  return modules;
}

/** The chunks of a first build pass by file name. */
export function chunksOf(outputs: readonly Rolldown.RolldownOutput[]): Map<string, Rolldown.OutputChunk> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of outputs)
    for (const item of output.output) if (item.type === 'chunk') chunks.set(item.fileName, item);
  return chunks;
}

/** What the entry renders, following static imports: the start chunk. */
export function entryModules(chunks: Map<string, Rolldown.OutputChunk>): Set<string> {
  const modules = new Set<string>();
  for (const chunk of chunks.values())
    if (chunk.isEntry) for (const id of staticClosure(chunks, chunk.fileName, true)) modules.add(id);
  return modules;
}

/** Assigns the signed-in modules to the shell, per-area and shared page chunks (see above). */
export function signedInGroups(
  chunks: Map<string, Rolldown.OutputChunk>,
  start: ReadonlySet<string>,
): SignedInGroups {
  // Everything the entry's chunks hold, rendered or not, stays where the start chunk has it.
  const entry = new Set<string>();
  for (const chunk of chunks.values())
    if (chunk.isEntry) for (const id of staticClosure(chunks, chunk.fileName)) entry.add(id);
  const shell = new Set<string>();
  const records = new Set<string>();
  const areasOf = new Map<string, Set<string>>();
  for (const chunk of chunks.values()) {
    const facade = chunk.facadeModuleId;
    if (!chunk.isDynamicEntry || !facade) continue;
    if (SHELL_ROOTS.some((root) => root.test(facade))) {
      for (const id of staticClosure(chunks, chunk.fileName)) shell.add(id);
      continue;
    }
    if (RECORD_ROOTS.some((root) => root.test(facade))) {
      for (const id of staticClosure(chunks, chunk.fileName)) records.add(id);
      continue;
    }
    const area = PAGE.exec(facade)?.[1];
    if (!area) continue;
    for (const id of staticClosure(chunks, chunk.fileName)) {
      const areas = areasOf.get(id) ?? new Set<string>();
      areas.add(area);
      areasOf.set(id, areas);
    }
  }
  const chunkOf = new Map<string, string>();
  const atStart = (id: string) => start.has(id) || entry.has(id);
  for (const id of shell) if (!atStart(id)) chunkOf.set(id, 'shell');
  for (const id of records) if (!atStart(id) && !shell.has(id)) chunkOf.set(id, 'records');
  for (const [id, areas] of areasOf) {
    if (atStart(id) || shell.has(id) || records.has(id)) continue;
    if (ANTD.test(id)) chunkOf.set(id, 'records');
    else if (!PACKAGE.test(id)) chunkOf.set(id, areas.size === 1 ? `area-${[...areas][0]}` : 'records');
  }
  // Style sheets all go with the shell's: one style sheet request after sign-in, not one per chunk.
  for (const id of chunkOf.keys()) if (CSS.test(id)) chunkOf.set(id, 'shell');
  return { chunkOf };
}
