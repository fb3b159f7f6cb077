import { menuTitles } from 'virtual:igs-menu-titles';
import { recordModules } from 'virtual:igs-record-modules';
import { menuTitles as contractTitles, fullMenus, hiddenMenus, operationsMenus } from '@igs/contract/menus';
import { resourceModules, resources } from '@igs/contract/resources';
import { describe, expect, it } from 'vitest';
import { contractTableSource, contractTables } from './contract-tables.ts';

describe('tables of the contract computed at build time', () => {
  it('the menu titles are the contract’s, and only the titles', async () => {
    expect(Object.keys(menuTitles).length).toBeGreaterThan(100);
    expect(menuTitles).toEqual(contractTitles);
    expect(await contractTableSource('virtual:igs-menu-titles')).not.toContain('"component"');
  });

  it('the record modules are what the contract computes from both modes’ menus', () => {
    const modules = resourceModules([...fullMenus, ...hiddenMenus, ...operationsMenus], resources);
    expect(Object.keys(recordModules).length).toBeGreaterThan(50);
    expect(recordModules).toEqual(Object.fromEntries([...modules].map(([c, m]) => [c, m.resources])));
    expect(recordModules['voice/Extension']).toContain('voice:extension');
  });

  it('the plugin answers only its own names', async () => {
    const plugin = contractTables();
    const resolveId = plugin.resolveId as (id: string) => string | undefined;
    const load = plugin.load as (id: string) => Promise<string> | undefined;
    expect(resolveId('virtual:igs-menu-titles')).toBe('\0virtual:igs-menu-titles');
    expect(resolveId('./other.ts')).toBeUndefined();
    expect(await load('\0virtual:igs-record-modules')).toBe(
      await contractTableSource('virtual:igs-record-modules'),
    );
    expect(load('/src/other.ts')).toBeUndefined();
    expect(() => contractTableSource('virtual:nothing')).toThrow(/no contract table named virtual:nothing/);
  });
});
