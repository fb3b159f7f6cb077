import { registerTexts, type Texts } from '../../i18n/index.ts';

const texts: Texts = {
  'licence.state.evaluation': {
    en: 'Evaluation mode: no licence is installed, every module is available. Install a licence to use this gateway in production.',
    zh_CN: '试用模式：尚未安装授权，所有模块可用。正式使用请导入授权文件。',
  },
  'licence.state.valid': { en: 'The licence is valid', zh_CN: '授权有效' },
  'licence.state.expired': { en: 'The licence has expired', zh_CN: '授权已过期' },
  'licence.state.invalid': { en: 'The installed licence is not valid', zh_CN: '已安装的授权无效' },
  'licence.state.unlicensed': { en: 'No licence is installed', zh_CN: '未安装授权' },
  'licence.product': { en: 'Product', zh_CN: '产品' },
  'licence.serialNo': { en: 'Serial number', zh_CN: '序列号' },
  'licence.machineCode': { en: 'Licensed machine code', zh_CN: '授权机器码' },
  'licence.thisMachine': { en: 'This machine code', zh_CN: '本机机器码' },
  'licence.customer': { en: 'Customer', zh_CN: '客户' },
  'licence.issuedAt': { en: 'Issued', zh_CN: '签发日期' },
  'licence.expiresAt': { en: 'Expires', zh_CN: '到期日期' },
  'licence.never': { en: 'never', zh_CN: '永久' },
  'licence.daysLeft': { en: '{{n}} days left', zh_CN: '剩余 {{n}} 天' },
  'licence.version': { en: 'Version', zh_CN: '版本' },
  'licence.limits': { en: 'Limits and usage', zh_CN: '授权数量与使用情况' },
  'licence.limit': { en: 'Limit', zh_CN: '授权数量' },
  'licence.usage': { en: 'In use', zh_CN: '已使用' },
  'licence.unlimited': { en: 'unlimited', zh_CN: '不限' },
  'licence.unknown': { en: 'unknown', zh_CN: '未知' },
  'licence.limit.terminals': { en: 'Terminals', zh_CN: '终端' },
  'licence.limit.extensions': { en: 'Extensions', zh_CN: '分机' },
  'licence.limit.aps': { en: 'Access points', zh_CN: 'AP' },
  'licence.limit.cpes': { en: 'TR069 devices', zh_CN: 'TR069设备' },
  'licence.limit.channels': { en: 'Live channels', zh_CN: '直播频道' },
  'licence.limit.sites': { en: 'Sites', zh_CN: '站点' },
  'licence.modules': { en: 'Modules', zh_CN: '授权模块' },
  'licence.import': { en: 'Import licence', zh_CN: '导入授权' },
  'licence.export': { en: 'Machine-code request', zh_CN: '导出机器码申请' },
  'licence.imported': { en: 'Licence {{serial}} installed', zh_CN: '授权 {{serial}} 已安装' },
};

registerTexts(texts);
