/** The server's texts of one area (server-texts/index.ts). */
export const voiceConfigTexts = {
  'voiceConfig.lineSectionRepeatsOne': {
    en: 'line {line}: section [{name}] repeats the one on line {first}',
    zh_CN: '第{line}行：节[{name}]与第{first}行重复',
  },
  'voiceConfig.lineUnknownKey': {
    en: 'line {line}: [{name}] has an unknown key "{key}"',
    zh_CN: '第{line}行：[{name}]含未知的键“{key}”',
  },
  'voiceConfig.moreThanOneGlobal': { en: 'more than one [global] section', zh_CN: '存在多个[global]节' },
  'voiceConfig.lineNeedsExactlyOne': {
    en: 'line {line}: [{name}] needs exactly one type',
    zh_CN: '第{line}行：[{name}]必须有且只有一个type',
  },
  'voiceConfig.lineUnknownType': {
    en: 'line {line}: [{name}] has an unknown type "{type}"',
    zh_CN: '第{line}行：[{name}]的type“{type}”未知',
  },
  'voiceConfig.lacksRequiredKey': {
    en: '[{name}] ({type}) lacks the required key "{k}"',
    zh_CN: '[{name}]（{type}）缺少必需的键“{k}”',
  },
  'voiceConfig.noSectionName': {
    en: '[{name}] {key}={v}: no {what} section of that name',
    zh_CN: '[{name}] {key}={v}：没有同名的{what}节',
  },
  'voiceConfig.unknownProtocol': {
    en: '[{name}] has an unknown protocol "{protocol}"',
    zh_CN: '[{name}]的协议“{protocol}”未知',
  },
  'voiceConfig.bothListenTcpPort': {
    en: '[{name}] and [{other}] both listen on TCP port {port}',
    zh_CN: '[{name}]与[{other}]都监听TCP端口{port}',
  },
  'voiceConfig.contextExtensionsIgsConf': {
    en: '[{name}] context={ctx}: extensions_igs.conf has no such context',
    zh_CN: '[{name}] context={ctx}：extensions_igs.conf中没有该上下文',
  },
  'voiceConfig.mailboxesVoicemailConfNo': {
    en: '[{name}] mailboxes={box}: voicemail.conf has no such box',
    zh_CN: '[{name}] mailboxes={box}：voicemail.conf中没有该信箱',
  },
  'voiceConfig.emptyPassword': { en: '[{name}] has an empty password', zh_CN: '[{name}]密码为空' },
  'voiceConfig.notSipUri': { en: '[{name}] {k} is not a SIP URI', zh_CN: '[{name}] {k}不是SIP URI' },
  'voiceConfig.noTransportDefined': { en: 'no transport is defined', zh_CN: '没有定义任何传输' },
  'voiceConfig.lineGlobalsHoldsOnly': {
    en: 'line {line}: [globals] holds only NAME=value lines',
    zh_CN: '第{line}行：[globals]只能包含“名称=值”行',
  },
  'voiceConfig.lineNotExtenSame': {
    en: 'line {line}: "{key}" is not exten, same or include',
    zh_CN: '第{line}行：“{key}”不是exten、same或include',
  },
  'voiceConfig.lineSameWithoutExtension': {
    en: 'line {line}: "same" without an extension before it',
    zh_CN: '第{line}行：“same”之前没有分机',
  },
  'voiceConfig.linePriorityNotValid': {
    en: 'line {line}: priority "{prioLabel}" is not valid',
    zh_CN: '第{line}行：优先级“{prioLabel}”无效',
  },
  'voiceConfig.noGlobalsSection': { en: 'no [globals] section', zh_CN: '没有[globals]节' },
  'voiceConfig.includesDoesNotExist': {
    en: '[{name}] includes [{inc}], which does not exist',
    zh_CN: '[{name}]包含的[{inc}]不存在',
  },
  'voiceConfig.moreThanOneHint': {
    en: '[{name}] {ext} has more than one hint',
    zh_CN: '[{name}] {ext}有多个hint',
  },
  'voiceConfig.lineDoesNotStart': {
    en: 'line {line}: [{name}] {ext} does not start at priority 1',
    zh_CN: '第{line}行：[{name}] {ext}未从优先级1开始',
  },
  'voiceConfig.lineExtensionDefinedTwice': {
    en: 'line {line}: [{name}] extension {ext} is defined twice (also on line {line2})',
    zh_CN: '第{line}行：[{name}]中分机{ext}重复定义（另见第{line2}行）',
  },
  'voiceConfig.lineRepeatsLabel': {
    en: 'line {line}: [{name}] {ext} repeats the label {label}',
    zh_CN: '第{line}行：[{name}] {ext}的标签{label}重复',
  },
  'voiceConfig.noValidStrategy': {
    en: '[{name}] has no valid strategy',
    zh_CN: '[{name}]没有有效的振铃策略',
  },
  'voiceConfig.lineMemberNotInterface': {
    en: 'line {line}: member "{value}" is not interface,penalty,name,state',
    zh_CN: '第{line}行：成员“{value}”格式不正确',
  },
  'voiceConfig.lineMustNumber': {
    en: 'line {line}: {key} must be a number',
    zh_CN: '第{line}行：{key}必须是数字',
  },
  'voiceConfig.lineNotMenuKey': {
    en: 'line {line}: [{name}] {key}={value} is not a menu key and action',
    zh_CN: '第{line}行：[{name}] {key}={value}不是菜单按键与动作',
  },
  'voiceConfig.lineNeedsTypeBridge': {
    en: 'line {line}: [{name}] needs type bridge, user or menu',
    zh_CN: '第{line}行：[{name}]的type必须为bridge、user或menu',
  },
  'voiceConfig.maxMembersMustNumber': {
    en: '[{name}] max_members must be a number',
    zh_CN: '[{name}] max_members必须是数字',
  },
  'voiceConfig.lineMustYesNo': {
    en: 'line {line}: {key} must be yes or no',
    zh_CN: '第{line}行：{key}必须为yes或no',
  },
  'voiceConfig.rtpConfNoGeneral': {
    en: 'rtp.conf has no [general] section',
    zh_CN: 'rtp.conf没有[general]节',
  },
  'voiceConfig.rtpRangeNotValid': {
    en: 'the RTP range {start}–{end} is not valid',
    zh_CN: 'RTP端口范围{start}–{end}无效',
  },
  'voiceConfig.lineFeaturesConfNo': {
    en: 'line {line}: features.conf has no section [{name}]',
    zh_CN: '第{line}行：features.conf不应有节[{name}]',
  },
  'voiceConfig.lineNotDtmfSequence': {
    en: 'line {line}: {key}={value} is not a DTMF sequence',
    zh_CN: '第{line}行：{key}={value}不是按键序列',
  },
  'voiceConfig.useSameKeys': {
    en: '{key} and {other} use the same keys {value}',
    zh_CN: '{key}与{other}使用相同的按键{value}',
  },
  'voiceConfig.lineNotMailboxLine': {
    en: 'line {line}: "{key}" is not a mailbox line (number => pin,name)',
    zh_CN: '第{line}行：“{key}”不是信箱行（号码 => 密码,名称）',
  },
  'voiceConfig.lineMailboxDefinedTwice': {
    en: 'line {line}: mailbox {box} is defined twice',
    zh_CN: '第{line}行：信箱{box}重复定义',
  },
  'voiceConfig.sipOverTlsNeeds': {
    en: 'SIP over TLS needs a certificate and key on the gateway at {cert} and {key}',
    zh_CN: 'SIP TLS需要网关上的证书和私钥：{cert}、{key}',
  },
  'voiceConfig.extensionNotNumberLeft': {
    en: 'Extension "{extension}" is not a number: left out',
    zh_CN: '分机“{extension}”不是数字：已跳过',
  },
  'voiceConfig.extensionNoSipPassword': {
    en: 'Extension {extension} has no SIP password: left out, it cannot register',
    zh_CN: '分机{extension}没有SIP密码：已跳过，无法注册',
  },
  'voiceConfig.trunkUsesOffBasic': {
    en: 'Trunk {name} uses {transport}, which is off in the basic settings: left out',
    zh_CN: '外线{name}使用{transport}，但基本设置中未启用：已跳过',
  },
  'voiceConfig.trunkNeedsUsernamePassword': {
    en: 'Trunk {name} needs a username and password for its authentication',
    zh_CN: '外线{name}的认证需要用户名和密码',
  },
  'voiceConfig.notNumberLeftOut': {
    en: '{what}: "{v}" is not a number and is left out',
    zh_CN: '{what}：“{v}”不是号码，已忽略',
  },
  'voiceConfig.pagingGroupNoExtension': {
    en: 'Paging group {number} has no extension to page',
    zh_CN: '广播组{number}没有可广播的分机',
  },
  'voiceConfig.keyNotSingleKey': {
    en: '{where}: key "{key}" is not a single key 0-9, * or #, or is used twice; left out',
    zh_CN: '{where}：按键“{key}”不是0-9、*、#中的一个或重复，已忽略',
  },
  'voiceConfig.didNotDigitsLeft': {
    en: '{where}: DID "{did}" is not digits; left out',
    zh_CN: '{where}：被叫号码“{did}”不是数字，已忽略',
  },
  'voiceConfig.callerPatternNotValid': {
    en: '{where}: caller pattern "{cid}" is not valid; left out',
    zh_CN: '{where}：主叫号码规则“{cid}”无效，已忽略',
  },
  'voiceConfig.patternNotValidAsterisk': {
    en: '{where}: pattern {item} is not a valid Asterisk pattern; left out',
    zh_CN: '{where}：拨号规则{item}不是有效的Asterisk规则，已忽略',
  },
  'voiceConfig.trunkGroupNoUsable': {
    en: '{where}: its trunk group has no usable trunk (enabled, on a transport that is on); the route is left out',
    zh_CN: '{where}：外线组中没有可用的外线（已启用且传输协议已开启），已忽略该路由',
  },
  'voiceConfig.queueAgentNotExtension': {
    en: 'Queue {number}: agent {number2} is not an extension; left out',
    zh_CN: '队列{number}：坐席{number2}不是分机，已忽略',
  },
  'voiceConfig.meetingRoomMemberHost': {
    en: 'Meeting room {number}: the member and host PINs are the same',
    zh_CN: '会议室{number}：成员密码与主持人密码相同',
  },
  'voiceConfig.meetingRoomWaitsHost': {
    en: 'Meeting room {number} waits for a host but has no host PIN: nobody can start it',
    zh_CN: '会议室{number}需等待主持人但没有主持人密码：会议无法开始',
  },
  'voiceConfig.extensionVoicemailWithoutPin': {
    en: 'Extension {extension} has voicemail without a PIN: its box is open to anyone who can dial it',
    zh_CN: '分机{extension}的语音信箱没有密码：任何人可收听',
  },
  'voiceConfig.line': { en: 'line {line}: {text}', zh_CN: '第{line}行：{text}' },
  'voiceConfig.badSectionName': { en: 'section name "[{name}]" is not valid', zh_CN: '节名“[{name}]”无效' },
  'voiceConfig.notSectionSettingComment': {
    en: '"{body}" is neither a section, a setting nor a comment',
    zh_CN: '“{body}”既不是节、设置，也不是注释',
  },
  'voiceConfig.badKey': { en: '"{key}" is not a valid key', zh_CN: '“{key}”不是有效的键名' },
  'voiceConfig.settingBeforeSection': {
    en: 'setting "{key}" comes before any section',
    zh_CN: '设置“{key}”位于任何节之前',
  },
  'voiceConfig.at': { en: 'line {line}: [{context}] {ext}', zh_CN: '第{line}行：[{context}] {ext}' },
  'voiceConfig.invalidPort': {
    en: '[{name}] binds to an invalid port: {value}',
    zh_CN: '[{name}]绑定的端口无效：{value}',
  },
  'voiceConfig.notApplicationCall': {
    en: '{at}: "{app}" is not an application call',
    zh_CN: '{at}：“{app}”不是应用调用',
  },
  'voiceConfig.unknownApplication': { en: '{at}: unknown application {app}', zh_CN: '{at}：未知应用{app}' },
  'voiceConfig.unbalancedBrackets': {
    en: '{at}: unbalanced brackets in {app}()',
    zh_CN: '{at}：{app}()中括号不匹配',
  },
  'voiceConfig.gotoLabelDoesNot': {
    en: '{at}: Goto label "{parts}" does not exist',
    zh_CN: '{at}：跳转标签“{parts}”不存在',
  },
  'voiceConfig.goesContextDoesNot': {
    en: '{at}: goes to context [{c}], which does not exist',
    zh_CN: '{at}：跳转的上下文[{c}]不存在',
  },
  'voiceConfig.noExtension': { en: '{at}: [{c}] has no extension {e}', zh_CN: '{at}：[{c}]中没有分机{e}' },
  'voiceConfig.noLabel': {
    en: '{at}: [{c}] {e} has no label {prio}',
    zh_CN: '{at}：[{c}] {e}没有标签{prio}',
  },
  'voiceConfig.without': { en: '{at}: {app} without "?"', zh_CN: '{at}：{app}缺少“?”' },
  'voiceConfig.gosubDoesNotExist': {
    en: '{at}: Gosub to [{c}], which does not exist',
    zh_CN: '{at}：Gosub的上下文[{c}]不存在',
  },
  'voiceConfig.dialsIntoDoesNot': {
    en: '{at}: dials into [{local}], which does not exist',
    zh_CN: '{at}：拨入的上下文[{local}]不存在',
  },
  'voiceConfig.predialHandlerDoesNot': {
    en: '{at}: predial handler [{pre}] does not exist',
    zh_CN: '{at}：预拨处理[{pre}]不存在',
  },
  'voiceConfig.queueNotQueuesConf': {
    en: '{at}: queue {q} is not in queues.conf',
    zh_CN: '{at}：queues.conf中没有队列{q}',
  },
  'voiceConfig.bridgeProfileNotConfbridge': {
    en: '{at}: bridge profile {bridge} is not in confbridge.conf',
    zh_CN: '{at}：confbridge.conf中没有会议桥配置{bridge}',
  },
  'voiceConfig.userProfileNotConfbridge': {
    en: '{at}: user profile {user} is not in confbridge.conf',
    zh_CN: '{at}：confbridge.conf中没有用户配置{user}',
  },
  'voiceConfig.menuNotConfbridgeConf': {
    en: '{at}: menu {menu} is not in confbridge.conf',
    zh_CN: '{at}：confbridge.conf中没有菜单{menu}',
  },
  'voiceConfig.mailboxNotVoicemailConf': {
    en: '{at}: mailbox {box} is not in voicemail.conf',
    zh_CN: '{at}：voicemail.conf中没有信箱{box}',
  },
  'voiceConfig.destinationMissing': {
    en: '{where}: destination {type} "{target}" does not exist; the call is hung up',
    zh_CN: '{where}：目的地{type}“{target}”不存在，呼叫将被挂断',
  },
  'voiceConfig.whereForward': { en: 'Extension {extension} {kind}', zh_CN: '分机{extension}{kind}' },
  'voiceConfig.forwardAlways': { en: 'always-forward', zh_CN: '无条件转移' },
  'voiceConfig.forwardBusy': { en: 'busy-forward', zh_CN: '遇忙转移' },
  'voiceConfig.forwardNoAnswer': { en: 'no-answer-forward', zh_CN: '无应答转移' },
  'voiceConfig.whereQueueFailover': { en: 'Queue {number} failover', zh_CN: '队列{number}失败转移' },
  'voiceConfig.whereIvr': { en: 'IVR {name}', zh_CN: 'IVR {name}' },
  'voiceConfig.whereIvrKey': { en: '{where} key {key}', zh_CN: '{where}按键{key}' },
  'voiceConfig.whereIvrInvalid': { en: '{where} invalid key', zh_CN: '{where}无效按键' },
  'voiceConfig.whereIvrTimeout': { en: '{where} timeout', zh_CN: '{where}超时' },
  'voiceConfig.whereInbound': { en: 'Inbound route {description}', zh_CN: '呼入路由{description}' },
  'voiceConfig.whereAfterHours': { en: '{where} after hours', zh_CN: '{where}非工作时间' },
  'voiceConfig.whereOutbound': { en: 'Outbound route {name}', zh_CN: '呼出路由{name}' },
  'voiceConfig.pagingMembersNotExtensions': {
    en: 'Paging group {number}: members {members} are not extensions and are left out',
    zh_CN: '广播组{number}：成员{members}不是分机，已忽略',
  },
  'voiceConfig.whereTrunkPrefix': { en: 'Trunk {name} dial prefix', zh_CN: '中继{name}拨号前缀' },
  'voiceConfig.whereTrunkCallerId': { en: 'Trunk {name} caller id', zh_CN: '中继{name}主叫号码' },
} as const;
