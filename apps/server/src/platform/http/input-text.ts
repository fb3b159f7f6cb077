import { Code } from '@igs/contract';
import { ApiError } from './errors.ts';

/**
 * Refuses text holding the NUL character anywhere in a request's fields (422 naming the field).
 * PostgreSQL cannot store it in text (the query fails: an unexpected error), SQLite stores it and
 * most readers cut the value short there: no field of this product means it, so it is refused
 * before any handler sees it, the same on both databases.
 */
export function refuseNulText(value: unknown, path = '', depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      const field = path || 'body';
      const msg = `${field}: text may not contain the NUL character (\\u0000)`;
      throw new ApiError(Code.invalid, msg, { errors: [{ field, msg }] });
    }
    return;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    refuseNulText(key, path || 'body', depth + 1);
    refuseNulText(v, here, depth + 1);
  }
}
