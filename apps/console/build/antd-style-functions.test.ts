import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, parseAst, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { antdStyleFunctionsOff, isAntdStyleModule, withoutStyleFunctions } from './antd-style-functions.ts';

const require = createRequire(import.meta.url);
const ANTD_ES = dirname(require.resolve('antd/es/index.js'));

function antdFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return antdFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

interface AstNode {
  type: string;
  start: number;
  end: number;
  callee?: AstNode & { name?: string };
  arguments: AstNode[];
}

/** The calls of a style hook maker in a module's syntax tree. */
function makerCalls(node: unknown): AstNode[] {
  if (typeof node !== 'object' || node === null) return [];
  const own = (node as AstNode).type === 'CallExpression' && MAKERS.has((node as AstNode).callee?.name ?? '');
  return [
    ...(own ? [node as AstNode] : []),
    ...Object.values(node).flatMap((value) =>
      Array.isArray(value) ? value.flatMap(makerCalls) : makerCalls(value),
    ),
  ];
}

const MAKERS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
const MAKER_CALL = /\b(?:genStyleHooks|genComponentStyleHook|genSubStyleComponent)\(/;

describe("antd's style functions out of the build", () => {
  it("replaces the style function of each style hook maker's call, and leaves the rest as written", () => {
    const code =
      "import { genStyleHooks, genSubStyleComponent } from '../../theme/internal';\n" +
      'const genButtonStyle = (token) => ({ [token.componentCls]: { cursor: "pointer" } });\n' +
      'export const prepareComponentToken = (token) => ({ paddingInline: token.padding });\n' +
      'export default genStyleHooks("Button", (token) => [genButtonStyle(token)], prepareComponentToken, { unitless: {} });\n' +
      'export const Compact = genSubStyleComponent(["Button", "compact"], genButtonStyle, prepareComponentToken);\n';
    const out = withoutStyleFunctions(code)!.code;
    expect(out).toContain('genStyleHooks("Button", () => [], prepareComponentToken, { unitless: {} })');
    expect(out).toContain('genSubStyleComponent(["Button", "compact"], () => [], prepareComponentToken)');
    // The function itself stays written; the bundler drops it once nothing calls it.
    expect(out).toContain('const genButtonStyle =');
    expect(withoutStyleFunctions('export const prepareToken = (token) => token;\n')).toBeUndefined();
  });

  it('finds every style hook of the installed antd in the modules it transforms', () => {
    const makers = antdFiles(ANTD_ES).filter((file) => MAKER_CALL.test(readFileSync(file, 'utf8')));
    expect(makers.length).toBeGreaterThan(60);
    // No module outside the style modules calls a maker (the makers' own definition destructures them).
    const elsewhere = makers
      .filter((file) => !isAntdStyleModule(file))
      .map((file) => file.slice(ANTD_ES.length + 1));
    expect(elsewhere).toEqual([]);
    for (const file of makers.filter(isAntdStyleModule)) {
      const out = withoutStyleFunctions(readFileSync(file, 'utf8'));
      expect(out, file).toBeDefined();
      // Each maker's call now has `() => []` for its style function.
      const styleFunctions = makerCalls(parseAst(out!.code) as unknown as AstNode).map((call) => {
        const arg = call.arguments[1]!;
        return out!.code.slice(arg.start, arg.end);
      });
      expect(styleFunctions.length, file).toBeGreaterThan(0);
      expect(new Set(styleFunctions), file).toEqual(new Set(['() => []']));
    }
  });

  describe('a bundle of antd components drawn in zero-runtime mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'igs-antd-styles-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const entry = join(dir, 'entry.js');
    writeFileSync(
      entry,
      `import { createElement as h } from ${JSON.stringify(require.resolve('react'))};\n` +
        `import { renderToString } from ${JSON.stringify(require.resolve('react-dom/server'))};\n` +
        `import { Button, ConfigProvider, Input, Menu, Select, Table, Tabs } from ${JSON.stringify(join(ANTD_ES, 'index.js'))};\n` +
        'const page = h("div", null,\n' +
        '  h(Button, { type: "primary" }, "Save"), h(Input, { placeholder: "Name" }),\n' +
        '  h(Select, { value: "a", options: [{ value: "a", label: "A" }] }),\n' +
        '  h(Tabs, { items: [{ key: "1", label: "One", children: "1" }] }),\n' +
        '  h(Menu, { mode: "inline", items: [{ key: "m", label: "Menu" }] }),\n' +
        '  h(Table, { rowKey: "id", columns: [{ title: "Name", dataIndex: "name" }], dataSource: [{ id: 1, name: "Room 101" }] }));\n' +
        'module.exports = renderToString(h(ConfigProvider, { theme: { zeroRuntime: true, token: { colorPrimary: "#722ed1" } } }, page));\n',
    );

    async function bundle(withPlugin: boolean) {
      const result = (await build({
        configFile: false,
        logLevel: 'silent',
        plugins: withPlugin ? [antdStyleFunctionsOff()] : [],
        define: { 'process.env.NODE_ENV': '"production"' },
        build: {
          write: false,
          minify: true,
          lib: { entry, formats: ['cjs'], fileName: 'page' },
          rolldownOptions: { external: [/^node:/, 'stream', 'util', 'crypto', 'async_hooks'] },
        },
      })) as Rolldown.RolldownOutput[];
      const chunk = result[0]!.output.find((item): item is Rolldown.OutputChunk => item.type === 'chunk')!;
      const module = { exports: '' as unknown };
      new Function('module', 'exports', 'require', chunk.code)(module, module.exports, require);
      const rendered = Object.entries(chunk.modules).filter(([, m]) => m.renderedLength > 0);
      const antd = rendered.filter(([id]) => /[\\/]node_modules[\\/]antd[\\/]/.test(id));
      return {
        antdBytes: antd.reduce((sum, [, m]) => sum + m.renderedLength, 0),
        html: module.exports as string,
        rendered: rendered.map(([id]) => id),
      };
    }

    it("draws the same page from a third less of antd's code, without the modules only style functions use", async () => {
      const before = await bundle(false);
      const after = await bundle(true);
      expect(after.html).toContain('Room 101');
      expect(after.html).toBe(before.html);
      expect(after.antdBytes).toBeLessThan(before.antdBytes * 0.7);
      const motion = (ids: string[]) =>
        ids.filter((id) => /[\\/]antd[\\/]es[\\/]style[\\/]motion[\\/]/.test(id));
      expect(motion(before.rendered).length).toBeGreaterThan(0);
      expect(motion(after.rendered)).toEqual([]);
    }, 60_000);
  });
});
