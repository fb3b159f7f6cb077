import { hiddenMenus, operationsHiddenMenus } from '@igs/contract/menus';
import { describe, expect, it } from 'vitest';
import { SCENE_EDITOR, SCENE_OTHER_PATH } from '../../features/module-extras/scene-extras.ts';
import { routeWithSite } from '../../features/resource/editor-links.tsx';
import { refOptionsCall } from '../../features/resource/use-ref-options.ts';
import { carouselQuery, moveItem, nextSort, renumbered, sceneDef, sceneIdOf } from './scene-edit-model.ts';

const q = (s: string) => new URLSearchParams(s);
const items = [
  { id: 11, sort: 0 },
  { id: 12, sort: 1 },
  { id: 13, sort: 2 },
];

describe('scene editor: which scene', () => {
  it('reads scene_id in both modes; id only in full mode, where it is no site', () => {
    expect(sceneIdOf(q('scene_id=5'), 0)).toBe(5);
    expect(sceneIdOf(q('id=1&scene_id=5'), 1)).toBe(5);
    expect(sceneIdOf(q('id=7'), 0)).toBe(7);
    // Operations mode: `id` is the site of every call.
    expect(sceneIdOf(q('id=7'), 1)).toBe(0);
    for (const bad of ['', 'scene_id=0', 'scene_id=-2', 'scene_id=1.5', 'scene_id=abc'])
      expect(sceneIdOf(q(bad), 0), bad).toBe(0);
  });

  it('opens routes that both menu trees hold, as hidden items', () => {
    const paths = (tree: typeof hiddenMenus) => (tree[0]?.children ?? []).map((c) => `/${c.path}`);
    for (const tree of [hiddenMenus, operationsHiddenMenus]) {
      expect(paths(tree)).toContain(SCENE_EDITOR.path);
      expect(paths(tree)).toContain(SCENE_OTHER_PATH);
    }
  });

  it('keeps the operations site on the links it makes, and nothing else', () => {
    expect(routeWithSite('/scenelistadd', { scene_id: 4 }, '?id=2&tab=scenario', 1)).toBe(
      '/scenelistadd?id=2&scene_id=4',
    );
    expect(routeWithSite('/scenelistadd', { scene_id: 4 }, '?id=2', 0)).toBe('/scenelistadd?scene_id=4');
    expect(routeWithSite('/scenelistadd', {}, '', 1)).toBe('/scenelistadd');
    expect(routeWithSite('/smart/scene', { tab: undefined }, '', 0)).toBe('/smart/scene');
  });
});

describe('scene editor: carousel order', () => {
  it('moves one item and renumbers sort as the server stores it', () => {
    expect(moveItem(items, 0, 1).map((i) => i.id)).toEqual([12, 11, 13]);
    expect(moveItem(items, 2, 0).map((i) => i.id)).toEqual([13, 11, 12]);
    expect(renumbered(moveItem(items, 2, 0))).toEqual([
      { id: 13, sort: 0 },
      { id: 11, sort: 1 },
      { id: 12, sort: 2 },
    ]);
    // Out of range or onto itself: the same order, as a copy.
    for (const [from, to] of [
      [0, 0],
      [-1, 1],
      [0, 3],
    ] as const) {
      const same = moveItem(items, from, to);
      expect(same).toEqual(items);
      expect(same).not.toBe(items);
    }
  });

  it('adds after the last item, whatever gaps the stored sorts have', () => {
    expect(nextSort([])).toBe(0);
    expect(nextSort(items)).toBe(3);
    expect(nextSort([{ id: 1, sort: 7 }, { id: 2, sort: 2 }, { id: 3 }])).toBe(8);
  });

  it('lists one scene in play order', () => {
    expect(carouselQuery(9)).toMatchObject({
      sort: 'sort',
      order: 'asc',
      filter: { scene_id: 9 },
      limit: 200,
    });
  });
});

describe('options of a reference this mode has no endpoint of', () => {
  const template = sceneDef.fields.find((f) => f.name === 'template_id')!;
  it('asks the owner for its field in operations mode, the target itself otherwise', () => {
    const owner = { def: sceneDef, field: 'template_id' };
    expect(refOptionsCall(template.ref, owner, 0)).toEqual({ endpoint: '/admin.php/smart/easy_template' });
    expect(refOptionsCall(template.ref, owner, 1)).toEqual({
      endpoint: '/operations/index/scenario',
      field: 'template_id',
    });
    // A target with its own operations endpoint answers itself.
    expect(refOptionsCall('index:scenario', { def: sceneDef, field: 'x' }, 1)).toEqual({
      endpoint: '/operations/index/scenario',
    });
    expect(refOptionsCall(undefined, owner, 1)).toBeUndefined();
    expect(refOptionsCall('no:such', owner, 1)).toBeUndefined();
  });
});
