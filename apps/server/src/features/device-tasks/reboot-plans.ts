import { Code, cronError, cronFiresAt, type Lang, nextCronRun, say } from '@igs/contract';
import { refByResource, resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime, parseDateTime } from '../../platform/lib/time.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { refScope } from '../../platform/resources/scope.ts';
import { DEVICE_TABLE, type DeviceDomain, queueTasks } from './queue.ts';

/**
 * DOMAIN 2.4 ac/TimedReboot and 2.5 tr069/TimedRestart (RebootPlan): which devices a plan names,
 * the rule on its targets, and a run, which queues a reboot per device spread over `stagger_s`
 * (the device takes it at its next contact). The scheduler runs due plans from the tables (a
 * compare-and-set on next_run_at, as for scheduled tasks, so one instance runs a slot); `run_now`
 * runs one at once.
 */

export const PLAN_RESOURCE = {
  ac: 'ac:timed_reboot',
  tr069: 'tr069:timed_reboot',
} as const satisfies Record<DeviceDomain, string>;

const planTable = (domain: DeviceDomain) => resourceByName(PLAN_RESOURCE[domain]).table;

/** The resource a target type's ids name (the contract's refBy of target_ids), if they are ids. */
function targetResource(domain: DeviceDomain, type: string): string | undefined {
  const field = resourceByName(PLAN_RESOURCE[domain])!.fields.find((f) => f.name === 'target_ids')!;
  return refByResource(field, { target_type: type }) ?? undefined;
}

const TAG = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_TARGETS = 500;
/** A slot missed by more than this (the server was down) is reported, not run late. */
export const PLAN_MISSED_GRACE_MS = 5 * 60_000;

/** A json value as a list: stored JSON text (possibly sent as JSON text), or the list itself. */
export function targetList(v: unknown): unknown[] | null {
  let x = v;
  for (let i = 0; i < 2 && typeof x === 'string'; i++) {
    if (x.trim() === '') return [];
    try {
      x = JSON.parse(x);
    } catch {
      return null;
    }
  }
  if (x === null || x === undefined) return [];
  return Array.isArray(x) ? x : null;
}

function asId(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * "target_ids: required unless target_type is all" (DOMAIN 2.4), on add, edit and import: a list
 * of existing records of the type's resource in the plan's site, or of tags / product classes.
 */
export async function checkPlanWrite(
  domain: DeviceDomain,
  args: WriteHookArgs<'ac_reboot_plan' | 'tr069_reboot_plan'>,
): Promise<void> {
  const { conn, lang, def, values, selfId } = args;
  let current: Record<string, unknown> = {};
  if (selfId !== undefined)
    current =
      (await conn
        .selectFrom(def.table)
        .select(['target_type', 'target_ids'])
        .where('id', '=', selfId)
        .executeTakeFirst()) ?? {};
  // A changed schedule or switch is picked up by the scheduler from a clean slate.
  if ('cron' in values || 'enabled' in values) values.next_run_at = null;
  const type = String(('target_type' in values ? values.target_type : current.target_type) ?? 'all');
  if (type === 'all') return;
  const raw = 'target_ids' in values ? values.target_ids : current.target_ids;
  const list = targetList(raw);
  if (list === null) throw invalidField('target_ids', say(lang, 'deviceTasks.targetsMustList'));
  if (!list.length)
    throw invalidField('target_ids', say(lang, 'deviceTasks.targetsRequiredTarget', { type }));
  if (list.length > MAX_TARGETS)
    throw invalidField('target_ids', say(lang, 'deviceTasks.mostTargets', { max: MAX_TARGETS }));
  // Ids of records (APs, categories, areas…) are checked against their resource by the framework
  // (the field's refBy, resources/write.ts); words (tags, product classes) here.
  if (targetResource(domain, type)) return;
  const texts = list.map((v) => (typeof v === 'string' ? v.trim() : ''));
  const ok = type === 'tag' ? (t: string) => TAG.test(t) : (t: string) => t !== '' && t.length <= 64;
  const bad = list.filter((_, i) => !ok(texts[i]!));
  if (bad.length)
    throw invalidField(
      'target_ids',
      type === 'tag'
        ? say(lang, 'deviceTasks.tagsMayContainLetters', { map: bad.map(String).join(', ') })
        : say(lang, 'deviceTasks.productClassesMustCharacters', { map: bad.map(String).join(', ') }),
    );
}

/** An area and every area below it, in the site. */
async function withSubAreas(db: Conn, site: number, ids: number[]): Promise<number[]> {
  const region = resourceByName('system:region');
  const rows = await db
    .selectFrom(region.table)
    .select(['id', 'parent_id'])
    .where('site_id', 'in', refScope(region, [site])!)
    .execute();
  const children = new Map<number, number[]>();
  for (const r of rows) {
    const p = Number(r.parent_id ?? 0);
    children.set(p, [...(children.get(p) ?? []), Number(r.id)]);
  }
  const out = new Set<number>();
  const stack = [...ids];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out];
}

