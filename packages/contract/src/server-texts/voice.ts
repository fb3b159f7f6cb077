/** The server's texts of one area (server-texts/index.ts). */
export const voiceTexts = {
  'voice.channelNoCallProgress': {
    en: 'Channel {channel} has no call in progress',
    zh_CN: '通道{channel}当前没有通话',
  },
  'voice.igsApplyNotFiles': {
    en: 'IGS_APPLY is not 1: the files were not copied to {target}',
    zh_CN: '未设置IGS_APPLY=1：文件未复制到{target}',
  },
  'voice.filesCouldNotCopied': {
    en: 'The files could not be copied to {target} ({code})',
    zh_CN: '文件无法复制到{target}（{code}）',
  },
  'voice.operatorExtensionConsoleNo': {
    en: 'The operator extension of this console no longer exists',
    zh_CN: '该调度台的调度员分机已不存在',
  },
  'voice.noExtensionNumber': { en: 'No extension has number {number}', zh_CN: '没有号码为{number}的分机' },
  'voice.extensionNotMonitoredConsole': {
    en: 'Extension {number} is not monitored by this console',
    zh_CN: '分机{number}不在该调度台的监控范围内',
  },
  'voice.asteriskNotInstalledGateway': {
    en: 'Asterisk is not installed on this gateway (no asterisk program found)',
    zh_CN: '本网关未安装Asterisk（找不到asterisk程序）',
  },
  'voice.asteriskNotRunning': { en: 'Asterisk is not running', zh_CN: 'Asterisk未运行' },
  'voice.asteriskRunsButConsole': {
    en: 'Asterisk runs but its console cannot be reached: {console_error}',
    zh_CN: 'Asterisk正在运行，但无法连接其控制台：{console_error}',
  },
  'voice.generatedConfigurationErrorsNothing': {
    en: 'The generated configuration has errors, nothing was applied: {file}: {errors}',
    zh_CN: '生成的配置有错误，未应用：{file}：{errors}',
  },
  'voice.filesGeneratedCheckedUnder': {
    en: '; the files were generated and checked under {voiceConfDir}',
    zh_CN: '；配置文件已在{voiceConfDir}下生成并检查',
  },
  'voice.asteriskDidNotReload': {
    en: 'Asterisk did not reload: {value}',
    zh_CN: 'Asterisk重载失败：{value}',
  },
  'voice.asteriskDidNotRestart': {
    en: 'Asterisk did not restart: {value}',
    zh_CN: 'Asterisk重启失败：{value}',
  },
  'voice.hostNoSystemctlStart': {
    en: '{notLiveReason}, and this host has no systemctl to start it{done}',
    zh_CN: '{notLiveReason}，且本机没有systemctl可用于启动{done}',
  },
  'voice.systemctlCouldNotStart': {
    en: 'systemctl could not start Asterisk: {value}',
    zh_CN: 'systemctl无法启动Asterisk：{value}',
  },
  'voice.asteriskManagerInterfaceNot': {
    en: 'Asterisk manager interface is not reachable at {where} ({reason})',
    zh_CN: '无法连接Asterisk管理接口（AMI）{where}（{reason}）',
  },
  'voice.notAsteriskManagerInterface': {
    en: '{where} is not an Asterisk manager interface: {reason}',
    zh_CN: '{where}不是Asterisk管理接口（AMI）：{reason}',
  },
  'voice.asteriskManagerInterfaceRefused': {
    en: 'Asterisk manager interface at {where} refused the login of user {username} ({reason})',
    zh_CN: 'Asterisk管理接口{where}拒绝了用户{username}的登录（{reason}）',
  },
  'voice.asteriskRefused': {
    en: 'Asterisk refused {action}: {reason}',
    zh_CN: 'Asterisk拒绝了{action}：{reason}',
  },
  'voice.extension': { en: 'extension', zh_CN: '分机' },
  'voice.meetingRoom': { en: 'meeting room', zh_CN: '会议室' },
  'voice.queue': { en: 'queue', zh_CN: '队列' },
  'voice.pagingGroup': { en: 'paging group', zh_CN: '广播组' },
  'voice.featureCode': { en: 'feature code', zh_CN: '功能码' },
  'voice.extensionNumberMustDigits': {
    en: 'Extension number must have {ext_length} digits (the extension length of the basic settings)',
    zh_CN: '分机号须为{ext_length}位（基本设置中的分机号长度）',
  },
  'voice.passwordsMaskedFillThem': {
    en: '; Passwords are masked (********): fill them in before use.',
    zh_CN: '; 密码已隐藏（********），使用前请填写。',
  },
  'voice.exportSite': { en: '; Site {site}', zh_CN: '; 站点 {site}' },
  'voice.webConsole': { en: 'the web console', zh_CN: 'Web管理控制台' },
  'voice.gb28181SipAgent': { en: 'the GB28181 SIP agent', zh_CN: 'GB28181 SIP服务' },
  'voice.mediaServer': { en: 'media server {name}', zh_CN: '流媒体服务器{name}' },
  'voice.sipUdpPort': { en: 'SIP UDP port', zh_CN: 'SIP UDP端口' },
  'voice.sipTcpPort': { en: 'SIP TCP port', zh_CN: 'SIP TCP端口' },
  'voice.sipTlsPort': { en: 'SIP TLS port', zh_CN: 'SIP TLS端口' },
  'voice.smsSettingsIncompleteNot': {
    en: 'SMS settings are incomplete: {missing} is not set',
    zh_CN: '短信设置不完整：缺少 {missing}',
  },
  'voice.call': { en: 'Call {target}', zh_CN: '呼叫{target}' },
  'voice.notNumber': { en: '"{target}" is not a number', zh_CN: '“{target}”不是号码' },
  'voice.pageGroup': { en: 'Page group {number} "{name}"', zh_CN: '向广播组{number}“{name}”广播' },
  'voice.pageGroupNumber': { en: 'Page group {target}', zh_CN: '向广播组{target}广播' },
  'voice.noPagingGroupNumber': {
    en: 'No paging group has number {target}',
    zh_CN: '没有号码为{target}的广播组',
  },
  'voice.startNotificationTask': { en: 'Start notification task "{name}"', zh_CN: '启动排队通知“{name}”' },
  'voice.startNotificationTaskNamed': {
    en: 'Start notification task {target}',
    zh_CN: '启动排队通知{target}',
  },
  'voice.noNotificationTaskCalled': {
    en: 'No notification task is called {target}',
    zh_CN: '没有名为{target}的排队通知',
  },
  'voice.noPhoneNumberSend': { en: 'No phone number to send to', zh_CN: '没有接收短信的号码' },
  'voice.showTerminalS': {
    en: 'Show "{text}" on {n|the # terminal|the # terminals} of {target}',
    zh_CN: '在{target}的{n}台终端上显示“{text}”',
  },
  'voice.noTerminalBound': { en: 'No terminal is bound to {target}', zh_CN: '{target}没有绑定终端' },
  'voice.bringRespondersIntoMeeting': {
    en: 'Bring the responders into meeting room {number} "{name}"',
    zh_CN: '将处置人员拉入会议室{number}“{name}”',
  },
  'voice.bringRespondersIntoRoom': {
    en: 'Bring the responders into meeting room {target}',
    zh_CN: '将处置人员拉入会议室{target}',
  },
  'voice.noMeetingRoomNumber': {
    en: 'No meeting room has number {target}',
    zh_CN: '没有号码为{target}的会议室',
  },
  'voice.unknownAction': { en: 'Unknown action {type}', zh_CN: '未知步骤{type}' },
  'voice.notActionPlanCan': {
    en: '"{type}" is not an action a plan can take',
    zh_CN: '“{type}”不是预案支持的步骤',
  },
  'voice.noSuchRecord': { en: 'No such record: #{missing}', zh_CN: '记录不存在：#{missing}' },
  'voice.asteriskSCallFile': {
    en: "Asterisk's call file spool {dir} cannot be written ({why}): Asterisk is not installed or not set up here (ASTERISK_SPOOL)",
    zh_CN: '无法写入Asterisk呼叫文件目录{dir}（{why}）：本机未安装或未配置Asterisk（ASTERISK_SPOOL）',
  },
  'voice.numberMustManyDigits': {
    en: 'To number must have as many digits as From number',
    zh_CN: '结束号码的位数须与起始号码相同',
  },
  'voice.numberMustNotLower': {
    en: 'To number must not be lower than From number',
    zh_CN: '结束号码不能小于起始号码',
  },
  'voice.mostExtensionsCanAdded': {
    en: 'At most {max|# extension|# extensions} can be added at once',
    zh_CN: '一次最多添加{max}个分机',
  },
  'voice.startedUntilMustNot': {
    en: 'Started until must not be before Started from',
    zh_CN: '结束时间不能早于开始时间',
  },
  'voice.callNoRecording': { en: 'Call #{id} has no recording', zh_CN: '通话#{id}没有录音' },
  'voice.recordingNameNotFile': {
    en: 'The recording of call #{id} ({name}) is not the name of a file of the monitor folder',
    zh_CN: '通话#{id}的录音（{name}）不是录音目录中的文件名',
  },
  'voice.recordingFileGone': {
    en: 'The recording of call #{id} ({name}) is no longer in {dir}',
    zh_CN: '通话#{id}的录音（{name}）已不在{dir}中',
  },
  'voice.uploadedFileNotFound': {
    en: 'The uploaded file was not found: upload it again',
    zh_CN: '找不到上传的文件，请重新上传',
  },
  'voice.fileHoldsNoCall': { en: 'The file holds no call', zh_CN: '文件中没有通话记录' },
  'voice.line': { en: 'Line {line}: {msg}', zh_CN: '第{line}行：{msg}' },
  'voice.pagingGroupTaskNo': {
    en: 'The paging group of this task no longer exists',
    zh_CN: '该任务的广播组已不存在',
  },
  'voice.taskNoExtensionNumber': {
    en: 'The task has no extension or number to call',
    zh_CN: '该任务没有可呼叫的分机或号码',
  },
  'voice.usernameRequiredRegistrationSend': {
    en: 'Username is required when registration is send',
    zh_CN: '注册方式为“发送注册”时须填写用户名',
  },
  'voice.hostPinMustDiffer': {
    en: 'Host PIN must differ from the member PIN',
    zh_CN: '主持人密码不能与成员密码相同',
  },
  'voice.keyEntriesListLeast': {
    en: 'Key entries: list at least one key',
    zh_CN: '按键菜单：请至少设置一个按键',
  },
  'voice.keyEntriesEntryKey': {
    en: 'Key entries: entry {value} has key "{key}"; a key is one of 0-9, * and #',
    zh_CN: '按键菜单：第{value}项的按键“{key}”无效，按键须为0-9、*或#',
  },
  'voice.keyEntriesKeyUsed': { en: 'Key entries: key {key} is used twice', zh_CN: '按键菜单：按键{key}重复' },
  'voice.dialPatternsListLeast': {
    en: 'Dial patterns: list at least one pattern',
    zh_CN: '拨号规则：请至少设置一条规则',
  },
  'voice.dialPatternsPatternMatch': {
    en: 'Dial patterns: pattern {n} match "{match}" is not an Asterisk pattern (digits, X, N, Z, ., !, [..])',
    zh_CN: '拨号规则：第{n}条的匹配“{match}”不是有效的Asterisk规则（数字、X、N、Z、.、!、[..]）',
  },
  'voice.dialPatternsPatternCaller': {
    en: 'Dial patterns: pattern {n} caller pattern "{cid}" is not an Asterisk pattern',
    zh_CN: '拨号规则：第{n}条的主叫规则“{cid}”不是有效的Asterisk规则',
  },
  'voice.staticAgentsAgentNeeds': {
    en: 'Static agents: agent {value} needs an extension number',
    zh_CN: '固定坐席：第{value}个坐席须填写分机号',
  },
  'voice.staticAgentsAgentPenalty': {
    en: 'Static agents: agent {ext} penalty must be a whole number between 0 and 10',
    zh_CN: '固定坐席：坐席{ext}的优先级须为0到10之间的整数',
  },
  'voice.anyNumber': { en: '(any)', zh_CN: '（任意）' },
  'voice.inboundRouteAlreadyAnswers': {
    en: 'Inbound route "{description}" already answers DID {did} from caller {cid}',
    zh_CN: '呼入路由“{description}”已处理被叫{did}、主叫{cid}的来电',
  },
  'voice.dateRequiredRepeatOnce': {
    en: 'Date is required when repeat is once',
    zh_CN: '重复方式为“一次”时须填写日期',
  },
  'voice.chooseLeastOneExtension': {
    en: 'Choose at least one extension or area',
    zh_CN: '请至少选择一个分机或区域',
  },
  'voice.participantsListExtensionsNumbers': {
    en: 'Participants: list 2 to 16 extensions or numbers',
    zh_CN: '参与方：请填写2到16个分机或号码',
  },
  'voice.participantsNotExtensionNumber': {
    en: 'Participants: "{n}" is not an extension or number',
    zh_CN: '参与方：“{n}”不是分机或号码',
  },
  'voice.participantsListedTwice': { en: 'Participants: {n} is listed twice', zh_CN: '参与方：{n}重复' },
  'voice.numberAlreadyUsedAll': {
    en: 'Number {number} is already used by {what} (all numbers share one numbering plan)',
    zh_CN: '号码{number}已被{what}使用（所有号码共用一个号码计划）',
  },
  'voice.clashesPort': {
    en: '{label} {own} clashes with {service} on {proto} port {ports}',
    zh_CN: '{label}{own}与{service}的端口{ports}（{proto}）冲突',
  },
  'voice.callOwner': { en: 'Call {what} {target}', zh_CN: '呼叫{what}{target}' },
  'voice.callNamedOwner': { en: 'Call {what} {target} "{name}"', zh_CN: '呼叫{what}{target}“{name}”' },
  'voice.sendSms': { en: 'Send "{text}" by SMS to {phones}', zh_CN: '向{phones}发送短信“{text}”' },
  'voice.soundFileGone': {
    en: 'The sound file {id} is not in the file library any more: choose it again',
    zh_CN: '音频文件{id}已不在文件库中，请重新选择',
  },
  'voice.none': { en: '(none)', zh_CN: '（无）' },
  'voice.dialPatternDigitsOnly': {
    en: 'Dial patterns: pattern {n} {part} "{value}" may contain digits, *, # and + only',
    zh_CN: '拨号规则：第{n}条的{part}“{value}”只能包含数字、*、#和+',
  },
  'voice.patternPrefix': { en: 'prefix', zh_CN: '前缀' },
  'voice.patternPrepend': { en: 'prepend', zh_CN: '前置号码' },
  'voice.staticAgentsShape': {
    en: 'Static agents must be a list of {shape}',
    zh_CN: '固定坐席须为{shape}列表',
  },
  'voice.pjsipTrunksExported': {
    en: '; pjsip.conf sections of {n|# trunk|# trunks}, exported by the gateway console on {at}.',
    zh_CN: '; pjsip.conf 片段：{n}个外线，由网关控制台于{at}导出。',
  },
  'voice.pjsipExtensionsExported': {
    en: '; pjsip.conf sections of {n|# extension|# extensions}, exported by the gateway console on {at}.',
    zh_CN: '; pjsip.conf 片段：{n}个分机，由网关控制台于{at}导出。',
  },
  'voice.fileUnreadable': {
    en: 'The file cannot be read: it looks gzip-compressed but is damaged or unpacks to more than 64 MB',
    zh_CN: '文件无法读取：gzip压缩文件已损坏或解压后超过64 MB',
  },
  'voice.cdrColumns': {
    en: 'Line {line} has {n} columns; a Master.csv line has 16 to 21 (accountcode … amaflags, then uniqueid, userfield, peeraccount, linkedid, sequence)',
    zh_CN:
      '第{line}行有{n}列；Master.csv 每行应为16至21列（accountcode … amaflags，其后为 uniqueid、userfield、peeraccount、linkedid、sequence）',
  },
  'voice.cardNoEnd': { en: 'Card {n} has no END:VCARD', zh_CN: '第{n}张名片缺少 END:VCARD' },
  'voice.noVcard': {
    en: 'The file holds no vCard (BEGIN:VCARD … END:VCARD)',
    zh_CN: '文件中没有vCard名片（BEGIN:VCARD … END:VCARD）',
  },
  'voice.channelsNotListed': {
    en: 'Asterisk did not list its channels: {output}',
    zh_CN: 'Asterisk未能列出通道：{output}',
  },
  'voice.notChannelName': { en: 'channel is not a channel name', zh_CN: 'channel 不是有效的通道名' },
  'voice.extensionMissing': { en: 'Extension {ext} does not exist', zh_CN: '分机 {ext} 不存在' },
  'voice.numberAlreadyUsedNamed': {
    en: 'Number {number} is already used by {what} "{name}" (all numbers share one numbering plan)',
    zh_CN: '号码{number}已被{what}“{name}”使用（所有号码共用一个号码计划）',
  },
} as const;
