/** What the backup page sends and how it reacts to a restore; kept apart from the page to be tested. */

import {
  BACKUP_PARTS,
  BACKUP_TYPES,
  type BackupPart,
  type BackupRow,
  type backupCalls,
  type CallInput,
  type RestoreResult,
} from '@igs/contract/calls';

export const PARTS = BACKUP_PARTS;
export type Part = BackupPart;
export type { BackupRow, RestoreResult };
export { BACKUP_TYPES };

export interface CreateForm {
  note?: string;
  contents?: Part[];
  passphrase?: string;
  passphrase2?: string;
}

/** The create call's body: every part unless fewer are chosen; a passphrase only when given. */
export function createPayload(form: CreateForm): CallInput<typeof backupCalls.create> & { method: 'create' } {
  const body: CallInput<typeof backupCalls.create> & { method: 'create' } = {
    method: 'create',
    note: (form.note ?? '').trim(),
  };
  const parts = PARTS.filter((p) => form.contents?.includes(p));
  if (parts.length && parts.length < PARTS.length) body.contents = parts;
  if (form.passphrase) body.passphrase = form.passphrase;
  return body;
}

/**
 * After a restore everything the page (and every cached page) shows may have changed, so the
 * console reloads; when the restoring account is not in the backup the session is gone too and
 * the reload lands on the sign-in page.
 */
export function afterRestore(
  result: Pick<RestoreResult, 'restored' | 'pre_restore_id' | 'signed_in'>,
): 'reload' | 'sign-in' {
  return result.signed_in ? 'reload' : 'sign-in';
}

/** What a second attempt adds: accept the archive from elsewhere, with its passphrase. */
export type ForeignChoice = { accept_foreign?: 1; passphrase?: string };

/** The refusal reason of an archive this gateway did not make (server: features/backup/archive.ts). */
export const FOREIGN_ARCHIVE = 'foreign_archive';

/**
 * Runs a restore; when the server refuses it as made elsewhere (or altered), asks whether to accept
 * it as a backup from another gateway (which needs its passphrase) and, if so, sends it again
 * with `accept_foreign`. Other refusals go to `onError`. Null when the operator stopped.
 */
export async function restoreWithForeignChoice<R>(
  send: (extra: ForeignChoice, silent: boolean) => Promise<R>,
  askForeign: (message: string) => Promise<string | null>,
  onError: (message: string) => void,
): Promise<R | null> {
  try {
    return await send({}, true);
  } catch (e) {
    const err = e as { code?: number; msg?: string; data?: { reason?: string } };
    if (err?.data?.reason !== FOREIGN_ARCHIVE) {
      onError(err?.msg ?? (e as Error).message);
      throw e;
    }
    const passphrase = await askForeign(err.msg ?? '');
    if (passphrase === null) return null;
    return send({ accept_foreign: 1, passphrase }, false);
  }
}

export const TYPE_COLORS: Record<BackupRow['type'], string> = {
  manual: 'blue',
  auto: 'green',
  pre_upgrade: 'purple',
  pre_restore: 'orange',
};
