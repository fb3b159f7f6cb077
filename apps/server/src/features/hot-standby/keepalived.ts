import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../platform/app-context.ts';
import { applyRoot, etcDir, type SetWriteResult, writeSet } from '../../platform/host/config-set.ts';
import { findBinary, runFile } from '../../platform/host/host-exec.ts';
import { type HotStandbyValues, renderKeepalived, renderNotifyScript } from './render.ts';

/**
 * The keepalived file set (`${DATA_DIR}/etc/keepalived/`): keepalived.conf and the notify script,
 * checked by `keepalived -t -f` before anything is written (DOMAIN real-effect policy 2), copied
 * into /etc/keepalived and keepalived restarted only with IGS_APPLY=1.
 */

export const SET = 'keepalived';
export const CONF = 'keepalived/keepalived.conf';
export const NOTIFY = 'keepalived/igs-notify.sh';

export interface CheckResult {
  ran: boolean;
  ok: boolean;
  output: string;
}

/** Runs `keepalived -t -f <file>` on a scratch copy; `ran` is false when keepalived is not installed. */
export async function checkConfig(app: AppContext, content: string): Promise<CheckResult> {
  const bin = await findBinary('keepalived');
  if (!bin)
    return { ran: false, ok: false, output: 'keepalived is not installed: the file was written unchecked' };
  const dir = path.join(etcDir(app), '.igs', `keepalived-test-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true });
  try {
    const file = path.join(dir, 'keepalived.conf');
    await fs.writeFile(file, content, { mode: 0o600 });
    const r = await runFile(bin, ['-t', '-f', file], { timeoutMs: 10_000, maxBytes: 256 * 1024 });
    const output = `${r.stdout}${r.stderr}`.trim().replaceAll(file, '/etc/keepalived/keepalived.conf');
    if (r.timedOut) return { ran: true, ok: false, output: 'keepalived -t gave no answer within 10 s' };
    return {
      ran: true,
      ok: r.code === 0,
      output: output || (r.code === 0 ? 'configuration OK' : `exit ${r.code}`),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Where the notify script lives once applied: keepalived.conf names that path. */
export function appliedNotifyPath(): string {
  return path.join(applyRoot(), 'etc', NOTIFY);
}

export function renderFiles(
  v: HotStandbyValues,
  notifyUrl: string,
  notifyKey: string,
): { conf: string; script: string } {
  return {
    conf: renderKeepalived(v, { notifyScript: appliedNotifyPath(), hostname: os.hostname() }),
    script: renderNotifyScript(notifyUrl, notifyKey),
  };
}

/**
 * Writes (or, when hot standby is off, removes) the set. On apply: restart keepalived when it is
 * on, stop it when it is off.
 */
export function writeKeepalived(
  app: AppContext,
  files: { conf: string; script: string } | null,
): Promise<SetWriteResult> {
  return writeSet(
    app,
    SET,
    files
      ? [
          { path: CONF, content: files.conf, secret: true },
          { path: NOTIFY, content: files.script, secret: true },
        ]
      : [],
    { reload: () => [{ file: 'systemctl', args: [files ? 'restart' : 'stop', 'keepalived'] }] },
  );
}
