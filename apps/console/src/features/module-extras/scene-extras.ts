import { registerTexts, type Texts } from '../../i18n/index.ts';
import type { PageExtras } from '../resource/page-extras.ts';

/**
 * The scene list (smart/ApplicationScene, and the Scenario tab of the operations App menu) opens
 * the scene editor (smart/SceneEdit at /scenelistadd, DOMAIN 1.3) to add and edit, since a scene
 * has its carousel besides its fields; each row also links to the scene's other settings
 * (/otherconfig). Both routes exist in both modes.
 */
export const SCENE_EDITOR = { path: '/scenelistadd', param: 'scene_id' } as const;
export const SCENE_OTHER_PATH = '/otherconfig';

export const sceneExtras: PageExtras = {
  editor: SCENE_EDITOR,
  rowLinks: (row) => [
    { key: 'other', label: 'mx.sceneOther', path: SCENE_OTHER_PATH, query: { scene_id: row.id } },
  ],
};

const texts: Texts = {
  'mx.sceneOther': { en: 'Other settings', zh_CN: '其他配置' },
};

registerTexts(texts);
