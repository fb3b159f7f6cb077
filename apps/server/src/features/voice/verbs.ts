import { Code, keepText, say, texts } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { Conn } from '../../platform/db/schema.ts';
import { offerFileDownload } from '../../platform/exports/downloads.ts';
import { type Registration, resourceVerb } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { decodeText, TextDecodeError, type TextEncoding } from '../../platform/lib/text-decode.ts';
import { formatDateTime, parseDateTime } from '../../platform/lib/time.ts';
import { asSystem, insertRecord, validate } from '../../platform/resources/write.ts';
import { readUpload } from '../../platform/uploads/stored.ts';
import { CallIndex, missingExtras, parseMasterCsv } from './cdr-import.ts';
import { dialText, isDialable } from './config/conf-text.ts';
import { findRecording, isRecordingName, monitorDir, recordingOfCall } from './recordings.ts';
import { callFileText, dropCallFile, removeCallFiles, writableOutgoing } from './spool.ts';
// The live verbs and the preplan's dry run (live-verbs.ts, preplan-test.ts) use these.
import { conflict, listOf, refuse, soundPath } from './verb-support.ts';

/**
 * The voice verbs that need no live Asterisk (DOMAIN section 2.2 "Verbs:"): adding a range of
 * extensions, cancelling wake-up calls, the call records' import, delete by date and play, and
 * the verbs whose effect is a call file in Asterisk's outgoing spool (broadcast now, notification
 * tasks), which answer 503 when that spool cannot be written. The preplan's dry run is in
 * preplan-test.ts; the verbs that talk to Asterisk's manager interface in live-verbs.ts.
 */

const MAX_BATCH = 500;

