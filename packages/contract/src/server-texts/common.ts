/** Texts every area shares (server-texts/index.ts). */
export const commonTexts = {
  'common.fieldProblem': { en: '{field}: {problem}', zh_CN: '{field}：{problem}' },
  'common.commandFailed': { en: '{command} failed: {why}', zh_CN: '{command} 执行失败：{why}' },
  'common.timedOut': { en: 'timed out', zh_CN: '超时' },
  'common.exitCode': { en: 'exit {code}', zh_CN: '退出码 {code}' },
  'common.required': { en: '{label} is required', zh_CN: '请填写{label}' },
} as const;
