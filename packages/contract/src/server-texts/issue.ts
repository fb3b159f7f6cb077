import type { TextKey } from './index.ts';

/** What marks a schema's message as a catalogue key (issueKey in index.ts reads it back). */
export const ISSUE_PREFIX = '@text:';

/**
 * A schema's own message as a catalogue key (`z.string({ error: keyedIssue('usernameRequired') })`):
 * the server's validation gives the entry in the caller's language (issueKey reads it back).
 * Only keys without parameters.
 *
 * In a module of its own, apart from the catalogue: the schemas the console loads name their
 * messages this way, and importing it from the catalogue's module put the whole catalogue (both
 * languages of every server text, which the console never reads) into the console's signed-in
 * shell (issue 18: bytes and evaluation on a slow link).
 */
export function keyedIssue(key: TextKey): string {
  return `${ISSUE_PREFIX}${key}`;
}
