import type { Lang } from '@igs/contract';
import { invalidField } from '../../http/errors.ts';

export const FOLDER_NAME_MAX = 100;
export const FILE_NAME_MAX = 200;

type Text = { en: string; zh_CN: string };

/**
 * Why a folder or file name is refused, or null. Names are labels in the database, never paths on
 * disk (files keep their generated names), but a name that looks like a path or hides control
 * characters would mislead whoever reads it, and a download's file name must stay one name.
 */
export function nameProblem(name: string, max: number): Text | null {
  if (name === '') return { en: 'The name is required', zh_CN: '请填写名称' };
  if ([...name].length > max)
    return { en: `The name must be at most ${max} characters`, zh_CN: `名称不能超过${max}个字符` };
  if (/[/\\]/.test(name)) return { en: 'The name may not contain / or \\', zh_CN: '名称不能包含 / 或 \\' };
  // C0 and C1 controls, and the Unicode line and paragraph separators.
  if (/[\p{Cc}\u2028\u2029]/u.test(name))
    return { en: 'The name may not contain control characters', zh_CN: '名称不能包含控制字符' };
  if (name === '.' || name === '..')
    return { en: 'The name may not be . or ..', zh_CN: '名称不能是 . 或 ..' };
  return null;
}

/** The name as stored (trimmed, NFC), or a 422 on `name` in the caller's language. */
export function checkedName(raw: string, max: number, lang: Lang): string {
  const name = raw.trim().normalize('NFC');
  const problem = nameProblem(name, max);
  if (problem) throw invalidField('name', problem[lang]);
  return name;
}
