/** The server's texts of one area (server-texts/index.ts): the generic record calls. */
export const resourcesTexts = {
  'resources.notFound': { en: '{kind} #{ids} was not found', zh_CN: '{kind} #{ids} 不存在' },
  'resources.noSuchRecord': { en: 'No such record: #{ids}', zh_CN: '记录不存在：#{ids}' },
  'resources.notRefField': {
    en: 'field: "{name}" is not a reference field of {kind} (reference fields: {known})',
    zh_CN: 'field：“{name}”不是{kind}的引用字段（可用：{known}）',
  },
  'resources.noRefFields': { en: 'none', zh_CN: '无' },
  'resources.stillUsed': { en: 'Cannot delete: still used by {list}', zh_CN: '无法删除：仍被 {list} 使用' },
  'resources.alreadyExists': { en: '{label} "{value}" already exists', zh_CN: '{label}“{value}”已存在' },
  'resources.refMissing': {
    en: '{label}: {kind} #{ids} does not exist',
    zh_CN: '{label}：{kind} #{ids} 不存在',
  },
  'resources.refNotIds': {
    en: '{label}: {bad} is not a record id',
    zh_CN: '{label}：{bad} 不是记录编号',
  },
  'resources.duplicate': {
    en: '{kind}: a value that must be unique is already used',
    zh_CN: '{kind}：存在重复的值',
  },
  'resources.importTooLarge': { en: 'Import files cannot exceed 10 MB', zh_CN: '导入文件不能超过 10 MB' },
  'resources.verbWithout': {
    en: '#{id}: {verb} is not possible without {field}',
    zh_CN: '#{id}：没有{field}，不能{verb}',
  },
  'resources.verbWhile': {
    en: '#{id}: {verb} is not possible while {field} is {value}',
    zh_CN: '#{id}：{field}为“{value}”时不能{verb}',
  },
} as const;
