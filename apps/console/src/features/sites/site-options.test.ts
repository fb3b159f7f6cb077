import { describe, expect, it } from 'vitest';
import { customerChoices, grantSummary, siteChoices } from './site-options.ts';

const options = {
  sites: [
    { value: 1, label: 'Beijing', customer_id: 5, state: 'active' },
    { value: 2, label: 'Shanghai', customer_id: 6, state: 'active' },
    { value: 3, label: 'Spare', customer_id: 0, state: 'suspended' },
  ],
  customers: [
    { value: 5, label: 'Group A' },
    { value: 6, label: 'Group B' },
  ],
};

describe('site picker choices', () => {
  it('offers every registered site by name and id', () => {
    expect(siteChoices(options).map((c) => c.label)).toEqual(['Beijing (#1)', 'Shanghai (#2)', 'Spare (#3)']);
    expect(siteChoices(undefined)).toEqual([]);
  });

  it("offers an account of a customer that customer's sites, keeping those already granted", () => {
    expect(siteChoices(options, 5).map((c) => c.value)).toEqual([1]);
    expect(siteChoices(options, 5, [2]).map((c) => c.value)).toEqual([1, 2]);
  });

  it('offers no customer first, then each customer', () => {
    expect(customerChoices(options, 'None')).toEqual([
      { value: 0, label: 'None' },
      { value: 5, label: 'Group A (#5)' },
      { value: 6, label: 'Group B (#6)' },
    ]);
  });

  it('sums up a long grant by its first names and a count', () => {
    const more = (n: number) => `+${n}`;
    expect(grantSummary([1, 2], options, more)).toBe('Beijing, Shanghai');
    expect(grantSummary([1, 2, 3, 99], options, more)).toBe('Beijing, Shanghai, Spare +1');
    expect(grantSummary([99], undefined, more)).toBe('#99');
  });
});
