/** The server's texts of one area (server-texts/index.ts). */
export const hotStandbyTexts = {
  'hotStandby.vrrpCannotRunLoopback': {
    en: 'VRRP cannot run on the loopback interface',
    zh_CN: 'VRRP不能使用回环接口',
  },
  'hotStandby.peerIpMustIpv4': {
    en: 'Peer IP must be an IPv4 address, like the virtual IP',
    zh_CN: '对端IP须为IPv4地址（与虚拟IP一致）',
  },
  'hotStandby.peerIpMustDiffer': {
    en: 'Peer IP must differ from the virtual IP',
    zh_CN: '对端IP不能与虚拟IP相同',
  },
  'hotStandby.keepalivedTRefusedConfiguration': {
    en: 'keepalived -t refused the configuration; nothing was written: {output}',
    zh_CN: 'keepalived -t 未通过，未写入任何文件：{output}',
  },
  'hotStandby.checkedKeepalived': { en: 'checked by keepalived', zh_CN: 'keepalived检查通过' },
  'hotStandby.savedApplied': { en: 'Saved, {checked} and applied', zh_CN: '已保存，{checked}并已生效' },
  'hotStandby.savedWrittenButNot': {
    en: 'Saved, {checked}: written but not applied (IGS_APPLY is not 1)',
    zh_CN: '已保存，{checked}：配置已生成，但未应用到系统（IGS_APPLY 未设为 1）',
  },
  'hotStandby.saved': { en: 'Saved, {checked}; {note}', zh_CN: '已保存，{checked}；{note}' },
  'hotStandby.setPeerIpFirst': { en: 'Set the peer IP first', zh_CN: '请先设置对端IP' },
  'hotStandby.hotStandbyOffEnable': {
    en: 'Hot standby is off: enable it first',
    zh_CN: '双机热备未启用，请先启用',
  },
  'hotStandby.keepalivedNotInstalledHost': {
    en: 'keepalived is not installed on this host',
    zh_CN: '本机未安装keepalived',
  },
  'hotStandby.notAppliedHostIgs': {
    en: 'Not applied on this host: IGS_APPLY is not 1, so keepalived was not restarted and nothing was changed',
    zh_CN: '未在本机生效：IGS_APPLY 未设为 1，未重启keepalived，设置未改变',
  },
  'hotStandby.systemdNotRunningHost': {
    en: 'systemd is not running on this host: keepalived cannot be restarted from here',
    zh_CN: '本机未运行systemd，无法在此重启keepalived',
  },
  'hotStandby.noSuchInterface': {
    en: 'Interface {iface} does not exist on this host (available: {names})',
    zh_CN: '本机不存在网络接口{iface}（可用：{names}）',
  },
  'hotStandby.noneFound': { en: 'none found', zh_CN: '无' },
  'hotStandby.notInstalledUnchecked': {
    en: 'keepalived is not installed: the file was written unchecked',
    zh_CN: '未安装keepalived，文件未经检查',
  },
  'hotStandby.offNoConfiguration': { en: 'hot standby is off: no configuration', zh_CN: '已停用，无配置' },
  'hotStandby.roleMaster': { en: 'master', zh_CN: '主机' },
  'hotStandby.roleBackup': { en: 'backup', zh_CN: '备机' },
  'hotStandby.switchedNote': { en: 'Switched to {role}; {note}', zh_CN: '已切换为{role}；{note}' },
  'hotStandby.switchedRestarted': {
    en: 'Switched to {role}; keepalived restarted',
    zh_CN: '已切换为{role}，keepalived已重启',
  },
  'hotStandby.syncKeyTooShort': {
    en: 'The sync key must hold at least {min} characters',
    zh_CN: '同步密钥至少需要{min}个字符',
  },
  'hotStandby.peerUrlForm': {
    en: 'The peer console address must be http:// or https://, a host and optionally a port, e.g. http://192.168.77.2:8080',
    zh_CN: '对端管理地址须为 http:// 或 https:// 加主机名及可选端口，如 http://192.168.77.2:8080',
  },
  'hotStandby.syncPushed': {
    en: 'Configuration version {version} is on the peer',
    zh_CN: '配置版本{version}已同步到对端',
  },
  'hotStandby.syncFailed': { en: 'The push to the peer failed: {detail}', zh_CN: '推送到对端失败：{detail}' },
  'hotStandby.notifyKeyWrong': { en: 'The notify key is missing or wrong', zh_CN: '通知密钥缺失或错误' },
} as const;
