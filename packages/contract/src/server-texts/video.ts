/** The server's texts of one area (server-texts/index.ts). */
export const videoTexts = {
  'video.mediaServerRefusedApi': {
    en: 'Media server {where} refused the API secret: {message}',
    zh_CN: '媒体节点 {where} 拒绝了接口密钥：{message}',
  },
  'video.mediaServerRefused': {
    en: 'Media server {where} refused {api}: {message}',
    zh_CN: '媒体节点 {where} 拒绝了 {api}：{message}',
  },
  'video.mediaServerNotAvailable': {
    en: 'Media server {where} is not available: {message}',
    zh_CN: '媒体节点 {where} 不可用：{message}',
  },
  'video.noMediaServerConfigured': {
    en: 'No media server is configured (Video › GB28181 › Media list): a media server is needed for this',
    zh_CN: '未配置媒体节点（视频 › GB28181 › 媒体节点）：此操作需要媒体节点',
  },
  'video.mediaServerAnswered': {
    en: 'Media server {server_id} answered',
    zh_CN: '媒体节点 {server_id} 响应正常',
  },
  'video.pulling': { en: 'Pulling {app}/{stream}', zh_CN: '已开始拉流 {app}/{stream}' },
  'video.stoppedPulling': { en: 'Stopped pulling {app}/{stream}', zh_CN: '已停止拉流 {app}/{stream}' },
  'video.notBeingPulled': { en: '{app}/{stream} was not being pulled', zh_CN: '{app}/{stream} 未在拉流' },
  'video.ffprobeNotInstalledServer': {
    en: 'ffprobe is not installed on this server (Debian package ffmpeg): the source cannot be probed',
    zh_CN: '本服务器未安装 ffprobe（Debian 软件包 ffmpeg）：无法探测源',
  },
  'video.noAnswerWithinS': { en: 'no answer within {value} s', zh_CN: '{value} 秒内无响应' },
  'video.sourceCouldNotProbed': {
    en: 'The source {url} could not be probed: {why}',
    zh_CN: '无法探测源 {url}：{why}',
  },
  'video.sourceAnswersX': {
    en: 'Source answers: {codec_name} {width}x{height}',
    zh_CN: '源正常：{codec_name} {width}x{height}',
  },
  'video.sourceAnswersWithoutVideo': {
    en: 'Source answers, without a video stream',
    zh_CN: '源正常，但没有视频流',
  },
  'video.notBeingPushedMedia': {
    en: '{app}/{stream} is not being pushed to media server {server_id} now',
    zh_CN: '{app}/{stream} 当前未推流到媒体节点 {server_id}',
  },
  'video.queryCatalogue': { en: 'query the catalogue of', zh_CN: '查询目录：' },
  'video.startStream': { en: 'start a stream from', zh_CN: '点播：' },
  'video.stopStream': { en: 'stop the stream of', zh_CN: '停止点播：' },
  'video.sendPtz': { en: 'send PTZ {command} to', zh_CN: '发送云台指令 {command}：' },
  'video.reboot': { en: 'reboot', zh_CN: '重启' },
  'video.register': { en: 'register with', zh_CN: '注册到' },
  'video.sharesNoChannelsChoose': {
    en: '{name} shares no channels: choose the shared channels first',
    zh_CN: '{name} 未共享任何通道：请先选择共享通道',
  },
  'video.pushChannels': { en: 'push {n|# channel|# channels} to', zh_CN: '推送 {n} 个通道到' },
  'video.streamAlreadyExists': {
    en: 'Stream "{app}/{stream}" already exists (#{id})',
    zh_CN: '应用名“{app}”下的流标识“{stream}”已被 #{id} 使用',
  },
  'video.apiSecretRequiredEvery': {
    en: 'API secret is required: every call of the media server API needs it',
    zh_CN: '接口密钥为必填项：媒体节点的接口调用都需要它',
  },
  'video.gb28181ServiceDisabledSystem': {
    en: 'The GB28181 service is disabled (System › Service configuration): cannot {what} {target}',
    zh_CN: 'GB28181 服务已停用（系统 › 服务配置）：无法{what}{target}',
  },
  'video.gb28181SipAgentUdp': {
    en: 'The GB28181 SIP agent (udp/{port}) is not running on this server (its port could not be bound at start, or GW_GB28181=off), so it cannot {what} {target}',
    zh_CN:
      'GB28181 信令服务（udp/{port}）未在本服务器运行（启动时端口无法绑定，或 GW_GB28181=off），无法{what}{target}',
  },
  'video.gbDeviceNotRegistered': {
    en: '{target} is not registered with this server (offline): it cannot be reached until it registers',
    zh_CN: '{target} 未注册到本服务器（离线）：注册之前无法访问',
  },
  'video.gbDeviceNoAnswer': {
    en: '{target} did not answer ({reason})',
    zh_CN: '{target} 无响应（{reason}）',
  },
  'video.gbDeviceRefused': {
    en: '{target} refused the request (SIP {status})',
    zh_CN: '{target} 拒绝了请求（SIP {status}）',
  },
  'video.gbCatalogueStored': {
    en: 'Catalogue of {target}: {n|# channel|# channels}',
    zh_CN: '{target} 的目录：{n} 个通道',
  },
  'video.gbPtzSent': { en: 'PTZ {command} sent to {target}', zh_CN: '已向 {target} 发送云台指令 {command}' },
  'video.gbPlaying': { en: '{target} is sending to {stream}', zh_CN: '{target} 正在推流到 {stream}' },
  'video.gbStopped': { en: 'Stopped the stream of {target}', zh_CN: '已停止 {target} 的点播' },
  'video.gbNotPlaying': { en: '{target} was not playing', zh_CN: '{target} 未在点播' },
  'video.gbDeviceApproved': {
    en: '{target} approved: it registers on its next REGISTER',
    zh_CN: '已批准 {target}：下次注册时即可接入',
  },
  'video.gbRegisteredWith': { en: 'Registered with {target}', zh_CN: '已注册到 {target}' },
  'video.gbPushed': {
    en: '{n|# channel|# channels} pushed to {target}',
    zh_CN: '已向 {target} 推送 {n} 个通道',
  },
  'video.gbRebootSent': { en: 'Reboot sent to {target}', zh_CN: '已向 {target} 发送重启指令' },
  'video.gbDeviceOnline': { en: 'GB28181 device {device_id} online', zh_CN: 'GB28181设备 {device_id} 上线' },
  'video.gbDeviceOffline': {
    en: 'GB28181 device {device_id} offline: {missed} keepalives of {seconds} s missed (last {last})',
    zh_CN: 'GB28181设备 {device_id} 离线：错过 {missed} 次心跳（间隔 {seconds} 秒，最后 {last}）',
  },
  'video.gbDeviceExpired': {
    en: 'GB28181 device {device_id} offline: its registration expired at {at} without a new REGISTER',
    zh_CN: 'GB28181设备 {device_id} 离线：注册已于 {at} 到期且未重新注册',
  },
  'video.gbDeviceUnregistered': {
    en: 'GB28181 device {device_id} unregistered',
    zh_CN: 'GB28181设备 {device_id} 已注销',
  },
} as const;
