/** The server's texts of one area (server-texts/index.ts). */
export const areasTexts = {
  'areas.fileEmpty': { en: 'The file is empty', zh_CN: '文件为空' },
  'areas.roomCodeRequired': { en: 'room_code is required', zh_CN: 'room_code 必填' },
  'areas.noAreaCode': { en: 'No area has the code "{room}"', zh_CN: '没有编号为“{room}”的区域' },
  'areas.notMacAddress': { en: '"{macText}" is not a MAC address', zh_CN: '“{macText}”不是 MAC 地址' },
  'areas.noTerminalMac': { en: 'No terminal has the MAC {mac}', zh_CN: '没有 MAC 为 {mac} 的终端' },
  'areas.noExtensionNumber': {
    en: 'No extension has the number {extension}',
    zh_CN: '没有号码为 {extension} 的分机',
  },
  'areas.unknownColumns': { en: 'Unknown columns: {unknown}', zh_CN: '未知的列：{unknown}' },
  'areas.alreadyCode': {
    en: '{segments} already has the code "{code}"',
    zh_CN: '{segments} 已有编号“{code}”',
  },
  'areas.bindingHeader': {
    en: 'The first line names the columns room_code, mac, extension (bed_no, remark may follow){unknown}',
    zh_CN: '第一行须为列名 room_code、mac、extension（可另有 bed_no、remark）{unknown}',
  },
  'areas.unknownColumnsAfter': { en: '; unknown: {columns}', zh_CN: '；未知的列：{columns}' },
  'areas.notAPath': {
    en: '"{raw}" is not a path of area names such as {example}',
    zh_CN: '“{raw}”不是形如 {example} 的区域路径',
  },
} as const;
