import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, type Lang, say } from '@igs/contract';
import { ApiError } from '../../platform/http/errors.ts';

/**
 * Asterisk call files (pbx_spool): a file dropped into `<spool>/outgoing` makes Asterisk place a
 * call, at the file's modification time when that lies in the future. Written complete elsewhere
 * and renamed in, as Asterisk's documentation asks, so it never reads half a file. The spool is
 * /var/spool/asterisk, or ASTERISK_SPOOL for another install; when its outgoing folder cannot be
 * written (Asterisk absent) the verbs answer 503 naming it (DOMAIN 3.5).
 */

export function spoolDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.ASTERISK_SPOOL && path.isAbsolute(env.ASTERISK_SPOOL)
    ? env.ASTERISK_SPOOL
    : '/var/spool/asterisk';
}

export function outgoingDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(spoolDir(env), 'outgoing');
}

/** The outgoing folder, or 503 saying why a call file cannot be dropped there. */
export async function writableOutgoing(lang: Lang): Promise<string> {
  const dir = outgoingDir();
  try {
    const st = await fs.stat(dir);
    if (!st.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    await fs.access(dir, fs.constants.W_OK);
    return dir;
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new ApiError(Code.unavailable, say(lang, 'voice.asteriskSCallFile', { dir, why }));
  }
}

export interface CallFile {
  channel: string;
  callerId?: string;
  maxRetries?: number;
  retryTime?: number;
  waitTime?: number;
  /** Either an application and its data… */
  application?: string;
  data?: string;
  /** …or a place in the dialplan. */
  context?: string;
  extension?: string;
  priority?: number;
  variables?: Record<string, string>;
}

/** The text of a call file; a value holding a line break would add a key, so it is refused. */
export function callFileText(c: CallFile): string {
  const lines: [string, string | number | undefined][] = [
    ['Channel', c.channel],
    ['CallerID', c.callerId],
    ['MaxRetries', c.maxRetries],
    ['RetryTime', c.retryTime],
    ['WaitTime', c.waitTime],
    ['Application', c.application],
    ['Data', c.data],
    ['Context', c.context],
    ['Extension', c.extension],
    ['Priority', c.priority],
    ...Object.entries(c.variables ?? {}).map(([k, v]): [string, string] => ['Setvar', `${k}=${v}`]),
    // Asterisk keeps a copy with the call's status in outgoing_done.
    ['Archive', 'yes'],
  ];
  return `${lines
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => {
      if (/[\r\n]/.test(String(v))) throw new Error(`call file ${k} holds a line break`);
      return `${k}: ${v}`;
    })
    .join('\n')}\n`;
}

/**
 * Drops a call file named `name` (letters, digits, `.`, `-`, `_`) into the outgoing folder, due at
 * `at` (epoch ms; now when absent). Returns its path.
 */
export async function dropCallFile(dir: string, name: string, text: string, at?: number): Promise<string> {
  if (!/^[A-Za-z0-9._-]+\.call$/.test(name)) throw new Error(`bad call file name ${name}`);
  // Asterisk's own tmp folder sits beside outgoing on the same file system, so rename is atomic.
  const tmpDir = path.join(path.dirname(dir), 'tmp');
  const usable = await fs.access(tmpDir, fs.constants.W_OK).then(
    () => true,
    () => false,
  );
  const tmp = usable
    ? path.join(tmpDir, `${name}.${randomUUID()}`)
    : path.join(dir, `.${name}.${randomUUID()}`);
  await fs.writeFile(tmp, text, { mode: 0o644 });
  try {
    if (at !== undefined) await fs.utimes(tmp, at / 1000, at / 1000);
    const target = path.join(dir, name);
    await fs.rename(tmp, target);
    return target;
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

/** Takes back the call files whose names start with `prefix` that Asterisk has not dialled yet. */
export async function removeCallFiles(prefix: string): Promise<number> {
  const dir = outgoingDir();
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const n of names) {
    if (!n.startsWith(prefix) || !n.endsWith('.call')) continue;
    await fs.rm(path.join(dir, n), { force: true });
    removed++;
  }
  return removed;
}
