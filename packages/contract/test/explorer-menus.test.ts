import { describe, expect, it } from 'vitest';
import { flattenMenus } from '../src/menu.ts';
import {
  EXPLORER_BUTTONS,
  EXPLORER_VERBS,
  explorerPath,
  FULL_EXPLORER_ITEMS,
  fullMenus,
  hiddenMenus,
  operationsMenus,
} from '../src/menus/index.ts';
import { resources } from '../src/resources/index.ts';

describe('the ResourcePicker explorer calls in the menu trees', () => {
  it('are carried by exactly the full-mode items whose forms have file fields', () => {
    const withFile = new Set(
      resources
        .filter((r) => r.fields.some((f) => f.type === 'file'))
        .flatMap((r) => [r.endpoint, r.opsEndpoint ?? ''])
        .map((e) => e.toLowerCase()),
    );
    const items = flattenMenus([...fullMenus, ...hiddenMenus]);
    const expected = items
      // A hidden editor is opened from its list page, which carries the calls.
      .filter((m) => !m.hidden && (m.endpoints ?? []).some((e) => withFile.has(e.toLowerCase())))
      .map((m) => m.name);
    expect([...FULL_EXPLORER_ITEMS].sort()).toEqual(expected.sort());
    for (const m of items) {
      const carries = (m.endpoints ?? []).includes(explorerPath('full', 'list'));
      expect(carries, m.name).toBe(FULL_EXPLORER_ITEMS.has(m.name));
      if (!carries) continue;
      for (const v of EXPLORER_VERBS) expect(m.endpoints, m.name).toContain(explorerPath('full', v));
      for (const k of EXPLORER_BUTTONS) expect(m.buttons, m.name).toContain(k);
    }
  });

  it('sit on the operations home item, every verb and write key', () => {
    const home = flattenMenus(operationsMenus).find((m) => m.component === 'operations/Home');
    for (const v of EXPLORER_VERBS) expect(home?.endpoints).toContain(explorerPath('operations', v));
    expect(home?.buttons).toEqual(expect.arrayContaining([...EXPLORER_BUTTONS]));
    expect(EXPLORER_BUTTONS).toEqual([
      'explorer:creat_dir',
      'explorer:rename',
      'explorer:del',
      'explorer:upload',
    ]);
  });
});
