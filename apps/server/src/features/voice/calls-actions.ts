import { Code, say, texts } from '@igs/contract';
import {
  type ActiveCall,
  type CallArgs,
  type CallStats,
  type CallsReply,
  voiceCallCalls,
} from '@igs/contract/calls';
import { sql } from 'kysely';
import { type ActionContext, defineCallAction } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import {
  type ActiveChannel,
  asteriskInfo,
  consoleAnswered,
  parseConciseChannels,
  runConsole,
} from './asterisk.ts';
import { extensionContext } from './config/pjsip.ts';
import { notLiveReason } from './management-actions.ts';

/**
 * voice/VoiceCalls (DOMAIN section 2.2): the calls in progress, read from Asterisk's console when
 * it runs (an empty list with the reason otherwise), the call figures of the CDR table, and the
 * verbs hangup, originate and transfer, which need a running Asterisk (503 without one).
 */

export type { ActiveCall };

/** One call per calling channel; the dialled legs (AppDial) belong to the call that made them. */
export function activeCalls(channels: ActiveChannel[], now: number): ActiveCall[] {
  return channels
    .filter((c) => c.application !== 'AppDial')
    .map((c) => {
      const endpoint = /^PJSIP\/(.+)-[0-9a-f]+$/i.exec(c.channel)?.[1] ?? '';
      const dialled = /@trunk-([A-Za-z0-9_-]+)/.exec(c.data)?.[1];
      const inbound = c.context === 'from-trunk' || endpoint.startsWith('trunk-');
      return {
        channel: c.channel,
        caller: c.callerid || endpoint,
        callee: c.exten,
        state: c.state,
        direction: inbound ? 'inbound' : dialled ? 'outbound' : 'internal',
        trunk: inbound ? endpoint.replace(/^trunk-/, '') : (dialled ?? ''),
        started_at: formatDateTime(now - c.duration_s * 1000),
        duration: c.duration_s,
      } satisfies ActiveCall;
    });
}

/** The console, or 503 with the reason it cannot be used. */
async function liveConsole(ctx: ActionContext): Promise<string> {
  const info = await asteriskInfo();
  const reason = notLiveReason(info, ctx.lang);
  if (reason || !info.binary) throw new ApiError(Code.unavailable, reason ?? 'Asterisk is not available');
  return info.binary;
}

async function currentChannels(binary: string): Promise<ActiveChannel[]> {
  const r = await runConsole(binary, 'core show channels concise');
  if (!consoleAnswered(r))
    throw new ApiError(
      Code.unavailable,
      texts('voice.channelsNotListed', { output: (r.stderr || r.stdout).trim() }),
    );
  return parseConciseChannels(r.stdout);
}

const CHANNEL_RE = /^[A-Za-z0-9/@._;:+-]{1,128}$/;

async function knownChannel(ctx: ActionContext, binary: string, channel: string): Promise<void> {
  if (!CHANNEL_RE.test(channel)) throw invalidField('channel', texts('voice.notChannelName'));
  const channels = await currentChannels(binary);
  if (!channels.some((c) => c.channel === channel))
    throw new ApiError(Code.notFound, say(ctx.lang, 'voice.channelNoCallProgress', { channel }));
}

function expectAnswer(r: Awaited<ReturnType<typeof runConsole>>, what: string): void {
  if (!consoleAnswered(r) || /No such|Unable|not found|Usage:/i.test(r.stdout))
    throw new ApiError(Code.unavailable, `${what} failed: ${(r.stdout || r.stderr).trim().slice(0, 300)}`);
}

async function list(ctx: ActionContext, input: CallArgs<typeof voiceCallCalls.list>): Promise<CallsReply> {
  const info = await asteriskInfo();
  const reason = notLiveReason(info, ctx.lang);
  if (reason || !info.binary) return { list: [], total: 0, live: false, reason };
  let calls = activeCalls(await currentChannels(info.binary), ctx.app.now());
  if (input.filter.state) calls = calls.filter((c) => c.state === input.filter.state);
  if (input.filter.direction) calls = calls.filter((c) => c.direction === input.filter.direction);
  if (input.keyword)
    calls = calls.filter((c) => c.caller.includes(input.keyword) || c.callee.includes(input.keyword));
  const start = (input.page - 1) * input.limit;
  return { list: calls.slice(start, start + input.limit), total: calls.length, live: true, reason: null };
}

const MISSED = ['NO ANSWER', 'BUSY', 'FAILED', 'CONGESTION'];

