import type { FieldDef } from '@igs/contract/resources';
import type { CronCheck } from '@igs/contract/resources/validation';

/*
 * The record forms' check of cron fields (DOMAIN type `cron`): the contract's, with cron-parser and
 * luxon (some 30 KB gzip), in a chunk of its own that a form loads when it has a cron field (its
 * control's mount starts the load; a submit waits for it). A page without one never loads it.
 */

let loaded: CronCheck | undefined;
let loading: Promise<CronCheck> | undefined;

/** Loads the cron check once; a failed load is tried again at the next call. */
export function loadCronCheck(): Promise<CronCheck> {
  loading ??= import('./cron-parser-check.ts').then(
    (m) => {
      loaded = m.cronError;
      return m.cronError;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether any of these fields is a cron field, or a structured field with a cron part. */
export function hasCronField(fields: readonly FieldDef[]): boolean {
  return fields.some((f) => {
    if (f.type === 'cron') return true;
    const shape = f.shape;
    if (!shape) return false;
    return hasCronField(shape.kind === 'list' ? [shape.of] : shape.fields);
  });
}

/**
 * For a form without cron fields: never called, as the schema only checks cron fields with it. A
 * call means `hasCronField` missed one, and is a fault of the console, not of the input.
 */
const noCronField: CronCheck = () => {
  throw new Error('a cron field was checked by a form that has none (hasCronField)');
};

/**
 * The cron check for a submit of a form with these fields: loaded first when the form has a cron
 * field (at once when its control's mount has loaded it already). If it cannot be loaded (the link
 * dropped), the form is sent unchecked on that point: the server checks cron fields with the same
 * rules and words, and the form shows its reply beside the field.
 */
export async function cronCheckFor(fields: readonly FieldDef[]): Promise<CronCheck> {
  if (!hasCronField(fields)) return noCronField;
  try {
    return await loadCronCheck();
  } catch {
    return uncheckedCron;
  }
}

/** Leaves a cron expression to the server's check. */
const uncheckedCron: CronCheck = () => null;

/**
 * For a form that checks synchronously (the singleton forms): the loaded check, which its cron
 * fields' controls start loading when they mount; before it has arrived, the server's check only.
 */
export function cronCheckNow(fields: readonly FieldDef[]): CronCheck {
  if (!hasCronField(fields)) return noCronField;
  if (!loaded) void loadCronCheck().catch(() => undefined);
  return loaded ?? uncheckedCron;
}
