import type { Lang } from '@igs/contract';
import { i18n } from '../../i18n/index.ts';

/**
 * Texts of the generic resource pages, under `res.*`. Field labels and page titles are not here:
 * they come from the resource description (`field.label[lang]`, `def.title[lang]`), and the
 * validation/toast texts come from the contract (`msg.*`), so server and console word them alike.
 */
const texts: Record<string, Record<Lang, string>> = {
  'res.search': { en: 'Search', zh_CN: '查询' },
  'res.reset': { en: 'Reset', zh_CN: '重置' },
  'res.keyword': { en: 'Keyword', zh_CN: '关键字' },
  'res.keywordHint': { en: 'Search {{fields}}', zh_CN: '搜索{{fields}}' },
  'res.from': { en: 'From', zh_CN: '起' },
  'res.to': { en: 'To', zh_CN: '止' },
  'res.all': { en: 'All', zh_CN: '全部' },
  'res.add': { en: 'Add', zh_CN: '新增' },
  'res.edit': { en: 'Edit', zh_CN: '编辑' },
  'res.delete': { en: 'Delete', zh_CN: '删除' },
  'res.batchDelete': { en: 'Delete selected', zh_CN: '批量删除' },
  'res.import': { en: 'Import', zh_CN: '导入' },
  'res.export': { en: 'Export', zh_CN: '导出' },
  'res.exportSelected': { en: 'Exports the {{n}} selected rows', zh_CN: '导出选中的 {{n}} 行' },
  'res.exportFiltered': { en: 'Exports the filtered list', zh_CN: '按当前查询条件导出' },
  'res.actions': { en: 'Actions', zh_CN: '操作' },
  'res.createdAt': { en: 'Created', zh_CN: '创建时间' },
  'res.updatedAt': { en: 'Updated', zh_CN: '更新时间' },
  'res.details': { en: 'Details', zh_CN: '详情' },
  'res.total': { en: '{{n}} in total', zh_CN: '共 {{n}} 条' },
  'res.selected': { en: '{{n}} selected', zh_CN: '已选 {{n}} 项' },
  'res.columns': { en: 'Columns', zh_CN: '列设置' },
  'res.columnsReset': { en: 'Show all', zh_CN: '全部显示' },
  'res.refresh': { en: 'Refresh', zh_CN: '刷新' },
  'res.on': { en: 'Enabled', zh_CN: '启用' },
  'res.off': { en: 'Disabled', zh_CN: '停用' },
  'res.yes': { en: 'Yes', zh_CN: '是' },
  'res.no': { en: 'No', zh_CN: '否' },
  'res.confirmDelete': { en: 'Delete this record?', zh_CN: '确定删除该记录吗？' },
  'res.confirmBatchDelete': {
    en: 'Delete the {{n}} selected records?',
    zh_CN: '确定删除选中的 {{n}} 条记录吗？',
  },
  'res.deleteHint': {
    en: 'Records still used elsewhere are not deleted; the message says what uses them.',
    zh_CN: '仍被其他数据引用的记录不会被删除，提示会说明被哪些数据使用。',
  },
  'res.deleted': { en: '{{n}} deleted', zh_CN: '已删除 {{n}} 条' },
  'res.ok': { en: 'OK', zh_CN: '确定' },
  'res.cancel': { en: 'Cancel', zh_CN: '取消' },
  'res.save': { en: 'Save', zh_CN: '保存' },
  'res.addTitle': { en: 'Add {{title}}', zh_CN: '新增{{title}}' },
  'res.editTitle': { en: 'Edit {{title}}', zh_CN: '编辑{{title}}' },
  'res.select': { en: 'Please select', zh_CN: '请选择' },
  'res.input': { en: 'Please enter', zh_CN: '请输入' },
  'res.namesNone': { en: '{{kind}}: nothing to choose', zh_CN: '{{kind}}：无需选择' },
  'res.pwdKeep': { en: 'Leave empty to keep the current password', zh_CN: '留空则保持原密码不变' },
  'res.jsonInvalid': { en: '{{label}} is not valid JSON', zh_CN: '{{label}}不是有效的JSON' },
  'res.upload': { en: 'Upload', zh_CN: '上传' },
  'res.uploadReplace': { en: 'Replace', zh_CN: '更换' },
  'res.remove': { en: 'Remove', zh_CN: '移除' },
  'res.file': { en: 'File {{id}}', zh_CN: '文件 {{id}}' },
  'res.more': { en: 'More', zh_CN: '更多' },
  'res.unknown': { en: 'Unknown', zh_CN: '未知' },
  'res.addRow': { en: 'Add a row', zh_CN: '添加一行' },
  'res.removeRow': { en: 'Remove the row', zh_CN: '删除该行' },
  'res.noRows': { en: 'No rows yet', zh_CN: '暂无内容' },
  'res.tagsHint': { en: 'Type a value and press Enter', zh_CN: '输入后按回车添加' },
  'res.items_one': { en: '{{count}} item', zh_CN: '{{count}} 项' },
  'res.items_other': { en: '{{count}} items', zh_CN: '{{count}} 项' },
  'res.moreRows_one': { en: 'and {{count}} more row', zh_CN: '还有 {{count}} 行' },
  'res.moreRows_other': { en: 'and {{count}} more rows', zh_CN: '还有 {{count}} 行' },
  'res.importTitle': { en: 'Import {{title}}', zh_CN: '导入{{title}}' },
  'res.importFile': { en: 'File', zh_CN: '文件' },
  'res.importPick': { en: 'Choose a file: {{formats}}', zh_CN: '选择文件：{{formats}}' },
  'res.importFormat': { en: 'Format', zh_CN: '格式' },
  'res.importMode': { en: 'Mode', zh_CN: '方式' },
  'res.mode.append': { en: 'Append', zh_CN: '追加' },
  'res.mode.upsert': { en: 'Update or add', zh_CN: '更新或新增' },
  'res.mode.replace': { en: 'Replace all', zh_CN: '全部替换' },
  'res.mode.append.hint': { en: 'Every row becomes a new record.', zh_CN: '每一行都新增为一条记录。' },
  'res.mode.upsert.hint': {
    en: 'Rows matching an existing record on {{field}} update it; the others are added.',
    zh_CN: '按{{field}}匹配已有记录则更新，否则新增。',
  },
  'res.mode.replace.hint': {
    en: 'Deletes every current record first. Refused while other data still uses them.',
    zh_CN: '先删除现有全部记录；仍被其他数据引用时会被拒绝。',
  },
  'res.dryRun': { en: 'Check (dry run)', zh_CN: '预检（试运行）' },
  'res.importRun': { en: 'Import', zh_CN: '导入' },
  'res.importHint': {
    en: 'Check the file first: nothing is written until the check passes and you press Import. The import is all or nothing.',
    zh_CN: '请先预检：预检通过并点击“导入”后才会写入数据；导入要么全部成功，要么全部不写入。',
  },
  'res.importTotal': { en: 'Rows', zh_CN: '总行数' },
  'res.importInserted': { en: 'Added', zh_CN: '新增' },
  'res.importUpdated': { en: 'Updated', zh_CN: '更新' },
  'res.importSkipped': { en: 'Skipped', zh_CN: '跳过' },
  'res.importErrors': { en: 'Errors', zh_CN: '错误' },
  'res.importPreview': { en: 'Check result (nothing written)', zh_CN: '预检结果（未写入）' },
  'res.importResult': { en: 'Import result', zh_CN: '导入结果' },
  'res.importClean': {
    en: 'No errors: press Import to write these rows.',
    zh_CN: '没有错误，可以点击“导入”写入数据。',
  },
  'res.importHasErrors': {
    en: 'Fix the rows below and check again; nothing was written.',
    zh_CN: '请修正下列行后重新预检；未写入任何数据。',
  },
  'res.importDone': {
    en: 'Imported: {{inserted}} added, {{updated}} updated',
    zh_CN: '导入完成：新增 {{inserted}} 条，更新 {{updated}} 条',
  },
  'res.errLine': { en: 'Line', zh_CN: '行号' },
  // JSON and a module's own formats (vCard, hosts) are numbered by record, not by line.
  'res.errRecord': { en: 'Record', zh_CN: '序号' },
  'res.errField': { en: 'Field', zh_CN: '字段' },
  'res.errMsg': { en: 'Message', zh_CN: '错误信息' },
};

function bundle(lang: Lang): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, text[lang]]));
}

// Deep merge without overwriting, as the shell's texts do: a wording the core dictionary already
// defines wins. Registered on import, so the texts arrive with the (lazy) resource page chunk.
i18n.addResourceBundle('en', 'translation', bundle('en'), true, false);
i18n.addResourceBundle('zh_CN', 'translation', bundle('zh_CN'), true, false);