/** Call figures from the CDR table: today's counts and the last 7 days, per day. */
async function stats(ctx: ActionContext): Promise<CallStats> {
  const db = ctx.app.db.kysely;
  const now = new Date(ctx.app.now());
  const day = (d: Date) => formatDateTime(d.getTime()).slice(0, 10);
  const today = day(now);
  const first = day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6));
  const dayExpr = sql<string>`substr(${sql.ref('start')}, 1, 10)`;
  const rows = await db
    .selectFrom('voice_cdr')
    .select([
      dayExpr.as('day'),
      'disposition',
      'direction',
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(${sql.ref('billsec')}), 0)`.as('billsec'),
    ])
    .where('site_id', '=', 0)
    .where('start', '>=', `${first} 00:00:00`)
    .groupBy([dayExpr, 'disposition', 'direction'])
    .execute();
  const days = Array.from({ length: 7 }, (_, i) =>
    day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6 + i)),
  );
  const perDay = new Map(days.map((d) => [d, { date: d, total: 0, answered: 0, missed: 0 }]));
  const t = {
    total: 0,
    answered: 0,
    missed: 0,
    billsec: 0,
    by_direction: { internal: 0, inbound: 0, outbound: 0 },
  };
  for (const r of rows) {
    const n = Number(r.n);
    const d = perDay.get(String(r.day));
    const answered = r.disposition === 'ANSWERED';
    const missed = MISSED.includes(String(r.disposition));
    if (d) {
      d.total += n;
      if (answered) d.answered += n;
      if (missed) d.missed += n;
    }
    if (r.day === today) {
      t.total += n;
      if (answered) {
        t.answered += n;
        t.billsec += Number(r.billsec);
      }
      if (missed) t.missed += n;
      const dir = String(r.direction ?? '');
      if (dir === 'internal' || dir === 'inbound' || dir === 'outbound') t.by_direction[dir] += n;
    }
  }
  return {
    today: {
      total: t.total,
      answered: t.answered,
      missed: t.missed,
      avg_billsec: t.answered ? Math.round(t.billsec / t.answered) : 0,
      by_direction: t.by_direction,
    },
    days: [...perDay.values()],
    source: 'voice_cdr' as const,
  };
}

export const voiceCallsActions = [
  defineCallAction(voiceCallCalls.list, {
    summary:
      'Calls in progress (Asterisk core show channels); empty with the reason when Asterisk is not running',
    access: 'module',
    handler: list,
  }),
  defineCallAction(voiceCallCalls.stats, {
    summary:
      "Call figures from the call records: today's total, answered, missed, average talk time, last 7 days",
    access: 'module',
    handler: stats,
  }),
  defineCallAction(voiceCallCalls.hangup, {
    summary: 'Hangs up a call in progress by its channel; 503 when Asterisk is not running',
    access: 'module',
    async handler(ctx, input) {
      const bin = await liveConsole(ctx);
      await knownChannel(ctx, bin, input.channel);
      expectAnswer(await runConsole(bin, `channel request hangup ${input.channel}`), 'Hangup');
      ctx.logDetail = `hangup ${input.channel}`;
      return {};
    },
  }),
  defineCallAction(voiceCallCalls.originate, {
    summary:
      'Rings an extension and, when answered, dials a number from it; 503 when Asterisk is not running',
    access: 'module',
    async handler(ctx, input) {
      const db = ctx.app.db.kysely;
      const ext = await db
        .selectFrom('voice_extension')
        .select(['extension', 'call_permission'])
        .where('site_id', '=', 0)
        .where('extension', '=', input.from_ext)
        .executeTakeFirst();
      if (!ext) throw invalidField('from_ext', texts('voice.extensionMissing', { ext: input.from_ext }));
      const bin = await liveConsole(ctx);
      const context = extensionContext({ call_permission: ext.call_permission as never });
      expectAnswer(
        await runConsole(
          bin,
          `channel originate PJSIP/${input.from_ext} extension ${input.to_number}@${context}`,
        ),
        'Originate',
      );
      ctx.logDetail = `originate ${input.from_ext} -> ${input.to_number}`;
      return {};
    },
  }),
  defineCallAction(voiceCallCalls.transfer, {
    summary: 'Sends a call in progress to another number; 503 when Asterisk is not running',
    access: 'module',
    async handler(ctx, input) {
      const bin = await liveConsole(ctx);
      await knownChannel(ctx, bin, input.channel);
      expectAnswer(
        await runConsole(bin, `channel redirect ${input.channel} from-internal-international,${input.to},1`),
        'Transfer',
      );
      ctx.logDetail = `transfer ${input.channel} -> ${input.to}`;
      return {};
    },
  }),
];
