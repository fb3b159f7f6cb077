import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Paths } from '@igs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  consoleScriptHashes,
  inlineScriptHashes,
} from '../src/platform/http/security-headers.ts';
import { startServer, type TestServer } from './support/server.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// Issue 18 item 2: the console's page starts its sign-in form and calls with an inline script; the
// policy allows exactly that script, by its hash, and still no other inline script.
describe('the console page inline script in the Content-Security-Policy', () => {
  const early = '(function(){window.__igsEarly={};})();';
  let dir: string;
  let s: TestServer;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-csp-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><script type="module" crossorigin src="/assets/a.js"></script></head>` +
        `<body><div id="app"></div><script>${early}</script></body></html>`,
    );
    s = await startServer('sqlite', { consoleDir: dir });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('allows the page its own inline script by hash, on the page and on API replies alike', async () => {
    const page = await fetch(`${s.url}/login`, { headers: { accept: 'text/html' } });
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`script-src 'self' ${sha256(early)};`);
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(policy.replace(` ${sha256(early)}`, '')).toBe(CONTENT_SECURITY_POLICY);
    const api = await fetch(s.url + Paths.health);
    expect(api.headers.get('content-security-policy')).toBe(policy);
  });

  it('refuses a console page with a second inline script instead of allowing it too', () => {
    const two = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-csp-'));
    try {
      fs.writeFileSync(path.join(two, 'index.html'), `<script>${early}</script><script>evil()</script>`);
      expect(() => consoleScriptHashes(two)).toThrow(/2 inline scripts/);
      expect(consoleScriptHashes(dir)).toEqual([sha256(early)]);
    } finally {
      fs.rmSync(two, { recursive: true, force: true });
    }
  });

  it('hashes only scripts without src, exactly their text', () => {
    const html = `<script src="/x.js"></script><script>a()</script><SCRIPT type="text/javascript">b()\n</SCRIPT><script></script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()\n')]);
  });
});
