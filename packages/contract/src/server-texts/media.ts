/** The server's texts of one area (server-texts/index.ts). */
export const mediaTexts = {
  'media.m3uFileNotFound': {
    en: 'The M3U file was not found: upload it again',
    zh_CN: '找不到M3U文件，请重新上传',
  },
  'media.notM3uPlaylist': { en: 'Not an M3U playlist: {message}', zh_CN: '不是M3U播放列表：{message}' },
  'media.sourceNoAddress': { en: 'The source has no address', zh_CN: '直播源没有地址' },
  'media.addressDoesNotAnswer': {
    en: 'The address does not answer with an HLS playlist',
    zh_CN: '该地址返回的不是HLS播放列表',
  },
  'media.streamDidNotAnswer': { en: 'The stream did not answer: {error}', zh_CN: '流无响应：{error}' },
  'media.sourceNoAddressTest': { en: 'The source has no address to test', zh_CN: '直播源没有可测试的地址' },
  'media.notFound': { en: 'was not found', zh_CN: '不存在' },
  'media.hlsAesAppliesHls': {
    en: 'HLS AES-128 applies to HLS-delivered programmes only, not channel',
    zh_CN: 'HLS AES-128 只能用于以HLS分发的节目，不适用于频道',
  },
  'media.ffmpegNotInstalledHost': {
    en: '{name} (FFmpeg) is not installed on this host, so this cannot be done',
    zh_CN: '本机未安装{name}（FFmpeg），无法执行此操作',
  },
  'media.notAddress': { en: 'Not an address: {url}', zh_CN: '不是有效地址：{url}' },
  'media.onlyHttpHttpsAddresses': {
    en: 'Only http and https addresses are fetched, not {protocol}',
    zh_CN: '只能获取http或https地址，不支持{protocol}',
  },
  'media.couldNotFetched': { en: '{shown} could not be fetched: {why}', zh_CN: '无法获取{shown}：{why}' },
  'media.noAnswerTime': { en: 'no answer in time', zh_CN: '超时未响应' },
  'media.largerThanMb': { en: '{shown} is larger than {mb} MB', zh_CN: '{shown}超过{mb} MB' },
  'media.notXmltvFile': { en: 'Not an XMLTV file: {message}', zh_CN: '不是XMLTV文件：{message}' },
  'media.noneFileSProgrammes': {
    en: "None of the file's {n|# programme|# programmes} is on a channel here: set the live programmes' XMLTV id (tvg_id) to the file's channel ids",
    zh_CN: '文件中的{n}个节目都不属于本机的频道：请将直播节目的XMLTV标识设为文件中的频道id',
  },
  'media.fileHoldsNoProgramme': { en: 'The file holds no programme', zh_CN: '文件中没有节目' },
  // What the XMLTV guide policy (media-extras/guide-policy.ts) did to a programme of a guide.
  'media.guideNoChannel': { en: 'The programme names no channel: left out', zh_CN: '节目未指定频道，已跳过' },
  'media.guideUnknownChannel': {
    en: 'Channel "{channel}" is no live programme\'s XMLTV id here: its {n|# programme|# programmes} left out',
    zh_CN: '频道"{channel}"不是本机任何直播节目的XMLTV标识，其{n}个节目已跳过',
  },
  'media.guideBadStart': {
    en: '"{title}": the start "{value}" is not an XMLTV time: left out',
    zh_CN: '"{title}"：开始时间"{value}"不是XMLTV时间格式，已跳过',
  },
  'media.guideBadStop': {
    en: '"{title}": the stop "{value}" is not an XMLTV time: left out',
    zh_CN: '"{title}"：结束时间"{value}"不是XMLTV时间格式，已跳过',
  },
  'media.guideNoTitle': {
    en: 'The programme at {start} has no title: left out',
    zh_CN: '{start}的节目没有标题，已跳过',
  },
  'media.guideZeroLength': {
    en: '"{title}" starts and stops at {start} (zero length): left out',
    zh_CN: '"{title}"的开始和结束时间都是{start}（时长为零），已跳过',
  },
  'media.guideEndsBeforeStart': {
    en: '"{title}" stops ({stop}) before it starts ({start}): left out',
    zh_CN: '"{title}"的结束时间（{stop}）早于开始时间（{start}），已跳过',
  },
  'media.guideNoStop': {
    en: '"{title}" ({start}) has no stop and no later programme on its channel to end at: left out',
    zh_CN: '"{title}"（{start}）没有结束时间，频道中也没有其后的节目可作结束，已跳过',
  },
  'media.guideSameSlot': {
    en: '"{title}" starts at {start} like a later programme of the guide on its channel, which replaces it: left out',
    zh_CN: '"{title}"与同频道其后列出的节目同在{start}开始，已被其取代并跳过',
  },
  'media.guideOverlapsManual': {
    en: '"{title}" ({start} – {stop}) overlaps a programme entered by hand: left out',
    zh_CN: '"{title}"（{start} – {stop}）与手工录入的节目时间重叠，已跳过',
  },
  'media.guideMoreNotes': {
    en: 'And {n|# more programme|# more programmes} from this line on, by reason: {counts}',
    zh_CN: '自此行起还有{n}个节目，按原因计：{counts}',
  },
  'media.guideCut': {
    en: '"{title}" overlapped the next programme: kept, now stopping at {stop}',
    zh_CN: '"{title}"与下一个节目时间重叠：已保留，结束时间改为{stop}',
  },
  'media.probeMostTimeGot': {
    en: 'Probe at most {max} at a time (got {n})',
    zh_CN: '每次最多探测{max}个（当前{n}个）',
  },
  'media.filmsNotApprovedResource': {
    en: 'Films not approved in the resource audit cannot be played: #{unapproved}',
    zh_CN: '未通过资源审核的影片不能播放：#{unapproved}',
  },
  'media.filmsWithoutVideoFile': {
    en: 'Films without a video file: #{missing}',
    zh_CN: '影片没有视频文件：#{missing}',
  },
  'media.multicastOutputNeedsMulticast': {
    en: 'Multicast output needs a multicast address',
    zh_CN: '组播输出须填写组播地址',
  },
  'media.ffmpegCouldNotPlay': {
    en: 'ffmpeg could not play the channel: {message}',
    zh_CN: 'ffmpeg无法播放该频道：{message}',
  },
  'media.ignoredChannelsNotImported': {
    en: '#{id} {name}: ignored channels are not imported',
    zh_CN: '#{id} {name}：已忽略的频道不能导入',
  },
  'media.alreadyImportedProgramme': {
    en: '#{id} {name}: already imported as programme #{imported_program_id}',
    zh_CN: '#{id} {name}：已导入为直播节目 #{imported_program_id}',
  },
  'media.importNotStreamAddress': {
    en: '#{id} {name}: not a stream address programmes play (http, https, rtsp, rtmp, rtp or udp, at most 1024 characters)',
    zh_CN: '#{id} {name}：不是直播节目可播放的地址（http、https、rtsp、rtmp、rtp或udp，最多1024个字符）',
  },
  'media.nothingToImport': { en: 'No channel to import', zh_CN: '没有可导入的频道' },
  'media.everyChannelNumberTaken': {
    en: 'Every channel number 1–9999 is taken',
    zh_CN: '频道号1–9999已全部占用',
  },
  'media.noVideoFileTranscode': {
    en: '#{id} has no video file to transcode',
    zh_CN: '#{id}没有可转码的视频文件',
  },
  'media.alreadyBeingTranscoded': { en: '#{id} is already being transcoded', zh_CN: '#{id}正在转码' },
  'media.videoFileCannotRead': {
    en: 'The video file cannot be read: {error}',
    zh_CN: '无法读取视频文件：{error}',
  },
  'media.stopMustAfterStart': {
    en: 'Stop ({stop}) must be after start ({start})',
    zh_CN: '结束时间（{stop}）须晚于开始时间（{start}）',
  },
  'media.overlapsSameChannel': {
    en: 'Overlaps "{title}" ({start} – {stop}) on the same channel',
    zh_CN: '与同一频道的“{title}”（{start} – {stop}）时间重叠',
  },
  'media.channelNumberAlreadyLive': {
    en: 'Channel number {channel_number} is already live programme "{name}"',
    zh_CN: '频道号{channel_number}已被直播节目“{name}”使用',
  },
  'media.channelNumberAlreadyRotation': {
    en: 'Channel number {number} is already rotation channel "{name}" (only a programme of type rotation may share it)',
    zh_CN: '频道号{number}已被轮播频道“{name}”使用（仅类型为轮播的节目可与之相同）',
  },
  'media.classCannotOwnParent': { en: 'A class cannot be its own parent', zh_CN: '分类不能以自身为上级' },
  'media.itselfSubclassFilmClasses': {
    en: '"{name}" is itself a subclass: film classes have two levels at most',
    zh_CN: '“{name}”本身是二级分类：影片分类最多两级',
  },
  'media.classSubclassesCannotBecome': {
    en: 'This class has subclasses ("{name}"): it cannot become a subclass itself (two levels at most)',
    zh_CN: '该分类下有子分类（“{name}”），不能再设为子分类（最多两级）',
  },
  'media.m3uFileSourceNeeds': {
    en: 'An M3U file source needs its M3U file',
    zh_CN: 'M3U文件类型的直播源须上传M3U文件',
  },
  'media.urlRequiredSourceType': {
    en: 'URL is required for this source type',
    zh_CN: '该类型的直播源须填写地址',
  },
  'media.sourceScheme': {
    en: 'A {type} source is read over {schemes}, not {scheme}',
    zh_CN: '{type}类型的直播源须使用{schemes}地址，而不是{scheme}',
  },
  'media.thisAddress': { en: 'this address', zh_CN: '该地址' },
} as const;
