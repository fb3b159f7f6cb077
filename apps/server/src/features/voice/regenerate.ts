import type { Lang } from '@igs/contract';
import type { AppContext } from '../../platform/app-context.ts';
import { writeVoiceFiles } from './conf-files.ts';
import { checkVoiceFiles, type FileCheck } from './config/check.ts';
import { type Generated, generateVoiceConfig } from './config/generate.ts';
import { loadVoiceModel } from './model-loader.ts';

/** Generates every voice file from the stored data, writes them under DATA_DIR and checks them. */
export async function regenerateVoiceFiles(
  app: AppContext,
): Promise<{ generated: Generated; checks: FileCheck[] }> {
  const generated = generateVoiceConfig(await loadVoiceModel(app));
  await writeVoiceFiles(app, generated.files);
  return { generated, checks: checkVoiceFiles(generated.files, generated.problems) };
}

export interface FileCheckReply {
  file: string;
  ok: boolean;
  valid: boolean;
  sections: number;
  lines: number;
  bytes: number;
  errors: string[];
  warnings: string[];
}

export function localizeChecks(checks: FileCheck[], lang: Lang): FileCheckReply[] {
  return checks.map((c) => ({
    ...c,
    errors: c.errors.map((t) => t[lang]),
    warnings: c.warnings.map((t) => t[lang]),
  }));
}
