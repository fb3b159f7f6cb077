import { resourceByName } from '@igs/contract/resources';
import { describe, expect, it } from 'vitest';
import { extrasOf, RESOURCES_WITH_EXTRAS } from './registry.tsx';

describe('module extras registry', () => {
  it('names only resources that exist, each with something to draw', () => {
    expect(RESOURCES_WITH_EXTRAS.length).toBeGreaterThan(4);
    for (const name of RESOURCES_WITH_EXTRAS) {
      expect(resourceByName(name), name).toBeTruthy();
      const extras = extrasOf(name)!;
      expect(
        Boolean(
          extras.toolbar ||
            extras.expandedRow ||
            extras.footer ||
            extras.editor ||
            extras.rowLinks ||
            extras.related,
        ),
        name,
      ).toBe(true);
    }
    expect(extrasOf('media:live_type')).toBeUndefined();
  });
});
