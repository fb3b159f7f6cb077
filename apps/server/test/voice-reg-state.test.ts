import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resourceByName } from '@igs/contract/resources';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { LIVE_WINDOW_MS, startRegStateSweep, sweepRegStates } from '../src/features/voice/reg-state.ts';
import { insertRecord, type WriteTarget } from '../src/platform/resources/write.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { CONTACTS_20, NO_PJSIP } from './unit/voice-contacts-fixture.ts';

/*
 * Issue 13: an extension's registration state says what this host's Asterisk says, or nothing.
 * The sweep reads `pjsip show contacts` from a stand-in of the asterisk program (the real
 * Asterisk 20 text, unit/voice-contacts-fixture.ts) and the lists show it over HTTP.
 */

const EXT = resourceByName('voice:extension')!;
type Ext = { id: number; extension: string; reg_state: string | null; contact: string | null };

/** An asterisk program whose console prints $FAKE_CONTACTS for `pjsip show contacts`. */
function fakeAsterisk(dir: string): string {
  const file = path.join(dir, 'asterisk');
  fs.writeFileSync(
    file,
    `#!/bin/sh
if [ "$FAKE_AST_STATE" != "running" ]; then
  echo "Unable to connect to remote asterisk (does /var/run/asterisk/asterisk.ctl exist?)"; exit 1
fi
case "$2" in
  "pjsip show contacts") cat "$FAKE_CONTACTS" ;;
  *) echo "" ;;
esac
`,
  );
  fs.chmodSync(file, 0o755);
  return file;
}

