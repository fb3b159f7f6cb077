import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.ts';

// Operations-mode pages share the /operations/ prefix with the operations API (DOMAIN 1.2):
// opening or reloading /operations/live in a browser must give the console, not a JSON 404.
describe('operations-mode pages opened by URL', () => {
  let s: TestServer;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-console-'));
  const page = '<!doctype html><html><head><title>t</title></head><body></body></html>';
  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'index.html'), page);
    s = await startServer('sqlite', { consoleDir: dir });
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a browser navigation (Accept: text/html) gets the page', async () => {
    for (const route of [
      '/operations/live?id=1&tab=live_type',
      '/operations/advertising',
      '/Operations/mall',
    ]) {
      const res = await fetch(s.url + route, {
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(res.status, route).toBe(200);
      expect(await res.text()).toBe(page);
    }
  });

  it('an API client still gets the JSON 404 for a GET on an operations path', async () => {
    for (const accept of ['application/json, text/plain, */*', '']) {
      const res = await fetch(`${s.url}/operations/media/live`, { headers: accept ? { accept } : {} });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 404, msg: 'No such call: GET /operations/media/live' });
    }
    const admin = await fetch(`${s.url}/admin.php/nope`, { headers: { accept: 'text/html' } });
    expect(admin.status).toBe(404);
  });
});
