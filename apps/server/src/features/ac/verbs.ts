import { Code, type Localized, listText, say, texts } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { Conn } from '../../platform/db/schema.ts';
// The add/edit rules of the AC resources (build version per category, reboot-plan targets).
import { type Registration, resourceVerb } from '../../platform/feature.ts';
import type { ActionContext } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import {
  cancelOperationTasks,
  noTargets,
  pendingOf,
  planTargets,
  queueTasks,
  runPlan,
} from '../device-tasks/index.ts';

/**
 * DOMAIN 2.4 verbs. The AP agent polls this server for its configuration and commands
 * (openwisp-controller's model); each verb queues a command the agent takes at its next poll, and
 * the AP list shows how many wait (`pending_tasks`). An upgrade is also an UpgradeOperation row
 * (ac:upgrade), in progress until the agent reports or the operation is cancelled.
 */

const username = (ctx: ActionContext) => ctx.caller?.user.username ?? '';
const OPERATIONS = resourceByName('ac:upgrade').table;

/** The words of each task an AP can be given. */
const TASK_NAMES: Record<string, Localized> = {
  reboot: texts('ac.taskReboot'),
  apply: texts('ac.taskApply'),
  change_password: texts('ac.taskChangePassword'),
  locate: texts('ac.taskLocate'),
};

function queuedMsg(ctx: ActionContext, what: Localized | string, queued: number, already: number) {
  ctx.msg = say(ctx.lang, 'ac.tasksQueued', {
    what: typeof what === 'string' ? (TASK_NAMES[what] ?? what) : what,
    n: queued,
    already: already ? texts('ac.alreadyHadItPending', { n: already }) : '',
  });
}

async function queueForAps(
  ctx: ActionContext,
  db: Conn,
  records: Record<string, unknown>[],
  name: string,
  args: Record<string, unknown> = {},
) {
  const r = await queueTasks(db, {
    domain: 'ac',
    site: Number(records[0]?.site_id ?? 0),
    deviceIds: records.map((x) => Number(x.id)),
    name,
    args,
    by: username(ctx),
    now: ctx.app.now(),
    skipPending: true,
  });
  queuedMsg(ctx, name, r.queued.length, r.already.length);
  return { task: name, queued: r.queued.length, already_pending: r.already.length };
}

const apRebootVerb = resourceVerb('ac:ap', 'reboot', async ({ ctx, db, records }) =>
  queueForAps(ctx, db, records, 'reboot'),
);

const apApplyVerb = resourceVerb('ac:ap', 'apply', async ({ ctx, db, records }) => {
  const out = await queueForAps(ctx, db, records, 'apply');
  // Until the agent reports back, the configuration on the AP is not known to be the stored one.
  await db
    .updateTable('ac_ap')
    .set({ config_status: 'modified', updated_at: ctx.app.now() })
    .where(
      'id',
      'in',
      records.map((r) => Number(r.id)),
    )
    .execute();
  return out;
});

const apChangePasswordVerb = resourceVerb('ac:ap', 'change_password', async ({ ctx, db, records, input }) => {
  const password = typeof input.password === 'string' ? input.password : '';
  // The generic rules let an empty secret through (it means "keep" on an edit); here it is the point.
  if (password.length < 8) throw invalidField('password', say(ctx.lang, 'ac.newRootPasswordLeast'));
  const ap = Number(records[0]!.id);
  // A newer password replaces one still waiting: the agent only needs the last.
  await db
    .updateTable('device_tasks')
    .set({ state: 'cancelled', done_at: ctx.app.now() })
    .where('domain', '=', 'ac')
    .where('device_id', '=', ap)
    .where('name', '=', 'change_password')
    .where('state', '=', 'pending')
    .execute();
  const out = await queueForAps(ctx, db, records, 'change_password', { password });
  ctx.logDetail = `ac:ap change_password #${ap}`; // never the password
  return out;
});

const apLocateVerb = resourceVerb('ac:ap', 'locate', async ({ ctx, db, records }) =>
  queueForAps(ctx, db, records, 'locate', { seconds: 60 }),
);

// ---- upgrades -----------------------------------------------------------------------------------

async function buildOf(ctx: ActionContext, db: Conn, site: number, id: unknown) {
  const build = await db
    .selectFrom('ac_firmware_build')
    .select(['id', 'category_id', 'version'])
    .where('id', '=', Number(id))
    .where('site_id', '=', site)
    .executeTakeFirst();
  if (!build) throw invalidField('build_id', say(ctx.lang, 'ac.firmwareBuildDoesNot', { id: String(id) }));
  return { id: Number(build.id), category_id: Number(build.category_id), version: String(build.version) };
}

/**
 * Starts one upgrade operation per AP: the build must be of the AP's category, and an AP with an
 * upgrade still waiting gets no second one (409 naming them, nothing started).
 */
