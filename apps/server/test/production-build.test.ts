import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toJavaScript } from '../build/build-server.ts';
import { freePort } from './support/ports.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');

describe('production build (apps/server/build/build-server.ts)', () => {
  it('strips types and points relative imports at the built files, leaving packages alone', () => {
    const js = toJavaScript(
      [
        "import type { A } from './a.ts';",
        "import { b } from '../b.ts';",
        "export * from './c.ts';",
        "import { z } from 'zod';",
        'const n: number = 1;',
        "const lazy = () => import('./d.ts');",
      ].join('\n'),
    );
    expect(js).toContain("from '../b.js'");
    expect(js).toContain("from './c.js'");
    expect(js).toContain("import('./d.js')");
    expect(js).toContain("from 'zod'");
    expect(js).not.toMatch(/: number|import type/);
  });

  it('builds, and the built server starts and answers with the contract built beside it', async () => {
    execFileSync(process.execPath, [path.join(REPO, 'apps/server/build/build-server.ts')], { stdio: 'pipe' });
    // Only JavaScript, importing only JavaScript: Node never needs its TypeScript stripper.
    for (const dist of ['apps/server/dist', 'packages/contract/dist']) {
      const files = fs.readdirSync(path.join(REPO, dist), { recursive: true }) as string[];
      const sources = files.filter((f) => f.endsWith('.js'));
      expect(sources.length).toBeGreaterThan(20);
      expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
      for (const f of sources)
        expect(fs.readFileSync(path.join(REPO, dist, f), 'utf8'), f).not.toMatch(
          /from\s*['"]\.{1,2}\/[^'"]+\.ts['"]/,
        );
    }
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-dist-'));
    const child = spawn(
      process.execPath,
      ['--conditions=igs-dist', path.join(REPO, 'apps/server/dist/main.js')],
      {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          GW_CWMP: 'off',
          LOG_LEVEL: 'warn',
          DATABASE_URL: '',
        },
        stdio: 'pipe',
      },
    );
    let output = '';
    child.stderr.on('data', (c) => (output += c));
    try {
      let reply: unknown;
      for (let i = 0; i < 100 && !reply; i++) {
        await new Promise((r) => setTimeout(r, 200));
        reply = await fetch(`http://127.0.0.1:${port}/admin.php/common/copyright`, { method: 'POST' })
          .then((r) => r.json())
          .catch(() => undefined);
      }
      expect(reply, output).toMatchObject({ code: 200, data: { title: '多业务融合网关' } });
    } finally {
      child.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
