import { say, texts } from '@igs/contract';
import { operationLogCalls } from '@igs/contract/calls';
import type { ExpressionBuilder } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { compiledOnce } from '../../platform/db/compiled-once.ts';
import type { Database } from '../../platform/db/schema.ts';
import { offerDownload } from '../../platform/exports/downloads.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { toCsv } from '../../platform/lib/csv.ts';
import { formatDateTime, parseDateTime } from '../../platform/lib/time.ts';
import {
  cachedLogCount,
  forgetLogListCache,
  knownPageStart,
  type PageStart,
  rememberPage,
} from '../../platform/logging/list-cache.ts';
import { setSetting } from '../../platform/settings/settings.ts';
import { describeEntry } from './names.ts';
import { LOG_RETENTION_MAX_DAYS, LOG_RETENTION_MIN_DAYS, logRetentionDays } from './retention.ts';

type Filters = Pick<z.output<typeof operationLogCalls.list.input>, 'filter' | 'keyword'>;

/**
 * The operation log narrowed by the list filters; shared by list and export. Beside the query:
 * its parameters in the order it takes them and a name of its shape (which filters it has), so
 * the list can send it compiled once per shape (db/compiled-once.ts).
 */
function filtered(app: AppContext, input: Filters) {
  let q = app.db.kysely.selectFrom('operation_log');
  const params: unknown[] = [];
  const shape: string[] = [];
  const f = input.filter;
  for (const col of ['username', 'module', 'action', 'result', 'ip'] as const) {
    const value = f[col];
    if (!value) continue;
    q = q.where(col, '=', value);
    params.push(value);
    shape.push(col);
  }
  if (f.time) {
    const from = parseDateTime(f.time[0]);
    const to = parseDateTime(f.time[1]);
    if (Number.isNaN(from) || Number.isNaN(to))
      throw invalidField('filter.time', texts('logging.timeFilter'));
    // A bare end date means the whole of that day.
    const until = f.time[1].length <= 10 ? to + 86_399_999 : to;
    q = q.where('at', '>=', from).where('at', '<=', until);
    params.push(from, until);
    shape.push('time');
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
    params.push(like, like, like, like);
    shape.push('keyword');
  }
  return { q, params, shape: shape.join(',') };
}

/**
 * The rows from a known page start on, in the list's order: `(at, id) <= (key, id)` for a newest-
 * first list, so the index seeks to the page instead of walking the pages before it.
 */
function seekFrom(sortCol: 'at' | 'id', order: 'asc' | 'desc', start: PageStart) {
  const op = order === 'desc' ? (start.inclusive ? '<=' : '<') : start.inclusive ? '>=' : '>';
  return (eb: ExpressionBuilder<Database, 'operation_log'>) =>
    sortCol === 'id'
      ? eb('id', op, start.id)
      : eb(eb.refTuple('at', 'id'), op, eb.tuple(start.key, start.id));
}

const HEADER = [
  'id',
  'time',
  'username',
  'ip',
  'module',
  'module_title',
  'action',
  'action_title',
  'path',
  'http_method',
  'result',
  'code',
  'detail',
  'user_agent',
] as const;

