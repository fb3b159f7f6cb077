import { Code } from '@igs/contract';
import { ApiError } from './errors.ts';

/**
 * Refuses text holding the NUL character anywhere in a request's fields. PostgreSQL cannot store
 * it in text (the query fails: an unexpected error), SQLite stores it and cuts the value short
 * in most readers: no field of this product means it, so it is refused at the door on both.
 */
export function refuseNulText(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      throw new ApiError(Code.badRequest, 'Text may not contain the NUL character (\\u0000)');
    return;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    refuseNulText(key, depth + 1);
    refuseNulText(v, depth + 1);
  }
}
