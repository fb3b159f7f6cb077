import type { FieldDef, Text } from './types.ts';

/**
 * A resource's own action beyond add, edit and delete (DOMAIN "Verbs:"): accept an order, renew a
 * subscription, approve a film. Sent as `{method: name, id}` (row), `{method: name, ids}` (batch)
 * or `{method: name}` (page) to the resource's endpoint; the button key is `<resource>:<name>`.
 * The server implements each declared verb (platform/resources/verbs.ts) and checks `when` and
 * `fields` itself; the console draws the buttons from this description.
 */
export interface VerbDef {
  /** The call's `method` and the last part of its button key (`shop:order:accept`). */
  name: string;
  label: Text;
  /**
   * row: on one record (`id`); batch: on the selected records (`ids`); records: both, a button on
   * each row and one for the selection (sent as `ids`); page: a toolbar button on none.
   */
  scope: 'row' | 'batch' | 'records' | 'page';
  /** Asked in a small form before the call, validated like record fields (renew: days). */
  fields?: readonly FieldDef[];
  /** Asked as a question before the call. */
  confirm?: Text;
  /**
   * Offered (and allowed by the server) only on records whose field holds one of `in`, or, with
   * `filled`, any value at all (a call record's recording).
   */
  when?: { field: string; in?: readonly (string | number)[]; filled?: true };
  /** Drawn as a dangerous action. */
  danger?: boolean;
  /**
   * What the console does with the reply besides a success message: `url` opens `{url}` (a
   * recording, a download), `report` shows the reply's figures and lists (a dry run's steps).
   */
  result?: 'url' | 'report';
}

/** Whether a verb applies to a record, by its `when` (verbs without one apply to all). */
export function verbApplies(verb: VerbDef, record: Readonly<Record<string, unknown>>): boolean {
  if (!verb.when) return true;
  const value = record[verb.when.field];
  if (verb.when.filled) return value !== null && value !== undefined && value !== '';
  return (verb.when.in ?? []).some((v) => v === value || String(v) === String(value));
}
