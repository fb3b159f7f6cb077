/*
 * The contract's record schema (zod), for the code that validates outside the record form's own
 * chunk: a verb's small form and the settings forms (singleton-form) load it at their first submit,
 * or once their page has its first data, so that the record page's chunk carries no zod
 * (lazy-record-form.tsx, build/signed-in-chunks.ts).
 */
export { recordSchemaWith } from '@igs/contract/resources/validation';
