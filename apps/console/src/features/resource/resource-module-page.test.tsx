import { fullMenus, hiddenMenus, operationsMenus } from '@igs/contract/menus';
import { resourceModules, resources } from '@igs/contract/resources';
import { describe, expect, it } from 'vitest';
import { pickTab, tabKeyOf } from './module-tabs.ts';
import { resourceModulePage } from './resource-module-page.tsx';
import { resourceDefsOf } from './resource-modules.ts';

describe('resource module page', () => {
  it('finds the descriptions of a component, in the order of its menu endpoints', () => {
    expect(resourceDefsOf('voice/AddressBook').map((d) => d.name)).toEqual([
      'voice:contact',
      'voice:contact_group',
    ]);
    expect(resourceDefsOf('voice/Extension').map((d) => d.name)).toEqual(['voice:extension']);
    expect(resourceDefsOf('voice/BasicSettings')).toEqual([]);
    expect(resourceModulePage('voice/BasicSettings')).toBeUndefined();
  });

  it('gives each tab of a module its own URL key', () => {
    const modules = resourceModules([...fullMenus, ...hiddenMenus, ...operationsMenus], resources);
    for (const component of modules.keys()) {
      const keys = resourceDefsOf(component).map(tabKeyOf);
      expect(new Set(keys).size, component).toBe(keys.length);
      for (const key of keys) expect(key, component).toMatch(/^[a-z0-9_]+$/);
    }
  });

  it('opens the requested tab when the module has it, else the first', () => {
    const keys = ['contact', 'contact_group'];
    expect(pickTab('contact_group', keys)).toBe('contact_group');
    expect(pickTab(null, keys)).toBe('contact');
    expect(pickTab('nope', keys)).toBe('contact');
  });
});
