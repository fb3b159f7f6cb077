/** The server's texts of one area (server-texts/index.ts). */
export const deviceTasksTexts = {
  'deviceTasks.targetsMustList': { en: 'Targets must be a list', zh_CN: '对象列表须为数组' },
  'deviceTasks.targetsRequiredTarget': {
    en: 'Targets are required when the target is {type}',
    zh_CN: '重启对象为 {type} 时须填写对象列表',
  },
  'deviceTasks.mostTargets': { en: 'At most {max|# target|# targets}', zh_CN: '对象列表最多 {max} 项' },
  'deviceTasks.tagsMayContainLetters': {
    en: 'Tags may contain letters, digits, _ and - only: {map}',
    zh_CN: '标签只能包含字母、数字、_ 和 -：{map}',
  },
  'deviceTasks.productClassesMustCharacters': {
    en: 'Product classes must be 1 to 64 characters: {map}',
    zh_CN: '产品类型须为 1 到 64 个字符：{map}',
  },
  'deviceTasks.planNamesNoDevice': {
    en: 'The plan names no device at the moment: nothing was queued',
    zh_CN: '该计划当前没有对应的设备：未排队任何重启',
  },
} as const;
