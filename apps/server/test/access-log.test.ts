import { Code, type Envelope, Headers, hashPassword, Paths } from '@igs/contract';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  describeEachDb,
  type Fleet,
  startInstances,
  startServer,
  type TestServer,
} from './support/server.ts';

/**
 * Request ids and the access log (issue 17 item 1, docs/deployment/metrics.md): every reply names
 * its request with an id no other instance hands out, and every request leaves one info line with
 * what an operator needs (method, path, HTTP status, envelope code, duration, account, site, id)
 * and nothing a reader of the log must not see (passwords, tokens, signatures, query strings).
 */

const TASKS = '/admin.php/system/timed_task';
const OPS_TASKS = '/operations/system/timed_task';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Line = Record<string, unknown>;

/** The server's log as pino writes it (one JSON object a line), kept for the test to read. */
function captureLog() {
  const raw: string[] = [];
  const lines: Line[] = [];
  return {
    raw,
    lines,
    stream: {
      write(s: string) {
        raw.push(s);
        lines.push(JSON.parse(s) as Line);
      },
    },
  };
}

async function post(
  s: TestServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ id: string; envelope: Envelope }> {
  const res = await fetch(s.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { id: res.headers.get('x-request-id') ?? '', envelope: (await res.json()) as Envelope };
}

describeEachDb('Access log and request ids', (kind) => {
  let s: TestServer;
  let admin: string;
  const log = captureLog();
  /** The access line of a request (written as its reply ends, so it is waited for; bounded). */
  const lineOf = async (id: string): Promise<Line> => {
    let found: Line | undefined;
    await vi.waitFor(
      () => {
        found = log.lines.find((l) => l.reqId === id && l.msg === 'request');
        expect(found, `access line of ${id}`).toBeDefined();
      },
      { timeout: 5000, interval: 10 },
    );
    return found!;
  };

  beforeAll(async () => {
    s = await startServer(kind, {}, { logger: { level: 'info', stream: log.stream } });
    admin = await s.login();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('every reply names its request in X-Request-Id: a random UUID, a new one each time', async () => {
    const ids: string[] = [];
    for (const path of [Paths.health, '/admin.php/no/such/call', TASKS]) {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(s.url + path, { method: path === Paths.health ? 'GET' : 'POST' });
        ids.push(res.headers.get('x-request-id') ?? '');
      }
    }
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a proxy's well-formed X-Request-Id, and replaces anything else", async () => {
    const sent = async (given: string) =>
      (await fetch(s.url + Paths.health, { headers: { 'x-request-id': given } })).headers.get('x-request-id');
    expect(await sent('lb-0f3a9c2e77')).toBe('lb-0f3a9c2e77');
    expect(await sent('0c4e1a3b-7f6d-4e2a-9b8c-1d2e3f4a5b6c')).toBe('0c4e1a3b-7f6d-4e2a-9b8c-1d2e3f4a5b6c');
    for (const bad of [
      'short',
      'x'.repeat(65),
      'has spaces in it',
      '<script>alert(1)</script>',
      'a"b\\c{d}e',
    ])
      expect(await sent(bad), bad).toMatch(UUID);
  });

  it('writes one info line per call: method, path without query, status, code, duration, account, site, id', async () => {
    const { id, envelope } = await post(
      s,
      `${TASKS}?page=2&token=query-secret-77`,
      { method: 'list' },
      {
        IGSAuth: admin,
      },
    );
    expect(envelope.code).toBe(Code.ok);
    const line = await lineOf(id);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      reqId: id,
      method: 'POST',
      path: TASKS,
      status: 200,
      code: Code.ok,
      account: 'admin',
      site: '0',
    });
    expect(typeof line.ms).toBe('number');
    expect(line.ms as number).toBeGreaterThanOrEqual(0);
    expect(log.lines.filter((l) => l.reqId === id && l.msg === 'request')).toHaveLength(1);
  });

  it('a refused call: HTTP 200 and its envelope code, no account', async () => {
    const { id, envelope } = await post(s, TASKS, { method: 'list' });
    expect(envelope.code).toBe(Code.tokenInvalid);
    expect(await lineOf(id)).toMatchObject({
      status: 200,
      code: Code.tokenInvalid,
      account: null,
      site: null,
    });
    const unknown = await post(s, '/admin.php/no/such/call', {});
    expect(await lineOf(unknown.id)).toMatchObject({ status: 404, code: Code.notFound, account: null });
  });

  it("in operations mode, the sites the call names (igs-sids), or all of the account's", async () => {
    const ops = await s.login('admin', 'admin123', 1);
    const named = await post(s, OPS_TASKS, { method: 'list' }, { IGSAuth: ops, [Headers.sites]: '1' });
    expect(await lineOf(named.id)).toMatchObject({ account: 'admin', site: '1', path: OPS_TASKS });
    const all = await post(s, OPS_TASKS, { method: 'list' }, { IGSAuth: ops });
    expect(await lineOf(all.id)).toMatchObject({ account: 'admin', site: 'all' });
    const garbage = await post(s, OPS_TASKS, { method: 'list' }, { IGSAuth: ops, [Headers.sites]: '1;drop' });
    expect(await lineOf(garbage.id)).toMatchObject({ site: 'invalid' });
  });

  it('health checks and scrapes leave no info line (debug only)', async () => {
    const health = await fetch(s.url + Paths.health);
    const ready = await fetch(`${s.url}/readyz`);
    const scrape = await fetch(`${s.url}/metrics`);
    // A later call's line is written after theirs would have been.
    const later = await post(s, TASKS, { method: 'list' }, { IGSAuth: admin });
    await lineOf(later.id);
    for (const res of [health, ready, scrape]) {
      const id = res.headers.get('x-request-id');
      expect(log.lines.filter((l) => l.reqId === id && l.msg === 'request')).toEqual([]);
    }
  });

  it('never writes a password, a token, a signature or a query string', async () => {
    const password = hashPassword('admin123');
    const signIn = await post(s, Paths.login, { username: 'admin', password, code: '', is_operations: 0 });
    expect(signIn.envelope.code).toBe(Code.ok);
    const token = (signIn.envelope.data as { token: string }).token;
    expect(await lineOf(signIn.id)).toMatchObject({ path: Paths.login, account: null, code: Code.ok });
    const wrong = await post(s, Paths.login, {
      username: 'admin',
      password: hashPassword('not-the-password-55'),
      code: '',
      is_operations: 0,
    });
    await lineOf(wrong.id);
    const file = await fetch(`${s.url}${Paths.file}/fileid-zq-424242?sig=signature-secret-99&exp=1`);
    const fileLine = await lineOf(file.headers.get('x-request-id')!);
    expect(fileLine.path).toBe(`${Paths.file}/:id`);
    const listed = await post(s, `${TASKS}?token=query-secret-88`, { method: 'list' }, { IGSAuth: token });
    await lineOf(listed.id);
    const text = log.raw.join('');
    for (const secret of [
      password,
      hashPassword('not-the-password-55'),
      'admin123',
      token,
      admin,
      'signature-secret-99',
      'query-secret-88',
      'query-secret-77',
      'fileid-zq-424242',
    ])
      expect(text.includes(secret), secret).toBe(false);
  });
});

describeEachDb('Request ids across instances', (kind) => {
  let fleet: Fleet | undefined;
  let pair: TestServer[] = [];

  beforeAll(async () => {
    if (kind === 'postgres') {
      fleet = await startInstances(2);
      pair = fleet.instances;
    } else {
      pair = [await startServer(kind), await startServer(kind)];
    }
  });
  afterAll(async () => {
    await (fleet ? fleet.close() : Promise.all(pair.map((x) => x.close())));
  });

  it('two instances never hand out the same id (each counting from one would)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      for (const instance of pair) {
        const res = await fetch(instance.url + Paths.health);
        ids.push(res.headers.get('x-request-id') ?? '');
      }
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(40);
  });
});