async function startUpgrades(
  ctx: ActionContext,
  db: Conn,
  site: number,
  aps: { id: number; name: string; category_id: number }[],
  buildId: unknown,
) {
  const build = await buildOf(ctx, db, site, buildId);
  const wrong = aps.filter((a) => a.category_id !== build.category_id);
  if (wrong.length)
    throw new ApiError(
      Code.conflict,
      say(ctx.lang, 'ac.buildAnotherApCategory', {
        version: build.version,
        map: listText(wrong.map((a) => a.name)),
      }),
    );
  const busy = await pendingOf(
    db,
    'ac',
    'upgrade',
    aps.map((a) => a.id),
  );
  if (busy.size)
    throw new ApiError(
      Code.conflict,
      say(ctx.lang, 'ac.upgradeAlreadyWaitingCancel', {
        map: listText(aps.filter((a) => busy.has(a.id)).map((a) => a.name)),
      }),
    );
  const now = ctx.app.now();
  const operationOf = new Map<number, number>();
  for (const ap of aps) {
    const row = await db
      .insertInto(OPERATIONS)
      .values({
        site_id: site,
        ap: ap.name,
        image: build.version,
        state: 'in-progress',
        progress: 0,
        log: `${formatDateTime(now)} queued by ${username(ctx)}: waiting for the AP agent's next poll`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    operationOf.set(ap.id, Number(row.id));
  }
  const r = await queueTasks(db, {
    domain: 'ac',
    site,
    deviceIds: aps.map((a) => a.id),
    name: 'upgrade',
    args: { build_id: build.id, version: build.version },
    by: username(ctx),
    now,
    operationOf,
  });
  queuedMsg(ctx, texts('ac.taskUpgradeTo', { version: build.version }), r.queued.length, 0);
  return { build: build.version, queued: r.queued.length, operations: [...operationOf.values()] };
}

const apRow = (r: Record<string, unknown>) => ({
  id: Number(r.id),
  name: String(r.name),
  category_id: Number(r.category_id),
});

const apUpgradeVerb = resourceVerb('ac:ap', 'upgrade', async ({ ctx, db, records, input }) =>
  startUpgrades(ctx, db, Number(records[0]?.site_id ?? 0), records.map(apRow), input.build_id),
);

const upgradeUpgradeVerb = resourceVerb('ac:upgrade', 'upgrade', async ({ ctx, db, site, input }) => {
  const ap = await db
    .selectFrom('ac_ap')
    .select(['id', 'name', 'category_id'])
    .where('id', '=', Number(input.ap_id))
    .where('site_id', '=', site)
    .executeTakeFirst();
  if (!ap) throw invalidField('ap_id', say(ctx.lang, 'ac.apDoesNotExist', { ap_id: String(input.ap_id) }));
  return startUpgrades(ctx, db, site, [apRow(ap)], input.build_id);
});

const upgradeBatchUpgradeVerb = resourceVerb(
  'ac:upgrade',
  'batch_upgrade',
  async ({ ctx, db, site, input }) => {
    const build = await buildOf(ctx, db, site, input.build_id);
    let ids = await planTargets(db, 'ac', site, 'category', [build.category_id]);
    if (input.area_id) {
      const inArea = new Set(await planTargets(db, 'ac', site, 'area', [Number(input.area_id)]));
      ids = ids.filter((id) => inArea.has(id));
    }
    // APs with an upgrade still waiting keep it; the batch starts the others.
    const busy = await pendingOf(db, 'ac', 'upgrade', ids);
    const todo = ids.filter((id) => !busy.has(id));
    if (!todo.length)
      throw new ApiError(
        Code.conflict,
        ids.length ? say(ctx.lang, 'ac.everyApTargetAlready') : say(ctx.lang, 'ac.noApBuildS'),
      );
    const aps = await db
      .selectFrom('ac_ap')
      .select(['id', 'name', 'category_id'])
      .where('id', 'in', todo)
      .orderBy('id')
      .execute();
    const out = await startUpgrades(ctx, db, site, aps.map(apRow), build.id);
    return { ...out, skipped_waiting: busy.size };
  },
);

const upgradeCancelVerb = resourceVerb('ac:upgrade', 'cancel', async ({ ctx, db, records }) => {
  const op = records[0]!;
  const now = ctx.app.now();
  const cancelled = await cancelOperationTasks(db, Number(op.id), now);
  await db
    .updateTable(OPERATIONS)
    .set({
      state: 'cancelled',
      log: `${String(op.log ?? '')}\n${formatDateTime(now)} cancelled by ${username(ctx)}`
        .trim()
        .slice(-5000),
      updated_at: now,
    })
    .where('id', '=', Number(op.id))
    .execute();
  return { cancelled_tasks: cancelled };
});

// ---- TimedReboot --------------------------------------------------------------------------------

const timedRebootRunNowVerb = resourceVerb('ac:timed_reboot', 'run_now', async ({ ctx, db, records }) => {
  const plan = records[0]!;
  const result = await runPlan(db, 'ac', plan, { now: ctx.app.now(), by: username(ctx) });
  if (!result.targets) throw noTargets(ctx.lang);
  queuedMsg(ctx, 'reboot', result.queued, result.already);
  return result;
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const acVerbs: readonly Registration[] = [
  apRebootVerb,
  apApplyVerb,
  apChangePasswordVerb,
  apLocateVerb,
  apUpgradeVerb,
  upgradeUpgradeVerb,
  upgradeBatchUpgradeVerb,
  upgradeCancelVerb,
  timedRebootRunNowVerb,
];
