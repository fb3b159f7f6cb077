import { registerTexts, type Texts } from '../../i18n/index.ts';

/** Texts of the ResourcePicker (the file library), under `picker.*`. */
const texts: Texts = {
  'picker.open': { en: 'Choose from library', zh_CN: '从资源库选择' },
  'picker.title': { en: 'Resource library', zh_CN: '资源库' },
  'picker.root': { en: 'All folders', zh_CN: '全部文件夹' },
  'picker.search': { en: 'Search by name', zh_CN: '按名称搜索' },
  'picker.kind': { en: 'Kind', zh_CN: '类型' },
  'picker.kind.all': { en: 'All kinds', zh_CN: '全部类型' },
  'picker.kind.image': { en: 'Images', zh_CN: '图片' },
  'picker.kind.video': { en: 'Videos', zh_CN: '视频' },
  'picker.kind.audio': { en: 'Audio', zh_CN: '音频' },
  'picker.kind.apk': { en: 'Android packages', zh_CN: '安装包' },
  'picker.kind.other': { en: 'Other files', zh_CN: '其他文件' },
  'picker.upload': { en: 'Upload here', zh_CN: '上传到此处' },
  'picker.uploading': { en: 'Uploading {{name}}', zh_CN: '正在上传 {{name}}' },
  'picker.newFolder': { en: 'New folder', zh_CN: '新建文件夹' },
  'picker.rename': { en: 'Rename', zh_CN: '重命名' },
  'picker.renameTitle': { en: 'Rename "{{name}}"', zh_CN: '重命名“{{name}}”' },
  'picker.delete': { en: 'Delete', zh_CN: '删除' },
  'picker.confirmDeleteDir': {
    en: 'Delete the folder "{{name}}"? Only an empty folder can be deleted.',
    zh_CN: '确定删除文件夹“{{name}}”吗？只能删除空文件夹。',
  },
  'picker.confirmDeleteFile': {
    en: 'Delete the file "{{name}}"? A file a record still uses cannot be deleted.',
    zh_CN: '确定删除文件“{{name}}”吗？仍被记录使用的文件不能删除。',
  },
  'picker.name': { en: 'Name', zh_CN: '名称' },
  'picker.nameRequired': { en: 'The name is required', zh_CN: '请填写名称' },
  'picker.nameTooLong': { en: 'The name must be at most {{n}} characters', zh_CN: '名称不能超过{{n}}个字符' },
  'picker.nameSlash': { en: 'The name may not contain / or \\', zh_CN: '名称不能包含 / 或 \\' },
  'picker.nameControl': { en: 'The name may not contain control characters', zh_CN: '名称不能包含控制字符' },
  'picker.nameDots': { en: 'The name may not be . or ..', zh_CN: '名称不能是 . 或 ..' },
  'picker.empty': { en: 'This folder is empty', zh_CN: '此文件夹为空' },
  'picker.emptyKind': { en: 'There are no files of this kind here', zh_CN: '此处没有该类型的文件' },
  'picker.noMatch': { en: 'Nothing here matches', zh_CN: '没有符合条件的文件' },
  'picker.choose': { en: 'Use this file', zh_CN: '使用此文件' },
  'picker.cancel': { en: 'Cancel', zh_CN: '取消' },
  'picker.ok': { en: 'OK', zh_CN: '确定' },
  'picker.selected': { en: 'Selected: {{name}}', zh_CN: '已选择：{{name}}' },
  'picker.hint': {
    en: 'Click a folder to open it; click a file to select it, double-click to use it.',
    zh_CN: '单击文件夹打开；单击文件选中，双击直接使用。',
  },
  'picker.total': { en: '{{n}} items', zh_CN: '共 {{n}} 项' },
  'picker.openFolder': { en: 'Open folder {{name}}', zh_CN: '打开文件夹 {{name}}' },
};

// Registered on import, so the texts arrive with the (lazy) picker chunk; the button's own text
// is registered by the file field (file-upload.tsx imports this file too).
registerTexts(texts);
