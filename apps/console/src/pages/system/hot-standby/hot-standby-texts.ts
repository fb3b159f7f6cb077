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
  'hs.syncNotBuilt': {
    en: 'Sync configuration is stored, but pushing a snapshot to the peer is not available in this version.',
    zh_CN: '“同步配置到对端”已保存，但本版本尚不能向对端推送配置快照。',
  },
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
