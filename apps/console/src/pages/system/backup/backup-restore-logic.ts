/** What the backup page sends and how it reacts to a restore; kept apart from the page to be tested. */

export const PARTS = ['db', 'configs', 'uploads'] as const;
export type Part = (typeof PARTS)[number];
export const BACKUP_TYPES = ['manual', 'auto', 'pre_upgrade', 'pre_restore'] as const;

export interface BackupRow {
  id: number;
  file_name: string;
  type: (typeof BACKUP_TYPES)[number];
  size: number;
  sha256: string;
  contents: Part[];
  encrypted: number;
  note: string;
  created_by: string;
  created_at: string;
}

export interface CreateForm {
  note?: string;
  contents?: Part[];
  passphrase?: string;
  passphrase2?: string;
}

/** The create call's body: every part unless fewer are chosen; a passphrase only when given. */
export function createPayload(form: CreateForm): Record<string, unknown> {
  const body: Record<string, unknown> = { method: 'create', note: (form.note ?? '').trim() };
  const parts = PARTS.filter((p) => form.contents?.includes(p));
  if (parts.length && parts.length < PARTS.length) body.contents = parts;
  if (form.passphrase) body.passphrase = form.passphrase;
  return body;
}

export interface RestoreResult {
  restored: Part[];
  pre_restore_id: number;
  signed_in: boolean;
}

/**
 * After a restore everything the page (and every cached page) shows may have changed, so the
 * console reloads; when the restoring account is not in the backup the session is gone too and
 * the reload lands on the sign-in page.
 */
export function afterRestore(result: RestoreResult): 'reload' | 'sign-in' {
  return result.signed_in ? 'reload' : 'sign-in';
}

export const TYPE_COLORS: Record<BackupRow['type'], string> = {
  manual: 'blue',
  auto: 'green',
  pre_upgrade: 'purple',
  pre_restore: 'orange',
};
