import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backupTables } from '../src/features/backup/database-dump.ts';
import { endsTheCaller, type JsonSchema, type Operation, operationsOf } from './support/operations.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { BOOKKEEPING_TABLES, changedTables, tableFingerprint } from './support/table-snapshot.ts';

/**
 * A fuzz run over every operation of the OpenAPI document (issue 12, item 9): wrong types,
 * injection and traversal strings, prototype keys, oversize values and malformed bodies, sent as
 * an administrator (who reaches everything, so only validation stands between the input and the
 * data) and without a token. Asserted: no 5xx, no code 5000, no stack in a reply or an error line
 * in the server's log, no polluted prototype, and no table changed by a refused call. Seeded, so a
 * failure repeats.
 */

const SEED = 20261126;
const VARIANTS_PER_OPERATION = 4;
const STACK = /\n\s+at |node_modules|\.ts:\d+/;

/** mulberry32: small, seeded, good enough to pick inputs. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY_STRINGS = [
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '"; rm -rf / #',
  '$(reboot)',
  '`id`',
  '| cat /etc/passwd',
  '../../../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/shadow',
  'file:///etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'a\u0000b',
  '<script>alert(1)</script>',
  '{{7*7}}\u0024{7*7}',
  '__proto__',
  '\uD800',
  '😀'.repeat(300),
  'x'.repeat(70_000),
  '-1',
  '1e309',
  'NaN',
];
const NASTY_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  2 ** 63,
  -(2 ** 53),
  1.5,
  [],
  [null],
  Array.from({ length: 3000 }, (_, i) => i),
  {},
  { $gt: '' },
  { __proto__: { polluted: 1 } },
  [{}],
];

type Variant = { kind: 'json'; body: unknown } | { kind: 'raw'; body: string; contentType: string };

function fields(schema: JsonSchema): string[] {
  return Object.keys(schema.properties ?? {}).filter((k) => k !== 'method');
}

/** One malformed input for an operation. */
function variant(op: Operation, rnd: () => number): Variant {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const base: Record<string, unknown> = op.method ? { method: op.method } : {};
  const names = fields(op.schema);
  const name = names.length ? pick(names) : pick(['id', 'ids', 'name', 'file', 'path', 'keyword']);
  switch (Math.floor(rnd() * 7)) {
    case 0: // a nasty string in one field
      return { kind: 'json', body: { ...base, [name]: pick(NASTY_STRINGS) } };
    case 1: // a value of the wrong type in one field
      return { kind: 'json', body: { ...base, [name]: pick(NASTY_VALUES) } };
    case 2: // every field at once
      return {
        kind: 'json',
        body: {
          ...base,
          ...Object.fromEntries(
            names.map((n) => [n, rnd() < 0.5 ? pick(NASTY_STRINGS) : pick(NASTY_VALUES)]),
          ),
        },
      };
    case 3: // prototype keys as field names
      return {
        kind: 'raw',
        contentType: 'application/json',
        body: `{"method":${JSON.stringify(op.method ?? '')},"__proto__":{"isAdmin":1},"constructor":{"prototype":{"polluted":1}},${JSON.stringify(name)}:{"__proto__":{"x":1}}}`,
      };
    case 4: // a form with nested brackets and repeated keys
      return {
        kind: 'raw',
        contentType: 'application/x-www-form-urlencoded',
        body: `method=${encodeURIComponent(op.method ?? '')}&${name}[0][__proto__][x]=1&${name}=a&${name}=b&filter[$where]=1`,
      };
    case 5: // not JSON, or JSON that is not an object
      return {
        kind: 'raw',
        contentType: 'application/json',
        body: pick(['{"method":', '[1,2,3]', '"text"', 'null', '{"method":"x"}}', '\u0000\u0001']),
      };
    default: // a body over the size limit
      return { kind: 'json', body: { ...base, [name]: 'y'.repeat(1_100_000) } };
  }
}

describeEachDb('fuzz over the OpenAPI document', (kind) => {
  let s: TestServer;
  let token: string;
  const errorLines: string[] = [];

  beforeAll(async () => {
    s = await startServer(
      kind,
      {},
      {
        // The server's own log: an error line means an unexpected failure.
        logger: {
          level: 'error',
          stream: {
            write: (line: string) => {
              errorLines.push(line.slice(0, 500));
            },
          },
        },
      },
    );
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('a few thousand malformed requests: no 5xx, no stack, no pollution, nothing changed by a refusal', async () => {
    const ops = (await operationsOf(s)).filter((op) => !endsTheCaller(op));
    // biome-ignore lint/suspicious/noExplicitAny: every table
    const db = s.app.db.kysely as unknown as Kysely<any>;
    const tables = (await backupTables(db, s.app.db.kind))
      .map((t) => t.name)
      .filter((n) => !BOOKKEEPING_TABLES.has(n));
    const rnd = prng(SEED);
    const failures: string[] = [];
    const changedByRefusal: string[] = [];
    let last = await tableFingerprint(s);
    let requests = 0;
    const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();

    for (const op of ops) {
      for (let i = 0; i < VARIANTS_PER_OPERATION; i++) {
        const v = variant(op, rnd);
        const anonymous = rnd() < 0.15;
        const headers: Record<string, string> = anonymous ? {} : { IGSAuth: token };
        let body: string;
        if (v.kind === 'json') {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(v.body);
        } else {
          headers['content-type'] = v.contentType;
          body = v.body;
        }
        const writesBefore = s.app.db.writes.count(tables);
        const isGet = op.http === 'GET';
        const res = await fetch(
          isGet ? `${s.url}${op.path}?q=${encodeURIComponent(body.slice(0, 2000))}` : s.url + op.path,
          { method: op.http, headers, ...(isGet ? {} : { body }) },
        );
        const text = await res.text();
        requests++;
        const name = `${op.http} ${op.path}${op.method ? ` ${op.method}` : ''}`;
        let code = res.status;
        try {
          code = (JSON.parse(text) as { code: number }).code;
        } catch {
          // A file or an image: judged by its HTTP status.
        }
        // A successful reply may quote host text (the process list names node_modules): stacks are
        // looked for in refusals.
        if (res.status >= 500 || code === 5000 || (code !== 200 && STACK.test(text)))
          failures.push(
            `${name} <- ${body.slice(0, 300)}: HTTP ${res.status}, code ${code}: ${text.slice(0, 200)}`,
          );
        if (s.app.db.writes.count(tables) !== writesBefore) {
          const now = await tableFingerprint(s);
          if (code !== 200) {
            const changed = changedTables(last, now);
            if (changed.length) changedByRefusal.push(`${name} (code ${code}) changed ${changed.join(', ')}`);
          }
          last = now;
        }
        // A fuzzed call that ended the administrator's session (or an API of its own tokens that
        // refused it): sign in again, and take the sign-in's own writes as the new baseline.
        if (!anonymous && (code === 1002 || code === 1005) && !op.path.startsWith('/api/')) {
          token = await s.login();
          last = await tableFingerprint(s);
        }
      }
    }
    expect(failures, 'answers with 5xx, code 5000 or a stack').toEqual([]);
    expect(changedByRefusal, 'refused calls that changed data').toEqual([]);
    expect(errorLines, 'error lines in the server log').toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(requests).toBeGreaterThan(2000);
  }, 600_000);
});
