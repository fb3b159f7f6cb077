import { resourceByName } from '@igs/contract/resources';
import { SCENE_EDITOR } from '../../features/module-extras/scene-extras.ts';
import { SITE_PARAM } from '../../features/resource/editor-links.tsx';

/** The scene and its carousel (DOMAIN 2.8): `index:scenario` and `index:scenario_resource`. */
export const sceneDef = resourceByName('index:scenario')!;
export const carouselDef = resourceByName('index:scenario_resource')!;

/** The editor's query parameter naming the scene (as /otherconfig's); the scene list links with it. */
export const SCENE_PARAM = SCENE_EDITOR.param;

/**
 * The scene the editor shows, 0 for a new one: `?scene_id=`. Full mode also takes `?id=`, the
 * route's older form; in operations mode `id` names the site of every call (features/sites),
 * never a scene.
 */
export function sceneIdOf(params: URLSearchParams, isOperations: 0 | 1): number {
  const raw = params.get(SCENE_PARAM) ?? (isOperations === 1 ? null : params.get(SITE_PARAM));
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** A carousel item as the list returns it. */
export interface CarouselItem {
  id: number;
  sort?: unknown;
  [field: string]: unknown;
}

/** The list moved one item from `from` to `to` (indexes); out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Items in their stored order after the `sort` call: `sort` is the position, as the server writes it. */
export function renumbered<T extends CarouselItem>(items: readonly T[]): T[] {
  return items.map((item, i) => ({ ...item, sort: i }));
}

/** The `sort` of an item added at the end: after the last one. */
export function nextSort(items: readonly CarouselItem[]): number {
  const sorts = items.map((i) => Number(i.sort)).filter((n) => Number.isFinite(n));
  return sorts.length ? Math.max(...sorts) + 1 : 0;
}

/** The list call of one scene's carousel, in play order (the server sorts by `sort`, then newest). */
export function carouselQuery(sceneId: number) {
  return {
    page: 1,
    limit: 200,
    sort: 'sort',
    order: 'asc' as const,
    keyword: '',
    filter: { scene_id: sceneId },
  };
}
