import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_CLASSES, LOCK_KEYS } from '../../src/platform/db/lock-keys.ts';

/*
 * Advisory lock keys live in platform/db/lock-keys.ts only: two kinds of work sharing a key would
 * wait on each other (or, with a try-lock, skip each other's passes) across the whole fleet.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('advisory lock keys', () => {
  it('are all different', () => {
    const keys = Object.values(LOCK_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    const classes = Object.values(LOCK_CLASSES);
    expect(new Set(classes).size).toBe(classes.length);
    // A two-key class is a 32-bit integer, as PostgreSQL's (int, int) form takes.
    for (const c of classes) expect(Number.isInteger(c) && c >= -(2 ** 31) && c < 2 ** 31).toBe(true);
  });

  it('are never written as a number at a lock call outside lock-keys.ts', () => {
    // A lock function called with a literal (`pg_advisory_lock(42)`) or a parameter list starting
    // with one: any key must come from LOCK_KEYS or LOCK_CLASSES.
    const literal = /pg_(?:try_)?advisory_(?:xact_)?(?:un)?lock(?:_shared)?\(\s*-?(?:0x[\da-f_]+|\d[\d_]*)/i;
    const offenders = sourceFiles(SRC)
      .filter((f) => !f.endsWith(`${path.sep}lock-keys.ts`))
      .filter((f) => literal.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f));
    expect(offenders).toEqual([]);
  });

  it('are each used by the code their comment names', () => {
    const text = sourceFiles(SRC)
      .filter((f) => !f.endsWith(`${path.sep}lock-keys.ts`))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    for (const name of Object.keys(LOCK_KEYS)) expect(text, name).toContain(`LOCK_KEYS.${name}`);
    for (const name of Object.keys(LOCK_CLASSES)) expect(text, name).toContain(`LOCK_CLASSES.${name}`);
  });
});
