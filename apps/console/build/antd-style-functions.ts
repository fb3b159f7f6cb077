import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';
import { type Node, walk } from './ast.ts';

/*
 * The console runs antd in zero-runtime mode (src/app/antd-provider.tsx: `zeroRuntime: true`; the
 * rules come from antd's built style sheet, build/antd-css.ts). In that mode antd's style hook
 * returns the hashed class before it calls the component's style function
 * (@ant-design/cssinjs-utils, genStyleUtils.js: `if (memoizedZeroRuntime) return hashId`), so the
 * functions that write each component's rules are never called; built as written they are still
 * bundled, some 250 KB minified of the shell's 1.27 MB (docs/performance.md), parsed on every page
 * load. In the console's build each antd style module's style function, the second argument of
 * `genStyleHooks`, `genComponentStyleHook` and `genSubStyleComponent`, becomes `() => []`, and the
 * bundler drops what only it used (antd's package declares no side effects but its CSS). What the
 * mode still runs stays: the component tokens' function (the third argument; the tokens are
 * written as CSS variables at run time), the icon reset, the theme's algorithms.
 *
 * It holds only while every antd element is drawn in zero-runtime mode: inside AntdProvider, or
 * through it for antd's static methods (`ConfigProvider.config({ holderRender })`, same module).
 * Drawn outside it, a component would get antd.css's rules and the default theme's variables, no
 * rules of its own.
 */

const ANTD_STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/](?:.+[\\/])?style(?:[\\/][^\\/]+)?\.js$/;
const STYLE_HOOK_MAKERS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

/** Whether a module id is one of antd's style modules (`antd/es/<component>/style/*.js`, `…/style.js`). */
export function isAntdStyleModule(id: string): boolean {
  return ANTD_STYLE_MODULE.test(id.split('?')[0] ?? id);
}

/**
 * The module with each style hook maker's style function replaced by `() => []`; undefined when it
 * calls none. A call whose style function is not a plain argument (a spread) is left as written.
 */
export function withoutStyleFunctions(
  code: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | undefined {
  const program = parseAst(code) as unknown as Node;
  const out = new MagicString(code);
  let changed = false;
  for (const node of walk(program)) {
    if (node.type !== 'CallExpression') continue;
    const callee = node.callee as Node;
    if (callee.type !== 'Identifier' || !STYLE_HOOK_MAKERS.has(callee.name as string)) continue;
    const styleFunction = (node.arguments as Node[])[1];
    if (!styleFunction || styleFunction.type === 'SpreadElement') continue;
    out.overwrite(styleFunction.start, styleFunction.end, '() => []');
    changed = true;
  }
  return changed ? { code: out.toString(), map: out.generateMap({ hires: true }) } : undefined;
}

/** The build's plugin: antd's style functions out of the bundle (see above). */
export function antdStyleFunctionsOff(): Plugin {
  return {
    name: 'igs-antd-style-functions-off',
    apply: 'build',
    transform(code, id) {
      if (!isAntdStyleModule(id)) return undefined;
      return withoutStyleFunctions(code);
    },
  };
}
