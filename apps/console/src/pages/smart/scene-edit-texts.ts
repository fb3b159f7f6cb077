import { registerTexts, type Texts } from '../../i18n/index.ts';

/** Texts of the scene editor (smart/SceneEdit), `sceneEdit.*`. Field labels come from the descriptions. */
const texts: Texts = {
  'sceneEdit.addTitle': { en: 'New scenario', zh_CN: '新增场景' },
  'sceneEdit.editTitle': { en: 'Scenario #{{id}}', zh_CN: '场景 #{{id}}' },
  'sceneEdit.back': { en: 'Back to the list', zh_CN: '返回列表' },
  'sceneEdit.other': { en: 'Other settings', zh_CN: '其他配置' },
  'sceneEdit.details': { en: 'Scenario', zh_CN: '场景信息' },
  'sceneEdit.save': { en: 'Save', zh_CN: '保存' },
  'sceneEdit.reset': { en: 'Undo changes', zh_CN: '撤销修改' },
  'sceneEdit.readOnly': {
    en: 'You may view this scenario but not change it.',
    zh_CN: '您可以查看该场景，但没有修改权限。',
  },
  'sceneEdit.carousel': { en: 'Carousel', zh_CN: '轮播资源' },
  'sceneEdit.carouselHint': {
    en: 'Played in this order on the welcome page. Drag a row or use the arrows; the order is saved at once.',
    zh_CN: '按此顺序在欢迎页轮播。拖动行或使用箭头调整，顺序立即保存。',
  },
  'sceneEdit.carouselAfterSave': {
    en: 'Save the scenario first; its carousel can then be added here.',
    zh_CN: '请先保存场景，之后可在此添加轮播资源。',
  },
  'sceneEdit.addItem': { en: 'Add item', zh_CN: '添加资源' },
  'sceneEdit.empty': { en: 'No carousel items yet', zh_CN: '暂无轮播资源' },
  'sceneEdit.position': { en: 'Order', zh_CN: '顺序' },
  'sceneEdit.up': { en: 'Move up', zh_CN: '上移' },
  'sceneEdit.down': { en: 'Move down', zh_CN: '下移' },
  'sceneEdit.drag': { en: 'Drag to reorder', zh_CN: '拖动排序' },
  'sceneEdit.orderSaved': { en: 'Order saved', zh_CN: '顺序已保存' },
  'sceneEdit.notFound': { en: 'Scenario #{{id}} was not found', zh_CN: '场景 #{{id}} 不存在' },
};

registerTexts(texts);
