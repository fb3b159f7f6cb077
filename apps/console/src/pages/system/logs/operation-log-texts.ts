import { registerTexts, type Texts } from '../../../i18n/index.ts';

const texts: Texts = {
  'oplog.tab.operations': { en: 'Operations', zh_CN: '操作日志' },
  'oplog.tab.logins': { en: 'Sign-ins', zh_CN: '登录日志' },
  'oplog.time': { en: 'Time', zh_CN: '时间' },
  'oplog.username': { en: 'Account', zh_CN: '账号' },
  'oplog.ip': { en: 'Address', zh_CN: 'IP地址' },
  'oplog.module': { en: 'Module', zh_CN: '模块' },
  'oplog.action': { en: 'Action', zh_CN: '操作' },
  'oplog.result': { en: 'Result', zh_CN: '结果' },
  'oplog.result.success': { en: 'Success', zh_CN: '成功' },
  'oplog.result.fail': { en: 'Failed', zh_CN: '失败' },
  'oplog.detail': { en: 'Detail', zh_CN: '详情' },
  'oplog.keyword': { en: 'Keyword', zh_CN: '关键字' },
  'oplog.search': { en: 'Search', zh_CN: '查询' },
  'oplog.reset': { en: 'Reset', zh_CN: '重置' },
  'oplog.export': { en: 'Export CSV', zh_CN: '导出CSV' },
  'oplog.purge': { en: 'Delete older than…', zh_CN: '清理旧日志' },
  'oplog.purgeDays': { en: 'Delete entries older than this many days', zh_CN: '删除多少天以前的日志' },
  'oplog.purged': { en: '{{n}} entries deleted', zh_CN: '已删除 {{n}} 条日志' },
  'oplog.purgedOne': { en: '1 entry deleted', zh_CN: '已删除 1 条日志' },
  'oplog.total': { en: '{{n}} entries', zh_CN: '共 {{n}} 条' },
  'oplog.totalOne': { en: '1 entry', zh_CN: '共 1 条' },
  'oplog.summary': { en: 'What', zh_CN: '操作内容' },
  'oplog.path': { en: 'Request', zh_CN: '请求' },
  'oplog.codes': { en: 'Module · action · code', zh_CN: '模块 · 操作 · 返回码' },
  'oplog.userAgent': { en: 'Client', zh_CN: '客户端' },
};

registerTexts(texts);
