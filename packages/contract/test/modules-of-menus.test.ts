import { describe, expect, it } from 'vitest';
import { flattenMenus, type MenuSeed, permissionPrefix } from '../src/menu.ts';
import { fullMenus, hiddenMenus, operationsMenus } from '../src/menus/index.ts';
import { type ResourceDef, resourceByName, resourceModules, resources } from '../src/resources/index.ts';

const def = (name: string, endpoint: string, opsEndpoint?: string): ResourceDef => ({
  name,
  endpoint,
  opsEndpoint,
  table: name.replace(':', '_'),
  title: { en: name, zh_CN: name },
  fields: [],
});

const item = (component: string, endpoints: string[], extra: Partial<MenuSeed> = {}): MenuSeed => ({
  path: component.toLowerCase(),
  component,
  name: component.replace('/', ''),
  titleKey: `t.${component}`,
  title: { en: component, zh_CN: component },
  endpoints,
  ...extra,
});

const A = def('a:one', '/admin.php/a/one', '/operations/a/one');
const B = def('a:two', '/admin.php/a/two');

describe('resourceModules', () => {
  it('maps a component to the resources on its endpoints, in endpoint order, and names the rest', () => {
    const tree = [
      item('Layout', [], {
        children: [item('a/Both', ['/admin.php/a/two', '/admin.php/a/config', '/admin.php/a/one'])],
      }),
    ];
    expect(resourceModules(tree, [A, B]).get('a/Both')).toEqual({
      component: 'a/Both',
      resources: ['a:two', 'a:one'],
      otherEndpoints: ['/admin.php/a/config'],
    });
  });

  it('matches operations endpoints to the operations twin', () => {
    const modules = resourceModules([item('operations/One', ['/operations/a/one'])], [A, B]);
    expect(modules.get('operations/One')?.resources).toEqual(['a:one']);
  });

  it('leaves out groups, hidden editors and items without a resource endpoint', () => {
    const tree = [
      item('Layout', ['/admin.php/a/one'], {
        children: [
          item('a/Settings', ['/admin.php/a/config']),
          item('a/Editor', ['/admin.php/a/one'], { hidden: true }),
          item('a/Nothing', []),
        ],
      }),
    ];
    expect([...resourceModules(tree, [A, B]).keys()]).toEqual([]);
  });

  it('gives records edited in another resource editor no tab, and keeps their endpoint out of the rest', () => {
    const child = { ...B, editedIn: 'a:one' };
    const tree = [
      item('a/Page', ['/admin.php/a/one', '/admin.php/a/two']),
      item('a/Children', ['/admin.php/a/two']),
    ];
    expect(resourceModules(tree, [A, child]).get('a/Page')).toEqual({
      component: 'a/Page',
      resources: ['a:one'],
      otherEndpoints: [],
    });
    expect(resourceModules(tree, [A, child]).has('a/Children')).toBe(false);
  });

  it('joins the resources of one component named by two items', () => {
    const tree = [
      item('a/Page', ['/admin.php/a/one']),
      item('a/Page', ['/admin.php/a/two', '/admin.php/a/one']),
    ];
    expect(resourceModules(tree, [A, B]).get('a/Page')?.resources).toEqual(['a:one', 'a:two']);
  });
});

describe('resourceModules over the real menus', () => {
  const modules = resourceModules([...fullMenus, ...hiddenMenus, ...operationsMenus], resources);

  it('covers the record modules of both trees, tabs in the menu order', () => {
    expect(modules.get('media/LiveClass')?.resources).toEqual(['media:live_type']);
    expect(modules.get('media/LiveProgram')).toEqual({
      component: 'media/LiveProgram',
      resources: ['media:live'],
      otherEndpoints: ['/admin.php/media/encryption'],
    });
    expect(modules.get('voice/AddressBook')?.resources).toEqual(['voice:contact', 'voice:contact_group']);
    expect(modules.get('operations/LiveProgram')?.resources).toEqual([
      'media:live',
      'media:live_type',
      'media:live_package',
    ]);
    expect(modules.get('operations/AdvertisingManagement')?.resources).toHaveLength(5);
    // Settings-only pages and hidden editors are not record modules.
    for (const component of ['voice/BasicSettings', 'system/OperationLog', 'smart/SceneEdit'])
      expect(modules.has(component), component).toBe(false);
    // The carousel is edited in the scene editor: no tab beside the scenes, in either mode.
    expect(modules.get('smart/ApplicationScene')?.resources).toEqual(['index:scenario']);
    expect(modules.get('operations/AppMenu')?.resources).toContain('index:scenario');
    expect(modules.get('operations/AppMenu')?.resources).not.toContain('index:scenario_resource');
  });

  it('reaches every resource from a visible page of its mode, or through its owner', () => {
    const reachable = (reached: Set<string>, name: string): boolean => {
      const r = resourceByName(name)!;
      return r.editedIn ? reached.has(r.editedIn) : reached.has(name);
    };
    const reached = new Set([...modules.values()].flatMap((m) => m.resources));
    for (const r of resources) expect(reachable(reached, r.name), r.name).toBe(true);
    const opsReached = new Set(
      [...resourceModules(operationsMenus, resources).values()].flatMap((m) => m.resources),
    );
    for (const r of resources.filter((x) => x.opsEndpoint))
      expect(reachable(opsReached, r.name), r.name).toBe(true);
  });

  it('never drops a tab over a spelling: a menu endpoint of a resource prefix is that resource endpoint', () => {
    for (const m of flattenMenus([...fullMenus, ...hiddenMenus, ...operationsMenus]))
      for (const e of m.endpoints ?? []) {
        const r = resourceByName(permissionPrefix(e));
        if (!r) continue;
        const own = e.startsWith('/operations/') ? r.opsEndpoint : r.endpoint;
        expect(own, `${m.component}: ${e}`).toBe(e);
      }
  });
});
