import type { FleetOptions } from '@igs/contract/calls';

/** One choice of a site picker: the site's id, shown by its name and id. */
export interface SiteChoice {
  value: number;
  label: string;
  disabled?: boolean;
}

/**
 * The sites a grant may name, as a picker offers them (issue 17 point 6): every registered site,
 * "Name (#id)" so a site reads as operators know it and as `igs-sids` names it; for an account of
 * a customer only that customer's sites (the server refuses others). A site already granted stays
 * choosable so it can be seen and removed even when it no longer fits.
 */
export function siteChoices(
  options: FleetOptions | undefined,
  customerId = 0,
  granted: readonly number[] = [],
): SiteChoice[] {
  const keep = new Set(granted);
  return (options?.sites ?? [])
    .filter((s) => !customerId || s.customer_id === customerId || keep.has(s.value))
    .map((s) => ({ value: s.value, label: `${s.label} (#${s.value})` }));
}

/** The customers an account may belong to: none (0), then each registered customer. */
export function customerChoices(options: FleetOptions | undefined, none: string): SiteChoice[] {
  return [
    { value: 0, label: none },
    ...(options?.customers ?? []).map((c) => ({ value: c.value, label: `${c.label} (#${c.value})` })),
  ];
}

/** How a grant reads in a list: the first few site names, then how many more. */
export function grantSummary(
  ids: readonly number[],
  options: FleetOptions | undefined,
  more: (n: number) => string,
  shown = 3,
): string {
  const names = new Map((options?.sites ?? []).map((s) => [s.value, s.label]));
  const head = ids.slice(0, shown).map((id) => names.get(id) ?? `#${id}`);
  return ids.length > shown ? `${head.join(', ')} ${more(ids.length - shown)}` : head.join(', ');
}
