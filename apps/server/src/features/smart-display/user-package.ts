import { say } from '@igs/contract';
import { type Registration, resourceVerb, writeRule } from '../../platform/feature.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { formatDateTime, parseDateTime } from '../../platform/lib/time.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { storedValues } from './stored-values.ts';

/**
 * DOMAIN 2.8 smart/UserPackage (a Subscription, on the media endpoint): verbs `renew` {days},
 * `suspend` (active ones), `resume` (suspended ones), and what a manual subscription starts as.
 */
const TABLE = 'media_user_package';

/** `days` calendar days after `from` (same clock time), in the server's zone. */
function addDays(from: number, days: number): number {
  const d = new Date(from);
  d.setDate(d.getDate() + days);
  return d.getTime();
}

/**
 * renew: the end moves `days` later, counted from the end, or from now when it has passed (a
 * lapsed subscription renewed today runs `days` from today). An expired one becomes active; a
 * suspended one stays suspended with the later end.
 */
const userPackageRenewVerb = resourceVerb(
  'media:user_package',
  'renew',
  async ({ ctx, db, records, input }) => {
    const sub = records[0]!;
    const now = ctx.app.now();
    const days = Number(input.days);
    const end = parseDateTime(String(sub.end_at ?? ''));
    const endAt = formatDateTime(addDays(Number.isFinite(end) && end > now ? end : now, days));
    const state = sub.state === 'suspended' ? 'suspended' : 'active';
    await db
      .updateTable(TABLE)
      .set({ end_at: endAt, state, updated_at: now })
      .where('id', '=', Number(sub.id))
      .execute();
    ctx.logDetail = `media:user_package renew #${sub.id}: ${days} days, until ${endAt}`;
    return { end_at: endAt, state };
  },
);

const userPackageSuspendVerb = resourceVerb('media:user_package', 'suspend', async ({ ctx, db, records }) => {
  await db
    .updateTable(TABLE)
    .set({ state: 'suspended', updated_at: ctx.app.now() })
    .where('id', '=', Number(records[0]!.id))
    .execute();
  return { state: 'suspended' };
});

/** resume: active again, or expired when its end passed while it was suspended. */
const userPackageResumeVerb = resourceVerb('media:user_package', 'resume', async ({ ctx, db, records }) => {
  const sub = records[0]!;
  const now = ctx.app.now();
  const end = parseDateTime(String(sub.end_at ?? ''));
  const state = Number.isFinite(end) && end <= now ? 'expired' : 'active';
  await db.updateTable(TABLE).set({ state, updated_at: now }).where('id', '=', Number(sub.id)).execute();
  return { state };
});

/**
 * On write: the end is not before the start (422 on end_at), and a subscription added by hand
 * gets the read-only `source` manual and `state` active (expired when its end has passed): the
 * generic add fills only writable fields, and PMS grants set both themselves.
 */
export async function userPackageWrite(args: WriteHookArgs): Promise<void> {
  const { lang, values, selfId, now } = args;
  if (selfId === undefined) {
    values.source ??= 'manual';
    if (values.state === undefined || values.state === null) {
      const end = parseDateTime(String(values.end_at ?? ''));
      values.state = Number.isFinite(end) && end <= now ? 'expired' : 'active';
    }
  }
  if (!('start_at' in values) && !('end_at' in values)) return;
  const stored = await storedValues(args, ['start_at', 'end_at']);
  const start = parseDateTime(String(stored.start_at ?? ''));
  const end = parseDateTime(String(stored.end_at ?? ''));
  if (Number.isFinite(start) && Number.isFinite(end) && end < start)
    throw invalidField('end_at', say(lang, 'smart.endsMustNotBefore', { start_at: String(stored.start_at) }));
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const userPackageRegistrations: readonly Registration[] = [
  userPackageRenewVerb,
  userPackageSuspendVerb,
  userPackageResumeVerb,
  writeRule('media:user_package', userPackageWrite),
];
