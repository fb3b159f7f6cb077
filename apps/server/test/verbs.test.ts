import { resourceByName } from '@igs/contract/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFeatures } from '../src/platform/feature.ts';
import { unimplementedVerbs } from '../src/platform/resources/verbs.ts';
import { insertRecord, type WriteTarget } from '../src/platform/resources/write.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const RECORDS = '/admin.php/smart/terminal_record';

describe('resource verbs', () => {
  it('every verb a description declares is implemented by a feature', async () => {
    const { features } = await import('../src/app.ts');
    installFeatures(features);
    expect(unimplementedVerbs()).toEqual([]);
  });
});

/** The generic verb call (platform/resources/verbs.ts), through smart/TerminalRecord's read and read_all. */
describeEachDb('resource verbs over HTTP', (kind) => {
  let s: TestServer;
  let token: string;
  const event = (site: number, detail: string) =>
    insertRecord(
      { db: s.app.db.kysely as unknown as WriteTarget['db'], lang: 'en', now: Date.now() },
      resourceByName('smart:terminal_record')!,
      { terminal: 'tv-0805', area: '0805', type: 'message', detail },
      site,
      { system: true },
    );
  const readFlags = async () =>
    Object.fromEntries(
      (
        await s.app.db.kysely
          .selectFrom('smart_terminal_event' as never)
          .select(['id', 'read'] as never)
          .execute()
      ).map((r) => [Number((r as { id: number }).id), Number((r as { read: number }).read)]),
    );

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('read marks the chosen records, read_all the rest of the site; both logged', async () => {
    const a = await event(0, 'a');
    const b = await event(0, 'b');
    const c = await event(0, 'c');
    const other = await event(7, 'another site');
    const r = await s.call<{ updated: number }>(RECORDS, { method: 'read', ids: [a, b] }, { token });
    expect(r).toMatchObject({ code: 200, data: { updated: 2 } });
    expect(await readFlags()).toMatchObject({ [a]: 1, [b]: 1, [c]: 0, [other]: 0 });
    const all = await s.call<{ updated: number }>(RECORDS, { method: 'read_all' }, { token });
    expect(all.data.updated).toBe(1);
    // Another site's records are not the full-mode site's to mark.
    expect(await readFlags()).toMatchObject({ [c]: 1, [other]: 0 });
    const log = await s.call<{ list: { module: string; action: string; detail: string }[] }>(
      '/admin.php/system/logging',
      { method: 'list', filter: { module: 'smart:terminal_record' } },
      { token },
    );
    expect(log.data.list.map((e) => e.action).sort()).toEqual(['read', 'read_all']);
    expect(log.data.list.find((e) => e.action === 'read')!.detail).toBe(
      `smart:terminal_record read #${a}, #${b}`,
    );
  });

  it('refuses records outside the caller’s site, and bad ids, changing nothing', async () => {
    const mine = await event(0, 'mine');
    const other = await event(7, 'theirs');
    const before = await readFlags();
    const r = await s.call(RECORDS, { method: 'read', ids: [mine, other] }, { token });
    expect(r.code).toBe(404);
    expect(r.msg).toBe(`No such record: #${other}`);
    expect((await s.call(RECORDS, { method: 'read', ids: [] }, { token })).code).toBe(422);
    expect((await s.call(RECORDS, { method: 'read' }, { token })).code).toBe(422);
    expect(await readFlags()).toEqual(before);
  });

  it('needs the verb’s own button key', async () => {
    const id = await event(0, 'key');
    const viewer = await accountWith(s, `viewer_${kind}`, [RECORDS], []);
    const refused = await s.call(RECORDS, { method: 'read', ids: [id] }, { token: viewer });
    expect(refused.code).toBe(403);
    const reader = await accountWith(s, `reader_${kind}`, [RECORDS], ['smart:terminal_record:read']);
    expect((await s.call(RECORDS, { method: 'read', ids: [id] }, { token: reader })).code).toBe(200);
    expect((await s.call(RECORDS, { method: 'read_all' }, { token: reader })).code).toBe(403);
  });
});
