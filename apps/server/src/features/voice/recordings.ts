import fs from 'node:fs/promises';
import path from 'node:path';
import { spoolDir } from './spool.ts';

/**
 * The calls' recordings on this host. The generated dialplan records with
 * MixMonitor(${UNIQUEID}.wav), and the queues record wav files under the caller's unique id too
 * (app-confs.ts: monitor-type MixMonitor, monitor-format wav), so a call's recording is
 * `<uniqueid>.wav` in Asterisk's monitor folder, `<spool>/monitor` (ASTERISK_SPOOL or
 * /var/spool/asterisk, as spool.ts).
 *
 * A name reaches the file system only when it is a plain file name (letters, digits, `_`, `-`,
 * dot-separated parts, no `/`, no `..`, no leading dot), and a file counts only when it is a
 * regular, non-empty file whose real path lies in the monitor folder: a symbolic link out of it is
 * no recording.
 */

export function monitorDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(spoolDir(env), 'monitor');
}

/** Dot-separated parts of letters, digits, `_` and `-`, starting with a letter or digit. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/;

/** Whether a call's unique id can name a file (Asterisk's `[systemname-]epoch.sequence`). */
export function isSafeFileStem(stem: string): boolean {
  return stem.length <= 64 && NAME.test(stem);
}

/** Whether a stored recording is a plain `.wav` file name (the CDR field's own pattern). */
export function isRecordingName(name: string): boolean {
  return name.length <= 128 && name.endsWith('.wav') && isSafeFileStem(name.slice(0, -4));
}

/**
 * The real path of a recording in the monitor folder, or null when the name is not a plain file
 * name, or no such regular, non-empty file is there (inside the folder, links resolved).
 */
export async function findRecording(name: string, dir = monitorDir()): Promise<string | null> {
  if (!isRecordingName(name)) return null;
  try {
    const realDir = await fs.realpath(dir);
    const file = await fs.realpath(path.join(realDir, name));
    if (path.dirname(file) !== realDir) return null;
    const st = await fs.stat(file);
    return st.isFile() && st.size > 0 ? file : null;
  } catch {
    return null;
  }
}

/** The recording of a call by its unique id (`<uniqueid>.wav`), when that file exists. */
export async function recordingOfCall(uniqueid: unknown, dir = monitorDir()): Promise<string | null> {
  const stem = typeof uniqueid === 'string' ? uniqueid.trim() : '';
  if (!isSafeFileStem(stem)) return null;
  const name = `${stem}.wav`;
  return (await findRecording(name, dir)) ? name : null;
}
