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
  'resources.fileOfAnotherSite': {
    en: '{label}: file {ids} was uploaded in another site; upload it in this site',
    zh_CN: '{label}：文件 {ids} 是在其他站点上传的，请在本站点上传',
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
  'resources.importEmpty': { en: 'The file is empty', zh_CN: '文件为空' },
  'resources.importNotJson': { en: 'The file is not valid JSON', zh_CN: '文件不是有效的 JSON' },
  'resources.importJsonNotArray': {
    en: 'A JSON import is an array of records',
    zh_CN: 'JSON 导入文件应为记录数组',
  },
  'resources.importUnknownColumns': { en: 'Unknown columns: {list}', zh_CN: '未知的列：{list}' },
  'resources.importGzipTooLarge': {
    en: 'The compressed file unpacks to more than {mb} MB',
    zh_CN: '压缩文件解压后超过 {mb} MB',
  },
  'resources.importGzipBroken': {
    en: 'The file looks gzip-compressed but cannot be unpacked',
    zh_CN: '文件像是 gzip 压缩文件，但无法解压',
  },
  'resources.importNotXlsx': {
    en: 'The file is not an Excel workbook (.xlsx); an old .xls must be saved as .xlsx first',
    zh_CN: '文件不是 Excel 工作簿 (.xlsx)；旧版 .xls 请先另存为 .xlsx',
  },
  'resources.importXlsxTooLarge': {
    en: 'The workbook unpacks to more than {mb} MB',
    zh_CN: '工作簿解压后超过 {mb} MB',
  },
  'resources.importNoSheet': { en: 'The workbook has no sheet', zh_CN: '工作簿中没有工作表' },
  'resources.verbWithout': {
    en: '#{id}: {verb} is not possible without {field}',
    zh_CN: '#{id}：没有{field}，不能{verb}',
  },
  'resources.verbWhile': {
    en: '#{id}: {verb} is not possible while {field} is {value}',
    zh_CN: '#{id}：{field}为“{value}”时不能{verb}',
  },
} as const;
