/** The largest id a record may have: the `id` columns are 32-bit integers on PostgreSQL. */
export const MAX_RECORD_ID = 2_147_483_647;

/** Whether a number can be a record's id (a larger one would make PostgreSQL refuse the query). */
export function isRecordId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= MAX_RECORD_ID;
}
