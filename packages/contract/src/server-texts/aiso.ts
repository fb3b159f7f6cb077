/** The server's texts of one area (server-texts/index.ts). */
export const aisoTexts = {
  'aiso.moderatorExtensionCallNo': {
    en: 'The moderator extension of this call no longer exists',
    zh_CN: '该多方通话的主持人分机已不存在',
  },
  'aiso.multiPartyCallAlready': {
    en: 'Multi-party call #{id} is already in progress',
    zh_CN: '多方通话#{id}正在进行中',
  },
  'aiso.notParticipantCall': {
    en: '{number} is not a participant of this call',
    zh_CN: '{number}不是该通话的参与方',
  },
  'aiso.notCallNow': { en: '{number} is not in the call now', zh_CN: '{number}当前不在通话中' },
} as const;
