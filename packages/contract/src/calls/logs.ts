import { z } from 'zod';
import { Paths } from '../paths.ts';
import { keyedIssue } from '../server-texts/issue.ts';
import { ListOutput, LogEntry, LoggingExportInput, LoggingListInput, UrlOutput } from '../shell-api.ts';
import { defineCall } from './define.ts';

/** system/OperationLog (`system/logging`): the operation log, paged and filtered, and its CSV export. */

export const operationLogCalls = {
  list: defineCall({
    path: Paths.logging,
    method: 'list',
    input: LoggingListInput.omit({ method: true }),
    output: ListOutput(LogEntry),
  }),
  /** Same filters as list, as CSV behind a single-use download URL. */
  export: defineCall({
    path: Paths.logging,
    method: 'export',
    input: LoggingExportInput.omit({ method: true }),
    output: UrlOutput,
  }),
  /**
   * Deletes entries by id (`ids`, 1 to 500), or every entry older than `older_than_days` (1 to
   * 3650): exactly one of the two. Anything else is refused (422) naming the field.
   */
  del: defineCall({
    path: Paths.logging,
    method: 'del',
    input: z
      .object({
        ids: z
          .array(
            z.coerce
              .number({ error: keyedIssue('shell.logIdsList') })
              .int(keyedIssue('shell.logIdsList'))
              .positive(keyedIssue('shell.logIdsList')),
            { error: keyedIssue('shell.logIdsList') },
          )
          .min(1, keyedIssue('shell.logIdsList'))
          .max(500, keyedIssue('shell.logIdsList'))
          .optional(),
        older_than_days: z.coerce
          .number({ error: keyedIssue('shell.olderThanDaysRange') })
          .int(keyedIssue('shell.olderThanDaysRange'))
          .min(1, keyedIssue('shell.olderThanDaysMin'))
          .max(3650, keyedIssue('shell.olderThanDaysRange'))
          .optional(),
      })
      .refine((v) => (v.ids ? 1 : 0) + (v.older_than_days ? 1 : 0) === 1, {
        message: keyedIssue('shell.idsOrDays'),
        path: ['ids'],
      }),
    output: z.object({ deleted: z.number() }),
  }),
  /** retention_days (180 by default): the age after which the daily purge deletes entries. */
  config: defineCall({
    path: Paths.logging,
    method: 'config',
    input: z.object({}).loose(),
    output: z.object({ retention_days: z.number() }),
  }),
  /** retention_days 1 to 3650, checked by the server with its own message. */
  config_form: defineCall({
    path: Paths.logging,
    method: 'config_form',
    input: z.object({ retention_days: z.unknown().optional() }).loose(),
    output: z.object({ retention_days: z.number() }),
  }),
};

/**
 * The server's own daily log files (the system log tab of `system/logging`). The inputs stay loose
 * and unchecked here: the handlers validate each field themselves, with their own messages.
 */
const field = z.unknown().optional();

export const ServerLogFile = z.object({
  date: z.string(),
  name: z.string(),
  size: z.number(),
  modified_at: z.number(),
});
export type ServerLogFile = z.infer<typeof ServerLogFile>;

export const ServerLogLine = z.object({
  /** 1-based line number in the file; null in a tail of a file too large to count. */
  n: z.number().nullable(),
  text: z.string(),
});
export type ServerLogLine = z.infer<typeof ServerLogLine>;

export const serverLogCalls = {
  files: defineCall({
    path: Paths.logging,
    method: 'server_logs',
    input: z.object({}).loose(),
    output: z.object({ list: z.array(ServerLogFile), keep_days: z.number() }),
  }),
  /** mode tail: the last `lines` (1–2000); mode page: page, limit (1–1000), order, keyword, level. */
  lines: defineCall({
    path: Paths.logging,
    method: 'server_log',
    input: z
      .object({
        date: field,
        mode: field,
        lines: field,
        page: field,
        limit: field,
        order: field,
        keyword: field,
        level: field,
      })
      .loose(),
    output: z.union([
      z.object({
        date: z.string(),
        mode: z.literal('tail'),
        lines: z.array(ServerLogLine),
        total_bytes: z.number(),
        whole_file: z.boolean(),
      }),
      z.object({
        date: z.string(),
        mode: z.literal('page'),
        page: z.number(),
        limit: z.number(),
        lines: z.array(ServerLogLine),
        total: z.number(),
      }),
    ]),
  }),
  download: defineCall({
    path: Paths.logging,
    method: 'server_log_download',
    input: z.object({ date: field }).loose(),
    output: UrlOutput,
  }),
  config: defineCall({
    path: Paths.logging,
    method: 'server_log_config',
    input: z.object({}).loose(),
    output: z.object({ keep_days: z.number() }),
  }),
  config_form: defineCall({
    path: Paths.logging,
    method: 'server_log_config_form',
    input: z.object({ keep_days: field }).loose(),
    output: z.object({ keep_days: z.number(), removed: z.array(z.string()) }),
  }),
};
