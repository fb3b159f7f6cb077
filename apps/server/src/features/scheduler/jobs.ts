import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { JobType, Lang, RunResult } from '@igs/contract';
import { keepText, type Localized, listText, say, texts } from '@igs/contract';
import type { TerminalCommandType } from '@igs/contract/extras';
import type { AppContext } from '../../platform/app-context.ts';
import { applyEnabled } from '../../platform/host/config-set.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { forgetLogListCache } from '../../platform/logging/list-cache.ts';
import { createBackup, pruneAutoBackups, removeUnfinishedBackup } from '../backup/index.ts';
import { logRetentionDays } from '../logging/index.ts';
import { refreshGuide, syncSource } from '../media-extras/index.ts';
import { defaultUnit, installedProgram, type ProgramKey, SERVICE_PROGRAMS } from '../services/index.ts';
import { clearServerCaches } from '../shell/index.ts';

/**
 * The fixed internal actions a scheduled task can run (DOMAIN system/ScheduledTask): never a
 * free-form shell. Each job says what it did; a job whose effect this host cannot have says so
 * ("skipped: …") instead of pretending.
 */

export interface TaskRow {
  id: number;
  site_id: number;
  name: string;
  type: JobType;
  params: Record<string, unknown>;
}

export interface JobOutcome {
  result: Exclude<RunResult, 'running'>;
  output: string;
}

/** What a job may tell the scheduler while it runs. */
export interface RunContext {
  /**
   * Names something the job is about to write and may leave unfinished (`kind:id`, a kind that
   * removePartial knows), recorded on the run before the job writes it: should this instance die,
   * whoever ends the run removes it.
   */
  partial(entry: string): Promise<void>;
}

/**
 * Jobs that may simply be run again when the instance running them died (a takeover): their work
 * is idempotent and leaves nothing half-done that a second run would double. A backup is not (the
 * slot's snapshot is gone; the next slot makes a new one), nor are host commands (the reboot may
 * have happened) or queued terminal commands (they would be queued twice).
 */
export const RESUMABLE_JOBS: ReadonlySet<JobType> = new Set<JobType>([
  'clean_logs',
  'clear_cache',
  'sync_sources',
  'epg_refresh',
]);

/** Removes what a dead run left unfinished (RunContext.partial's entry); false for an unknown kind. */
export async function removePartial(app: AppContext, entry: string): Promise<boolean> {
  const [kind, id] = [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)];
  if (kind === 'backup') {
    await removeUnfinishedBackup(app, id);
    return true;
  }
  return false;
}

/** Services a restart_service job may name: the keys of system/ServiceConfig run by a program of their own. */
const RESTARTABLE = Object.keys(SERVICE_PROGRAMS) as ProgramKey[];
/** Terminal commands a task may queue: the ones that need no arguments, and a message with its text. */
const SCHEDULABLE_COMMANDS: readonly TerminalCommandType[] = [
  'reboot',
  'clear_cache',
  'screenshot',
  'show_message',
];

/** A task's `params` as an object: the console may send it as JSON text. */
export function paramsObject(raw: unknown): Record<string, unknown> {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = v.trim() === '' ? {} : JSON.parse(v);
    } catch {
      return { __invalid: true };
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : v == null
      ? {}
      : { __invalid: true };
}

/** A stored `params` column (JSON text, possibly of JSON text) as an object. */
export function storedParams(v: unknown): Record<string, unknown> {
  if (typeof v !== 'string') return paramsObject(v);
  try {
    return paramsObject(JSON.parse(v));
  } catch {
    return { __invalid: true };
  }
}