// voice/Extension batch_add {from, to, name_pattern, call_permission}: each number by the rules of
// add (numbering plan, length, generated secret), all or nothing; an area whose code is the number
// is linked.
const extensionBatchAddVerb = resourceVerb(
  'voice:extension',
  'batch_add',
  async ({ ctx, db, def, input, site }) => {
    const lang = ctx.lang;
    const from = String(input.from);
    const to = String(input.to);
    if (from.length !== to.length) throw refuse('to', lang, texts('voice.numberMustManyDigits'));
    const first = Number(from);
    const last = Number(to);
    if (last < first) throw refuse('to', lang, texts('voice.numberMustNotLower'));
    const count = last - first + 1;
    if (count > MAX_BATCH)
      throw refuse('to', lang, texts('voice.mostExtensionsCanAdded', { max: MAX_BATCH }));
    const numbers = Array.from({ length: count }, (_, i) => String(first + i).padStart(from.length, '0'));
    const areas = new Map<string, number>();
    for (const a of await db
      .selectFrom(resourceByName('system:region').table)
      .select(['id', 'code'])
      .where('site_id', '=', site)
      .where('code', 'in', numbers)
      .orderBy('id')
      .execute())
      if (!areas.has(String(a.code))) areas.set(String(a.code), Number(a.id));
    const ids: number[] = [];
    for (const n of numbers) {
      const body = {
        extension: n,
        name: String(input.name_pattern).replaceAll('{n}', n),
        call_permission: input.call_permission,
        area_id: areas.get(n),
      };
      try {
        ids.push(await insertRecord({ db, lang, now: ctx.app.now() }, def, body, site));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        // Said against the number that failed, on the field of this form that made it.
        const onField = { extension: 'from', name: 'name_pattern' } as Record<string, string>;
        const errors = ((e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? []).map(
          (x) => ({
            field: onField[x.field] ?? x.field,
            msg: `${n}: ${x.msg}`,
          }),
        );
        throw new ApiError(e.code, `${n}: ${e.message}`, { ...(e.data as object), errors });
      }
    }
    ctx.logDetail = keepText('log.extensionsAdded', { from, to, count, size: areas.size });
    return { added: ids.length, ids, linked: areas.size };
  },
);

// voice/WakeupService cancel: the calls stay in the list as cancelled (the PMS check-out does the
// same); nothing of them is in the spool, which no wake-up writes yet.
const wakeupCancelVerb = resourceVerb('voice:wakeup', 'cancel', async ({ ctx, db, def, records }) => {
  const r = await db
    .updateTable(def.table)
    .set({ state: 'cancelled', updated_at: ctx.app.now() })
    .where(
      'id',
      'in',
      records.map((x) => Number(x.id)),
    )
    .executeTakeFirst();
  return { cancelled: Number(r.numUpdatedRows) };
});

// voice/CallRecords del {from, to}: the calls that started in the range, in the caller's site.
const cdrDelVerb = resourceVerb('voice:cdr', 'del', async ({ ctx, db, def, input, site }) => {
  const from = String(input.from);
  const to = String(input.to);
  if (parseDateTime(to) < parseDateTime(from))
    throw refuse('to', ctx.lang, texts('voice.startedUntilMustNot'));
  const r = await db
    .deleteFrom(def.table)
    .where('site_id', '=', site)
    .where('start', '>=', from)
    .where('start', '<=', to)
    .executeTakeFirst();
  const deleted = Number(r.numDeletedRows);
  ctx.logDetail = `voice:cdr del ${from} – ${to}: ${deleted}`;
  return { deleted };
});

// voice/CallRecords play: the recording of one call, when it has one, as a single-use download
// link (the verb's access and the caller's site were checked before), never a host path. A name
// that is no plain file name, or a file no longer there, is a 409 naming it; nothing changes.
const cdrPlayVerb = resourceVerb('voice:cdr', 'play', async ({ ctx, records }) => {
  const r = records[0]!;
  const id = String(r.id);
  if (!r.recording) throw conflict(ctx.lang, texts('voice.callNoRecording', { id }));
  const name = String(r.recording);
  if (!isRecordingName(name)) throw conflict(ctx.lang, texts('voice.recordingNameNotFile', { id, name }));
  const file = await findRecording(name);
  if (!file) throw conflict(ctx.lang, texts('voice.recordingFileGone', { id, name, dir: monitorDir() }));
  ctx.logDetail = `voice:cdr play #${id}: ${name}`;
  return offerFileDownload(ctx.app, ctx.caller.user.id, name, file);
});

// voice/CallRecords import {text_file, dry_run}: an uploaded Master.csv, all or nothing; calls
// already stored (same unique id) are skipped, so the same file can be read twice.
const cdrImportVerb = resourceVerb('voice:cdr', 'import', async ({ ctx, db, def, input, site }) => {
  const lang = ctx.lang;
  const upload = await db
    .selectFrom('uploads')
    .select(['file', 'name'])
    .where('id', '=', String(input.text_file))
    .where('site_id', '=', site)
    .executeTakeFirst();
  if (!upload) throw refuse('text_file', lang, texts('voice.uploadedFileNotFound'));
  const bytes = await readUpload(ctx.app, String(upload.file), ctx.app.config.uploadMaxBytes);
  let text: string;
  try {
    text = decodeText(bytes, (input.encoding as TextEncoding | undefined) || undefined).text;
  } catch (e) {
    if (e instanceof TextDecodeError) throw refuse('text_file', lang, texts('voice.fileUnreadable'));
    throw e;
  }
  const { lines, problems } = parseMasterCsv(text, lang);
  if (!lines.length && !problems.length) throw refuse('text_file', lang, texts('voice.fileHoldsNoCall'));
  const rules = asSystem(def);
  // Calls already stored, read from this form or another (cdr-import.ts CallIndex).
  const known = new CallIndex(
    await db
      .selectFrom(def.table)
      .select([
        'id',
        'uniqueid',
        'sequence',
        'start',
        'src',
        'dst',
        'channel',
        'userfield',
        'peeraccount',
        'linkedid',
      ])
      .where('site_id', '=', site)
      .execute(),
  );
  const fresh: Record<string, unknown>[] = [];
  // Stored calls a wider form completes (a 16-column import read again with uniqueid, userfield…).
  const completions: { id: number; values: Record<string, unknown> }[] = [];
  let skipped = 0;
  for (const { line, record } of lines) {
    try {
      validate(rules, 'add', record, lang);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      for (const x of (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [])
        problems.push({
          line,
          field: x.field,
          msg: say(lang, 'voice.line', { line, msg: x.msg }),
        });
      continue;
    }
    const stored = known.find(record);
    if (stored) {
      skipped++;
      const values = missingExtras(stored, record);
      if (stored.id !== undefined && Object.keys(values).length) {
        completions.push({ id: Number(stored.id), values });
        Object.assign(stored, values);
      }
      continue;
    }
    known.add(record);
    fresh.push(record);
  }
  if (problems.length) {
    problems.sort((a, b) => a.line - b.line);
    throw new ApiError(Code.invalid, problems[0]!.msg, {
      errors: problems.slice(0, 100),
      total: lines.length,
    });
  }
  // A call is linked to its recording only where the file is in the monitor folder now.
  let recordings = 0;
  for (const record of fresh) {
    const recording = await recordingOfCall(record.uniqueid);
    if (!recording) continue;
    record.recording = recording;
    recordings++;
  }
  if (!input.dry_run) {
    for (const record of fresh)
      await insertRecord({ db, lang, now: ctx.app.now() }, def, record, site, { system: true });
    for (const { id, values } of completions)
      await db.updateTable(def.table).set(values).where('id', '=', id).where('site_id', '=', site).execute();
  }
  ctx.logDetail = `voice:cdr import ${String(upload.name)}: ${fresh.length} new (${recordings} recorded), ${skipped} already stored (${completions.length} completed)${input.dry_run ? ' (dry run)' : ''}`;
  return {
    total: lines.length,
    inserted: input.dry_run ? 0 : fresh.length,
    new: fresh.length,
    recordings,
    skipped,
    completed: completions.length,
    dry_run: Boolean(input.dry_run),
  };
});

// voice/Broadcast play_now: the group's number dialled through a Local channel, whose other leg
// plays the task's sound `repeat` times (Page() in the dialplan answers the phones).
const broadcastTaskPlayNowVerb = resourceVerb(
  'voice:broadcast_task',
  'play_now',
  async ({ ctx, db, def, records }) => {
    const lang = ctx.lang;
    const task = records[0]!;
    const group = await db
      .selectFrom(resourceByName('voice:paging').table)
      .select(['number', 'name'])
      .where('id', '=', Number(task.group_id))
      .executeTakeFirst();
    if (!group) throw conflict(lang, texts('voice.pagingGroupTaskNo'));
    const dir = await writableOutgoing(lang);
    const sound = await soundPath(ctx.app, db, task.sound, lang);
    const now = ctx.app.now();
    const name = `igs-broadcast-${task.id}-${now}.call`;
    const text = callFileText({
      channel: `Local/${group.number}@igs-local`,
      callerId: `"${dialText(String(task.name), 40)}" <${group.number}>`,
      maxRetries: 0,
      waitTime: 30,
      application: 'Playback',
      data: Array.from({ length: Math.max(1, Number(task.repeat) || 1) }, () => sound).join('&'),
    });
    await dropCallFile(dir, name, text);
    await db
      .updateTable(def.table)
      .set({ last_run: formatDateTime(now), last_result: `call file ${name}`, updated_at: now })
      .where('id', '=', Number(task.id))
      .execute();
    ctx.logDetail = `voice:broadcast_task play_now #${task.id}: ${name} to ${group.number}`;
    return { file: name, group: group.number };
  },
);

/** The numbers a notification task calls: its extensions and numbers, and its contact groups' people. */
async function calleesOf(db: Conn, site: number, callees: unknown): Promise<string[]> {
  const c = (callees && typeof callees === 'object' && !Array.isArray(callees) ? callees : {}) as Record<
    string,
    unknown
  >;
  const direct = Array.isArray(callees) ? callees : [...listOf(c.extensions), ...listOf(c.numbers)];
  const out = direct.map((v) => String(v ?? '').trim());
  const groups = listOf(c.contact_group_ids)
    .map(Number)
    .filter((n) => n > 0);
  if (groups.length)
    for (const p of await db
      .selectFrom('voice_contact')
      .select(['extension', 'mobile', 'phone'])
      .where('site_id', '=', site)
      .where('group_id', 'in', groups)
      .orderBy('id')
      .execute())
      out.push(String(p.extension || p.mobile || p.phone || '').replace(/[\s-]/g, ''));
  return [...new Set(out.filter(isDialable))];
}

const NOTIFY_WAVE_MS = 60_000;

// voice/QueueNotification start: one call file per callee, `concurrency` of them due at a time,
// a minute apart from `start_at` (or now); Asterisk retries each `retries` times.
const notifyStartVerb = resourceVerb('voice:notify', 'start', async ({ ctx, db, def, records, site }) => {
  const lang = ctx.lang;
  const task = records[0]!;
  const numbers = await calleesOf(db, Number(task.site_id ?? site), task.callees);
  if (!numbers.length) throw refuse('callees', lang, texts('voice.taskNoExtensionNumber'));
  const dir = await writableOutgoing(lang);
  const sound = await soundPath(ctx.app, db, task.sound, lang);
  await removeCallFiles(`igs-notify-${task.id}-`);
  const now = ctx.app.now();
  const startAt = task.start_at ? parseDateTime(String(task.start_at)) : Number.NaN;
  const begin = Number.isFinite(startAt) && startAt > now ? startAt : now;
  const per = Math.max(1, Number(task.concurrency) || 1);
  let lastAt = begin;
  for (const [i, number] of numbers.entries()) {
    lastAt = begin + Math.floor(i / per) * NOTIFY_WAVE_MS;
    const text = callFileText({
      channel: `Local/${number}@from-internal-international`,
      callerId: `"${dialText(String(task.name), 40)}"`,
      maxRetries: Number(task.retries) || 0,
      retryTime: Math.max(10, Number(task.retry_interval_s) || 60),
      waitTime: 45,
      application: 'Playback',
      data: sound,
    });
    await dropCallFile(dir, `igs-notify-${task.id}-${i + 1}.call`, text, lastAt);
  }
  await db
    .updateTable(def.table)
    .set({ state: 'running', results: '[]', updated_at: now })
    .where('id', '=', Number(task.id))
    .execute();
  ctx.logDetail = keepText('log.notifyStarted', { id: String(task.id), n: numbers.length });
  return { calls: numbers.length, first_at: formatDateTime(begin), last_at: formatDateTime(lastAt) };
});

// voice/QueueNotification cancel: the calls Asterisk has not taken from the spool are taken back.
const notifyCancelVerb = resourceVerb('voice:notify', 'cancel', async ({ ctx, db, def, records }) => {
  const task = records[0]!;
  const removed = await removeCallFiles(`igs-notify-${task.id}-`);
  await db
    .updateTable(def.table)
    .set({ state: 'cancelled', updated_at: ctx.app.now() })
    .where('id', '=', Number(task.id))
    .execute();
  ctx.logDetail = keepText('log.notifyCancelled', { id: String(task.id), n: removed });
  return { removed };
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const voiceVerbs: readonly Registration[] = [
  extensionBatchAddVerb,
  wakeupCancelVerb,
  cdrDelVerb,
  cdrPlayVerb,
  cdrImportVerb,
  broadcastTaskPlayNowVerb,
  notifyStartVerb,
  notifyCancelVerb,
];
