import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import postcss, { type AtRule, type Root } from 'postcss';
import type { Plugin } from 'vite';

/*
 * antd's built style sheet (antd/dist/antd.css, imported by src/app/antd.css into the `antd` cascade
 * layer, zero-runtime mode: src/app/antd-provider.tsx) holds the rules of every antd component, some
 * 1 MB parsed on every load. In the console's build it is cut to the rules of the components the
 * console can draw:
 *
 * - the components: the antd modules the console's sources import (`from 'antd'`, `from 'antd/es/…'`),
 *   and every antd component module those import in turn, read in antd's own files
 *   (node_modules/antd/es: Table imports ../pagination, ../checkbox, ../radio, ../dropdown, ../spin,
 *   …; ConfigProvider the empty state, …). A module imported for a context, a hook or a type
 *   counts too: the set errs on the side of keeping. Locale modules (texts only) are not followed:
 *   through them ConfigProvider would reach the Calendar;
 * - a component's classes: the prefixes its files pass to antd's `getPrefixCls('btn')` (the class
 *   `ant-btn` and every `ant-btn-…`), and those it builds on them (`${prefixCls}-calendar`: the
 *   Calendar's `ant-picker-calendar-…`), read in the same files;
 * - a rule is kept unless each of its selectors needs, outside any `:not()`/`:is()`/`:where()`/
 *   `:has()`, a class whose prefix belongs only to components the console cannot draw (such a
 *   selector matches nothing the console draws), or a variable block of a server-rendered id
 *   (SERVER_ID below). Rules with no component class (the `a` and `.anticon` reset) are kept, and
 *   each component's own variable block (`.ant-btn-css-var`) with its component; so is every rule
 *   of a class no prefix claims (motion classes such as `ant-zoom-…`). A keyframes block is kept when a kept rule names
 *   it; an at-rule left empty goes. What is kept is antd's text unchanged and in its order, so the
 *   cascade inside the layer is antd's.
 *
 * Why a build step rather than a generated file committed: nothing to regenerate when antd is
 * upgraded or a page imports one more component, and so no freshness test to keep; the set is
 * worked out from the sources at each build (some 1 s). antd's own generation (rendering each
 * component into a style cache, as its scripts/build-style.tsx does) is not in the package, and
 * re-running it here would have to match antd's build options to give the same rules; filtering
 * the sheet antd ships keeps antd's exact text. Build only: the dev server serves the whole sheet
 * (a superset), so a page edited in dev never waits on this.
 */

const require = createRequire(import.meta.url);

/** antd's ES modules: node_modules/antd/es. */
export function antdEsDir(): string {
  return join(dirname(require.resolve('antd/package.json')), 'es');
}

/**
 * The antd modules the console's sources import: each an antd/es file (a component's index.js
 * for a name imported from 'antd'). Type-only imports are skipped; test files too.
 */
export function antdImports(srcDir: string, esDir = antdEsDir()): string[] {
  const names = exportedComponents(esDir);
  const out = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]antd['"]/g)) {
      if (m[1]) continue;
      for (const part of (m[2] ?? '').split(',')) {
        const name =
          part
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '';
        if (!name || name.startsWith('type ')) continue;
        const dir = names.get(name);
        if (dir) out.add(join(esDir, dir, 'index.js'));
        else if (/^[A-Z]/.test(name) || name === 'message' || name === 'notification')
          throw new Error(`${file}: ${name} is not a component antd/es/index.js exports`);
      }
    }
    for (const m of text.matchAll(/from\s*['"]antd\/(?:es|lib)\/([^'"]+)['"]/g)) {
      const file2 = resolveModule(join(esDir, (m[1] ?? '').replace(/\.js$/, '')));
      if (file2) out.add(file2);
    }
  }
  return [...out].sort();
}

/** antd's exported names and the directory each comes from (antd/es/index.js). */
function exportedComponents(esDir: string): Map<string, string> {
  const index = readFileSync(join(esDir, 'index.js'), 'utf8');
  return new Map(
    [...index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)].map((m) => [
      m[1] ?? '',
      m[2] ?? '',
    ]),
  );
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

function resolveModule(path: string): string | undefined {
  for (const candidate of [path, `${path}.js`, join(path, 'index.js')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/**
 * The antd directories (`table`, `pagination`, …) whose files the given modules reach through
 * their relative imports: the components the console can draw, and some it only takes a context
 * or a type from.
 */
export function drawnDirs(modules: readonly string[], esDir = antdEsDir()): Set<string> {
  const seen = new Set<string>();
  const todo = [...modules];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    // A locale module is data (texts for every component), not a component drawn.
    if (seen.has(file) || isLocale(file, esDir)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g)) {
      const next = resolveModule(resolve(dirname(file), m[1] ?? ''));
      if (next) todo.push(next);
    }
  }
  return new Set([...seen].map((file) => relative(esDir, file).split(sep)[0] ?? ''));
}

function isLocale(file: string, esDir: string): boolean {
  return relative(esDir, file).split(sep).includes('locale');
}

/**
 * Each class prefix (`btn`, `select`, `picker`, …) and the antd directories whose files claim it
 * (`getPrefixCls('btn')`, `const floatButtonPrefixCls = 'float-btn'`).
 */
export function prefixOwners(esDir = antdEsDir()): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  for (const dir of readdirSync(esDir)) {
    if (!statSync(join(esDir, dir)).isDirectory()) continue;
    for (const file of jsFiles(join(esDir, dir))) {
      const text = readFileSync(file, 'utf8');
      const claims = [
        ...text.matchAll(/getPrefixCls\(\s*'([a-z][a-z-]*)'/g),
        ...text.matchAll(/PrefixCls\s*=\s*'([a-z][a-z-]*)'/g),
      ].map((m) => m[1] ?? '');
      // `const calendarPrefixCls = `${prefixCls}-calendar`` where `prefixCls = getPrefixCls('picker', …)`:
      // the calendar's classes are `ant-picker-calendar-…`, under the date picker's prefix.
      const base = /const prefixCls = getPrefixCls\(\s*'([a-z][a-z-]*)'/.exec(text)?.[1];
      if (base)
        for (const m of text.matchAll(/const \w+PrefixCls = `\$\{prefixCls\}-([a-z][a-z-]*)`/g))
          claims.push(`${base}-${m[1]}`);
      for (const prefix of claims) {
        if (prefix === 'ant') continue;
        const set = owners.get(prefix) ?? new Set<string>();
        set.add(dir);
        owners.set(prefix, set);
      }
    }
  }
  return owners;
}

function jsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsFiles(path));
    else if (entry.name.endsWith('.js')) out.push(path);
  }
  return out;
}

