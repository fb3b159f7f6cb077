import type { FieldDef } from '@igs/contract/resources';

/**
 * The upload ids a value of `field` names (added to `out`): a file field's id, or the file parts of
 * a json shape (a film's episodes). The value as the API gives it (decoded, codec.ts).
 */
export function fileIds(field: FieldDef, value: unknown, out: Set<string>): void {
  if (value === null || value === undefined || value === '') return;
  if (field.type === 'file') {
    if (typeof value === 'string') out.add(value);
    return;
  }
  const shape = field.type === 'json' ? field.shape : undefined;
  if (!shape || (!Array.isArray(value) && shape.kind !== 'object')) return;
  if (shape.kind === 'list') for (const v of value as unknown[]) fileIds(shape.of, v, out);
  else {
    const rows = shape.kind === 'rows' ? (value as unknown[]) : [value];
    for (const row of rows)
      if (row && typeof row === 'object')
        for (const part of shape.fields) fileIds(part, (row as Record<string, unknown>)[part.name], out);
  }
}
