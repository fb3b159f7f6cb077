/*
 * The contract's record schema (zod), for the code that validates outside the record form's own
 * chunk: a verb's small form loads it at its first submit (`import('./record-schema.ts')`), so that
 * the record page's chunk carries no zod (lazy-record-form.tsx).
 */
export { recordSchemaWith } from '@igs/contract/resources/validation';
