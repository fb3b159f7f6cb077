import { registerTexts, type Texts } from '../../../i18n/index.ts';

const texts: Texts = {
  'svc.service': { en: 'Service', zh_CN: '服务' },
  'svc.status': { en: 'Status', zh_CN: '状态' },
  'svc.status.running': { en: 'Running', zh_CN: '运行中' },
  'svc.status.stopped': { en: 'Stopped', zh_CN: '已停止' },
  'svc.status.not_installed': { en: 'Not installed', zh_CN: '未安装' },
  'svc.allStatuses': { en: 'All statuses', zh_CN: '全部状态' },
  'svc.version': { en: 'Version', zh_CN: '版本' },
  'svc.ports': { en: 'Ports', zh_CN: '端口' },
  'svc.portsOwner': { en: 'Set in {{owner}}', zh_CN: '在{{owner}}中设置' },
  'svc.enabled': { en: 'Enabled', zh_CN: '启用' },
  'svc.autoStart': { en: 'Start at boot', zh_CN: '开机自启' },
  'svc.yes': { en: 'Yes', zh_CN: '是' },
  'svc.no': { en: 'No', zh_CN: '否' },
  'svc.actions': { en: 'Actions', zh_CN: '操作' },
  'svc.edit': { en: 'Edit', zh_CN: '编辑' },
  'svc.start': { en: 'Start', zh_CN: '启动' },
  'svc.stop': { en: 'Stop', zh_CN: '停止' },
  'svc.restart': { en: 'Restart', zh_CN: '重启' },
  'svc.confirm': { en: '{{verb}} {{name}}?', zh_CN: '确定{{verb}}{{name}}？' },
  'svc.refresh': { en: 'Refresh', zh_CN: '刷新' },
  'svc.editTitle': { en: 'Edit {{name}}', zh_CN: '编辑{{name}}' },
  'svc.save': { en: 'Save', zh_CN: '保存' },
  'svc.cancel': { en: 'Cancel', zh_CN: '取消' },
  'svc.portsHint': { en: 'Type a port and press Enter', zh_CN: '输入端口后按回车' },
  'svc.portsInvalid': {
    en: 'Ports must be whole numbers from 1 to 65535, each once',
    zh_CN: '端口须为1到65535之间的整数，且不能重复',
  },
  'svc.serverId': { en: 'SIP server ID (20 digits)', zh_CN: 'SIP服务器编号（20位数字）' },
  'svc.domain': { en: 'SIP domain (10 digits)', zh_CN: 'SIP域（10位数字）' },
  'svc.port': { en: 'SIP port', zh_CN: 'SIP端口' },
  'svc.password': { en: 'Device password', zh_CN: '设备接入密码' },
  'svc.registerUnknown': { en: 'Devices not in the list', zh_CN: '未登记设备注册时' },
  'svc.passwordKept': {
    en: 'A password is set; leave empty to keep it',
    zh_CN: '已设置密码，留空则保持不变',
  },
  'svc.passwordUnset': { en: 'No password set', zh_CN: '未设置密码' },
  'svc.serverIdInvalid': { en: 'The server ID must be 20 digits', zh_CN: '服务器编号必须是20位数字' },
  'svc.domainInvalid': { en: 'The domain must be 10 digits', zh_CN: '域必须是10位数字' },
  'svc.unit': { en: 'Unit', zh_CN: '服务单元' },
  'svc.intro': {
    en: 'Status is read from the host each time (systemctl, or the process list where systemd does not run). Start, stop and restart take effect only on a gateway deployed with IGS_APPLY=1.',
    zh_CN:
      '状态每次从主机实时读取（systemctl，未运行systemd时读取进程列表）。启动、停止、重启仅在设置了 IGS_APPLY=1 的网关上生效。',
  },
  'svc.readOnly': {
    en: 'You can view the services but not change them.',
    zh_CN: '您可以查看服务，但没有修改权限。',
  },
};

registerTexts(texts);
