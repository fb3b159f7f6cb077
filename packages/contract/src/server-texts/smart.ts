/** The server's texts of one area (server-texts/index.ts). */
export const smartTexts = {
  'smart.defaultAlreadyDefaultScenario': {
    en: 'Default: "{name}" (#{id}) is already the default scenario of this site; clear it first',
    zh_CN: '默认场景：本站点已有默认场景“{name}”（#{id}），请先取消它的默认',
  },
  'smart.mustListFiles': { en: 'must be a list of files', zh_CN: '须为文件列表' },
  'smart.mostNot': {
    en: 'at most {max}, not {n}',
    zh_CN: '最多 {max} 张，当前 {n} 张',
  },
  'smart.originalPriceMustNot': {
    en: 'Original price: must not be below the price ({original_price} < {price} fen)',
    zh_CN: '原价：不能低于价格（{original_price} < {price} 分）',
  },
  'smart.endsMustNotBefore': {
    en: 'Ends: must not be before the start ({start_at})',
    zh_CN: '结束时间：不能早于开始时间（{start_at}）',
  },
  'smart.licenceAllowsTerminalsAuthorized': {
    en: 'The licence allows {max|# terminal|# terminals} and {used} {used|is|are} authorized: authorizing {more} more would pass the limit; disable some or install a licence with a higher limit',
    zh_CN:
      '授权允许 {max} 个终端，已授权 {used} 个，再授权 {more} 个将超出额度：请停用部分终端或导入更高额度的授权',
  },
  'smart.itemsOnlyLeftOrdered': {
    en: 'Items: only {left} of "{name}" left, {qty} ordered',
    zh_CN: '商品明细：“{name}”库存仅剩 {left}，订购 {qty}',
  },
  'smart.versionCodeMustGreater': {
    en: 'Version code: must be greater than {latest}, the latest release of {package_name}',
    zh_CN: '版本号：须大于 {package_name} 的最新版本号 {latest}',
  },
  'smart.itemCannotOwnParent': { en: 'an item cannot be its own parent', zh_CN: '不能以自身为上级' },
  'smart.itselfSubItemMenus': {
    en: '"{name}" is itself a sub-item; menus have two levels at most',
    zh_CN: '“{name}”本身是子菜单，菜单最多两级',
  },
  'smart.itemSubItemsSuch': {
    en: 'this item has sub-items (such as "{name}"), so it stays a top item',
    zh_CN: '该菜单有子菜单（如“{name}”），只能作为一级菜单',
  },
  'smart.chooseLayoutFirst': { en: 'choose a layout first', zh_CN: '请先选择布局' },
  'smart.layoutSlotsSoNeeds': {
    en: 'the {layout} layout has {slots|# slot|# slots}, so it needs {slots|# tile|# tiles}, not {n}',
    zh_CN: '布局 {layout} 有 {slots} 个位置，须有 {slots} 个磁贴，当前 {n} 个',
  },
  'smart.mostLayout': { en: 'at most {max} for the {layout} layout', zh_CN: '布局 {layout} 最多 {max} 个' },
  'smart.tileSlotMustWhole': {
    en: 'tile {value}: slot must be a whole number from 1 to {max}',
    zh_CN: '第 {value} 个：slot 须为 1–{max} 的整数',
  },
  'smart.slotUsedTwice': { en: 'slot {slot} is used twice', zh_CN: '位置 {slot} 重复' },
  'smart.tileAppMenuId': {
    en: 'tile {value}: app_menu_id must name an app menu',
    zh_CN: '第 {value} 个：app_menu_id 须为应用菜单',
  },
  'smart.appMenuDoesNot': { en: 'app menu #{missing} does not exist', zh_CN: '应用菜单 #{missing} 不存在' },
  'smart.terminalNotFound': { en: 'Terminal not found', zh_CN: '终端不存在' },
  'smart.commandsGoAuthorisedTerminals': {
    en: 'Commands go to authorised terminals only',
    zh_CN: '只能向已授权终端发送命令',
  },
  'smart.appReleaseDoesNot': {
    en: 'App release #{release_id} does not exist or is not published',
    zh_CN: '应用版本 #{release_id} 不存在或未发布',
  },
  'smart.applicationScenarioNotFound': {
    en: 'Application scenario #{sceneId} was not found',
    zh_CN: '应用场景 #{sceneId} 不存在',
  },
  'smart.extensionDoesNotExist': { en: 'Extension {ext} does not exist', zh_CN: '分机 {ext} 不存在' },
  'smart.targetAndroidAppItem': {
    en: 'Target: an Android app item must name the package of a published app release; "{target}" has none',
    zh_CN: '目标：安卓应用须填写已发布的应用版本的包名，“{target}”没有已发布的版本',
  },
  'smart.parentMenu': { en: 'Parent menu', zh_CN: '上级菜单' },
  'smart.images': { en: 'Images', zh_CN: '图片' },
  'smart.tiles': { en: 'Tiles', zh_CN: '磁贴' },
  'smart.mustBeListOf': { en: 'must be a list of {shape}', zh_CN: '须为 {shape} 列表' },
  'smart.itemsShape': {
    en: 'Items: must be a list of {shape} with whole positive ids and quantities',
    zh_CN: '商品明细：须为 {shape} 列表，编号与数量为正整数',
  },
  'smart.linkArea': { en: 'area', zh_CN: '区域' },
  'smart.linkFilmClass': { en: 'film class', zh_CN: '影片分类' },
  'smart.linkAppMenu': { en: 'app menu', zh_CN: '应用菜单' },
  'smart.noPageUses': {
    en: 'You have no page that uses {what} records',
    zh_CN: '您没有使用{what}的页面权限',
  },
  'smart.inheritNeedsScene': {
    en: 'inherit needs a scene_id: the site values have nothing to inherit',
    zh_CN: 'inherit 需要 scene_id：站点值没有可继承的内容',
  },
  'smart.fromNotDate': { en: 'from is not a date: {value}', zh_CN: 'from 不是日期：{value}' },
  'smart.fromAfterTo': { en: 'from must not be after to', zh_CN: 'from 不能晚于 to' },
  'smart.rangeTooLong': {
    en: 'The range may span at most {days|# day|# days}',
    zh_CN: '时间范围最多 {days} 天',
  },
} as const;
