import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';
import { children, type Node } from './ast.ts';

/**
 * The console sends a call by its path and method (`api/call.ts`); a call object of the contract
 * also holds its input and output schemas, which the server parses with and the console only reads
 * as types. Built as written, every call object the shell imports builds its schemas at load (some
 * 0.1–0.2 s of a 4x-throttled CPU) and takes zod into the shell that every page waits for
 * (docs/performance.md, issue 18). In the console's build, in the contract's modules:
 * - each `defineCall({ ... })` becomes `{ path, method }`;
 * - the value of each module-level constant is built in a pure function call (`/* @__PURE__ *\/
 *   (() => (...))()`), so that the bundler drops those nothing uses with all they are made of (a
 *   bundler cannot tell on its own that `z.object(...)`, a spread or a property read only builds
 *   a value). The contract's modules define data and register nothing at load (its package says
 *   `"sideEffects": false`); a statement of its own (`f();`) is left alone;
 * - a module's own function that passes a parameter only to a definition's schemas (`listTab(tab,
 *   row)`) is called with `undefined` there, so that its callers in the module build no schema.
 * zod then stays with the pages that validate with it (record forms, settings forms). The types are
 * unchanged: `call(def, input)` still types the input and the reply by the schemas. The console
 * never reads a call's `input` or `output` at run time; one that did would find them undefined.
 */

const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/;
const KEPT_KEYS = new Set(['path', 'method']);
const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function keyName(property: Node): string | undefined {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/** The object a `defineCall(...)` is given, or undefined for any other node. */
function callDefinition(node: Node, id: string): Node | undefined {
  const callee = node.callee as Node | undefined;
  if (node.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'defineCall')
    return undefined;
  const [arg] = node.arguments as Node[];
  if (arg?.type !== 'ObjectExpression') {
    throw new Error(
      `${id}: defineCall at offset ${node.start} takes an object literal, so that the console's build can keep its path and method`,
    );
  }
  return arg;
}

/**
 * The properties of a call's definition the console keeps: its path and method. A spread fails the
 * build: it may hold the method (the console would send none), and what it holds cannot be told
 * from the source.
 */
function keptProperties(definition: Node, id: string): Node[] {
  const spread = (definition.properties as Node[]).find((p) => p.type === 'SpreadElement');
  if (spread) {
    throw new Error(
      `${id}: a defineCall's definition at offset ${spread.start} spreads another object; write its path, method, input and output out, so that the console's build can keep its path and method`,
    );
  }
  return (definition.properties as Node[]).filter(
    (p) => p.type === 'Property' && KEPT_KEYS.has(keyName(p) ?? ''),
  );
}

/**
 * Each name's identifiers under `node` as the console's build leaves it (definitions reduced), less
 * property names (`{ detail: ... }`, `a.detail`), which are not the variable.
 */
function countNames(node: Node, id: string, counts: Map<string, number>): void {
  if (node.type === 'Identifier') counts.set(node.name as string, (counts.get(node.name as string) ?? 0) + 1);
  const definition = callDefinition(node, id);
  let next: Iterable<Node>;
  if (definition) next = keptProperties(definition, id);
  else if (node.type === 'Property' && !node.computed && !node.shorthand) next = [node.value as Node];
  else if (node.type === 'MemberExpression' && !node.computed) next = [node.object as Node];
  else next = children(node);
  for (const child of next) countNames(child, id, counts);
}

/**
 * The module's own functions (e.g. `listTab(tab, row)`, the calls of a tab) with the positions of
 * the parameters they only pass to a definition's schemas: once reduced they use them no more, and
 * their callers in the module need not build them.
 */
function schemaOnlyParameters(program: Node, id: string): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const statement of program.body as Node[]) {
    const fn =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (fn?.type !== 'FunctionDeclaration' || !fn.id || !fn.body) continue;
    const counts = new Map<string, number>();
    countNames(fn.body as Node, id, counts);
    const unused = (fn.params as Node[]).flatMap((param, at) =>
      param.type === 'Identifier' && !counts.has(param.name as string) ? [at] : [],
    );
    if (unused.length > 0) found.set((fn.id as Node).name as string, unused);
  }
  return found;
}

/** Values a bundler drops by itself when nothing uses them: no need to wrap them. */
const PLAIN = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);

function hasAwait(node: Node): boolean {
  if (node.type === 'AwaitExpression') return true;
  if (FUNCTION.has(node.type)) return false;
  for (const child of children(node)) if (hasAwait(child)) return true;
  return false;
}

/**
 * The module as the console's build takes it (see above), or undefined where nothing changes. A
 * `defineCall` whose argument is not an object literal fails the build: what it would send cannot
 * be told from the source.
 */
export function reduceForConsole(
  code: string,
  id: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | undefined {
  const program = parseAst(code, { lang: 'ts' }) as unknown as Node;
  const out = new MagicString(code);
  const schemaOnly = schemaOnlyParameters(program, id);
  let changed = false;
  const visit = (node: Node) => {
    const definition = callDefinition(node, id);
    if (definition) {
      const kept = keptProperties(definition, id).map((p) => code.slice(p.start, p.end));
      out.overwrite(node.start, node.end, `{ ${kept.join(', ')} }`);
      changed = true;
      return;
    }
    let skipped: Node[] = [];
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const unused = callee.type === 'Identifier' ? schemaOnly.get(callee.name as string) : undefined;
      skipped = (unused ?? []).flatMap((at) => (node.arguments as Node[])[at] ?? []);
      for (const arg of skipped) out.overwrite(arg.start, arg.end, 'undefined');
      if (skipped.length > 0) changed = true;
    }
    for (const child of children(node)) if (!skipped.includes(child)) visit(child);
  };
  for (const statement of program.body as Node[]) {
    visit(statement);
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || PLAIN.has(init.type) || hasAwait(init)) continue;
      // Built in a pure function call, the value goes with everything it is made of when nothing
      // uses it; as written, a bundler keeps what might have an effect (a call, a spread, a
      // property read).
      out.appendLeft(init.start, '/* @__PURE__ */ (() => (');
      out.appendRight(init.end, '))()');
      changed = true;
    }
  }
  if (!changed) return undefined;
  return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
}

/** The console build's plugin that applies `reduceForConsole` to the contract's modules. */
export function callRefs(): Plugin {
  return {
    name: 'igs-call-refs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id)) return undefined;
      return reduceForConsole(code, id);
    },
  };
}