describeEachDb('voice registration state', (kind) => {
  let s: TestServer;
  let token: string;
  let tmp: string;
  let fake: string;
  const env = { ...process.env };
  const absent = () => path.join(tmp, 'no-such-asterisk');
  const contacts = (text: string) => fs.writeFileSync(process.env.FAKE_CONTACTS!, text);
  const states = async (filter?: Record<string, unknown>) => {
    const r = await s.call<{ list: Ext[] }>(
      EXT.endpoint,
      { method: 'list', limit: 200, ...(filter ? { filter } : {}) },
      { token },
    );
    expect(r.code, r.msg).toBe(200);
    return Object.fromEntries(
      r.data.list.map((e) => [e.extension, [e.reg_state ?? null, e.contact ?? null]]),
    );
  };
  const live = () => {
    process.env.ASTERISK_BIN = fake;
    process.env.FAKE_AST_STATE = 'running';
  };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-regstate-'));
    fake = fakeAsterisk(tmp);
    process.env.ASTERISK_BIN = path.join(tmp, 'no-such-asterisk');
    process.env.FAKE_CONTACTS = path.join(tmp, 'contacts.txt');
    s = await startServer(kind);
    token = await s.login();
    for (const n of ['8001', '8002', '8003', '8004', '8005', '8008', '8009']) {
      const r = await s.call(EXT.endpoint, { method: 'add', extension: n, name: `Room ${n}` }, { token });
      expect(r.code, r.msg).toBe(200);
    }
  });
  beforeEach(() => {
    process.env.ASTERISK_BIN = absent();
    delete process.env.FAKE_AST_STATE;
    contacts(CONTACTS_20);
  });
  afterAll(async () => {
    await s.close();
    for (const k of ['ASTERISK_BIN', 'FAKE_AST_STATE', 'FAKE_CONTACTS']) {
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('writes online, unreachable and offline from pjsip show contacts, with the address', async () => {
    live();
    expect(await sweepRegStates(s.app)).toEqual({ source: 'live', changed: 7 });
    expect(await states()).toEqual({
      '8001': ['online', '192.168.1.50:5060'],
      '8002': ['online', '192.168.1.52:5062'],
      '8003': ['unreachable', '192.168.1.53:5060'],
      '8004': ['online', '192.168.1.54:5060'],
      // Asterisk cut the URI inside the address: no address rather than a wrong one
      '8005': ['online', null],
      '8008': ['offline', null],
      '8009': ['offline', null],
    });
    // the list filters by the new state
    expect(Object.keys(await states({ reg_state: 'unreachable' }))).toEqual(['8003']);
    // The next pass (or another instance on this host) finds nothing to change.
    expect(await sweepRegStates(s.app)).toEqual({ source: 'live', changed: 0 });
    // A phone that unregisters is offline at the next pass.
    contacts(CONTACTS_20.replace(/^.*Contact:\s+8001\/.*$/m, ''));
    expect(await sweepRegStates(s.app)).toEqual({ source: 'live', changed: 1 });
    expect((await states())['8001']).toEqual(['offline', null]);
  });

  it('empties every state when Asterisk stops or is not installed: unknown, never a stale online', async () => {
    live();
    await sweepRegStates(s.app);
    expect((await states())['8001']).toEqual(['online', '192.168.1.50:5060']);
    process.env.FAKE_AST_STATE = 'stopped';
    expect(await sweepRegStates(s.app)).toEqual({ source: 'cleared', changed: 7 });
    const none = Object.fromEntries(
      ['8001', '8002', '8003', '8004', '8005', '8008', '8009'].map((n) => [n, [null, null]]),
    );
    expect(await states()).toEqual(none);
    live();
    await sweepRegStates(s.app);
    process.env.ASTERISK_BIN = absent();
    expect(await sweepRegStates(s.app)).toEqual({ source: 'cleared', changed: 7 });
    expect(await states()).toEqual(none);
    expect(await sweepRegStates(s.app)).toEqual({ source: 'cleared', changed: 0 });
  });

  it('a console that does not print the contact table is unknown, not offline', async () => {
    live();
    await sweepRegStates(s.app);
    contacts(NO_PJSIP);
    expect(await sweepRegStates(s.app)).toMatchObject({ source: 'cleared' });
    expect((await states())['8009']).toEqual([null, null]);
    // while "No objects found." is a real answer: nobody is registered
    contacts('No objects found.\n\n');
    expect(await sweepRegStates(s.app)).toMatchObject({ source: 'live' });
    expect((await states())['8001']).toEqual(['offline', null]);
  });

  it("leaves another host's recent reading to it, and empties it once that host is silent", async () => {
    live();
    expect(await sweepRegStates(s.app, { host: 'gw-other' })).toMatchObject({ source: 'live' });
    process.env.ASTERISK_BIN = absent();
    // this instance sees no Asterisk, but gw-other read its own a moment ago
    expect(await sweepRegStates(s.app)).toEqual({ source: 'kept', changed: 0 });
    expect((await states())['8003']).toEqual(['unreachable', '192.168.1.53:5060']);
    s.clock.advance(LIVE_WINDOW_MS);
    expect(await sweepRegStates(s.app)).toEqual({ source: 'cleared', changed: 7 });
    expect((await states())['8003']).toEqual([null, null]);
  });

  it("touches only the gateway's own extensions, not another site's", async () => {
    const other = await insertRecord(
      { db: s.app.db.kysely as unknown as WriteTarget['db'], lang: 'en', now: Date.now() },
      EXT,
      { extension: '8001', name: 'Site 2 desk', reg_state: 'online', contact: '10.2.0.5:5060' },
      2,
      { system: true },
    );
    live();
    await sweepRegStates(s.app);
    process.env.ASTERISK_BIN = absent();
    await sweepRegStates(s.app);
    const row = await s.app.db.kysely
      .selectFrom('voice_extension' as never)
      .select(['reg_state', 'contact'] as never[])
      .where('id' as never, '=', other as never)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reg_state: 'online', contact: '10.2.0.5:5060' });
  });

  it('runs on its own from the server: a stale state is emptied at the first pass', async () => {
    live();
    await sweepRegStates(s.app);
    process.env.ASTERISK_BIN = absent();
    const sweep = startRegStateSweep(s.app, 60_000);
    try {
      await expect.poll(async () => (await states())['8001'], { timeout: 5000 }).toEqual([null, null]);
    } finally {
      await sweep.stop();
    }
  });
});
