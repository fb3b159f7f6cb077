/** The part of a zod issue the mapping reads (zod 4's `$ZodIssue` has more). */
export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

export interface FieldErrors {
  name: string;
  errors: string[];
}

/**
 * zod issues of `recordSchema` onto antd form fields: `path[0]` is the field name (the schema
 * reports every rule of a field under it), messages of one field are kept in order without
 * repeats. Issues for names the form does not show (the edit `id`, a read-only field) are returned
 * apart, so the caller can still say something instead of failing silently.
 */
export function zodToFormErrors(
  issues: readonly IssueLike[],
  shown: ReadonlySet<string>,
): { fields: FieldErrors[]; other: string[] } {
  const byField = new Map<string, string[]>();
  const other: string[] = [];
  for (const issue of issues) {
    const head = issue.path[0];
    const name = typeof head === 'number' || typeof head === 'string' ? String(head) : '';
    if (!name || !shown.has(name)) {
      if (!other.includes(issue.message)) other.push(issue.message);
      continue;
    }
    const list = byField.get(name) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    byField.set(name, list);
  }
  return { fields: [...byField].map(([name, errors]) => ({ name, errors })), other };
}

/** Fields to clear before applying new errors, so a fixed field loses its old message. */
export function clearedErrors(names: Iterable<string>): FieldErrors[] {
  return [...names].map((name) => ({ name, errors: [] }));
}
