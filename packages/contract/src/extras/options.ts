import type { Text } from '../resources/types.ts';

/** One value of a fixed option list and its words in each language. */
export interface LabelledOption {
  value: string;
  label: Text;
}

/**
 * A fixed list as a field description's `options` and `optionLabels`, so the server validates the
 * same values the option calls serve and the console names them with the same words.
 */
export function choicesOf(list: readonly LabelledOption[]): {
  options: readonly string[];
  optionLabels: Readonly<Record<string, Text>>;
} {
  return {
    options: list.map((o) => o.value),
    optionLabels: Object.fromEntries(list.map((o) => [o.value, o.label])),
  };
}

/** `index/app_type`: the AppMenu item types of DOMAIN 2.8, in the order shown in selects. */
export const APP_TYPES: readonly LabelledOption[] = [
  { value: 'builtin', label: { en: 'Built-in app', zh_CN: '内置应用' } },
  { value: 'apk', label: { en: 'Android app (APK)', zh_CN: '安卓应用' } },
  { value: 'live', label: { en: 'Live TV', zh_CN: '直播' } },
  { value: 'vod', label: { en: 'Video on demand', zh_CN: '点播' } },
  { value: 'intro', label: { en: 'Introduction', zh_CN: '介绍' } },
  { value: 'mall', label: { en: 'Mall', zh_CN: '商城' } },
  { value: 'url', label: { en: 'Web page', zh_CN: '网页' } },
  { value: 'scene', label: { en: 'Scenario', zh_CN: '场景' } },
];

/** `index/app_language`: the languages a terminal and a menu item may use (Terminal.language). */
export const APP_LANGUAGES: readonly LabelledOption[] = [
  { value: 'zh', label: { en: 'Chinese', zh_CN: '中文' } },
  { value: 'en', label: { en: 'English', zh_CN: '英文' } },
];

/**
 * `index/app_style`: how the launcher draws a menu item. DOMAIN names the list but not its values;
 * these are the tile forms launchers commonly offer. No style leaves it to the easy template.
 */
export const APP_STYLES: readonly LabelledOption[] = [
  { value: 'icon_text', label: { en: 'Icon and text', zh_CN: '图标加文字' } },
  { value: 'icon', label: { en: 'Icon only', zh_CN: '仅图标' } },
  { value: 'card', label: { en: 'Large card', zh_CN: '大卡片' } },
  { value: 'banner', label: { en: 'Banner', zh_CN: '横幅' } },
];

/** `index/app_command` `send` types (DOMAIN 2.8 smart/TerminalAuthorization). */
export const TERMINAL_COMMANDS = [
  'reboot',
  'clear_cache',
  'show_message',
  'open_app',
  'upgrade',
  'screenshot',
] as const;
export type TerminalCommandType = (typeof TERMINAL_COMMANDS)[number];

/** A command's life: queued until the next heartbeat takes it, then acked or failed by the terminal. */
export const TERMINAL_COMMAND_STATES = ['queued', 'sent', 'acked', 'failed'] as const;

export const LIVE_ENCRYPTIONS = ['none', 'hls_aes128'] as const;

/** `index/form_linkage` trees: cascading options over the tree-shaped records. */
export const FORM_LINKAGE_TYPES = ['area', 'film_class', 'app_menu'] as const;
export interface LinkageNode {
  value: number;
  label: string;
  children?: LinkageNode[];
}
