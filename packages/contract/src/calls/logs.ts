import { Paths } from '../paths.ts';
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
};
