import { registerTexts, type Texts } from '../../i18n/index.ts';

const texts: Texts = {
  'tstat.range': { en: 'Date range', zh_CN: '日期范围' },
  'tstat.export': { en: 'Export CSV', zh_CN: '导出CSV' },
  'tstat.refresh': { en: 'Refresh', zh_CN: '刷新' },
  'tstat.total': { en: 'Terminals', zh_CN: '终端总数' },
  'tstat.online': { en: 'Online', zh_CN: '在线' },
  'tstat.offline': { en: 'Offline', zh_CN: '离线' },
  'tstat.pending': { en: 'Pending', zh_CN: '待授权' },
  'tstat.plays': { en: 'Plays', zh_CN: '播放次数' },
  'tstat.hours': { en: 'Viewing hours', zh_CN: '观看时长（小时）' },
  'tstat.active': { en: 'Active terminals', zh_CN: '活跃终端' },
  'tstat.onlineHint': {
    en: 'Online: authorised, heartbeat within {{s}} s. Active: at least one play that day.',
    zh_CN: '在线：已授权且 {{s}} 秒内有心跳。活跃：当天至少有一次播放。',
  },
  'tstat.daily': { en: 'Per day', zh_CN: '每日统计' },
  'tstat.byArea': { en: 'By area', zh_CN: '按区域' },
  'tstat.byModel': { en: 'By model', zh_CN: '按型号' },
  'tstat.byVersion': { en: 'By app version', zh_CN: '按应用版本' },
  'tstat.byContent': { en: 'Viewing hours by content', zh_CN: '按内容类型的观看时长' },
  'tstat.topChannels': { en: 'Top channels', zh_CN: '热门频道' },
  'tstat.topFilms': { en: 'Top films', zh_CN: '热门影片' },
  'tstat.name': { en: 'Name', zh_CN: '名称' },
  'tstat.unknown': { en: '(none)', zh_CN: '（未设置）' },
  'tstat.noTerminals': { en: 'No terminals yet', zh_CN: '暂无终端' },
  'tstat.noPlays': { en: 'No plays in this range', zh_CN: '该时段内没有播放记录' },
  'tstat.content.live': { en: 'Live', zh_CN: '直播' },
  'tstat.content.vod': { en: 'Films', zh_CN: '点播' },
  'tstat.content.ad': { en: 'Ads', zh_CN: '广告' },
  'tstat.content.music': { en: 'Music', zh_CN: '音乐' },
  'tstat.content.self_media': { en: 'Self-media', zh_CN: '自媒体' },
};

registerTexts(texts);
