/** Validation texts of the shell calls' schemas (shell-api.ts), given through keyedIssue. */
export const shellTexts = {
  'shell.passwordIsRequired': { en: 'password is required', zh_CN: '请输入密码' },
  'shell.passwordNotHashed': {
    en: 'password must be the client-side SHA-256 hash (64 hex digits)',
    zh_CN: '密码须为客户端计算的SHA-256哈希（64位十六进制）',
  },
  'shell.usernameIsRequired': { en: 'username is required', zh_CN: '请输入用户名' },
  'shell.methodOffline': { en: 'method must be offline', zh_CN: 'method 须为 offline' },
  'shell.usernameFormat': {
    en: 'username must be 3–32 letters, digits or _',
    zh_CN: '用户名须为3到32位字母、数字或下划线',
  },
  'shell.nicknameMax': { en: 'nickname must be at most 50 characters', zh_CN: '昵称不能超过50个字符' },
  'shell.olderThanDaysMin': { en: 'older_than_days must be at least 1', zh_CN: 'older_than_days 至少为1' },
  'shell.olderThanDaysRange': {
    en: 'older_than_days must be a whole number of days from 1 to 3650',
    zh_CN: 'older_than_days 须为1到3650之间的整数天数',
  },
  'shell.logIdsList': {
    en: 'ids must be a list of 1 to 500 log entry ids (positive whole numbers)',
    zh_CN: 'ids 须为1到500个日志条目编号（正整数）的列表',
  },
  'shell.idsOrDays': {
    en: 'Give either ids or older_than_days',
    zh_CN: '请给出 ids 或 older_than_days 之一',
  },
} as const;
