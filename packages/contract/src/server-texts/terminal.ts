/** The server's texts of one area (server-texts/index.ts). */
export const terminalTexts = {
  'terminal.noAppRelease': { en: 'No app release #{release_id}', zh_CN: '应用版本 #{release_id} 不存在' },
  'terminal.noCommandTerminal': {
    en: 'No command #{id} for this terminal',
    zh_CN: '没有发给该终端的命令 #{id}',
  },
  'terminal.terminalsAlreadyWaitingAuthorisation': {
    en: '{max|# terminal is|# terminals are} already waiting for authorisation: an operator must handle some first',
    zh_CN: '待授权终端已达 {max} 台：请管理员先处理后再注册',
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
  'terminal.rejected': { en: 'This terminal was rejected by an operator', zh_CN: '该终端已被管理员拒绝' },
  'terminal.disabled': { en: 'This terminal is disabled', zh_CN: '该终端已被停用' },
  'terminal.expired': {
    en: "This terminal's authorisation expired on {date}",
    zh_CN: '该终端的授权已于 {date} 到期',
  },
  'terminal.tokenMissing': {
    en: 'Terminal token missing: send {header}',
    zh_CN: '缺少终端令牌：请发送 {header}',
  },
  'terminal.tokenInvalid': {
    en: 'Terminal token is not valid: register again',
    zh_CN: '终端令牌无效：请重新注册',
  },
  'terminal.notAuthorised': { en: 'This terminal is not authorised yet', zh_CN: '该终端尚未授权' },
  'terminal.event.online': { en: 'heartbeat from {ip}', zh_CN: '收到来自 {ip} 的心跳' },
  'terminal.event.onlineNoAddress': {
    en: 'heartbeat from an unknown address',
    zh_CN: '收到心跳（地址未知）',
  },
  'terminal.event.offline': {
    en: 'no heartbeat for {missed} intervals of {seconds|# second|# seconds} (last seen {last})',
    zh_CN: '连续 {missed} 个心跳周期（每个 {seconds} 秒）未收到心跳（最后在线 {last}）',
  },
  'terminal.event.offlineNeverSeen': {
    en: 'no heartbeat for {missed} intervals of {seconds|# second|# seconds} (never seen)',
    zh_CN: '连续 {missed} 个心跳周期（每个 {seconds} 秒）未收到心跳（从未上线）',
  },
  'terminal.event.authRequest': {
    en: 'New terminal {mac} asks to be authorised (model {model}, app {app}, address {ip})',
    zh_CN: '新终端 {mac} 申请授权（型号 {model}，应用版本 {app}，地址 {ip}）',
  },
  'terminal.event.release': { en: 'release #{id} {what}', zh_CN: '应用版本 #{id} {what}' },
  'terminal.event.upgradeCommand': {
    en: 'upgrade command #{id}, release #{release}',
    zh_CN: '升级命令 #{id}，应用版本 #{release}',
  },
  'terminal.event.upgrade': { en: '{what}', zh_CN: '{what}' },
  'terminal.event.upgradeDetail': { en: '{what}: {detail}', zh_CN: '{what}：{detail}' },
  'terminal.event.commandDone': { en: '{type} #{id} ok', zh_CN: '{type} #{id} 已执行' },
  'terminal.event.commandFailed': { en: '{type} #{id} failed', zh_CN: '{type} #{id} 执行失败' },
  'terminal.event.commandDoneDetail': {
    en: '{type} #{id} ok: {detail}',
    zh_CN: '{type} #{id} 已执行：{detail}',
  },
  'terminal.event.commandFailedDetail': {
    en: '{type} #{id} failed: {detail}',
    zh_CN: '{type} #{id} 执行失败：{detail}',
  },
  'terminal.playTimeFormat': {
    en: '{field} must be YYYY-MM-DD HH:mm:ss or epoch time',
    zh_CN: '{field} 须为 YYYY-MM-DD HH:mm:ss 或时间戳',
  },
  'terminal.playInFuture': { en: '{field} is in the future', zh_CN: '{field} 晚于当前时间' },
  'terminal.playTooOld': {
    en: '{field} is older than {days|# day|# days}',
    zh_CN: '{field} 早于 {days} 天前',
  },
  'terminal.playEndBeforeStart': {
    en: '{field} must be a time not before start_at',
    zh_CN: '{field} 不能早于 start_at',
  },
  'terminal.notRegistered': {
    en: 'The terminal could not be registered; try again',
    zh_CN: '终端注册失败，请重试',
  },
  'terminal.tooManyCalls': {
    en: 'Too many {what} calls: at most {limit} per {seconds} s; try again in {retry} s',
    zh_CN: '{what} 调用过于频繁：每 {seconds} 秒最多 {limit} 次，请在 {retry} 秒后重试',
  },
} as const;
