import type { Plugin, Rolldown } from 'vite';

/**
 * A handful of chunks for everything after sign-in (issue 18 point 1).
 *
 * Left to itself, rolldown gives every set of importers its own common chunk: the signed-in shell
 * was some 71 scripts, one per antd component or so, and a reload of a module page made about 100
 * requests, on a slow link a dozen round trips (docs/performance.md, "Slow links"). From the first
 * build pass (see start-chunk.ts) this finds, following static imports between chunks:
 * - `shell`: what the signed-in layout and the providers of the pages routed outside it load, less
 *   the start chunk; and what pages of several of the chunks below load (antd's parts most pages
 *   use, shared helpers), so that a page loads the shell and one chunk of its own;
 * - `records`: what only the generic record page and form pages load (its table, search form and
 *   verbs, the resources' descriptions);
 * - `record-forms`: the record form, which the record page loads after its list, and what only it
 *   and the form pages load beyond `records` (the field controls, the contract's validation, zod);
 * - `area-<area>`: the page modules of `pages/<area>/` and what only they load; a page that loads
 *   the record page's own code (a settings form, an embedded record list) is in
 *   `area-<area>-forms`, which imports `records` and `record-forms`, so that its area's other pages
 *   do without them.
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
 * the dashboard and hand-built pages do not wait for it (some 100 KB compressed: the record form,
 * the resources' descriptions, cron-parser and luxon).
 */
const RECORD_ROOTS = [
  /[\\/]src[\\/]features[\\/]resource[\\/]resource-module-page\.tsx$/,
  /[\\/]src[\\/]features[\\/]resource[\\/]resource-modules\.ts$/,
];

/**
 * The record form: the record page loads it once its list is in (features/resource/
 * lazy-record-form.tsx), form pages with their own code. With zod and the contract's validation it
 * is some 40 KB Brotli that a record page's reload does not wait for.
 */
const RECORD_FORM_ROOTS = [/[\\/]src[\\/]features[\\/]resource[\\/]record-form\.tsx$/];

/**
 * Chunks loaded on demand from pages of several chunks (SHARED_LAZY_ROOTS' modules are imported
 * lazily by a module of the shell). What one shares with a page's chunk goes with the shell: the
 * date pickers share dayjs's parse plugin with the record forms, and the operation log, which draws
 * a range picker, loaded the record page's chunk for it. Other lazy chunks (a dialog, the charts)
 * are loaded from one place and keep rolldown's grouping.
 */
const SHARED_LAZY_ROOTS = [/[\\/]src[\\/]features[\\/]date-pickers[\\/]pickers\.tsx$/];

/**
 * antd and its parts: grouped like source modules, never one chunk per component. Other packages
 * one area's pages load keep rolldown's chunks (in practice their area's).
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
  /** Module id → chunk name (`shell`, `records`, `record-forms`, `area-<area>` or `area-<area>-forms`). */
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

/**
 * A page that loads more of the record page's own code than this (rendered bytes) is a form page
 * (a settings form drawn by the record form, an embedded record list): it is grouped apart from its
 * area's other pages, which then do without the record page's chunk. Below it, what a page shares
 * with the record page is a helper or two (an upload call, an editor link) that go with the shell.
 */
export const FORM_PAGE_BYTES = 8_000;

/**
 * Assigns the signed-in modules to the shell, the record page, and per-area chunks (see above).
 * Every module lands where each page that loads it finds it without loading code it does not need
 * beyond the shell: the shell never imports another group, an area's chunk imports only the shell,
 * and a form page's chunk the record page's.
 */
