import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, type Lang, type Localized, listText, say, texts } from '@igs/contract';
import { serverLogCalls } from '@igs/contract/calls';
import type { AppContext } from '../../platform/app-context.ts';
import { offerDownload } from '../../platform/exports/downloads.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { getSettings, setSetting } from '../../platform/settings/settings.ts';
import {
  isLogDate,
  LEVELS,
  listLogFiles,
  logFilePath,
  pageLines,
  purgeOldLogs,
  tailLines,
} from './log-files.ts';

/**
 * The server's own daily log files under the log management menu (`system/logging`, DOMAIN
 * system/OperationLog "system log" tab). Reading needs the menu; downloading needs
 * `system:logging:export`; changing how many days are kept needs `system:logging:edit`.
 */

function invalid(lang: Lang, field: string, text: Localized): ApiError {
  const msg = text[lang];
  return new ApiError(Code.invalid, msg, { errors: [{ field, msg }] });
}

export function logsDir(app: AppContext): string {
  return path.join(app.config.dataDir, 'logs');
}

/** The file of a validated day that exists, or a clear refusal. */
async function existingFile(
  app: AppContext,
  lang: Lang,
  date: unknown,
): Promise<{ date: string; file: string }> {
  if (!isLogDate(date)) throw invalid(lang, 'date', texts('serverLogs.dateMustDayYyyy'));
  const file = logFilePath(logsDir(app), date);
  const st = await fs.stat(file).catch(() => null);
  if (!st?.isFile()) throw new ApiError(Code.notFound, say(lang, 'serverLogs.noServerLog', { date }));
  return { date, file };
}

function intIn(
  lang: Lang,
  body: Record<string, unknown>,
  field: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const v = body[field];
  if (v === undefined || v === null || v === '') return fallback;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw invalid(lang, field, texts('serverLogs.intRange', { field, min, max }));
  }
  return n;
}

export const serverLogActions = [
  defineCallAction(serverLogCalls.files, {
    summary: "The server's daily log files (date, name, size), newest first, and how many days are kept",
    access: 'module',
    mutates: false,
    async handler({ app }) {
      const keep = Number((await getSettings(app)).server_log_keep_days);
      return { list: await listLogFiles(logsDir(app)), keep_days: keep };
    },
  }),

  defineCallAction(serverLogCalls.lines, {
    summary:
      "Lines of one day's server log: mode tail (last `lines`, 1–2000) or page (page, limit 1–1000, order, keyword, level)",
    access: 'module',
    mutates: false,
    async handler({ app, lang }, body) {
      const { date, file } = await existingFile(app, lang, body.date);
      const mode = body.mode ?? 'tail';
      if (mode === 'tail') {
        const r = await tailLines(file, intIn(lang, body, 'lines', 1, 2000, 200));
        return { date, mode: 'tail' as const, ...r };
      }
      if (mode !== 'page') throw invalid(lang, 'mode', texts('serverLogs.modeMustTailPage'));
      const order = body.order ?? 'desc';
      if (order !== 'asc' && order !== 'desc')
        throw invalid(lang, 'order', texts('serverLogs.orderMustAscDesc'));
      const level = body.level ?? '';
      if (level !== '' && !(typeof level === 'string' && level in LEVELS)) {
        throw invalid(
          lang,
          'level',
          texts('serverLogs.levelMustOne', { levels: listText(Object.keys(LEVELS)) }),
        );
      }
      const keyword = typeof body.keyword === 'string' ? body.keyword.slice(0, 200) : '';
      const page = intIn(lang, body, 'page', 1, 1_000_000, 1);
      const limit = intIn(lang, body, 'limit', 1, 1000, 100);
      const r = await pageLines(file, { page, limit, order, keyword, level: level || undefined });
      return { date, mode: 'page' as const, page, limit, ...r };
    },
  }),

  defineCallAction(serverLogCalls.download, {
    summary: "One day's server log file as a single-use download URL",
    access: 'module',
    button: 'system:logging:export',
    async handler(ctx, body) {
      const { date, file } = await existingFile(ctx.app, ctx.lang, body.date);
      ctx.logDetail = `server-${date}.log`;
      return offerDownload(ctx.app, ctx.caller.user.id, `server-${date}.log`, await fs.readFile(file));
    },
  }),

  defineCallAction(serverLogCalls.config, {
    summary: 'How many days of server log files are kept',
    access: 'module',
    mutates: false,
    async handler({ app }) {
      return { keep_days: Number((await getSettings(app)).server_log_keep_days) };
    },
  }),

  defineCallAction(serverLogCalls.config_form, {
    summary: 'Sets how many days of server log files are kept (1–365) and deletes the older files now',
    access: 'module',
    button: 'system:logging:edit',
    async handler(ctx, body) {
      if (body.keep_days === undefined || body.keep_days === '') {
        throw invalid(ctx.lang, 'keep_days', texts('serverLogs.keepDaysRequired'));
      }
      const keep = intIn(ctx.lang, body, 'keep_days', 1, 365, 14);
      await setSetting(ctx.app, 'server_log_keep_days', String(keep));
      const removed = await purgeOldLogs(logsDir(ctx.app), keep, ctx.app.now());
      ctx.logDetail = `keep_days=${keep}${removed.length ? `, removed ${removed.join(' ')}` : ''}`;
      return { keep_days: keep, removed };
    },
  }),
];
