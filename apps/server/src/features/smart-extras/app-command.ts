import { Code, keepText, say } from '@igs/contract';
import { appCommandCalls, appCommandOpsCalls, type TerminalCommandRow } from '@igs/contract/calls';
import type { TerminalCommandType } from '@igs/contract/extras';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { validationError } from '../../platform/http/dispatch.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { scoped } from '../../platform/resources/scope.ts';

/**
 * `index/app_command` (DOMAIN 2.8 smart/TerminalAuthorization): commands for authorised terminals,
 * queued until the terminal's next heartbeat takes them (`takeCommands`); the terminal's answer
 * (`ackCommand`) settles the command and becomes a `command_ack` TerminalEvent.
 */

const NoArgs = z.object({}).strict();
const ARGS: Record<TerminalCommandType, z.ZodType<Record<string, unknown>>> = {
  reboot: NoArgs,
  clear_cache: NoArgs,
  screenshot: NoArgs,
  show_message: z
    .object({
      text: z.string({ error: 'args.text is required' }).trim().min(1, 'args.text is required').max(500),
      duration_s: z.coerce.number().int().min(1).max(3600).optional().default(10),
    })
    .strict(),
  open_app: z
    .object({
      package: z
        .string({ error: 'args.package is required' })
        .trim()
        .regex(
          /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/,
          'args.package must be an Android package name',
        ),
    })
    .strict(),
  upgrade: z
    .object({ release_id: z.coerce.number({ error: 'args.release_id is required' }).int().positive() })
    .strict(),
};

const kdb = (app: AppContext) => app.db.kysely;

function parseArgs(raw: string): Record<string, unknown> {
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The commands waiting for a terminal, marked sent: the heartbeat reply carries them. */
export async function takeCommands(
  app: AppContext,
  terminalId: number,
): Promise<{ id: number; type: string; args: Record<string, unknown> }[]> {
  return app.db.kysely.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('terminal_commands')
      .select(['id', 'type', 'args'])
      .where('terminal_id', '=', terminalId)
      .where('state', '=', 'queued')
      .orderBy('id', 'asc')
      .execute();
    if (rows.length)
      await trx
        .updateTable('terminal_commands')
        .set({ state: 'sent', sent_at: app.now() })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    return rows.map((r) => ({ id: r.id, type: r.type, args: parseArgs(r.args) }));
  });
}

