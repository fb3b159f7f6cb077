import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readTar, safeEntryName, writeTar } from '../../src/platform/lib/tar.ts';

async function read(tar: Buffer): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await readTar(
    (async function* () {
      // Odd chunk sizes: the reader must not care where chunks end.
      for (let i = 0; i < tar.length; i += 777) yield tar.subarray(i, i + 777);
    })(),
    async (e, body) => {
      if (e.type === 'directory') return;
      const parts: Buffer[] = [];
      for await (const c of body) parts.push(c);
      out[e.name] = Buffer.concat(parts).toString();
    },
  );
  return out;
}

async function write(files: Record<string, string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of writeTar(
    Object.entries(files).map(([name, text]) => ({
      name,
      size: Buffer.byteLength(text),
      body: async function* () {
        yield Buffer.from(text);
      },
    })),
  ))
    chunks.push(c);
  return Buffer.concat(chunks);
}

describe('tar', () => {
  it('round-trips files, long names through the ustar prefix, and any chunking', async () => {
    const long = `${'a'.repeat(90)}/${'b'.repeat(60)}/${'c'.repeat(80)}.txt`;
    const files = { 'x.txt': 'x', [long]: 'long name', 'd/e/f.json': '{"a":1}', empty: '' };
    expect(await read(await write(files))).toEqual(files);
  });

  it('refuses unsafe names when writing and reading', async () => {
    for (const bad of ['../x', '/etc/passwd', 'a/../../b', 'a\\b', 'C:/x', '', 'a//b'])
      expect(safeEntryName(bad)).toBeNull();
    expect(safeEntryName('./a/b/')).toBe('a/b');
    await expect(write({ '../x': 'y' })).rejects.toThrow(/unsafe name/);
  });

  it('reads what GNU tar writes (directories, ./ prefixes, long names), and refuses its links', async () => {
    let hasTar = true;
    try {
      execFileSync('tar', ['--version']);
    } catch {
      hasTar = false;
    }
    if (!hasTar) return;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-tar-'));
    try {
      const deep = path.join(dir, 'src', 'n'.repeat(120));
      fs.mkdirSync(deep, { recursive: true });
      fs.writeFileSync(path.join(deep, 'file.txt'), 'deep');
      fs.writeFileSync(path.join(dir, 'src', 'top.txt'), 'top');
      const tgz = execFileSync('tar', ['-czf', '-', '-C', path.join(dir, 'src'), '.']);
      expect(await read(gunzipSync(tgz))).toEqual({
        [`${'n'.repeat(120)}/file.txt`]: 'deep',
        'top.txt': 'top',
      });
      fs.symlinkSync('/etc/passwd', path.join(dir, 'src', 'link'));
      const withLink = execFileSync('tar', ['-czf', '-', '-C', path.join(dir, 'src'), '.']);
      await expect(read(gunzipSync(withLink))).rejects.toThrow(/link or special file/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a truncated or damaged archive', async () => {
    const tar = await write({ 'a.txt': 'hello' });
    await expect(read(tar.subarray(0, 600))).rejects.toThrow(/truncated/);
    const bad = Buffer.from(tar);
    bad[10] = 0x41;
    await expect(read(bad)).rejects.toThrow(/damaged header/);
  });
});