/** Checks a job's parameters before the task is stored (422 naming `params`). */
export function checkJobParams(type: JobType, params: Record<string, unknown>, lang: Lang): void {
  const fail = (problem: Localized) =>
    invalidField('params', say(lang, 'common.fieldProblem', { field: 'params', problem }));
  if (params.__invalid) throw fail(texts('scheduler.mustJsonObject'));
  if (type === 'clean_logs' && params.older_than_days !== undefined) {
    const d = Number(params.older_than_days);
    if (!Number.isInteger(d) || d < 1 || d > 3650) throw fail(texts('scheduler.olderThanDaysMust'));
  }
  if (type === 'restart_service' && !RESTARTABLE.includes(params.service as never))
    throw fail(texts('scheduler.serviceMustOne', { options: RESTARTABLE.join(', ') }));
  if (type === 'terminal_command') {
    if (!SCHEDULABLE_COMMANDS.includes(params.command as never))
      throw fail(texts('scheduler.commandMustOne', { options: SCHEDULABLE_COMMANDS.join(', ') }));
    if (
      params.command === 'show_message' &&
      (typeof params.text !== 'string' || !params.text.trim() || params.text.length > 500)
    )
      throw fail(texts('scheduler.textCharactersRequiredShow'));
    const areas = params.area_ids;
    if (areas !== undefined && (!Array.isArray(areas) || !areas.every((a) => Number.isInteger(a) && a > 0)))
      throw fail(texts('scheduler.areaIdsMustList'));
  }
}

export async function runJob(app: AppContext, task: TaskRow, run: RunContext): Promise<JobOutcome> {
  switch (task.type) {
    case 'clean_logs': {
      // Without its own age, the task keeps what system/OperationLog's retention_days keeps.
      const days = Number(task.params.older_than_days ?? (await logRetentionDays(app)));
      const r = await app.db.kysely
        .deleteFrom('operation_log')
        .where('at', '<', app.now() - days * 86_400_000)
        .executeTakeFirst();
      forgetLogListCache(app);
      return {
        result: 'success',
        output: keepText('scheduler.job.logsDeleted', { n: Number(r.numDeletedRows), days }),
      };
    }
    case 'clear_cache':
      await clearServerCaches(app);
      return {
        result: 'success',
        output: keepText('scheduler.job.cacheCleared'),
      };
    case 'backup': {
      // An automatic backup: the retention of system/BackupRestore (keep_count) applies to it.
      const partialId = randomUUID();
      await run.partial(`backup:${partialId}`);
      const backup = await createBackup(app, {
        partialId,
        type: 'auto',
        note: task.id ? `scheduled task #${task.id} ${task.name}`.slice(0, 255) : 'scheduled',
        by: 'system',
      });
      const pruned = await pruneAutoBackups(app);
      return {
        result: 'success',
        output: keepText('scheduler.job.backupMade', {
          file: backup.file_name,
          size: backup.size,
          contents: listText(backup.contents),
          pruned,
        }),
      };
    }
    case 'reboot_system':
      return hostCommand('systemctl', ['reboot']);
    case 'restart_service': {
      const key = task.params.service as ProgramKey;
      if (!RESTARTABLE.includes(key))
        return { result: 'fail', output: keepText('scheduler.job.unknownService', { key: String(key) }) };
      // The installed program's unit (rtmp: zlmediakit or nginx), else the key's usual one.
      const unit = (await installedProgram(key))?.program.unit ?? defaultUnit(key);
      return hostCommand('systemctl', ['restart', `${unit}.service`]);
    }
    case 'terminal_command':
      return queueTerminalCommand(app, task);
    case 'sync_sources':
      return syncSourcesJob(app, task, 'channels');
    case 'epg_refresh':
      return syncSourcesJob(app, task, 'guide');
    default:
      return { result: 'fail', output: keepText('scheduler.job.unknownType', { type: String(task.type) }) };
  }
}

/**
 * `sync_sources`: every enabled media source of the task's site synchronised as its `sync` verb
 * does (collected channels, and the EPG when it has an `xmltv_url`); `epg_refresh`: the guides
 * alone. Each source in a transaction of its own, so one unreachable source does not undo the
 * others; the run fails when any source failed, and says which.
 */
