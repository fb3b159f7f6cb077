import { describe, expect, it } from 'vitest';
import { assertOffShellPackages, offShellModules } from './off-shell-packages.ts';

const ZOD = '/repo/node_modules/zod/v4/classic/schemas.js';
const CORE = '/repo/node_modules/zod/v4/core/core.js';

describe('packages kept off the sign-in page and the shell', () => {
  it('finds zod in the start chunk, the shell or the record page’s chunk, not in the record form’s', () => {
    const chunkOf = new Map([
      [ZOD, 'shell'],
      ['/repo/node_modules/antd/es/index.js', 'shell'],
      ['/repo/node_modules/zod/v4/classic/parse.js', 'records'],
      ['/repo/node_modules/zod/v4/classic/errors.js', 'record-forms'],
    ]);
    expect(offShellModules([CORE, '/repo/apps/console/src/main.tsx'], chunkOf)).toEqual([
      'records: zod/v4/classic/parse.js',
      'shell: zod/v4/classic/schemas.js',
      'start: zod/v4/core/core.js',
    ]);
    expect(offShellModules([], new Map([[ZOD, 'record-forms']]))).toEqual([]);
  });

  it('fails the build naming the modules, and passes without them', () => {
    expect(() => assertOffShellPackages([], new Map([[ZOD, 'shell']]))).toThrow(
      /zod in the sign-in page's chunk, the signed-in shell or the record page's chunk:\n {2}shell: zod\/v4\/classic\/schemas\.js\n/,
    );
    expect(() => assertOffShellPackages([], new Map([[ZOD, 'area-voice-forms']]))).not.toThrow();
  });
});