export function signedInGroups(
  chunks: Map<string, Rolldown.OutputChunk>,
  start: ReadonlySet<string>,
): SignedInGroups {
  // Everything the entry's chunks hold, rendered or not, stays where the start chunk has it.
  const entry = new Set<string>();
  for (const chunk of chunks.values())
    if (chunk.isEntry) for (const id of staticClosure(chunks, chunk.fileName)) entry.add(id);
  const atStart = (id: string) => start.has(id) || entry.has(id);
  const holder = new Map<string, Rolldown.OutputChunk>();
  for (const chunk of chunks.values()) for (const id of Object.keys(chunk.modules)) holder.set(id, chunk);
  const size = (id: string) => holder.get(id)?.modules[id]?.renderedLength ?? 0;

  const shell = new Set<string>();
  const records = new Set<string>();
  const recordForms = new Set<string>();
  const pages: { area: string; modules: Set<string> }[] = [];
  const lazies: { name: string; modules: Set<string> }[] = [];
  for (const chunk of chunks.values()) {
    const facade = chunk.facadeModuleId;
    if (!chunk.isDynamicEntry || !facade) continue;
    if (SHELL_ROOTS.some((root) => root.test(facade))) {
      for (const id of staticClosure(chunks, chunk.fileName)) if (!atStart(id)) shell.add(id);
    } else if (RECORD_ROOTS.some((root) => root.test(facade))) {
      for (const id of staticClosure(chunks, chunk.fileName)) if (!atStart(id)) records.add(id);
    } else if (RECORD_FORM_ROOTS.some((root) => root.test(facade))) {
      for (const id of staticClosure(chunks, chunk.fileName)) if (!atStart(id)) recordForms.add(id);
    } else {
      const area = PAGE.exec(facade)?.[1];
      if (area) pages.push({ area, modules: staticClosure(chunks, chunk.fileName) });
      else if (SHARED_LAZY_ROOTS.some((root) => root.test(facade)))
        lazies.push({ name: `lazy:${chunk.fileName}`, modules: staticClosure(chunks, chunk.fileName) });
    }
  }
  for (const id of shell) {
    records.delete(id);
    recordForms.delete(id);
  }
  for (const id of records) recordForms.delete(id);
  const recordOwn = (id: string) => (records.has(id) || recordForms.has(id)) && !PACKAGE.test(id);

  // Who loads each module beyond the shell: the record page ('records'), its form ('record-forms'),
  // an area's pages ('area-<area>') or its form pages ('area-<area>-forms').
  const usersOf = new Map<string, Set<string>>();
  const use = (id: string, user: string) => {
    const users = usersOf.get(id) ?? new Set<string>();
    users.add(user);
    usersOf.set(id, users);
  };
  for (const id of records) use(id, 'records');
  for (const id of recordForms) use(id, 'record-forms');
  for (const { area, modules } of pages) {
    let recordBytes = 0;
    for (const id of modules) if (recordOwn(id)) recordBytes += size(id);
    const user = recordBytes > FORM_PAGE_BYTES ? `area-${area}-forms` : `area-${area}`;
    for (const id of modules) if (!atStart(id) && !shell.has(id)) use(id, user);
  }
  // What a chunk loaded on demand by pages of several chunks shares with one of them goes with the
  // shell, so that it never imports a chunk its page does not need. What only it loads stays in it.
  for (const { name, modules } of lazies)
    for (const id of modules) if (!atStart(id) && !shell.has(id) && usersOf.has(id)) use(id, name);

  // Where a module goes follows from who loads it; as whoever loads a module loads what it imports,
  // an importer's users are among its imports' users, so each chunk imports only the shell (a form
  // page's chunk the record page's and its form's, the form's the record page's): never a chunk its
  // pages do not need.
  const chunkOf = new Map<string, string>();
  for (const id of shell) chunkOf.set(id, 'shell');
  const formUser = (user: string) => user === 'records' || user.endsWith('-forms');
  const recordPageOrForm = (id: string) => (recordForms.has(id) ? 'record-forms' : 'records');
  for (const [id, users] of usersOf) {
    if (chunkOf.has(id)) continue;
    const list = [...users];
    if (list.length === 1 && PACKAGE.test(id) && !ANTD.test(id)) {
      // A package one chunk loads (echarts for the statistics page) keeps a chunk of its own, so
      // that the area's other pages do without it; the record page's and its form's (zod) are in
      // theirs.
      if (list[0] === 'records' || list[0] === 'record-forms') chunkOf.set(id, list[0]);
    } else if (list.length === 1) chunkOf.set(id, list[0]!);
    // What only the record page, its form and form pages load: the form's chunk if the form loads
    // it, otherwise the record page's (which a form page's chunk imports anyway). A module of this
    // kind must not import the form's code statically (the settings forms load the contract's
    // schema at their first check: features/resource/load-record-schema.ts); the build fails if zod
    // comes to `records` that way (off-shell-packages.ts).
    else if (list.every(formUser)) chunkOf.set(id, recordPageOrForm(id));
    // What pages of several chunks load (antd's parts most pages use, helpers of an area's pages and
    // its form pages, of several areas, or shared by the record page with pages that are not form
    // pages): with the shell.
    else chunkOf.set(id, 'shell');
  }
  // Style sheets all go with the shell's: one style sheet request after sign-in, not one per chunk.
  for (const id of chunkOf.keys()) if (CSS.test(id)) chunkOf.set(id, 'shell');
  return { chunkOf };
}

