import { describe, expect, it } from 'vitest';
import { assertOffShellPackages, offShellModules } from './off-shell-packages.ts';

const ZOD = '/repo/node_modules/zod/v4/classic/schemas.js';
const CORE = '/repo/node_modules/zod/v4/core/core.js';

describe('packages kept off the sign-in page and the shell', () => {
  it('finds zod in the start chunk or the shell, not in the record page’s chunk', () => {
    const chunkOf = new Map([
      [ZOD, 'shell'],
      ['/repo/node_modules/antd/es/index.js', 'shell'],
      ['/repo/node_modules/zod/v4/classic/parse.js', 'records'],
    ]);
    expect(offShellModules([CORE, '/repo/apps/console/src/main.tsx'], chunkOf)).toEqual([
      'shell: zod/v4/classic/schemas.js',
      'start: zod/v4/core/core.js',
    ]);
    expect(offShellModules([], new Map([[ZOD, 'records']]))).toEqual([]);
  });

  it('fails the build naming the modules, and passes without them', () => {
    expect(() => assertOffShellPackages([], new Map([[ZOD, 'shell']]))).toThrow(
      /zod in the sign-in page's chunk or the signed-in shell:\n {2}shell: zod\/v4\/classic\/schemas\.js\n/,
    );
    expect(() => assertOffShellPackages([], new Map([[ZOD, 'area-voice-forms']]))).not.toThrow();
  });
});
