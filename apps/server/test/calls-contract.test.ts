import multipart from '@fastify/multipart';
import { allCalls, diskCalls } from '@igs/contract/calls';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActions } from '../src/app.ts';
import { defineCallAction } from '../src/platform/http/action.ts';
import { mountActions } from '../src/platform/http/dispatch.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as plain JSON
type Json = any;

/*
 * The calls the contract types end to end (`@igs/contract/calls`, issue 14 item 1): each is served
 * by exactly one action built from it; a handler whose reply breaks the call is a type error and,
 * under CHECK_REPLIES (the tests, development), a server fault instead of a wrong reply; the
 * OpenAPI document describes the reply with the contract's schema.
 */

describe('typed calls', () => {
  it('are each served by exactly one action that carries the call’s schemas', () => {
    for (const c of allCalls) {
      const served = allActions.filter(
        (a) => a.path.toLowerCase() === c.path.toLowerCase() && (a.method ?? '') === (c.method ?? ''),
      );
      expect(served.length, `${c.path} ${c.method ?? ''}`).toBe(1);
      expect(served[0]!.output, `${c.path} ${c.method ?? ''}`).toBe(c.output);
    }
  });

  it('cover every action of the server, except those that answer a file or a stream', () => {
    // Each is raw (an image, a text stream) or sends its own prepared envelope; anything else
    // must name its reply in the contract so the console's type checker sees a change of it.
    const why: Record<string, string> = {
      '/admin.php/common/captcha': 'an SVG image',
      '/admin.php/system/ping run': 'a text stream, line by line as the tool prints it',
      '/admin.php/System/auth_menu': 'sends its cached, already encoded envelope (Button beside data)',
      '/admin.php/common/register':
        'refuses a method other than offline with its own 422, which a call’s method literal would turn into 400',
    };
    const untyped = allActions
      .filter((a) => !a.output)
      .map((a) => `${a.path} ${a.method ?? ''}`.trim())
      .filter((key) => !why[key]);
    expect(untyped).toEqual([]);
  });

  it('refuse at compile time a handler whose reply is not the call’s', () => {
    defineCallAction(diskCalls.config, {
      summary: 'a reply with a field of the wrong type',
      access: 'module',
      // @ts-expect-error cleanup_pct is a number in the contract
      async handler() {
        return { media_path: '', record_path: '', cleanup_pct: '90', retention_days: 30 };
      },
    });
    expect(true).toBe(true);
  });
});

describeEachDb('replies checked against the contract', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  it('a reply that breaks its call is a server fault, not a wrong reply', async () => {
    // A stand-in action, served by the real dispatcher over this server's app and database.
    const broken = defineCallAction(
      { ...diskCalls.config, path: '/admin.php/test/broken_reply' },
      {
        summary: 'answers a field the contract does not allow',
        access: 'public',
        // @ts-expect-error retention_days is missing: the point of the test
        async handler() {
          return { media_path: '', record_path: '', cleanup_pct: 90 };
        },
      },
    );
    // A bare Fastify with the multipart parser dispatch relies on, as app.ts registers it.
    const fastify = Fastify();
    await fastify.register(multipart);
    mountActions(fastify, s.app, [broken]);
    const r = await fastify.inject({
      method: 'POST',
      url: '/admin.php/test/broken_reply',
      payload: { method: 'config' },
    });
    expect(r.json().code).toBe(5000);
    // The same action with the check off (production) answers what the handler gave.
    const unchecked = Fastify();
    await unchecked.register(multipart);
    mountActions(unchecked, { ...s.app, config: { ...s.app.config, checkReplies: false } }, [broken]);
    const plain = await unchecked.inject({
      method: 'POST',
      url: '/admin.php/test/broken_reply',
      payload: { method: 'config' },
    });
    expect(plain.json()).toMatchObject({ code: 200, data: { cleanup_pct: 90 } });
    await fastify.close();
    await unchecked.close();
  });

  it('the OpenAPI document describes the typed replies with the contract’s schemas', async () => {
    const doc: Json = await (await fetch(`${s.url}/api-docs`)).json();
    const reply = (path: string) =>
      doc.paths[path].post.responses[200].content['application/json'].schema as Json;
    const disks = reply('/admin.php/system/disk_set');
    const list = disks.allOf[1].properties.data.oneOf.find((o: Json) => o.title === 'list');
    expect(Object.keys(list.properties)).toEqual(
      expect.arrayContaining(['list', 'total', 'threshold', 'warnings', 'source', 'smart_available']),
    );
    const running = reply('/admin.php/system/running').allOf[1].properties.data;
    expect(running.properties.cpu.properties.usage_pct).toBeDefined();
    // A record module's generic calls are described by the contract's resource calls.
    const platform = reply('/admin.php/video/platform').allOf[1].properties.data.oneOf;
    const titles = platform.map((o: Json) => o.title);
    expect(titles).toEqual(expect.arrayContaining(['list', 'detail', 'options', 'add', 'edit', 'del']));
    const records = platform.find((o: Json) => o.title === 'list');
    expect(Object.keys(records.properties)).toEqual(expect.arrayContaining(['list', 'total']));
  });
});
