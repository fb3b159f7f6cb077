import { describe, expect, it } from 'vitest';
import { assertNoServerOnlyModules, serverOnlyModules } from './server-only-modules.ts';

const TEXTS = '/repo/packages/contract/src/server-texts';

describe('server-only modules guard', () => {
  it('finds the catalogue’s modules and leaves the key marker and everything else', () => {
    const modules = [
      `${TEXTS}/index.ts`,
      `${TEXTS}/sections.ts`,
      `${TEXTS}/voice.ts`,
      `${TEXTS}/issue.ts`,
      '/repo/packages/contract/src/messages.ts',
      '/repo/packages/contract/src/shell-api.ts',
      '/repo/apps/console/src/i18n/server-texts.ts',
    ];
    expect(serverOnlyModules(modules)).toEqual([
      `${TEXTS}/index.ts`,
      `${TEXTS}/sections.ts`,
      `${TEXTS}/voice.ts`,
    ]);
  });

  it('recognises Windows paths', () => {
    expect(serverOnlyModules(['C:\\repo\\packages\\contract\\src\\server-texts\\index.ts'])).toHaveLength(1);
  });

  it('fails the build naming the modules, and passes without them', () => {
    expect(() => assertNoServerOnlyModules([`${TEXTS}/index.ts`, `${TEXTS}/issue.ts`])).toThrow(
      /catalogue in the console's bundle:\n {2}packages\/contract\/src\/server-texts\/index\.ts\nSomething/,
    );
    expect(() => assertNoServerOnlyModules([`${TEXTS}/issue.ts`, '/repo/src/main.tsx'])).not.toThrow();
  });
});
