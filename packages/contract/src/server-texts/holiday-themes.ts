/** The server's texts of one area (server-texts/index.ts). */
export const themesTexts = {
  'themes.endsCannotBeforeStarts': {
    en: 'Ends ({end}) cannot be before Starts ({start})',
    zh_CN: '结束日期（{end}）不能早于开始日期（{start}）',
  },
} as const;
