import { type Localized, texts } from '@igs/contract';
/**
 * Reads Asterisk configuration text back the way Asterisk's config parser does (sections,
 * `key=value` and `key => value`, `;` comments with `\;` escapes), independently of the writers,
 * so the check judges the text itself rather than trusting what was meant to be written.
 */

export interface Entry {
  key: string;
  value: string;
  /** `=>` rather than `=` (dialplan objects, queue members, mailboxes). */
  arrow: boolean;
  line: number;
}

export interface ConfSection {
  name: string;
  line: number;
  entries: Entry[];
}

export interface ParsedConf {
  sections: ConfSection[];
  errors: { line: number; text: Localized }[];
}

/** The line without its comment; `\;` stays an escaped semicolon. */
export function stripComment(line: string): string {
  for (let i = 0; i < line.length; i++) {
    if (line[i] === ';' && line[i - 1] !== '\\') return line.slice(0, i);
  }
  return line;
}

const SECTION_RE = /^\[([^\]]*)\](\([^)]*\))?$/;
export const SECTION_NAME_RE = /^[A-Za-z0-9_.@*#+-]{1,80}$/;
const KEY_RE = /^[A-Za-z0-9_*#.-]{1,64}$/;

export function parseConf(text: string): ParsedConf {
  const sections: ConfSection[] = [];
  const errors: ParsedConf['errors'] = [];
  let current: ConfSection | null = null;
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const body = stripComment(raw).trim();
    if (!body) return;
    if (body.startsWith('#include') || body.startsWith('#exec')) return;
    const sec = SECTION_RE.exec(body);
    if (sec) {
      const name = sec[1]!;
      if (!SECTION_NAME_RE.test(name))
        errors.push({ line, text: texts('voiceConfig.badSectionName', { name }) });
      current = { name, line, entries: [] };
      sections.push(current);
      return;
    }
    const arrow = body.indexOf('=>');
    const eq = body.indexOf('=');
    if (eq <= 0) {
      errors.push({ line, text: texts('voiceConfig.notSectionSettingComment', { body: body.slice(0, 40) }) });
      return;
    }
    const isArrow = arrow === eq;
    const key = body.slice(0, eq).trim();
    const value = body.slice(eq + (isArrow ? 2 : 1)).trim();
    if (!KEY_RE.test(key)) {
      errors.push({ line, text: texts('voiceConfig.badKey', { key: key.slice(0, 40) }) });
      return;
    }
    if (!current) {
      errors.push({ line, text: texts('voiceConfig.settingBeforeSection', { key }) });
      return;
    }
    (current as ConfSection).entries.push({ key, value, arrow: isArrow, line });
  });
  return { sections, errors };
}

export function settingOf(sec: ConfSection, key: string): string | undefined {
  return sec.entries.find((e) => e.key === key)?.value;
}

export function settingsOf(sec: ConfSection, key: string): string[] {
  return sec.entries.filter((e) => e.key === key).map((e) => e.value);
}

/** Whether a number is matched by an Asterisk extension pattern (`_X.`, `_9[1-5]XX`, literal). */
export function patternMatches(pattern: string, number: string): boolean {
  if (!pattern.startsWith('_')) return pattern === number;
  const body = pattern.slice(1).split('/')[0]!;
  let re = '^';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!.toUpperCase();
    if (c === 'X') re += '[0-9]';
    else if (c === 'Z') re += '[1-9]';
    else if (c === 'N') re += '[2-9]';
    else if (c === '.') re += '.+';
    else if (c === '!') re += '.*';
    else if (c === '[') {
      const end = body.indexOf(']', i);
      if (end < 0) return false;
      re += `[${body.slice(i + 1, end).replace(/[\\^]/g, '\\$&')}]`;
      i = end;
    } else re += c.replace(/[*+#]/g, '\\$&');
  }
  return new RegExp(`${re}$`).test(number);
}
