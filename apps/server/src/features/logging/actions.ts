import { LoggingDeleteInput, LoggingExportInput, LoggingListInput, Paths } from '@igs/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { defineAction } from '../../http/action.ts';
import { invalidField } from '../../http/errors.ts';
import { toCsv } from '../../lib/csv.ts';
import { formatDateTime, parseDateTime } from '../../lib/time.ts';
import { offerDownload } from '../exports/downloads.ts';
import { cachedLogCount, forgetLogCounts } from './operation-log.ts';

type Filters = Pick<z.output<typeof LoggingListInput>, 'filter' | 'keyword'>;

/** The operation log narrowed by the list filters; shared by list and export. */
function filtered(app: AppContext, input: Filters) {
  let q = app.db.kysely.selectFrom('operation_log');
  const f = input.filter;
  if (f.username) q = q.where('username', '=', f.username);
  if (f.module) q = q.where('module', '=', f.module);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.result) q = q.where('result', '=', f.result);
  if (f.ip) q = q.where('ip', '=', f.ip);
  if (f.time) {
    const from = parseDateTime(f.time[0]);
    const to = parseDateTime(f.time[1]);
    if (Number.isNaN(from) || Number.isNaN(to))
      throw invalidField('filter.time', 'filter.time must be two dates YYYY-MM-DD[ HH:mm:ss]');
    // A bare end date means the whole of that day.
    q = q.where('at', '>=', from).where('at', '<=', f.time[1].length <= 10 ? to + 86_399_999 : to);
  }
  if (input.keyword) {
    const like = `%${input.keyword}%`;
    q = q.where((eb) =>
      eb.or([
        eb('username', 'like', like),
        eb('module', 'like', like),
        eb('path', 'like', like),
        eb('detail', 'like', like),
      ]),
    );
  }
  return q;
}

const HEADER = [
  'id',
  'time',
  'username',
  'ip',
  'module',
  'action',
  'path',
  'http_method',
  'result',
  'code',
  'detail',
  'user_agent',
] as const;

/** `system/logging`: the operation log, paged and filtered in SQL. */
export const loggingActions = [
  defineAction({
    path: Paths.logging,
    method: 'list',
    summary: 'Operation log: every mutating call and every sign-in attempt',
    access: 'module',
    input: LoggingListInput,
    async handler({ app }, input) {
      const q = filtered(app, input);
      const total = await cachedLogCount(app, JSON.stringify([input.filter, input.keyword]), async () =>
        Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      );
      const sortCol = input.sort === 'time' ? 'at' : 'id';
      // Deferred join: the page's ids come from the index alone, then only those rows are read.
      // With a plain OFFSET the database reads every skipped row in full (page 500 = 10,000 rows).
      const pageIds = q
        .select('id')
        .orderBy(sortCol, input.order)
        .orderBy('id', input.order)
        .limit(input.limit)
        .offset((input.page - 1) * input.limit);
      const rows = await app.db.kysely
        .selectFrom('operation_log')
        .selectAll()
        .where('id', 'in', pageIds)
        .orderBy(sortCol, input.order)
        .orderBy('id', input.order)
        .execute();
      return {
        total: Number(total),
        list: rows.map((r) => ({
          id: r.id,
          time: formatDateTime(r.at),
          username: r.username,
          ip: r.ip,
          module: r.module,
          action: r.action,
          path: r.path,
          http_method: r.http_method,
          result: r.result,
          code: r.code,
          detail: r.detail,
          user_agent: r.user_agent,
        })),
      };
    },
  }),
  defineAction({
    path: Paths.logging,
    method: 'export',
    summary: 'Operation log as CSV (same filters as list), returned as a single-use download URL',
    access: 'module',
    input: LoggingExportInput,
    async handler({ app, caller }, input) {
      const rows = await filtered(app, input).selectAll().orderBy('id', input.order).limit(100_000).execute();
      const csv = toCsv(
        HEADER,
        rows.map((r) => [
          r.id,
          formatDateTime(r.at),
          r.username,
          r.ip,
          r.module,
          r.action,
          r.path,
          r.http_method,
          r.result,
          r.code,
          r.detail,
          r.user_agent,
        ]),
      );
      return offerDownload(app, caller!.user.id, `operation-log-${Date.now()}.csv`, Buffer.from(csv));
    },
  }),

  defineAction({
    path: Paths.logging,
    method: 'del',
    summary: 'Deletes log entries by id, or all entries older than N days',
    access: 'module',
    input: LoggingDeleteInput,
    async handler({ app }, input) {
      let q = app.db.kysely.deleteFrom('operation_log');
      q = input.ids
        ? q.where('id', 'in', input.ids)
        : q.where('at', '<', app.now() - input.older_than_days! * 86_400_000);
      const r = await q.executeTakeFirst();
      forgetLogCounts(app);
      return { deleted: Number(r.numDeletedRows) };
    },
  }),
];
