import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  absentPrefixes,
  antdEsDir,
  antdImports,
  antdUsedCss,
  consoleAntdCss,
  drawnDirs,
  prefixOwners,
  requiredClasses,
  trimAntdCss,
} from './antd-css.ts';

const SRC = join(import.meta.dirname, '..', 'src');
const require = createRequire(join(import.meta.dirname, 'antd-css.test.ts'));

describe('a selector needs the classes outside its functional pseudo-classes', () => {
  it('ignores the classes of :not(), :is(), :where() and :has()', () => {
    expect(requiredClasses('.ant-btn:not(.ant-steps-x) .ant-icon:is(.ant-tour,.ant-carousel)')).toEqual([
      'ant-btn',
      'ant-icon',
    ]);
    expect(requiredClasses('.ant-form-item:where(.ant-rate) >label')).toEqual(['ant-form-item']);
  });
});

describe("antd's sheet cut to the prefixes drawn", () => {
  const owners = new Map([
    ['btn', new Set(['button'])],
    ['input', new Set(['input'])],
    ['input-number', new Set(['input-number'])],
    ['steps', new Set(['steps'])],
  ]);
  const absent = new Set(['input-number', 'steps']);
  const trim = (css: string) => trimAntdCss(css, absent, owners);

  it('drops the rules of an absent prefix and keeps the others as written', () => {
    expect(trim('.ant-btn{color:red;}.ant-steps-item{color:blue;}.ant-input{margin:0;}')).toBe(
      '.ant-btn{color:red;}.ant-input{margin:0;}',
    );
  });

  it('takes the longest prefix: input-number is not input', () => {
    expect(trim('.ant-input-number-handler{a:b;}.ant-input-affix{c:d;}')).toBe('.ant-input-affix{c:d;}');
  });

  it('drops only the selectors of a list that need an absent class', () => {
    expect(trim('.ant-btn,.ant-steps .ant-btn,.ant-input{a:b;}')).toBe('.ant-btn,.ant-input{a:b;}');
  });

  it('keeps a rule whose absent class is only inside :not()', () => {
    expect(trim('.ant-btn:not(.ant-steps){a:b;}')).toBe('.ant-btn:not(.ant-steps){a:b;}');
  });

  it('keeps rules with no component class, and classes no prefix claims', () => {
    expect(trim('a{color:blue;}.anticon{display:inline-flex;}.ant-zoom-enter{opacity:0;}')).toBe(
      'a{color:blue;}.anticon{display:inline-flex;}.ant-zoom-enter{opacity:0;}',
    );
  });

  it("drops the variable blocks of antd's server-rendered ids", () => {
    expect(
      trim('.css-var-_R_0_{--ant-a:1;}.css-var-_R_0_.ant-btn-css-var{--ant-b:2;}.ant-btn-css-var{c:d;}'),
    ).toBe('.ant-btn-css-var{c:d;}');
  });

  it('drops an at-rule left empty and keyframes no kept rule names', () => {
    expect(
      trim(
        '@media (max-width:575px){.ant-steps{a:b;}}@keyframes antStepsIn{0%{opacity:0;}}@keyframes antBtnIn{0%{opacity:0;}}.ant-btn{animation-name:antBtnIn;}.ant-steps{animation:antStepsIn 1s;}',
      ),
    ).toBe('@keyframes antBtnIn{0%{opacity:0;}}.ant-btn{animation-name:antBtnIn;}');
  });
});

describe("the console's components, read in antd's sources", () => {
  const esDir = antdEsDir();
  const imports = antdImports(SRC, esDir);
  const drawn = drawnDirs(imports, esDir);
  const owners = prefixOwners(esDir);
  const absent = absentPrefixes(owners, drawn);

  it('finds the components the console imports, and what they draw inside them', () => {
    for (const dir of ['table', 'select', 'form', 'modal', 'date-picker', 'menu', 'app'])
      expect(imports).toContain(join(esDir, dir, 'index.js'));
    // Table draws the pagination, the selection's checkbox and radio, the filter's dropdown, the
    // spinner, the empty state, the header's tooltips; Form draws the grid; Modal its buttons.
    for (const dir of [
      'pagination',
      'checkbox',
      'radio',
      'dropdown',
      'spin',
      'empty',
      'tooltip',
      'grid',
      'button',
    ])
      expect(drawn).toContain(dir);
    // Nothing the console draws renders these.
    for (const dir of ['steps', 'carousel', 'tour', 'transfer', 'cascader', 'calendar'])
      expect(drawn).not.toContain(dir);
    for (const prefix of ['btn', 'table', 'pagination', 'select', 'picker', 'input', 'input-number', 'form'])
      expect(absent).not.toContain(prefix);
    expect(absent).toContain('steps');
    expect(absent).toContain('picker-calendar');
  });

  it("keeps, for every component the console can draw, every rule of antd's sheet that names its classes", () => {
    const full = readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
    const { css } = consoleAntdCss(SRC);
    expect(css.length).toBeLessThan(full.length * 0.8);
    const keptPrefixes = new Set([...owners.keys()].filter((prefix) => !absent.has(prefix)));
    // The rules whose selector list holds a component's root class (`.ant-btn`) alone.
    const rootRules = (text: string) => {
      const out = new Set<string>();
      postcss.parse(text).walkRules((rule) => {
        for (const s of rule.selectors) {
          const prefix = /^\.ant-([a-z-]+)$/.exec(s)?.[1];
          if (prefix && keptPrefixes.has(prefix)) out.add(rule.toString());
        }
      });
      return out;
    };
    const inFull = rootRules(full);
    expect(inFull.size).toBeGreaterThan(30);
    const inCut = rootRules(css);
    expect([...inFull].filter((rule) => !inCut.has(rule))).toEqual([]);
  });

  it('fails on a component name antd does not export', () => {
    const dir = mkdtempSync(join(tmpdir(), 'antd-imports-'));
    try {
      writeFileSync(join(dir, 'page.tsx'), "import { Buton, type TableProps } from 'antd';\n");
      expect(() => antdImports(dir, esDir)).toThrow(/Buton/);
      writeFileSync(join(dir, 'page.tsx'), "import { Button as B, type TableProps } from 'antd';\n");
      expect(antdImports(dir, esDir)).toEqual([join(esDir, 'button', 'index.js')]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

describe('the build plugin', () => {
  it("puts the cut sheet in src/app/antd.css's layer in place of the import", () => {
    const plugin = antdUsedCss(SRC);
    const source = readFileSync(join(SRC, 'app', 'antd.css'), 'utf8');
    const transform = plugin.transform as (this: unknown, code: string, id: string) => { code: string };
    const out = transform.call(
      {
        info() {},
        error: (m: string) => {
          throw new Error(m);
        },
      },
      source,
      join(SRC, 'app', 'antd.css'),
    );
    expect(out.code).not.toContain('@import');
    expect(out.code).toMatch(/@layer antd\{\.ant-/);
    expect(out.code).toContain('.ant-table-wrapper');
    expect(out.code).not.toContain('.ant-steps');
  });
});
