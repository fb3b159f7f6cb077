import { resourceByName } from '@igs/contract/resources';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sweepStaleDevices } from '../src/features/device-presence/sweep.ts';
import { formatDateTime } from '../src/platform/lib/time.ts';
import { insertRecord, type WriteTarget } from '../src/platform/resources/write.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/** An AP or a CPE reads online only while it calls in: the sweep clears the flag of quiet ones. */
describeEachDb('device presence', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s.close());

  const system = (name: string, body: Record<string, unknown>) =>
    insertRecord(
      { db: s.app.db.kysely as unknown as WriteTarget['db'], lang: 'en', now: Date.now() },
      resourceByName(name)!,
      body,
      0,
      { system: true },
    );
  const online = async (table: string, id: number) =>
    Number(
      (
        await s.app.db.kysely
          .selectFrom(table as never)
          .select('online' as never)
          .where('id' as never, '=', id as never)
          .executeTakeFirstOrThrow()
      ).online,
    );

  it('clears APs and CPEs that stopped calling in, keeps those that call, and changes nothing twice', async () => {
    const ago = (s_: number) => formatDateTime(Date.now() - s_ * 1000);
    const category = await system('ac:ap_category', { name: 'Floors' });
    const quietAp = await system('ac:ap', {
      category_id: category,
      name: 'ap-quiet',
      mac: '02:00:00:00:00:01',
      online: 1,
      last_seen: ago(3600),
    });
    const liveAp = await system('ac:ap', {
      category_id: category,
      name: 'ap-live',
      mac: '02:00:00:00:00:02',
      online: 1,
      last_seen: ago(20),
    });
    const quietCpe = await system('tr069:device', {
      device_id: 'X-1',
      serial_number: 'S1',
      online: 1,
      last_inform: ago(7200),
    });
    const liveCpe = await system('tr069:device', {
      device_id: 'X-2',
      serial_number: 'S2',
      online: 1,
      last_inform: ago(30),
    });
    expect(await sweepStaleDevices(s.app)).toEqual({ aps: 1, cpes: 1 });
    expect([await online('ac_ap', quietAp), await online('ac_ap', liveAp)]).toEqual([0, 1]);
    expect([await online('tr069_device', quietCpe), await online('tr069_device', liveCpe)]).toEqual([0, 1]);
    // A second instance's sweep (or the next pass) finds nothing left to clear.
    expect(await sweepStaleDevices(s.app)).toEqual({ aps: 0, cpes: 0 });
  });
});
