export * from './define.ts';
export * from './disks.ts';
export * from './system-status.ts';
export * from './voice-calls.ts';

import type { AnyCall } from './define.ts';
import { diskCalls } from './disks.ts';
import { statusCalls } from './system-status.ts';
import { voiceCallCalls } from './voice-calls.ts';

/** Every call defined here; the server's test checks each has its action, the OpenAPI document its reply. */
export const allCalls: readonly AnyCall[] = [
  ...Object.values(diskCalls),
  ...Object.values(statusCalls),
  ...Object.values(voiceCallCalls),
];

/** The call of `path` and `method`, if the contract defines it (paths compare case-insensitively, as routes do). */
export function callOf(path: string, method: string | undefined): AnyCall | undefined {
  const p = path.toLowerCase();
  return allCalls.find((c) => c.path.toLowerCase() === p && (c.method ?? '') === (method ?? ''));
}