/** The prefixes no drawn directory claims: a class with one of these is never in the console. */
export function absentPrefixes(owners: Map<string, Set<string>>, drawn: Set<string>): Set<string> {
  const absent = new Set<string>();
  for (const [prefix, dirs] of owners) if (![...dirs].some((dir) => drawn.has(dir))) absent.add(prefix);
  return absent;
}

/**
 * The classes a selector needs for it to match: those outside any functional pseudo-class's
 * parentheses (`:not(.a)` needs no `.a`; `:is(.a, .b)` needs neither alone).
 */
export function requiredClasses(selector: string): string[] {
  let outside = '';
  let depth = 0;
  for (const ch of selector) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) outside += ch;
  }
  return [...outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? '');
}

/** The longest claimed prefix of an `ant-…` class, or undefined (`ant-zoom-enter`: none). */
function prefixOf(cls: string, known: readonly string[]): string | undefined {
  if (!cls.startsWith('ant-')) return undefined;
  const rest = cls.slice(4);
  return known.find((p) => rest === p || rest.startsWith(`${p}-`));
}

/**
 * The theme's variable blocks antd's build wrote for its own server-rendered ids (`.css-var-_R_0_`,
 * React's `useId` while rendering on a server). The console draws antd on the client only (the
 * sign-in page, the one page rendered at build time, is drawn without antd), where the ids are
 * `_r_…_`: antd writes those blocks at run time, and these match nothing.
 */
const SERVER_ID = /^css-var-_R_/;

/** antd's sheet without the rules whose every selector needs a class of an absent prefix. */
export function trimAntdCss(css: string, absent: Set<string>, owners: Map<string, Set<string>>): string {
  // Longest first, so that `ant-input-number-…` is input-number's, not input's.
  const known = [...owners.keys()].sort((a, b) => b.length - a.length);
  const root = postcss.parse(css);
  const present = (selector: string) =>
    !requiredClasses(selector).some((cls) => {
      if (SERVER_ID.test(cls)) return true;
      const prefix = prefixOf(cls, known);
      return prefix !== undefined && absent.has(prefix);
    });
  root.walkRules((rule) => {
    if (isKeyframes(rule.parent)) return;
    const selectors = rule.selectors;
    const kept = selectors.filter(present);
    if (kept.length === 0) rule.remove();
    else if (kept.length < selectors.length) rule.selector = kept.join(',');
  });
  dropEmptyAtRules(root);
  const named = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) named.add(word);
  });
  root.walkAtRules(/keyframes$/, (at) => {
    if (!named.has(at.params.trim())) at.remove();
  });
  return root.toString();
}

function isKeyframes(node: unknown): boolean {
  return (node as AtRule | undefined)?.type === 'atrule' && /keyframes$/.test((node as AtRule).name);
}

function dropEmptyAtRules(root: Root): void {
  root.walkAtRules((at) => {
    if (isKeyframes(at) || !at.nodes) return;
    dropEmptyAtRules(at as unknown as Root);
    if (at.nodes.length === 0) at.remove();
  });
}

/** The console's cut of antd's sheet, and what it was cut by (for the tests and the build log). */
export function consoleAntdCss(srcDir: string): { css: string; drawn: Set<string>; absent: Set<string> } {
  const esDir = antdEsDir();
  const drawn = drawnDirs(antdImports(srcDir, esDir), esDir);
  const owners = prefixOwners(esDir);
  const absent = absentPrefixes(owners, drawn);
  const full = readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
  return { css: trimAntdCss(full, absent, owners), drawn, absent };
}

const IMPORT = /@import\s+(['"])antd\/dist\/antd\.css\1\s+layer\((\w+)\)\s*;/;

/**
 * Replaces, in src/app/antd.css, the import of antd's whole sheet into its layer by the console's
 * cut of it in the same layer. Before Vite's CSS plugin (`enforce: 'pre'`), which then handles it
 * as any other style sheet.
 */
export function antdUsedCss(srcDir: string): Plugin {
  return {
    name: 'igs-antd-used-css',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]app[\\/]antd\.css$/.test(id.split('?')[0] ?? '')) return null;
      const m = IMPORT.exec(code);
      if (!m) this.error('src/app/antd.css no longer imports antd/dist/antd.css into a layer');
      const { css, absent } = consoleAntdCss(srcDir);
      this.info(`antd.css cut to the drawn components (${absent.size} class prefixes left out)`);
      return { code: code.replace(IMPORT, () => `@layer ${m[2]}{${css}}`), map: null };
    },
  };
}
