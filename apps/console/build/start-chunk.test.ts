import { describe, expect, it } from 'vitest';
import { assertStartModules, forbiddenStartModules } from './start-chunk.ts';

const NM = '/repo/node_modules';

describe('start chunk guard', () => {
  it('finds antd, @ant-design, @rc-component and rc-* modules, and nothing else', () => {
    const modules = [
      `${NM}/react-dom/cjs/react-dom-client.production.js`,
      `${NM}/react-router/dist/index.mjs`,
      '/repo/apps/console/src/pages/login/Login.tsx',
      '/repo/apps/console/src/antd-like/notes.ts',
      `${NM}/antd/es/button/index.js`,
      `${NM}/@ant-design/cssinjs/es/index.js`,
      `${NM}/@rc-component/util/es/index.js`,
      `${NM}/rc-motion/es/index.js`,
      `${NM}/@ant-design/icons/es/icons/UserOutlined.js`,
    ];
    expect(forbiddenStartModules(modules)).toEqual([
      `${NM}/@ant-design/cssinjs/es/index.js`,
      `${NM}/@ant-design/icons/es/icons/UserOutlined.js`,
      `${NM}/@rc-component/util/es/index.js`,
      `${NM}/antd/es/button/index.js`,
      `${NM}/rc-motion/es/index.js`,
    ]);
  });

  it('recognises Windows paths', () => {
    expect(forbiddenStartModules(['C:\\repo\\node_modules\\antd\\es\\input\\index.js'])).toHaveLength(1);
  });

  it('fails the build naming the packages, and passes without them', () => {
    const found = [
      `${NM}/antd/es/checkbox/index.js`,
      `${NM}/antd/es/input/index.js`,
      `${NM}/rc-motion/es/a.js`,
    ];
    expect(() => assertStartModules(found)).toThrow(/antd \(2 modules\)\n {2}rc-motion \(1 modules\)/);
    expect(() => assertStartModules([`${NM}/react/index.js`, '/repo/src/main.tsx'])).not.toThrow();
  });
});
