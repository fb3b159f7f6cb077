import { MAX_RECORD_ID } from '@igs/contract/calls';

export { MAX_RECORD_ID };

/** Whether a number can be a record's id (a larger one would make PostgreSQL refuse the query). */
export function isRecordId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= MAX_RECORD_ID;
}
