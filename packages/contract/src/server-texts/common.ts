/** Texts every area shares (server-texts/index.ts). */
export const commonTexts = {
  'common.fieldProblem': { en: '{field}: {problem}', zh_CN: '{field}：{problem}' },
} as const;
