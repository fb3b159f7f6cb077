import type { Lang } from '@igs/contract';
import { texts } from '@igs/contract';
import { invalidField } from '../../platform/http/errors.ts';

export const FOLDER_NAME_MAX = 100;
export const FILE_NAME_MAX = 200;

type Text = { en: string; zh_CN: string };

/**
 * Why a folder or file name is refused, or null. Names are labels in the database, never paths on
 * disk (files keep their generated names), but a name that looks like a path or hides control
 * characters would mislead whoever reads it, and a download's file name must stay one name.
 */
export function nameProblem(name: string, max: number): Text | null {
  if (name === '') return texts('explorer.nameRequired');
  if ([...name].length > max) return texts('explorer.nameMustMostCharacters', { max });
  if (/[/\\]/.test(name)) return texts('explorer.nameMayNotContain');
  // C0 and C1 controls, and the Unicode line and paragraph separators.
  if (/[\p{Cc}\u2028\u2029]/u.test(name)) return texts('explorer.nameNoControl');
  if (name === '.' || name === '..') return texts('explorer.nameMayNot');
  return null;
}

/** The name as stored (trimmed, NFC), or a 422 on `name` in the caller's language. */
export function checkedName(raw: string, max: number, lang: Lang): string {
  const name = raw.trim().normalize('NFC');
  const problem = nameProblem(name, max);
  if (problem) throw invalidField('name', problem[lang]);
  return name;
}
