import { CronExpressionParser } from 'cron-parser';
import type { Lang } from './messages.ts';

/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week, DOMAIN type `cron`),
 * parsed by cron-parser in the zone of whoever calls (the server's zone for the scheduler).
 * cron-parser also accepts a seconds field and `@daily` macros; the product's expressions have
 * exactly five fields, so those are refused here.
 */

const FIVE_FIELDS = /^\S+(\s+\S+){4}$/;

/** Why an expression is not a valid five-field cron expression, in the caller's language; null when valid. */
export function cronError(expr: string, lang: Lang = 'en'): string | null {
  const text = expr.trim();
  if (!FIVE_FIELDS.test(text) || text.startsWith('@')) {
    return lang === 'zh_CN'
      ? 'cron 表达式必须有 5 个字段：分 时 日 月 周，例如 0 3 * * *'
      : 'A cron expression has 5 fields: minute hour day-of-month month day-of-week, e.g. 0 3 * * *';
  }
  try {
    CronExpressionParser.parse(text, { currentDate: new Date(0) }).next();
    return null;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return lang === 'zh_CN' ? `cron 表达式无效：${why}` : `Invalid cron expression: ${why}`;
  }
}

/** The next `count` times (epoch ms) the expression fires strictly after `afterMs`. */
export function nextCronRuns(expr: string, afterMs: number, count = 1): number[] {
  const it = CronExpressionParser.parse(expr.trim(), { currentDate: new Date(afterMs) });
  const out: number[] = [];
  for (let i = 0; i < count && it.hasNext(); i++) out.push(it.next().getTime());
  return out;
}

/** The first time the expression fires strictly after `afterMs`, or null when it never does. */
export function nextCronRun(expr: string, afterMs: number): number | null {
  return nextCronRuns(expr, afterMs, 1)[0] ?? null;
}

/** Whether the expression fires at this minute (`at` on a whole minute). */
export function cronFiresAt(expr: string, at: number): boolean {
  return nextCronRun(expr, at - 1000) === at;
}
