import type { Text } from '../resources/types.ts';

/** `index/app_type`: the AppMenu item types of DOMAIN 2.8, in the order shown in selects. */
export const APP_TYPES: readonly { value: string; label: Text }[] = [
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
export const APP_LANGUAGES: readonly { value: string; label: Text }[] = [
  { value: 'zh', label: { en: 'Chinese', zh_CN: '中文' } },
  { value: 'en', label: { en: 'English', zh_CN: '英文' } },
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