/** A terminal's answer to one of its commands; false when the command is not its own or is settled. */
export async function ackCommand(
  app: AppContext,
  terminalId: number,
  commandId: number,
  ok: boolean,
  detail = '',
): Promise<boolean> {
  const cmd = await app.db.kysely
    .selectFrom('terminal_commands')
    .selectAll()
    .where('id', '=', commandId)
    .where('terminal_id', '=', terminalId)
    .where('state', 'in', ['queued', 'sent'])
    .executeTakeFirst();
  if (!cmd) return false;
  const now = app.now();
  const terminal = await kdb(app)
    .selectFrom('smart_terminal')
    .select(['name', 'mac'])
    .where('id', '=', terminalId)
    .executeTakeFirst();
  await app.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('terminal_commands')
      .set({ state: ok ? 'acked' : 'failed', acked_at: now, result: detail.slice(0, 1000) })
      .where('id', '=', commandId)
      .execute();
    await trx
      .insertInto('smart_terminal_event')
      .values({
        site_id: cmd.site_id,
        terminal: String(terminal?.name || terminal?.mac || terminalId),
        area: '',
        type: 'command_ack',
        // Kept as a catalogue key: the terminal records read in their reader's language.
        detail: detail
          ? keepText(ok ? 'terminal.event.commandDoneDetail' : 'terminal.event.commandFailedDetail', {
              type: cmd.type,
              id: cmd.id,
              detail: detail.slice(0, 500),
            })
          : keepText(ok ? 'terminal.event.commandDone' : 'terminal.event.commandFailed', {
              type: cmd.type,
              id: cmd.id,
            }),
        read: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return true;
}

export const appCommandActions = [appCommandCalls, appCommandOpsCalls].flatMap((calls) => [
  defineCallAction(calls.send, {
    summary:
      'Queues a command (reboot, clear_cache, show_message, open_app, upgrade, screenshot) for terminals',
    access: 'module',
    async handler(ctx, input) {
      const parsed = ARGS[input.type].safeParse(input.args);
      if (!parsed.success) throw validationError(parsed.error, ctx.lang);
      const args = parsed.data;
      const site = ctx.scope.writeSite();
      const ids = [...new Set(input.ids)];
      const rows = await scoped(ctx)
        .selectFrom('smart_terminal', [site])
        .select(['id', 'state', 'mac'])
        .where('id', 'in', ids)
        .execute();
      const missing = ids.filter((id) => !rows.some((r) => Number(r.id) === id));
      if (missing.length)
        throw new ApiError(
          Code.notFound,
          `${say(ctx.lang, 'smart.terminalNotFound')}: #${missing.join(', #')}`,
        );
      const unauthorised = rows.filter((r) => r.state !== 'authorized');
      if (unauthorised.length)
        throw invalidField(
          'ids',
          `${say(ctx.lang, 'smart.commandsGoAuthorisedTerminals')}: ${unauthorised.map((r) => r.mac).join(', ')}`,
        );
      if (input.type === 'upgrade') {
        const release = await scoped(ctx)
          .selectFrom('smart_app_release', [site])
          .select(['id', 'state'])
          .where('id', '=', Number(args.release_id))
          .executeTakeFirst();
        if (release?.state !== 'published')
          throw invalidField(
            'args.release_id',
            say(ctx.lang, 'smart.appReleaseDoesNot', { release_id: String(args.release_id) }),
          );
      }
      const now = ctx.app.now();
      const inserted = await ctx.app.db.kysely
        .insertInto('terminal_commands')
        .values(
          ids.map((terminal_id) => ({
            site_id: site,
            terminal_id,
            type: input.type,
            args: JSON.stringify(args),
            state: 'queued',
            created_by: ctx.caller.user.username,
            created_at: now,
          })),
        )
        .returning('id')
        .execute();
      ctx.logDetail = `${input.type} to terminal #${ids.join(', #')}`;
      return { queued: inserted.length, command_ids: inserted.map((r) => Number(r.id)) };
    },
  }),
  defineCallAction(calls.list, {
    summary: 'The command history with each command state (queued, sent, acked, failed)',
    access: 'module',
    async handler(ctx, input) {
      const f = input.filter;
      let q = scoped(ctx)
        .selectFrom('terminal_commands as c')
        .leftJoin('smart_terminal as t', 't.id', 'c.terminal_id');
      if (f.terminal_id) q = q.where('c.terminal_id', '=', f.terminal_id);
      if (f.type) q = q.where('c.type', '=', f.type);
      if (f.state) q = q.where('c.state', '=', f.state);
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .selectAll('c')
          .select(['t.name as terminal_name', 't.mac as terminal_mac'])
          .orderBy('c.id', 'desc')
          .limit(input.limit)
          .offset((input.page - 1) * input.limit)
          .execute(),
      ]);
      return {
        total: Number(total),
        list: rows.map((r) => ({
          id: Number(r.id),
          site_id: Number(r.site_id),
          terminal_id: Number(r.terminal_id),
          terminal: String(r.terminal_name || r.terminal_mac || `#${r.terminal_id}`),
          type: r.type as TerminalCommandType,
          args: parseArgs(String(r.args)),
          state: r.state as TerminalCommandRow['state'],
          result: r.result,
          created_by: r.created_by,
          created_at: formatDateTime(Number(r.created_at)),
          sent_at: r.sent_at === null ? '' : formatDateTime(Number(r.sent_at)),
          acked_at: r.acked_at === null ? '' : formatDateTime(Number(r.acked_at)),
        })),
      };
    },
  }),
]);
