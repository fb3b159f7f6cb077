import { type TodayCall, type TodayState, voiceRecordCalls } from '@igs/contract/calls';
import { resourceByName } from '@igs/contract/resources';
import { defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { scoped } from '../../platform/resources/scope.ts';

/**
 * voice/WakeupService `stats` (a read under the page's menu item): today's wake-up calls of the
 * caller's sites and how each stands, for the page's "today" view.
 *
 * Today's calls are the one-off calls dated today, the daily ones and, Monday to Friday, the
 * weekday ones (a repeating call with a date starts on that day). A call's `state` is its latest
 * outcome; for a repeating call an outcome reached before today (answered yesterday) is not
 * today's, so such a call is due again today. Each call is then:
 * - due: scheduled (or no state yet) and not rung today; `passed` says its time is already gone
 *   (nothing has placed the call: the server writes no wake-up call file yet);
 * - calling, answered, failed or cancelled, as its state says.
 */

const wakeup = resourceByName('voice:wakeup');

const pad = (n: number) => String(n).padStart(2, '0');

/** `HH:mm` of a stored time (`6:30`, `06:30` or `06:30:00`), or '' when unreadable. */
function hhmm(v: unknown): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(String(v ?? '').trim());
  return m ? `${pad(Number(m[1]))}:${m[2]}` : '';
}

/** How one stored call stands today (null: not one of today's calls). */
export function todayOf(
  row: Record<string, unknown>,
  now: number,
): Omit<TodayCall, 'id' | 'room_ext' | 'source'> | null {
  const d = new Date(now);
  const today = formatDateTime(now).slice(0, 10);
  const date = row.date ? String(row.date).slice(0, 10) : '';
  const repeat = String(row.repeat ?? 'once');
  const weekday = d.getDay() >= 1 && d.getDay() <= 5;
  const todays =
    repeat === 'once'
      ? date === today
      : (repeat === 'daily' || (repeat === 'weekdays' && weekday)) && (!date || date <= today);
  if (!todays) return null;
  const state = row.state === null || row.state === undefined || row.state === '' ? null : String(row.state);
  const midnight = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const changedToday = Number(row.updated_at ?? 0) >= midnight;
  // A repeating call's outcome of an earlier day leaves it due today; cancelled stays cancelled.
  const outcome =
    state === 'answered' || state === 'failed' || state === 'calling'
      ? repeat === 'once' || changedToday
        ? state
        : 'due'
      : state === 'cancelled'
        ? 'cancelled'
        : 'due';
  const time = hhmm(row.time);
  const nowHm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return { time, repeat, state, today: outcome, passed: outcome === 'due' && time !== '' && time < nowHm };
}

export const wakeupTodayAction = defineCallAction(voiceRecordCalls.wakeupToday, {
  summary: "Today's wake-up calls (one-off today, daily, weekdays on Mon–Fri) and how each stands",
  access: 'module',
  async handler(ctx: SignedInContext) {
    const now = ctx.app.now();
    const today = formatDateTime(now).slice(0, 10);
    const rows = await scoped(ctx)
      .selectFrom(wakeup.table)
      .select(['id', 'room_ext', 'date', 'time', 'repeat', 'source', 'state', 'updated_at'])
      .where((eb) =>
        eb.or([
          eb.and([eb('repeat', '=', 'once'), eb('date', '=', today)]),
          eb('repeat', 'in', ['daily', 'weekdays']),
        ]),
      )
      .orderBy('time', 'asc')
      .orderBy('id', 'asc')
      .limit(5000)
      .execute();
    const list: TodayCall[] = [];
    for (const r of rows) {
      const t = todayOf(r, now);
      if (!t) continue;
      list.push({
        id: Number(r.id),
        room_ext: r.room_ext === null || r.room_ext === undefined ? null : Number(r.room_ext),
        source: r.source === null || r.source === undefined ? null : String(r.source),
        ...t,
      });
    }
    list.sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);
    const counts: Record<TodayState, number> = { due: 0, calling: 0, answered: 0, failed: 0, cancelled: 0 };
    for (const c of list) counts[c.today]++;
    return { date: today, counts, passed: list.filter((c) => c.passed).length, list };
  },
});
