import { registerTexts, type Texts } from '../../../i18n/index.ts';

const texts: Texts = {
  'hs.state': { en: 'VRRP state', zh_CN: 'VRRP状态' },
  'hs.state.unknown': {
    en: 'Unknown (keepalived has reported nothing)',
    zh_CN: '未知（keepalived尚未上报）',
  },
  'hs.stateAt': { en: 'reported {{at}}', zh_CN: '上报于 {{at}}' },
  'hs.priority': { en: 'Priority in effect: {{n}}', zh_CN: '当前优先级：{{n}}' },
  'hs.interfaces': { en: 'Interfaces on this host: {{list}}', zh_CN: '本机网络接口：{{list}}' },
  'hs.noKeepalived': {
    en: 'keepalived is not installed on this host: the configuration is written but not checked, and switchover is unavailable.',
    zh_CN: '本机未安装keepalived：配置会生成但无法检查，也无法切换主备。',
  },
  'hs.notApplied': {
    en: 'This gateway does not apply configuration (IGS_APPLY is not 1): keepalived.conf is written and checked under the data folder only.',
    zh_CN: '本网关未启用配置应用（IGS_APPLY 未设为 1）：keepalived.conf 仅在数据目录中生成并检查。',
  },
  'hs.syncIdle': {
    en: 'Sync configuration is on, but nothing is pushed: hot standby must be enabled and a sync key of 16 or more characters set (the same on the peer).',
    zh_CN: '已开启“同步配置到对端”，但不会推送：须启用双机热备并设置至少16个字符的同步密钥（与对端相同）。',
  },
  'hs.sync': { en: 'Configuration sync', zh_CN: '配置同步' },
  'hs.sync.target': { en: 'Peer console', zh_CN: '对端管理地址' },
  'hs.sync.local': { en: 'This gateway', zh_CN: '本机' },
  'hs.sync.localMaster': {
    en: 'configuration {{version}}; pushed {{pushed}}',
    zh_CN: '配置{{version}}；已推送{{pushed}}',
  },
  'hs.sync.localBackup': { en: 'holds {{held}}', zh_CN: '持有{{held}}' },
  'hs.sync.last': { en: 'Last push', zh_CN: '最近推送' },
  'hs.sync.lastAt': { en: '{{at}}, version {{version}}', zh_CN: '{{at}}，版本{{version}}' },
  'hs.sync.ok': { en: 'OK', zh_CN: '成功' },
  'hs.sync.failed': { en: 'Failed', zh_CN: '失败' },
  'hs.sync.peer': { en: 'Peer', zh_CN: '对端' },
  'hs.sync.peerState': { en: '{{role}}, holds {{held}}', zh_CN: '{{role}}，持有{{held}}' },
  'hs.sync.ask': { en: "Ask the peer's state", zh_CN: '查询对端状态' },
  'hs.sync.now': { en: 'Sync now', zh_CN: '立即同步' },
  'hs.versionAt': { en: 'version {{version}} ({{at}})', zh_CN: '版本{{version}}（{{at}}）' },
  'hs.none': { en: 'none yet', zh_CN: '暂无' },
  'hs.role.master': { en: 'master', zh_CN: '主机' },
  'hs.role.backup': { en: 'backup', zh_CN: '备机' },
  'hs.reason.already_held': { en: 'the peer held this version already', zh_CN: '对端已持有该版本' },
  'hs.reason.not_master': {
    en: 'not pushed: hot standby is off, this gateway is not master, or sync is off',
    zh_CN: '未推送：双机热备未启用、本机不是主机或同步未开启',
  },
  'hs.reason.no_key': { en: 'no sync key is set', zh_CN: '未设置同步密钥' },
  'hs.reason.no_peer': { en: 'no peer address is set', zh_CN: '未设置对端地址' },
  'hs.reason.too_large': { en: 'the snapshot is larger than the limit', zh_CN: '配置快照超过大小上限' },
  'hs.reason.unreachable': { en: 'the peer cannot be reached', zh_CN: '无法连接对端' },
  'hs.reason.timeout': { en: 'the peer did not answer in time', zh_CN: '对端未在时限内应答' },
  'hs.reason.bad_reply': { en: 'the peer gave an unexpected answer', zh_CN: '对端应答异常' },
  'hs.reason.refused_key': {
    en: 'the peer refused the sync key (not the same on both gateways)',
    zh_CN: '对端拒绝了同步密钥（两台网关的密钥不一致）',
  },
  'hs.reason.refused_time': {
    en: "the peer refused the request time: the two gateways' clocks differ by more than 2 minutes",
    zh_CN: '对端拒绝了请求时间：两台网关的时钟相差超过2分钟',
  },
  'hs.reason.refused_master': { en: 'the peer is master itself', zh_CN: '对端自身为主机' },
  'hs.reason.refused_older': {
    en: 'the peer holds a newer configuration',
    zh_CN: '对端持有更新的配置',
  },
  'hs.reason.refused_off': { en: 'sync is off on the peer', zh_CN: '对端未开启配置同步' },
  'hs.reason.apply_failed': { en: 'the peer could not apply the snapshot', zh_CN: '对端无法应用配置快照' },
  'hs.reason.snapshot_failed': { en: 'the snapshot could not be made', zh_CN: '无法生成配置快照' },
  'hs.switchover': { en: 'Switch over', zh_CN: '主备切换' },
  'hs.switchoverConfirm': {
    en: 'Swap master and backup and restart keepalived? The virtual IP moves to the other gateway.',
    zh_CN: '确定交换主备角色并重启keepalived？虚拟IP将切换到另一台网关。',
  },
  'hs.ok': { en: 'OK', zh_CN: '确定' },
  'hs.cancel': { en: 'Cancel', zh_CN: '取消' },
  'hs.check': { en: 'Check the peer', zh_CN: '检测对端' },
  'hs.peer': { en: 'Peer {{ip}}', zh_CN: '对端 {{ip}}' },
  'hs.tcpOk': {
    en: 'Console port {{port}} answers ({{ms}} ms)',
    zh_CN: '管理端口 {{port}} 可达（{{ms}} 毫秒）',
  },
  'hs.tcpFail': {
    en: 'Console port {{port}} does not answer: {{error}}',
    zh_CN: '管理端口 {{port}} 不可达：{{error}}',
  },
  'hs.pingOk': { en: 'Ping answers', zh_CN: 'Ping 可达' },
  'hs.pingFail': { en: 'Ping does not answer', zh_CN: 'Ping 不可达' },
  'hs.pingNotRun': { en: 'Ping not run: {{why}}', zh_CN: '未执行Ping：{{why}}' },
};

registerTexts(texts);