async function syncSourcesJob(
  app: AppContext,
  task: TaskRow,
  what: 'channels' | 'guide',
): Promise<JobOutcome> {
  const db = app.db.kysely;
  let q = db
    .selectFrom('media_source')
    .selectAll()
    .where('site_id', '=', task.site_id)
    .where('enabled', '=', 1);
  if (what === 'guide') q = q.where('xmltv_url', 'is not', null).where('xmltv_url', '!=', '');
  const sources = await q.orderBy('id').execute();
  if (!sources.length)
    return {
      result: 'success',
      output: keepText(what === 'guide' ? 'scheduler.job.noXmltvSource' : 'scheduler.job.noSourceToSync'),
    };
  const lines: string[] = [];
  let failed = 0;
  for (const src of sources) {
    try {
      const out = await db.transaction().execute((trx) =>
        what === 'guide'
          ? refreshGuide({ app, lang: 'en' }, trx as never, src, task.site_id).then((g) =>
              texts('scheduler.job.guideRefreshed', {
                inserted: g.inserted,
                channels: g.channels,
                skipped: g.skipped,
              }),
            )
          : syncSource({ app, lang: 'en' }, trx as never, src, task.site_id).then((r) =>
              texts('scheduler.job.sourceSynced', {
                total: r.channels.total,
                inserted: r.channels.inserted,
                updated: r.channels.updated,
                removed: r.channels.removed,
              }),
            ),
      );
      // One kept text a line: the run's history reads in its reader's language.
      lines.push(
        keepText('scheduler.job.sourceLine', { id: Number(src.id), name: String(src.name), what: out }),
      );
    } catch (e) {
      failed++;
      lines.push(
        keepText('scheduler.job.sourceFailed', {
          id: Number(src.id),
          name: String(src.name),
          message: (e as Error).message,
        }),
      );
    }
  }
  return { result: failed ? 'fail' : 'success', output: lines.join('\n') };
}

/**
 * Queues the task's command for the authorised terminals of its site (those bound to its
 * `area_ids` when it names any), as `index/app_command` send does: terminals take it at their
 * next heartbeat and acknowledge it there.
 */
async function queueTerminalCommand(app: AppContext, task: TaskRow): Promise<JobOutcome> {
  const db = app.db.kysely;
  const command = task.params.command as TerminalCommandType;
  const areas = Array.isArray(task.params.area_ids) ? (task.params.area_ids as number[]) : [];
  let q = db
    .selectFrom('smart_terminal')
    .select('id')
    .where('site_id', '=', task.site_id)
    .where('state', '=', 'authorized');
  if (areas.length)
    q = q.where(
      'id',
      'in',
      db.selectFrom('smart_binding').select('terminal_id').where('area_id', 'in', areas),
    );
  const terminals = (await q.execute()).map((r) => Number(r.id));
  const where = areas.length ? texts('scheduler.job.inAreas', { ids: areas.join(', #') }) : '';
  if (!terminals.length)
    return { result: 'skipped', output: keepText('scheduler.job.noTerminal', { where, command }) };
  const args = command === 'show_message' ? { text: String(task.params.text).trim(), duration_s: 10 } : {};
  const now = app.now();
  await db
    .insertInto('terminal_commands')
    .values(
      terminals.map((terminal_id) => ({
        site_id: task.site_id,
        terminal_id,
        type: command,
        args: JSON.stringify(args),
        state: 'queued',
        created_by: 'scheduler',
        created_at: now,
      })),
    )
    .execute();
  return {
    result: 'success',
    output: keepText('scheduler.job.commandQueued', { command, n: terminals.length, where }),
  };
}

/**
 * A command with a fixed argument list that changes the host: run only where the deployment
 * allows real effects (IGS_APPLY=1), with a time limit; otherwise recorded as skipped.
 */
function hostCommand(file: string, args: string[]): Promise<JobOutcome> {
  const line = [file, ...args].join(' ');
  if (!applyEnabled()) {
    return Promise.resolve({
      result: 'skipped',
      output: keepText('scheduler.job.notApplied', { line }),
    });
  }
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 120_000, maxBuffer: 1024 * 1024 }, (err, stdout, stderr) => {
      const out = `${stdout}${stderr}`.trim();
      if (err) {
        const why =
          (err as NodeJS.ErrnoException).code === 'ENOENT'
            ? texts('scheduler.job.notInstalled', { file })
            : err.message;
        const said = keepText('scheduler.job.commandFailed', { line, why });
        resolve({ result: 'fail', output: `${said}${out ? `\n${out}` : ''}` });
      } else resolve({ result: 'success', output: `${line}${out ? `\n${out}` : ''}` });
    });
  });
}
