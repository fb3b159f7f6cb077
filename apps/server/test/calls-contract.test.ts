import { allCalls } from '@igs/contract/calls';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { allActions } from '../src/app.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as plain JSON
type Json = any;

/*
 * The calls the contract types end to end (`@igs/contract/calls`, issue 14 item 1): each is served
 * by exactly one action, and the OpenAPI document describes its reply with the contract's schema.
 */

it('every call of the contract is served by exactly one action', () => {
  for (const c of allCalls) {
    const served = allActions.filter(
      (a) => a.path.toLowerCase() === c.path.toLowerCase() && (a.method ?? '') === (c.method ?? ''),
    );
    expect(served.length, `${c.path} ${c.method ?? ''}`).toBe(1);
  }
});

describeEachDb('the OpenAPI document', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('describes the replies of the typed calls with the contract’s schemas', async () => {
    const doc: Json = await (await fetch(`${s.url}/api-docs`)).json();
    const reply = (path: string) =>
      doc.paths[path].post.responses[200].content['application/json'].schema as Json;
    const disks = reply('/admin.php/system/disk_set');
    const data = disks.allOf[1].properties.data;
    const list = data.oneOf.find((o: Json) => o.title === 'list');
    expect(Object.keys(list.properties)).toEqual(
      expect.arrayContaining(['list', 'total', 'threshold', 'warnings', 'source', 'smart_available']),
    );
    const running = reply('/admin.php/system/running').allOf[1].properties.data;
    expect(running.properties.cpu.properties.usage_pct).toBeDefined();
    // A call the contract does not type yet keeps the bare envelope.
    expect(reply('/admin.php/system/logging')).toEqual({ $ref: '#/components/schemas/Envelope' });
  });
});
