import { useState } from 'react';
import type { FieldCheck } from './login-rules.ts';

export type Checks<V> = Partial<Record<keyof V, FieldCheck>>;

/** Which fields fail, as i18n keys; empty when the form is valid. */
export function validateAll<V extends object>(
  values: V,
  checks: Checks<V>,
): Partial<Record<keyof V, string>> {
  const errors: Partial<Record<keyof V, string>> = {};
  for (const [name, check] of Object.entries(checks) as [keyof V, FieldCheck][]) {
    const key = check(values[name] as string | undefined);
    if (key) errors[name] = key;
  }
  return errors;
}

/**
 * The sign-in form's state: values, and the errors of the fields checked so far. A field is checked
 * when the form is submitted, and again on each change once it has shown an error, as antd's Form
 * does. Written by hand because antd's Form (with its validator and tooltip machinery) was a sixth
 * of the sign-in page's script (docs/performance.md); the register page keeps antd's Form.
 */
export function useLoginFormState<V extends object>(initial: () => V, checks: Checks<V>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});

  function set<K extends keyof V>(name: K, value: V[K]) {
    setValues((old) => ({ ...old, [name]: value }));
    const check = checks[name];
    if (check && name in errors) {
      const key = check(value as string | undefined);
      setErrors((old) => {
        const next = { ...old };
        if (key) next[name] = key;
        else delete next[name];
        return next;
      });
    }
  }

  /** Checks every field; true when all pass. */
  function validate(): boolean {
    const found = validateAll(values, checks);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  /** Takes `saved`'s values when every text field of the form is still empty. */
  function fillIfEmpty(saved: V) {
    setValues((old) =>
      Object.values(old).some((value) => typeof value === 'string' && value !== '') ? old : saved,
    );
  }

  return { values, errors, set, validate, fillIfEmpty };
}