/** The devices of the site a plan names, by id. */
export async function planTargets(
  db: Conn,
  domain: DeviceDomain,
  site: number,
  type: string,
  rawIds: unknown,
): Promise<number[]> {
  const list = targetList(rawIds) ?? [];
  const ids = list.map(asId).filter((x): x is number => x !== null);
  const texts = list.filter((x): x is string => typeof x === 'string').map((x) => x.trim());
  let q = db
    .selectFrom(DEVICE_TABLE[domain])
    .select(domain === 'tr069' ? ['id', 'tags'] : ['id'])
    .where('site_id', '=', site);
  if (type !== 'all') {
    if (type === 'tag') {
      const rows = await q.orderBy('id').execute();
      return rows
        .filter((r) => (targetList(r.tags) ?? []).some((t) => texts.includes(String(t))))
        .map((r) => Number(r.id));
    }
    const column =
      type === 'category'
        ? 'category_id'
        : type === 'ap'
          ? 'id'
          : type === 'template'
            ? 'template_id'
            : type === 'area'
              ? 'area_id'
              : type === 'product_class'
                ? 'product_class'
                : null;
    if (!column) return [];
    const values: (number | string)[] =
      type === 'product_class' ? texts : type === 'area' ? await withSubAreas(db, site, ids) : ids;
    if (!values.length) return [];
    q = q.where(column, 'in', values);
  }
  return (await q.orderBy('id').execute()).map((r) => Number(r.id));
}

export interface PlanResult {
  targets: number;
  queued: number;
  /** Devices whose reboot from an earlier run or verb is still pending. */
  already: number;
  done: number;
  failed: number;
}

/** Queues the plan's reboots now and records the run on the plan. */
export async function runPlan(
  db: Conn,
  domain: DeviceDomain,
  plan: Record<string, unknown>,
  opts: { now: number; by: string },
): Promise<PlanResult> {
  const site = Number(plan.site_id ?? 0);
  const devices = await planTargets(db, domain, site, String(plan.target_type ?? 'all'), plan.target_ids);
  const r = await queueTasks(db, {
    domain,
    site,
    deviceIds: devices,
    name: 'reboot',
    by: opts.by,
    now: opts.now,
    spreadMs: Number(plan.stagger_s ?? 0) * 1000,
    planId: Number(plan.id),
    skipPending: true,
  });
  const result: PlanResult = {
    targets: devices.length,
    queued: r.queued.length,
    already: r.already.length,
    done: 0,
    failed: 0,
  };
  await db
    .updateTable(planTable(domain))
    .set({ last_run_at: formatDateTime(opts.now), last_result: JSON.stringify(result) })
    .where('id', '=', Number(plan.id))
    .execute();
  return result;
}

/** A run refused because the plan names no device now (its targets were all deleted). */
export function noTargets(lang: Lang): ApiError {
  return new ApiError(Code.conflict, say(lang, 'deviceTasks.planNamesNoDevice'));
}

async function moveNext(
  db: Conn,
  table: ReturnType<typeof planTable>,
  id: number,
  from: string | null,
  to: number | null,
): Promise<boolean> {
  let q = db
    .updateTable(table)
    .set({ next_run_at: to === null ? null : formatDateTime(to) })
    .where('id', '=', id);
  q = from === null ? q.where('next_run_at', 'is', null) : q.where('next_run_at', '=', from);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/**
 * One scheduler pass over both plan tables: keeps next_run_at on the next firing, runs the plans
 * that are due and reports (in last_result) a slot missed while the server was down. Returns how
 * many plans ran.
 */
export async function runDuePlans(app: AppContext, now: number): Promise<number> {
  const db = app.db.kysely;
  let ran = 0;
  for (const domain of ['ac', 'tr069'] as const) {
    const table = planTable(domain);
    const rows = await db.selectFrom(table).selectAll().execute();
    for (const row of rows) {
      const id = Number(row.id);
      const stored = (row.next_run_at as string | null) || null;
      const cron = String(row.cron ?? '');
      try {
        if (!Number(row.enabled) || cronError(cron) !== null) {
          if (stored !== null) await moveNext(db, table, id, stored, null);
          continue;
        }
        const expected = nextCronRun(cron, now);
        const due = stored === null ? Number.NaN : parseDateTime(stored);
        if (Number.isNaN(due) || due > now || !cronFiresAt(cron, due)) {
          if (stored !== formatDateTime(expected)) await moveNext(db, table, id, stored, expected);
          continue;
        }
        if (!(await moveNext(db, table, id, stored, expected))) continue; // another instance has it
        if (now - due > PLAN_MISSED_GRACE_MS) {
          await db
            .updateTable(table)
            .set({
              last_result: JSON.stringify({ missed: formatDateTime(due), queued: 0, done: 0, failed: 0 }),
            })
            .where('id', '=', id)
            .execute();
          continue;
        }
        await db.transaction().execute((trx) => runPlan(trx, domain, row, { now, by: `plan #${id}` }));
        ran++;
      } catch (err) {
        app.log.error({ err, plan: `${domain} #${id}` }, 'reboot plan failed to run');
      }
    }
  }
  return ran;
}
