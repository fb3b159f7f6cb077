import { describe, expect, it } from 'vitest';
import { maxErrors, pagesThatMayMatch, qgramIndex } from './qgram-filter.ts';

describe('q-gram filter of the header search', () => {
  it('allows as many errors as Fuse does under its threshold', () => {
    expect([1, 2, 3, 5, 10, 15, 16].map((m) => maxErrors(m, 0.4))).toEqual([0, 0, 1, 2, 4, 6, 6]);
  });

  it('keeps every page a query could match with the allowed errors and rules out the rest', () => {
    const index = qgramIndex([
      ['Firmware upgrade', '/tr069/firmware'],
      ['Terminal list', '/terminal/list', 'zhongduanliebiao'],
      ['Frimware upgrdae', '/x'],
      ['Room service', '/rooms'],
    ]);
    const mayMatch = pagesThatMayMatch(index, 'firmware upgrade', 0.4);
    // Up to 6 edits are allowed: the misspelt title stays in, the unrelated pages are out.
    expect(Array.from(mayMatch ?? [])).toEqual([1, 0, 1, 0]);
    expect(Array.from(pagesThatMayMatch(index, 'ZHONGDUAN', 0.4) ?? [])).toEqual([0, 1, 0, 0]);
  });

  it('asks short queries for their letters in order, and rules nothing out where it cannot tell', () => {
    const index = qgramIndex([['Log'], ['DHCP']]);
    // Two letters allow no error: the page must hold them side by side.
    expect(Array.from(pagesThatMayMatch(index, 'lo', 0.4) ?? [])).toEqual([1, 0]);
    expect(Array.from(pagesThatMayMatch(index, 'ol', 0.4) ?? [])).toEqual([0, 0]);
    // A threshold that allows every character to be wrong, and queries Fuse scores in parts.
    expect(pagesThatMayMatch(index, 'abcde', 1)).toBeNull();
    expect(pagesThatMayMatch(index, 'x'.repeat(33), 0.4)).toBeNull();
  });

  it('asks one text of a page to hold enough of the query: letters spread over its texts do not count', () => {
    // "abcdef" allows 2 errors: a text must hold 4 of its letters and 1 of its pairs.
    const index = qgramIndex([
      ['ab', 'cd'],
      ['xx', 'abcd'],
    ]);
    expect(Array.from(pagesThatMayMatch(index, 'abcdef', 0.4) ?? [])).toEqual([0, 1]);
  });
});
