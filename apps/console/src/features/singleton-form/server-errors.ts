/** Server replies may name fields (`data.errors: [{field, msg}]`): put them next to the fields. */
export function serverErrors(
  data: unknown,
  shown: ReadonlySet<string>,
): { name: string; errors: string[] }[] {
  const list = (data as { errors?: { field?: unknown; msg?: unknown }[] } | null)?.errors;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e) => typeof e.field === 'string' && shown.has(e.field))
    .map((e) => ({ name: String(e.field), errors: [String(e.msg ?? '')] }));
}