/** `system/logging`: the operation log, paged and filtered in SQL. */
export const loggingActions = [
  defineCallAction(operationLogCalls.list, {
    summary: 'Operation log: every mutating call and every sign-in attempt',
    access: 'module',
    async handler({ app, lang }, input) {
      const { q, params, shape } = filtered(app, input);
      const total = await cachedLogCount(app, JSON.stringify([input.filter, input.keyword]), async () =>
        Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      );
      const sortCol = input.sort === 'time' ? 'at' : 'id';
      const listKey = JSON.stringify([input.filter, input.keyword, input.sort, input.order, input.limit]);
      const start = knownPageStart(app, listKey, input.page);
      const db = app.db.kysely;
      const query = start
        ? compiledOnce(
            db,
            `log-page-seek:${shape}:${sortCol}:${input.order}:${start.inclusive}`,
            () =>
              q
                .selectAll()
                .where(seekFrom(sortCol, input.order, start))
                .orderBy(sortCol, input.order)
                .orderBy('id', input.order)
                .limit(input.limit),
            [...params, ...(sortCol === 'id' ? [start.id] : [start.key, start.id]), input.limit],
          )
        : compiledOnce(
            db,
            `log-page-offset:${shape}:${sortCol}:${input.order}`,
            () =>
              db
                .selectFrom('operation_log')
                .selectAll()
                // Deferred join: the page's ids come from the index alone, then only those rows
                // are read. With a plain OFFSET the database reads every skipped row in full.
                .where(
                  'id',
                  'in',
                  q
                    .select('id')
                    .orderBy(sortCol, input.order)
                    .orderBy('id', input.order)
                    .limit(input.limit)
                    .offset((input.page - 1) * input.limit),
                )
                .orderBy(sortCol, input.order)
                .orderBy('id', input.order),
            [...params, input.limit, (input.page - 1) * input.limit],
          );
      const { rows } = await db.executeQuery(query);
      if (rows.length) {
        const keyOf = (r: (typeof rows)[number]) => ({ key: sortCol === 'at' ? r.at : r.id, id: r.id });
        rememberPage(app, listKey, input.page, keyOf(rows[0]!), keyOf(rows[rows.length - 1]!));
      }
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
          user_agent: r.user_agent,
          // The names and the detail in the reader's language; module, action and path stay raw.
          ...describeEntry(r, lang),
        })),
      };
    },
  }),
  defineCallAction(operationLogCalls.export, {
    summary: 'Operation log as CSV (same filters as list), returned as a single-use download URL',
    access: 'module',
    async handler({ app, caller, lang }, input) {
      const rows = await filtered(app, input)
        .q.selectAll()
        .orderBy('id', input.order)
        .limit(100_000)
        .execute();
      const csv = toCsv(
        HEADER,
        rows.map((r) => {
          const names = describeEntry(r, lang);
          return [
            r.id,
            formatDateTime(r.at),
            r.username,
            r.ip,
            r.module,
            names.module_title,
            r.action,
            names.action_title,
            r.path,
            r.http_method,
            r.result,
            r.code,
            names.detail,
            r.user_agent,
          ];
        }),
      );
      return offerDownload(app, caller.user.id, `operation-log-${Date.now()}.csv`, Buffer.from(csv));
    },
  }),

  defineCallAction(operationLogCalls.del, {
    summary: 'Deletes log entries by id, or all entries older than N days (exactly one of the two)',
    access: 'module',
    async handler({ app }, input) {
      let q = app.db.kysely.deleteFrom('operation_log');
      q = input.ids
        ? q.where('id', 'in', input.ids)
        : q.where('at', '<', app.now() - input.older_than_days! * 86_400_000);
      const r = await q.executeTakeFirst();
      forgetLogListCache(app);
      return { deleted: Number(r.numDeletedRows) };
    },
  }),

  // DOMAIN system/OperationLog setting retention_days (180): the daily purge keeps this many days.
  defineCallAction(operationLogCalls.config, {
    summary: 'The log settings: retention_days (180), the age after which the daily purge deletes entries',
    access: 'module',
    async handler({ app }) {
      return { retention_days: await logRetentionDays(app) };
    },
  }),

  defineCallAction(operationLogCalls.config_form, {
    summary: 'Saves retention_days (1-3650); the daily purge uses it from its next run',
    access: 'module',
    async handler(ctx, input) {
      const n = Number(input.retention_days);
      if (
        input.retention_days === '' ||
        input.retention_days == null ||
        !Number.isInteger(n) ||
        n < LOG_RETENTION_MIN_DAYS ||
        n > LOG_RETENTION_MAX_DAYS
      )
        throw invalidField(
          'retention_days',
          say(ctx.lang, 'logging.retentionDaysMustWhole', {
            min: LOG_RETENTION_MIN_DAYS,
            max: LOG_RETENTION_MAX_DAYS,
          }),
        );
      await setSetting(ctx.app, 'log_retention_days', String(n));
      ctx.logDetail = `log_retention_days=${n}`;
      return { retention_days: n };
    },
  }),
];