/**
 * What a bundle may hold outside the plan before the build fails: a few small modules taken by a
 * group through a dependency (a constant list a shell call module imports, some 1 KB), not a
 * page's or the record page's code (the resources' descriptions, 140 KB, once went to the shell
 * through one helper's import of their barrel).
 */
export const OFF_PLAN_BYTES = 2_000;

export interface OffPlan {
  /** `module: planned X, bundled in Y (N bytes)`, sorted. */
  modules: string[];
  bytes: number;
}

/**
 * The modules the bundle put in a planned chunk other than the one planned for them: rolldown's
 * groups take a captured module's dependencies with it (`includeDependenciesRecursively`), so a
 * shell module importing a barrel (`@igs/contract/resources`) takes every module behind it into the
 * shell, whatever the plan said. Only rendered code counts; modules the plan leaves to rolldown are
 * not checked.
 */
export function offPlanModules(
  bundle: Iterable<Rolldown.OutputChunk | Rolldown.OutputAsset>,
  chunkOf: ReadonlyMap<string, string>,
): OffPlan {
  const planned = new Set(chunkOf.values());
  const modules: string[] = [];
  let bytes = 0;
  for (const item of bundle) {
    if (item.type !== 'chunk' || !planned.has(item.name)) continue;
    for (const [id, info] of Object.entries(item.modules)) {
      const plan = chunkOf.get(id);
      if (info.renderedLength === 0 || plan === undefined || plan === item.name) continue;
      bytes += info.renderedLength;
      const name = id.replace(/^.*?[\\/](?:node_modules|apps|packages)[\\/]/, '');
      modules.push(`${name}: planned ${plan}, bundled in ${item.name} (${info.renderedLength} bytes)`);
    }
  }
  return { modules: modules.sort(), bytes };
}

/** The build's check that the bundle follows the plan (see offPlanModules): warns, or fails past OFF_PLAN_BYTES. */
export function assertBundleFollowsPlan(chunkOf: ReadonlyMap<string, string>): Plugin {
  return {
    name: 'igs-signed-in-chunks-as-planned',
    apply: 'build',
    generateBundle(_options, bundle) {
      const off = offPlanModules(Object.values(bundle), chunkOf);
      if (off.modules.length === 0) return;
      const list = off.modules
        .slice(0, 15)
        .map((line) => `  ${line}`)
        .join('\n');
      const text = `${off.modules.length} modules (${off.bytes} bytes) bundled outside their planned chunk (build/signed-in-chunks.ts):\n${list}`;
      if (off.bytes <= OFF_PLAN_BYTES) {
        this.warn(text);
        return;
      }
      this.error(
        `${text}\nA module of the chunk they landed in imports them (or a barrel that does), and rolldown takes a ` +
          "group's dependencies with it: import the module itself, not its barrel, or move the shared helper.",
      );
    },
  };
}
