import { texts } from '@igs/contract';
import { MAX_PLAY_BATCH, TerminalPlayInput } from '@igs/contract/calls';
import type { Conn } from '../../platform/db/schema.ts';
import type { ActionContext } from '../../platform/http/action.ts';
import { validationError, zodMessages } from '../../platform/http/dispatch.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { formatDateTime, parseDateTime } from '../../platform/lib/time.ts';
import { requireTerminal } from './credentials.ts';
import { PLAY_KEEP_DAYS } from './presence.ts';
import { areaLabel, boundArea, kdb, TABLES, terminalLabel } from './records.ts';

/**
 * `play`: what the terminal played (DOMAIN 2.8 smart/PlayRecord), one report or a batch of up to
 * 200. Each becomes a PlayRecord row named by the terminal and its room; a report already stored
 * (same terminal, start and content) is skipped, so a terminal may resend a batch it is unsure of.
 * Start times older than the retention (180 days) or more than 5 minutes ahead are refused.
 */

export const MAX_BATCH = MAX_PLAY_BATCH;
const SKEW_MS = 5 * 60_000;

function toMs(v: string | number): number {
  if (typeof v === 'number') return v < 1e11 ? v * 1000 : v;
  return parseDateTime(v);
}

export async function play(ctx: ActionContext, body: unknown) {
  const { app } = ctx;
  // The batch, or one report as a batch of one (contract TerminalPlayInput): a union of bodies that
  // a call's object input cannot hold, so it is checked here, first, as the dispatcher would.
  const parsed = TerminalPlayInput.safeParse(body, zodMessages(ctx.lang));
  if (!parsed.success) throw validationError(parsed.error, ctx.lang);
  const input = parsed.data;
  const t = await requireTerminal(app, ctx.req);
  const reports = input.records;
  const now = app.now();
  const oldest = now - PLAY_KEEP_DAYS * 86_400_000;
  // Everything is checked before anything is stored: a bad report refuses the whole batch.
  const rows = reports.map((r, i) => {
    const field = (name: string) => `records.${i}.${name}`;
    const start = toMs(r.start_at);
    if (Number.isNaN(start))
      throw invalidField(field('start_at'), texts('terminal.playTimeFormat', { field: field('start_at') }));
    if (start > now + SKEW_MS)
      throw invalidField(field('start_at'), texts('terminal.playInFuture', { field: field('start_at') }));
    if (start < oldest)
      throw invalidField(
        field('start_at'),
        texts('terminal.playTooOld', { field: field('start_at'), days: PLAY_KEEP_DAYS }),
      );
    let end = r.end_at === undefined ? Number.NaN : toMs(r.end_at);
    if (r.end_at !== undefined && (Number.isNaN(end) || end < start))
      throw invalidField(field('end_at'), texts('terminal.playEndBeforeStart', { field: field('end_at') }));
    const duration = r.duration_s ?? (Number.isNaN(end) ? 0 : Math.round((end - start) / 1000));
    if (Number.isNaN(end)) end = start + duration * 1000;
    return {
      content_type: r.content_type,
      content_id: r.content_id ?? null,
      content_name: r.content_name,
      start_at: formatDateTime(start),
      end_at: formatDateTime(end),
      duration_s: duration,
    };
  });
  const area = areaLabel(await boundArea(app, t));
  const terminal = terminalLabel(t);
  let stored = 0;
  await kdb(app)
    .transaction()
    .execute(async (trx: Conn) => {
      for (const r of rows) {
        let q = trx
          .selectFrom(TABLES.playRecord)
          .select('id')
          .where('site_id', '=', t.site_id)
          .where('terminal', '=', terminal)
          .where('start_at', '=', r.start_at)
          .where('content_type', '=', r.content_type);
        q =
          r.content_id === null
            ? q.where('content_name', '=', r.content_name)
            : q.where('content_id', '=', r.content_id);
        if (await q.executeTakeFirst()) continue;
        await trx
          .insertInto(TABLES.playRecord)
          .values({ site_id: t.site_id, terminal, area, ...r, created_at: now, updated_at: now })
          .execute();
        stored += 1;
      }
    });
  return { stored, duplicates: rows.length - stored };
}
