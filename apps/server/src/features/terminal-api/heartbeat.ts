import { Code, keepText, type Localized, say, texts } from '@igs/contract';
import { terminalApiCalls } from '@igs/contract/calls';
import type { z } from 'zod';
import type { ActionContext } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { ackCommand, takeCommands } from '../smart-extras/index.ts';
import { requireTerminal } from './credentials.ts';
import { HEARTBEAT_S, markSeen } from './presence.ts';
import { boundArea, kdb, TABLES, type TerminalRow, terminalLabel, writeEvent } from './records.ts';
import { clientIp } from './register.ts';

/**
 * `heartbeat` marks the terminal online and hands it what waits for it: the queued app_command
 * commands (taken, so each goes out once) and the replies to its message-board messages since its
 * previous heartbeat (or since `replies_since`). `ack` settles a command (a `command_ack`
 * TerminalEvent, via app_command's ackCommand), or reports an upgrade (`upgrade_ok`/`upgrade_fail`).
 */

const DT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const MAX_REPLIES = 50;

export const HeartbeatInput = terminalApiCalls.heartbeat.input;

/** Replies (smart/MessageBoard) to this terminal's messages, replied after `since`. */
async function repliesFor(ctx: ActionContext, t: TerminalRow, since: string) {
  const names = [...new Set([terminalLabel(t), t.mac])];
  const rows = await kdb(ctx.app)
    .selectFrom(TABLES.message)
    .select(['id', 'category', 'content', 'reply', 'replied_at'])
    .where('site_id', '=', t.site_id)
    .where('terminal', 'in', names)
    .where('state', '=', 'replied')
    .where('replied_at', '>', since)
    .orderBy('replied_at', 'asc')
    .limit(MAX_REPLIES)
    .execute();
  return rows.map((r) => ({
    message_id: Number(r.id),
    category: String(r.category ?? ''),
    content: String(r.content ?? ''),
    reply: String(r.reply ?? ''),
    replied_at: String(r.replied_at ?? ''),
  }));
}

export async function heartbeat(ctx: ActionContext, input: z.output<typeof HeartbeatInput>) {
  const t = await requireTerminal(ctx.app, ctx.req);
  const previous = t.last_seen;
  const now = ctx.app.now();
  await markSeen(ctx.app, t, {
    ip: clientIp(ctx.ip),
    model: input.model,
    app_version: input.app_version,
    os_version: input.firmware,
  });
  const since = input.replies_since ?? (DT.test(previous) ? previous : formatDateTime(now - 86_400_000));
  const [commands, replies] = [await takeCommands(ctx.app, t.id), await repliesFor(ctx, t, since)];
  return {
    state: t.state,
    server_time: formatDateTime(now),
    heartbeat_s: HEARTBEAT_S,
    commands,
    replies,
    // The cursor for the next heartbeat: the last reply handed out, or now when there were all of them.
    replies_since:
      replies.length === MAX_REPLIES ? replies[replies.length - 1]!.replied_at : formatDateTime(now),
  };
}

export const AckInput = terminalApiCalls.ack.input;

async function releaseText(ctx: ActionContext, t: TerminalRow, id: number): Promise<string | null> {
  const r = await kdb(ctx.app)
    .selectFrom(TABLES.release)
    .select(['package_name', 'version_name', 'version_code'])
    .where('site_id', '=', t.site_id)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? `${r.package_name} ${r.version_name} (${r.version_code})` : null;
}

export async function ack(ctx: ActionContext, input: z.output<typeof AckInput>) {
  const { app } = ctx;
  const t = await requireTerminal(app, ctx.req);
  // Kept as a catalogue key: the terminal records read in their reader's language.
  const upgradeEvent = async (what: Localized) =>
    writeEvent(
      app,
      t,
      await boundArea(app, t),
      input.result ? 'upgrade_ok' : 'upgrade_fail',
      input.detail
        ? keepText('terminal.event.upgradeDetail', { what, detail: input.detail.slice(0, 1500) })
        : keepText('terminal.event.upgrade', { what }),
    );

  if (input.release_id) {
    const what = await releaseText(ctx, t, input.release_id);
    if (!what)
      throw new ApiError(
        Code.notFound,
        say(ctx.lang, 'terminal.noAppRelease', { release_id: input.release_id }),
      );
    await upgradeEvent(texts('terminal.event.release', { id: input.release_id, what }));
    return { release_id: input.release_id, recorded: true as const };
  }

  const id = input.command_id!;
  const cmd = await app.db.kysely
    .selectFrom('terminal_commands')
    .select(['id', 'type', 'args', 'state'])
    .where('id', '=', id)
    .where('terminal_id', '=', t.id)
    .executeTakeFirst();
  if (!cmd) throw new ApiError(Code.notFound, say(ctx.lang, 'terminal.noCommandTerminal', { id }));
  // A repeated ack (the terminal retrying after a lost reply) changes nothing and says so.
  if (!(await ackCommand(app, t.id, id, input.result, input.detail)))
    return { command_id: id, state: cmd.state, settled: false };
  if (cmd.type === 'upgrade') {
    let releaseId = 0;
    try {
      releaseId = Number((JSON.parse(cmd.args) as { release_id?: unknown }).release_id) || 0;
    } catch {
      releaseId = 0;
    }
    await upgradeEvent(texts('terminal.event.upgradeCommand', { id, release: releaseId }));
  }
  return { command_id: id, state: input.result ? 'acked' : 'failed', settled: true };
}
