import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The server's layers (docs/architecture.md), checked on its own sources:
 * - platform/ (http, auth, db, resources, uploads, settings, host, logging …) serves every
 *   business and imports none of them;
 * - a business (features/<area>/) reaches another only through that area's index.ts;
 * - no file imports itself back through others (type-only imports are erased and do not count).
 * app.ts and main.ts compose the whole and may import anything.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');
const IMPORT =
  /(?:^|\n)\s*(import|export)(\s+type)?\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/g;

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
}

function edges(): Edge[] {
  const out: Edge[] = [];
  for (const file of sources(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[3] ?? m[4]!;
      out.push({
        from: path.relative(SRC, file),
        to: path.relative(SRC, path.resolve(path.dirname(file), spec)),
        typeOnly: Boolean(m[2]),
      });
    }
  }
  return out;
}

const area = (file: string) => (file.startsWith('features/') ? file.split('/')[1] : undefined);

describe('server layers', () => {
  const all = edges();

  it('reads the imports it checks', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(all.some((e) => e.from === 'app.ts' && e.to.startsWith('features/'))).toBe(true);
  });

  it('platform imports no business', () => {
    const bad = all.filter((e) => e.from.startsWith('platform/') && e.to.startsWith('features/'));
    expect(bad.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('a business reaches another only through its index.ts', () => {
    const bad = all.filter((e) => {
      const mine = area(e.from);
      const theirs = area(e.to);
      if (!mine || !theirs || mine === theirs || !e.from.includes('/', 'features/'.length)) return false;
      return e.to !== `features/${theirs}/index.ts`;
    });
    expect(bad.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('has no import cycles', () => {
    const next = new Map<string, string[]>();
    for (const e of all) if (!e.typeOnly) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    // Tarjan's strongly connected components: any of more than one file is a cycle.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    let counter = 0;
    const visit = (v: string) => {
      index.set(v, counter);
      low.set(v, counter++);
      stack.push(v);
      onStack.add(v);
      for (const w of next.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1) cycles.push(component.sort());
      }
    };
    for (const v of next.keys()) if (!index.has(v)) visit(v);
    expect(cycles).toEqual([]);
  });
});
