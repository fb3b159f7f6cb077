/** The server's texts of one area (server-texts/index.ts). */
export const explorerTexts = {
  'explorer.folderNotFound': { en: 'Folder #{id} was not found', zh_CN: '文件夹 #{id} 不存在' },
  'explorer.folderNamedAlreadyExists': {
    en: 'A folder named "{name}" already exists here',
    zh_CN: '此处已有名为“{name}”的文件夹',
  },
  'explorer.foldersNestMostDeep': {
    en: 'Folders nest at most {max} deep',
    zh_CN: '文件夹最多嵌套{max}层',
  },
  'explorer.fileNotFound': { en: 'The file was not found', zh_CN: '文件不存在' },
  'explorer.cannotDeleteFolderStill': {
    en: 'Cannot delete folder "{name}": it still holds {folders|# folder|# folders} and {files|# file|# files}',
    zh_CN: '无法删除文件夹“{name}”：其中仍有 {folders} 个文件夹和 {files} 个文件',
  },
  'explorer.cannotDeleteStillUsed': {
    en: 'Cannot delete "{name}": still used by {users}',
    zh_CN: '无法删除“{name}”：仍被 {users} 使用',
  },
  'explorer.nameRequired': { en: 'The name is required', zh_CN: '请填写名称' },
  'explorer.nameMustMostCharacters': {
    en: 'The name must be at most {max|# character|# characters}',
    zh_CN: '名称不能超过{max}个字符',
  },
  'explorer.nameMayNotContain': { en: 'The name may not contain / or \\', zh_CN: '名称不能包含 / 或 \\' },
  'explorer.nameNoControl': {
    en: 'The name may not contain control characters',
    zh_CN: '名称不能包含控制字符',
  },
  'explorer.nameMayNot': { en: 'The name may not be . or ..', zh_CN: '名称不能是 . 或 ..' },
  'explorer.parentNotFound': { en: 'Folder #{raw} was not found', zh_CN: '文件夹 #{raw} 不存在' },
} as const;
