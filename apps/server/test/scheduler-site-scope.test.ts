import { afterAll, beforeAll, expect, it } from 'vitest';
import { addUser, grantRole, TEST_PASSWORD } from './support/accounts.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Scoping by construction (issue 14): enabling or disabling scheduled tasks recomputes next_run_at
 * only for the tasks of the call's write site; ids of another site named in the call change
 * nothing there (refreshNextRun reads and writes through scoped(ctx)).
 */
const OPS_TASKS = '/operations/system/timed_task';
const MARK = '2001-01-01 00:00:00';

describeEachDb('scheduled tasks: a state call stays in its site', (kind) => {
  let s: TestServer;
  let ops: string;
  const at = (site: string) => ({ token: ops, headers: { 'igs-sids': site } });
  const nextRun = async (id: number) =>
    (
      await s.app.db.kysely
        .selectFrom('system_scheduled_job')
        .select('next_run_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).next_run_at;

  beforeAll(async () => {
    s = await startServer(kind);
    const role = await grantRole(s, {
      name: 'tasks_two_sites',
      endpoints: [OPS_TASKS],
      menuMode: 'operations',
      buttons: ['system:timed_task:add', 'system:timed_task:edit'],
      columns: { site_ids: '1,2' },
    });
    await addUser(s, 'tasks_two_sites', role, { site_ids: '1,2', can_operations: 1 });
    ops = await s.login('tasks_two_sites', TEST_PASSWORD, 1);
  });
  afterAll(async () => s.close());

  it("leaves another site's task alone, and recomputes its own", async () => {
    const add = async (site: string, name: string) => {
      const r = await s.call<{ id: number }>(
        OPS_TASKS,
        { method: 'add', name, type: 'clear_cache', cron: '0 3 * * *' },
        at(site),
      );
      expect(r.code, r.msg).toBe(200);
      return r.data.id;
    };
    const one = await add('1', 'site one');
    const two = await add('2', 'site two');
    await s.app.db.kysely
      .updateTable('system_scheduled_job')
      .set({ next_run_at: MARK })
      .where('id', 'in', [one, two])
      .execute();
    const r = await s.call<{ updated: number }>(
      OPS_TASKS,
      { method: 'state', ids: [one, two], enabled: 1 },
      at('2'),
    );
    expect(r.code, r.msg).toBe(200);
    expect(r.data.updated).toBe(1);
    // Site 2's own task is recomputed from its cron; site 1's keeps what it had.
    expect(await nextRun(two)).not.toBe(MARK);
    expect(await nextRun(two)).toMatch(/^\d{4}-\d\d-\d\d 03:00:00$/);
    expect(await nextRun(one)).toBe(MARK);
  });
});
