export * from './define.ts';
export * from './system-tools.ts';
export * from './disks.ts';
export * from './licence.ts';
export * from './system-status.ts';
export * from './upgrade.ts';
export * from './voice-calls.ts';

import type { AnyCall } from './define.ts';
import { systemToolCalls } from './system-tools.ts';
import { diskCalls } from './disks.ts';
import { licenceCalls } from './licence.ts';
import { statusCalls } from './system-status.ts';
import { upgradeCalls } from './upgrade.ts';
import { voiceCallCalls } from './voice-calls.ts';

/** Every call defined here; the server's test checks each has its action, the OpenAPI document its reply. */
export const allCalls: readonly AnyCall[] = [
  ...Object.values(systemToolCalls),
  ...Object.values(diskCalls),
  ...Object.values(statusCalls),
  ...Object.values(voiceCallCalls),
  ...Object.values(licenceCalls),
  ...Object.values(upgradeCalls),
];
