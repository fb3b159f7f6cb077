/** What the voice management page computes from the status and check replies. */

import type { AsteriskState, CheckReply, FileCheck, VoiceStatus } from '@igs/contract/calls';

// The replies are the contract's (voiceManagementCalls); named here for the page and its tests.
export type { AsteriskState, CheckReply, FileCheck, VoiceStatus };

export const STATE_COLOR: Record<AsteriskState, string> = {
  running: 'green',
  stopped: 'orange',
  not_installed: 'default',
};

export const TRUNK_COLOR: Record<string, string> = {
  registered: 'green',
  reachable: 'green',
  unregistered: 'orange',
  rejected: 'red',
  unreachable: 'red',
  disabled: 'default',
  unknown: 'default',
};

/** Seconds as days, hours and minutes (the largest two that are not zero). */
export function uptimeParts(seconds: number): { unit: 'd' | 'h' | 'm' | 's'; n: number }[] {
  const s = Math.max(0, Math.floor(seconds));
  const parts = [
    { unit: 'd' as const, n: Math.floor(s / 86400) },
    { unit: 'h' as const, n: Math.floor((s % 86400) / 3600) },
    { unit: 'm' as const, n: Math.floor((s % 3600) / 60) },
  ].filter((p) => p.n > 0);
  return parts.length ? parts.slice(0, 2) : [{ unit: 's', n: s }];
}

export interface FileRow {
  file: string;
  written_at: string | null;
  bytes: number | null;
  /** null until a check has run. */
  ok: boolean | null;
  errors: string[];
  warnings: string[];
}

/** The files of the status reply beside their results from the last check. */
export function fileRows(status: VoiceStatus | undefined, check: CheckReply | undefined): FileRow[] {
  const names = status?.files.map((f) => f.file) ?? check?.files.map((f) => f.file) ?? [];
  return names.map((file) => {
    const s = status?.files.find((f) => f.file === file);
    const c = check?.files.find((f) => f.file === file);
    return {
      file,
      written_at: s?.written_at ?? null,
      bytes: c?.bytes ?? s?.bytes ?? null,
      ok: c ? c.ok : null,
      errors: c?.errors ?? [],
      warnings: c?.warnings ?? [],
    };
  });
}
