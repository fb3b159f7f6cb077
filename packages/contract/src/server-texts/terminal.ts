/** The server's texts of one area (server-texts/index.ts). */
export const terminalTexts = {
  'terminal.noAppRelease': { en: 'No app release #{release_id}', zh_CN: '应用版本 #{release_id} 不存在' },
  'terminal.noCommandTerminal': {
    en: 'No command #{id} for this terminal',
    zh_CN: '没有发给该终端的命令 #{id}',
  },
  'terminal.terminalsAlreadyWaitingAuthorisation': {
    en: '{MAX_PENDING_PER_SITE} terminals are already waiting for authorisation: an operator must handle some first',
    zh_CN: '待授权终端已达 {MAX_PENDING_PER_SITE} 台：请管理员先处理后再注册',
  },
  'terminal.registeredWaitingOperatorAuthorise': {
    en: 'Registered: waiting for an operator to authorise this terminal',
    zh_CN: '已登记，等待管理员授权',
  },
  'terminal.macAlreadyRegisteredSend': {
    en: 'This MAC is already registered: send the register_key of its first register; if the device was reset, an operator can delete the terminal so it registers afresh',
    zh_CN:
      '该 MAC 地址已注册：请携带首次注册时得到的 register_key；若设备已重置，请管理员删除该终端后重新注册',
  },
  'terminal.terminalAuthorised': { en: 'Terminal authorised', zh_CN: '终端已授权' },
} as const;
