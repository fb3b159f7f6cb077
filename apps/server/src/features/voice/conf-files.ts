import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { texts } from '@igs/contract';
import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { VOICE_FILES, type VoiceFile } from './config/model.ts';

/**
 * Where the voice files live: generated under `${DATA_DIR}/etc/asterisk/`, written atomically
 * (temporary file, then rename), and copied into Asterisk's own folder only when the deployment
 * sets IGS_APPLY=1 (DOMAIN real-effect policy 1 and 3).
 */

export function voiceConfDir(app: AppContext): string {
  return path.join(app.config.dataDir, 'etc', 'asterisk');
}

/** Asterisk's configuration folder: /etc/asterisk, or ASTERISK_ETC for a non-standard install. */
export function asteriskEtcDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.ASTERISK_ETC && path.isAbsolute(env.ASTERISK_ETC) ? env.ASTERISK_ETC : '/etc/asterisk';
}

export function applyEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.IGS_APPLY === '1';
}

async function writeAtomic(dir: string, name: string, text: string): Promise<void> {
  const tmp = path.join(dir, `.${name}.${randomUUID()}.tmp`);
  await fs.writeFile(tmp, text, { mode: 0o640 });
  try {
    await fs.rename(tmp, path.join(dir, name));
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

export async function writeVoiceFiles(app: AppContext, files: Record<VoiceFile, string>): Promise<void> {
  const dir = voiceConfDir(app);
  await fs.mkdir(dir, { recursive: true, mode: 0o750 });
  for (const name of VOICE_FILES) await writeAtomic(dir, name, files[name]);
}

export interface WrittenFile {
  file: VoiceFile;
  text: string;
  written_at: string;
}

/** The copy on disk, or null when it was never generated. `name` is from the fixed list only. */
export async function readWrittenFile(app: AppContext, name: VoiceFile): Promise<WrittenFile | null> {
  const full = path.join(voiceConfDir(app), name);
  try {
    const [text, st] = await Promise.all([fs.readFile(full, 'utf8'), fs.stat(full)]);
    return { file: name, text, written_at: formatDateTime(st.mtimeMs) };
  } catch {
    return null;
  }
}

export interface ApplyResult {
  applied: boolean;
  target: string;
  /** Why nothing was copied: IGS_APPLY unset, or the folder could not be written. */
  reason: { en: string; zh_CN: string } | null;
}

const INCLUDE_LINE = '#include extensions_igs.conf';

/**
 * Copies the files into Asterisk's folder. extensions.conf is Asterisk's own and is left as it
 * is, except that the include of our dialplan is added once when missing.
 */
export async function applyVoiceFiles(files: Record<VoiceFile, string>): Promise<ApplyResult> {
  const target = asteriskEtcDir();
  if (!applyEnabled()) {
    return {
      applied: false,
      target,
      reason: texts('voice.igsApplyNotFiles', { target }),
    };
  }
  try {
    for (const name of VOICE_FILES) await writeAtomic(target, name, files[name]);
    const main = path.join(target, 'extensions.conf');
    const current = await fs.readFile(main, 'utf8').catch(() => null);
    if (current === null) await writeAtomic(target, 'extensions.conf', `${INCLUDE_LINE}\n`);
    else if (!current.split('\n').some((l) => l.trim() === INCLUDE_LINE))
      await writeAtomic(target, 'extensions.conf', `${current.replace(/\n?$/, '\n')}${INCLUDE_LINE}\n`);
    return { applied: true, target, reason: null };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    return {
      applied: false,
      target,
      reason: texts('voice.filesCouldNotCopied', { target, code }),
    };
  }
}
