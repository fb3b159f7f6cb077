/** The server's texts of one area (server-texts/index.ts). */
export const advertTexts = {
  'advert.endsMustAfterStarts': {
    en: 'Ends ({end}) must be after Starts ({start})',
    zh_CN: '结束时间（{end}）须晚于开始时间（{start}）',
  },
  'advert.weekdaysMustListDistinct': {
    en: 'Weekdays must be a list of distinct days 1–7 (1 = Monday)',
    zh_CN: '星期须为不重复的1–7（1为星期一）组成的列表',
  },
  'advert.itemsLeastOneItem': { en: 'Items: at least one item is required', zh_CN: '广告项：至少需要一项' },
  'advert.itemsMostGot': {
    en: 'Items: at most {max} (got {n})',
    zh_CN: '广告项：最多{max}项（当前{n}项）',
  },
  'advert.itemsItemNotObject': { en: 'Items: item {n} is not an object', zh_CN: '广告项：第{n}项格式不正确' },
  'advert.itemsItemNeedsMaterial': {
    en: 'Items: item {n} needs a material_id',
    zh_CN: '广告项：第{n}项须指定素材',
  },
  'advert.itemsItemDurationS': {
    en: 'Items: item {n} duration_s must be 1–3600 seconds',
    zh_CN: '广告项：第{n}项时长须为1–3600秒',
  },
  'advert.itemsItemLinkTarget': {
    en: 'Items: item {n} link_target is too long',
    zh_CN: '广告项：第{n}项链接目标过长',
  },
  'advert.itemsDoesNotExist': {
    en: 'Items: {title} #{missing} does not exist',
    zh_CN: '广告项：{title} #{missing} 不存在',
  },
  'advert.itemsItemLinkType': {
    en: 'Items: item {n} link_type must be one of {options}',
    zh_CN: '广告项：第{n}项链接类型须为{options}之一',
  },
} as const;
