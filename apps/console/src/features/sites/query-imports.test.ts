import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * biome.json forbids importing `useQuery`, `useInfiniteQuery`, `useQueries` and `useSuspenseQuery`
 * by name outside scoped-query.ts; Biome's rule does not see through a namespace import or a
 * `require`, so this scan closes that gap: no console query can leave the page's sites out.
 */
const SRC = path.resolve(import.meta.dirname, '../..');
const WRAPPER = path.join(SRC, 'features/sites/scoped-query.ts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const UNSCOPED = /\buse(?:Query|InfiniteQuery|Queries|SuspenseQuery|SuspenseQueries|SuspenseInfiniteQuery)\b/;

/** What a file takes from '@tanstack/react-query' that could reach an unscoped query. */
function unscopedUses(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+['"]@tanstack\/react-query['"]/g)) {
    if (m[1]) continue;
    const clause = m[2]!;
    if (/\*\s+as\s+\w+/.test(clause)) found.push(`namespace import: ${clause}`);
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    for (const name of named.split(',').map((n) => n.trim().replace(/^type\s+/, ''))) {
      const imported = name.split(/\s+as\s+/)[0]!;
      if (UNSCOPED.test(imported) && !name.startsWith('type ')) found.push(imported);
    }
  }
  for (const m of text.matchAll(/export\s+(?:\*|\{[^}]*\})\s+from\s+['"]@tanstack\/react-query['"]/g))
    if (m[0].includes('*') || UNSCOPED.test(m[0])) found.push(`re-export: ${m[0]}`);
  if (/(?:require|import)\(\s*['"]@tanstack\/react-query['"]\s*\)/.test(text)) found.push('dynamic import');
  return found;
}

describe('console queries are scoped to the page sites', () => {
  it('the scan sees every way around the wrapper', () => {
    expect(unscopedUses("import { useQuery, useQueryClient } from '@tanstack/react-query';")).toEqual([
      'useQuery',
    ]);
    expect(unscopedUses("import * as Q from '@tanstack/react-query';")).toHaveLength(1);
    expect(unscopedUses("import { useQueries as many } from '@tanstack/react-query';")).toEqual([
      'useQueries',
    ]);
    expect(unscopedUses("export * from '@tanstack/react-query';")).toHaveLength(1);
    expect(unscopedUses("const q = await import('@tanstack/react-query');")).toEqual(['dynamic import']);
    expect(
      unscopedUses(
        "import { keepPreviousData, type QueryKey, useQueryClient } from '@tanstack/react-query';",
      ),
    ).toEqual([]);
  });

  it('no file but the wrapper reads TanStack Query unscoped', () => {
    const offenders = sources(SRC)
      // The wrapper itself, and this file, whose samples above are strings.
      .filter((file) => file !== WRAPPER && file !== import.meta.filename)
      .flatMap((file) =>
        unscopedUses(readFileSync(file, 'utf8')).map((use) => `${path.relative(SRC, file)}: ${use}`),
      );
    expect(offenders).toEqual([]);
  });
});
