/** The server's texts of one area (server-texts/index.ts). */
export const auditTexts = {
  'audit.rejectionNeedsReason': { en: 'A rejection needs a reason', zh_CN: '驳回须填写原因' },
} as const;
