import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValidationCronImport, STAND_IN_SOURCE } from './console-cron.ts';

const SRC = path.resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [file] : [];
  });
}

describe("the console's build leaves the server's cron check out", () => {
  it("answers only the contract validation's import of cron.ts", () => {
    const validation = '/repo/packages/contract/src/resources/validation.ts';
    expect(isValidationCronImport('../cron.ts', validation)).toBe(true);
    expect(isValidationCronImport('../cron.ts', '/repo/packages/contract/src/index.ts')).toBe(false);
    expect(isValidationCronImport('./types.ts', validation)).toBe(false);
    expect(isValidationCronImport('../cron.ts', undefined)).toBe(false);
  });

  it('a stand-in that refuses to check rather than pass a cron expression', async () => {
    const url = `data:text/javascript,${encodeURIComponent(STAND_IN_SOURCE)}`;
    const { cronError } = (await import(/* @vite-ignore */ url)) as { cronError: () => unknown };
    expect(() => cronError()).toThrow(/recordSchemaWith/);
  });

  it("no console module calls the server's recordSchema, so the stand-in is never reached", () => {
    const callers = sources(SRC).filter((file) => /\brecordSchema\s*\(/.test(fs.readFileSync(file, 'utf8')));
    expect(callers).toEqual([]);
  });
});
